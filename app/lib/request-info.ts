/**
 * What server.ts knows about a request that the app needs: the CSP nonce of React Router's scripts and
 * whether the sign-in rate limit of the client's address is exceeded.
 *
 * server.ts and the built app each bundle their own copy of this module, so the context object is kept
 * on globalThis under a registered symbol: both copies then use the same key.
 */
import { createContext, type RouterContext } from "react-router";

export interface RequestInfo {
  cspNonce: string;
  /** Set when this address made too many sign-in attempts: when it may try again. */
  signInBlockedUntil?: Date;
}

const KEY = Symbol.for("lakeshore-portal.request-info");
const holder = globalThis as unknown as Record<symbol, RouterContext<RequestInfo> | undefined>;

export const requestInfoContext: RouterContext<RequestInfo> = (holder[KEY] ??= createContext<RequestInfo>({
  cspNonce: "",
}));
