import * as conform from "@conform-to/react";
import { logEvent } from "./lib/logger.server.ts";
import {
  isRouteErrorResponse,
  ServerRouter,
  type EntryContext,
  type HandleDataRequestFunction,
  type HandleErrorFunction,
  type RouterContextProvider,
} from "react-router";
import { provideConform } from "./lib/conform.ts";
import { deferScripts } from "./lib/defer-scripts.server.ts";
import { pageTexts } from "./lib/i18n.server.ts";
import { renderDocument } from "./lib/render-document.server.ts";
import { NonceContext } from "./lib/nonce.tsx";
import { ReferenceContext } from "./lib/reference.ts";
import { requestInfoContext } from "./lib/request-info.ts";
import { TextsContext } from "./lib/translate.ts";
import { wholeAnswer } from "./lib/whole-answer.server.ts";

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
  const html = renderDocument(
    <NonceContext.Provider value={nonce}>
      <TextsContext.Provider value={texts}>
        <ReferenceContext.Provider value={info.requestId}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </ReferenceContext.Provider>
      </TextsContext.Provider>
    </NonceContext.Provider>,
    {
      nonce,
      timeoutMs: streamTimeout + 1_000,
      onError(error, afterReady) {
        responseStatusCode = 500;
        if (afterReady) logEvent("render.error", { err: error, requestId: info.requestId }, { level: "error" });
      },
    },
  );
  // The answer is made here, outside React's render: nothing of the render is kept with it.
  return html.then((document) => {
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    // Paint first, then load the scripts (defer-scripts.server.ts); compressed once, sent with its length.
    return wholeAnswer(request, deferScripts(document), responseHeaders, responseStatusCode);
  });
}

/** A page's data (.data), complete once its loaders are done: compressed once, sent with its length. */
export const handleDataRequest: HandleDataRequestFunction = async (response, { request }) => {
  if (!response.body || response.headers.has("Content-Encoding")) return response;
  const body = new Uint8Array(await response.arrayBuffer());
  return wholeAnswer(request, body, new Headers(response.headers), response.status);
};

/**
 * What a loader, an action or React Router itself threw, as one line of the log (docs/operations.md,
 * `request.error`), instead of React Router's stack trace on standard error. A method or an address a route
 * does not take (a POST to a page without a form: 405) is the customer's or a scanner's doing, and the
 * request's own line says it; a request the browser gave up on is nobody's error.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  const requestId = (context as RouterContextProvider | undefined)?.get(requestInfoContext).requestId;
  const thrown = isRouteErrorResponse(error) ? ((error as { error?: unknown }).error ?? error) : error;
  logEvent("request.error", { err: thrown, requestId }, { level: "error" });
};
