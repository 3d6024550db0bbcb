/** Paint first, then load the scripts (app/lib/defer-scripts.server.ts). */
import { describe, expect, it } from "vitest";
import { deferScripts, UNPAINTED_DELAY_MS } from "../../app/lib/defer-scripts.server.ts";

const NONCE = "k1ZMOhtx6NtmHwz9WEtd8Q==";
// React Router 7.18's document, shortened: its preloads in the head (where React 19 puts them), the
// context script, the module bootstrap (with markup in a string, as a route's text may have), the data.
const BOOTSTRAP = `;
import * as route0 from "/assets/root-xMQJo_ME.js";
import * as route1 from "/assets/login-FeVzvqhm.js";
  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-lI53V57r.js"},"note":"1 < 2, <b>bold</b>"};
  window.__reactRouterRouteModules = {"root":route0,"routes/login":route1};
import("/assets/entry.client-lI53V57r.js");`;
const documentOf = (nonce: string) => {
  const n = nonce ? ` nonce="${nonce}"` : "";
  return (
    `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>Sign in | myLakeshore</title>` +
    `<link rel="modulepreload" href="/assets/entry.client-lI53V57r.js"${n}/>` +
    `<link rel="modulepreload" href="/assets/framework-CKCRz15K.js"${n}/>` +
    `<link rel="modulepreload" href="/assets/login-FeVzvqhm.js"${n}/></head>` +
    `<body><main><h1>Sign in</h1></main><script${n}>window.__reactRouterContext = {"basename":"/"};</script>` +
    `<script${n} type="module" async="">${BOOTSTRAP}</script>` +
    `<script${n}>window.__reactRouterContext.streamController.close();</script></body></html>`
  );
};

/** Runs the page's loader script against a minimal document; returns what it added and the timers. */
function runLoader(html: string) {
  const loader = /<script(?: nonce="[^"]*")?>(\(\(\)=>\{let done[\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!loader) throw new Error("no loader script in the page");
  const added: { parent: string; element: Record<string, string> }[] = [];
  const element = (tag: string) => ({ tagName: tag }) as Record<string, string>;
  const fakeDocument = {
    createElement: element,
    head: { append: (el: Record<string, string>) => added.push({ parent: "head", element: el }) },
    body: { append: (el: Record<string, string>) => added.push({ parent: "body", element: el }) },
  };
  const frames: (() => void)[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  new Function("document", "requestAnimationFrame", "setTimeout", loader)(
    fakeDocument,
    (run: () => void) => frames.push(run),
    (run: () => void, ms = 0) => timers.push({ run, ms }),
  );
  /**
   * Runs the timers set with no delay as the browser would, each a task of its own in the order set (those
   * they set included); returns how many elements each task added.
   */
  const runTasks = () => {
    const perTask: number[] = [];
    for (let ran = new Set<number>(), next = 0; next !== -1;) {
      next = timers.findIndex((timer, i) => timer.ms === 0 && !ran.has(i));
      if (next === -1) break;
      ran.add(next);
      const before = added.length;
      timers[next].run();
      perTask.push(added.length - before);
    }
    return perTask;
  };
  return { added, frames, timers, runTasks };
}

describe("deferScripts", () => {
  it("takes the preloads and the module script out of the document, and adds them once a frame is painted", () => {
    const html = deferScripts(documentOf(NONCE));
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    // Everything else is as rendered.
    expect(html).toContain("<main><h1>Sign in</h1></main>");
    expect(html).toContain("window.__reactRouterContext.streamController.close();</script></body></html>");

    const { added, frames, timers, runTasks } = runLoader(html);
    expect(added).toEqual([]); // nothing before the first frame
    expect(frames).toHaveLength(1);
    frames[0]();
    // A task after the frame, then one task for each preload and one for the module script, in that order.
    expect(runTasks()).toEqual([0, 1, 1, 1, 1]);
    expect(
      added.map(({ parent, element }) => [parent, element.tagName, element.rel ?? element.type, element.href ?? "", element.nonce]),
    ).toEqual([
      ["head", "link", "modulepreload", "/assets/entry.client-lI53V57r.js", NONCE],
      ["head", "link", "modulepreload", "/assets/framework-CKCRz15K.js", NONCE],
      ["head", "link", "modulepreload", "/assets/login-FeVzvqhm.js", NONCE],
      ["body", "script", "module", "", NONCE],
    ]);
    // The module script is React Router's, character for character.
    expect(added[3].element.textContent).toBe(BOOTSTRAP);

    // The fallback timer, later, adds nothing more.
    timers.find((timer) => timer.ms === UNPAINTED_DELAY_MS)!.run();
    expect(added).toHaveLength(4);
  });

  it("loads the scripts after a short timer on a page that paints no frame (a background tab)", () => {
    const { added, timers, runTasks } = runLoader(deferScripts(documentOf(NONCE)));
    timers.find((timer) => timer.ms === UNPAINTED_DELAY_MS)!.run();
    expect(runTasks()).toEqual([1, 1, 1, 1]);
    expect(added.map(({ element }) => element.tagName)).toEqual(["link", "link", "link", "script"]);
  });

  it("writes React Router's code so that no '<' in it can end or open an element of the page", () => {
    const html = deferScripts(documentOf(NONCE));
    const loader = /<script nonce="[^"]*">(\(\(\)=>\{let done[\s\S]*?)<\/script>/.exec(html)![1];
    expect(loader).not.toContain("<");
    expect(runLoader(html).added).toEqual([]);
  });

  it("works without a nonce (no CSP nonce set)", () => {
    const html = deferScripts(documentOf(""));
    expect(html).not.toContain('<link rel="modulepreload"');
    const { added, frames, runTasks } = runLoader(html);
    frames[0]();
    runTasks();
    expect(added).toHaveLength(4);
    expect(added.map(({ element }) => element.nonce)).toEqual([undefined, undefined, undefined, undefined]);
  });

  it("leaves a document without React Router's module script as it is", () => {
    const other = `<html><head><link rel="modulepreload" href="/assets/a.js"/></head><body><script type="module" src="/a.js"></script></body></html>`;
    expect(deferScripts(other)).toBe(other);
  });
});
