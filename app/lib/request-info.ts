/**
 * What server.ts knows about a request that the app needs: the CSP nonce of React Router's scripts and
 * the client's address (behind TRUST_PROXY, the one the proxy saw), which sign-in limits count, and
 * whether it asks for a page's data (.data) rather than its document.
 */
import { createContext, type MiddlewareFunction, type RouterContext } from "react-router";
import type { ApiBudget } from "./api-budget.server.ts";
import { routePattern, type PageCache } from "./page-handle.ts";

export interface RequestInfo {
  cspNonce: string;
  /** The client's address, as Express tells it (trust proxy applies). */
  clientAddress: string;
  /** A client navigation's data (`/page.data`), which React Router's request no longer tells apart from the page. */
  dataRequest: boolean;
  /**
   * The API's revision read for this request (conditional.server.ts, auth.server.ts): read once per
   * request. `for` names the user and the account it was read for; `user` is the user's own counter
   * (their accounts and roles), which the account list kept in the session follows (auth.server.ts `getAccount`).
   */
  revision?: { for: string; value: string; user: number };
  /** The request's time for the API, all its calls together (api-budget.server.ts); server/app.ts makes it. */
  budget?: ApiBudget;
  /** The request id (server/http-log.ts): sent on every API call, shown on error pages. */
  requestId?: string;
  /** How the page cache answered (conditional.server.ts): counted by route in the metrics (server/http-log.ts). */
  cacheOutcome?: "rendered" | "304";
  /**
   * The route pattern React Router matched (`/billing/:customerId/pay`), for the log line and the metrics
   * (server/http-log.ts), which otherwise match the address again (server/route-patterns.ts).
   */
  pattern?: string;
  /** What the matched route declares of its page (`handle.cache`), by pattern: server.ts reads it from the build. */
  pageCache?: (pattern: string) => PageCache;
}

export const requestInfoContext: RouterContext<RequestInfo> = createContext<RequestInfo>({
  cspNonce: "",
  clientAddress: "unknown",
  dataRequest: false,
});

/** Records the route pattern React Router matched for this request (RequestInfo.pattern). */
export const routePatternMiddleware: MiddlewareFunction<Response> = ({ context, pattern }, next) => {
  context.get(requestInfoContext).pattern = routePattern(pattern);
  return next();
};
