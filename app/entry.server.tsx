import * as conform from "@conform-to/react";
import { logEvent } from "./lib/logger.server.ts";
import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { provideConform } from "./lib/conform.ts";
import { deferScripts } from "./lib/defer-scripts.server.ts";
import { pageTexts } from "./lib/i18n.server.ts";
import { NonceContext } from "./lib/nonce.tsx";
import { ReferenceContext } from "./lib/reference.ts";
import { requestInfoContext } from "./lib/request-info.ts";
import { TextsContext } from "./lib/translate.ts";

export const streamTimeout = 5_000;

// Forms render with conform on the server without waiting for it (the browser loads it after hydration).
provideConform(conform);

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const info = loadContext.get(requestInfoContext);
  const nonce = info.cspNonce || undefined;
  // Records the namespaces the page uses; the root's PageTexts lists them for the browser.
  const texts = pageTexts(loadContext);
  return new Promise<Response>((resolve, reject) => {
    let rendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <TextsContext.Provider value={texts}>
          <ReferenceContext.Provider value={info.requestId}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </ReferenceContext.Provider>
        </TextsContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        // Never "outline" a finished Suspense boundary (React 19.3 moves boundaries past 12.8 KB of
        // document into a hidden <div> that a script reveals): without JavaScript the page would stay
        // empty. Whole documents are sent at once anyway (below), so outlining gains nothing.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        // The whole document, then one answer: the loaders are done before rendering starts and no
        // page suspends on the server, so streaming would only split the document into ~9 writes that
        // compression handles as separate jobs (docs/architecture.md, "Compression").
        onAllReady() {
          rendered = true;
          const chunks: Buffer[] = [];
          const sink = new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk);
              done();
            },
            final(done) {
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              // Paint first, then load the scripts (defer-scripts.server.ts).
              resolve(
                new Response(deferScripts(Buffer.concat(chunks).toString("utf8")), {
                  headers: responseHeaders,
                  status: responseStatusCode,
                }),
              );
              done();
            },
          });
          pipe(sink);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (rendered) logEvent("render.error", { err: error, requestId: info.requestId }, { level: "error" });
        },
      },
    );
    setTimeout(abort, streamTimeout + 1_000);
  });
}
