import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { StylesContext } from "./lib/app-styles.tsx";
import { pageTexts } from "./lib/i18n.server.ts";
import { NonceContext } from "./lib/nonce.tsx";
import { requestInfoContext } from "./lib/request-info.ts";
import { APP_CSS } from "./lib/styles.server.ts";
import { TextsContext } from "./lib/translate.ts";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = loadContext.get(requestInfoContext).cspNonce || undefined;
  // Records the namespaces the page uses; the root's PageTexts lists them for the browser.
  const texts = pageTexts(loadContext);
  // Crawlers and browsers without JavaScript get the whole document at once.
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || routerContext.isSpaMode;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <StylesContext.Provider value={APP_CSS}>
          <TextsContext.Provider value={texts}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </TextsContext.Provider>
        </StylesContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1_000);
  });
}
