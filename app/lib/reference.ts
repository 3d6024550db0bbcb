/**
 * The request id (server/http-log.ts) an error page shows as "Reference: …", for a customer to quote to
 * support: the one the log lines of the portal and the API carry. The server renders it from the request
 * (entry.server.tsx); the browser keeps what the document shows while it hydrates, and a failed API call's
 * error data carries its own (app/lib/api.server.ts `failure`). An error met by a navigation in the page
 * names the failed page data request (`.data`) whose answer's X-Request-Id `watchDataRequests` noted,
 * whatever failed on the server (a refusal of the page itself, an unexpected error that sends no data).
 */
import { createContext, useContext } from "react";
import { isRouteErrorResponse, useLocation } from "react-router";
import { pageOfDataRequest } from "./page-url.ts";

export const ReferenceContext = createContext<string | undefined>(undefined);

/** The attribute that holds the reference in the document (read back while hydrating). */
export const REFERENCE_ATTRIBUTE = "data-reference";

/** The page (its path) and request id of the last page data request that failed. */
let lastFailedData: { path: string; id: string } | undefined;

/**
 * entry.client.tsx: notes the X-Request-Id of every failed page data request (React Router asks for a
 * page's data with the window's fetch), for the error page the navigation then shows.
 */
export function watchDataRequests(target: { fetch: typeof fetch; location: { href: string } }): void {
  const send = target.fetch.bind(target);
  target.fetch = async (input, init) => {
    const response = await send(input, init);
    if (response.status >= 400) {
      const url = new URL(input instanceof Request ? input.url : String(input), target.location.href);
      const path = pageOfDataRequest(url.pathname);
      const id = response.headers.get("x-request-id");
      if (path && id) lastFailedData = { path, id };
    }
    return response;
  };
}

/** The last failed page data request noted (tests). */
export const lastFailedDataRequest = () => lastFailedData;

/**
 * The document's own view: the key of its history entry, React Router's first location (React Router's
 * ScrollRestoration script gives that entry a key before any module runs, so it is seldom "default"), and
 * the reference the server wrote in it. Read once, when the page's modules first run, before hydration.
 */
const documentView =
  typeof document === "undefined"
    ? undefined
    : {
        key: (window.history.state as { key?: unknown } | null)?.key ?? "default",
        reference: document.querySelector(`[${REFERENCE_ATTRIBUTE}]`)?.getAttribute(REFERENCE_ATTRIBUTE) ?? undefined,
      };

export function useReference(error: unknown): string | undefined {
  const fromRequest = useContext(ReferenceContext);
  const { key, pathname } = useLocation();
  // A failed page data request of this page (a later view), else what the document shows (its first view).
  const fromBrowser =
    lastFailedData?.path === pathname ? lastFailedData.id : documentView?.key === key ? documentView.reference : undefined;
  const fromData = isRouteErrorResponse(error) ? (error.data as { reference?: unknown } | null)?.reference : undefined;
  return typeof fromData === "string" ? fromData : (fromRequest ?? fromBrowser);
}
