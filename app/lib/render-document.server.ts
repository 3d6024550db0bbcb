/**
 * A page's whole document, rendered at once (entry.server.tsx): the loaders are done before rendering
 * starts and no page suspends on the server, so streaming would only split the document into ~9 writes
 * that compression handles as separate jobs (docs/architecture.md, "Compression").
 *
 * A render that outlives `timeoutMs` is aborted: React ends its pending boundaries with their fallback
 * and reports each (`onError`). The timer is cleared as soon as the document is made. It holds the whole
 * render (React's request, the document, the answer made from it): left running, it kept every page of
 * the last seconds in memory, which moved them into the old generation and made the garbage collector
 * mark the whole heap every few dozen pages (docs/performance-log.md, ninth session).
 *
 * React's renderer for Bun (`react-dom/server.bun`, a public entry of react-dom that needs nothing of Node
 * beyond what Bun also offers) renders exactly the same HTML as its Node renderer, but hands over each part
 * as a string, and makes no AsyncLocalStorage (which in Node 20 turns on promise hooks for every promise of
 * the process). A rendered page costs the portal 11–17 % less CPU (decision 228).
 */
import type { ReactNode } from "react";
import { renderToPipeableStream } from "react-dom/server.bun";

export interface RenderOptions {
  nonce?: string;
  /** The render is aborted after this long. */
  timeoutMs: number;
  /** An error of the render; `afterReady` when it came after the document was complete (while it was written). */
  onError: (error: unknown, afterReady: boolean) => void;
}

/** The document's HTML once everything is rendered; rejects when even the page's frame fails. */
export function renderDocument(element: ReactNode, { nonce, timeoutMs, onError }: RenderOptions): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let ready = false;
    const { pipe, abort } = renderToPipeableStream(element, {
      nonce,
      // Never "outline" a finished Suspense boundary (React 19.3 moves boundaries past 12.8 KB of
      // document into a hidden <div> that a script reveals): without JavaScript the page would stay
      // empty. Whole documents are sent at once anyway, so outlining gains nothing.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        ready = true;
        const parts: string[] = [];
        const sink = documentSink(
          parts,
          () => {
            clearTimeout(timer);
            resolve(parts.join(""));
          },
          (error) => {
            clearTimeout(timer);
            reject(error);
          },
        );
        pipe(sink as unknown as NodeJS.WritableStream);
      },
      onShellError(error: unknown) {
        clearTimeout(timer);
        reject(error);
      },
      onError(error: unknown) {
        onError(error, ready);
      },
    });
    // React starts rendering in a later task: the callbacks above never run before this line.
    const timer = setTimeout(abort, timeoutMs);
  });
}

/**
 * Where React writes the document: its parts, kept as strings. React's build for Bun writes each part of
 * the document as a string (its Node build encodes each one into 4 KB byte arrays first, which the
 * document then had to be decoded from); the page is one string either way, so that it can be rewritten
 * (defer-scripts.server.ts) and compressed whole. React calls `write` for each part and `end` once the
 * document is complete, or `destroy` when it cannot finish it. It also listens for a destination's
 * "drain", "error" and "close", which this one never emits: it takes everything at once.
 */
function documentSink(parts: string[], end: () => void, destroy: (error: unknown) => void) {
  return {
    write(part: string) {
      parts.push(part);
      return true;
    },
    end,
    destroy,
    on() {},
  };
}
