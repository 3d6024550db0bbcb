/**
 * Links sent by e-mail (password recovery, activation, orders) carry a secret token in their address.
 * So that the token never reaches another site (a Referer header, a shared screenshot or the history of
 * a shared computer), a page opened with a token keeps it in an httpOnly cookie and redirects at once
 * to the same page without it: the address the customer sees, and any page they go on to, never holds
 * the token. The cookie is scoped to that page's address (the path without the token), so a link of
 * one order or account never opens another's page.
 */
import { parse, serialize } from "cookie";
import { redirect } from "react-router";
import { secureCookies } from "./config.server.ts";
import { pageUrl } from "./page-url.ts";

export type LinkKind = "recover" | "activate" | "contact" | "summary" | "confirmation" | "handoff" | "agreement" | "ticket";

/** Long enough to come back to a page later the same day; the API decides whether the link still works. */
const MAX_AGE_SECONDS = 24 * 60 * 60;
/** Tokens are base64url (the demo ones also use hyphens); anything else is no link of ours. */
const TOKEN = /^[A-Za-z0-9_-]{8,200}$/;

const cookieName = (kind: LinkKind) => `__link_${kind}`;

function linkCookie(kind: LinkKind, value: string, maxAge: number): string {
  return serialize(cookieName(kind), value, { path: "/", httpOnly: true, sameSite: "lax", secure: secureCookies(), maxAge });
}

/**
 * A page opened with a token in its address: keep the token (for `scope`, the page's address without
 * it) and send the browser to `scope`. A malformed token is dropped: the page then says the link does
 * not work.
 */
export function stashLinkToken(kind: LinkKind, token: string, scope: string, request?: Request): never {
  const headers = new Headers();
  headers.append("Set-Cookie", TOKEN.test(token) ? linkCookie(kind, `${scope} ${token}`, MAX_AGE_SECONDS) : forgetLinkToken(kind));
  // The rest of the address stays (?lng=fr); only the token goes.
  const query = new URLSearchParams(request ? pageUrl(request).search : "");
  query.delete("token");
  const search = query.toString();
  throw redirect(search ? `${scope}?${search}` : scope, { headers });
}

/** The token kept for the page at `scope`, if any. */
export function linkToken(request: Request, kind: LinkKind, scope: string): string | undefined {
  const header = request.headers.get("Cookie");
  const value = header ? parse(header)[cookieName(kind)] : undefined;
  if (!value) return undefined;
  const [kept, token] = value.split(" ");
  return kept === scope && token && TOKEN.test(token) ? token : undefined;
}

/** The Set-Cookie header that forgets a kept token (once the link is used up). */
export function forgetLinkToken(kind: LinkKind): string {
  return linkCookie(kind, "", 0);
}

/** Adds the header that forgets a kept token to a redirect or page answer. */
export function withForgottenToken<T extends Response>(response: T, kind: LinkKind): T {
  response.headers.append("Set-Cookie", forgetLinkToken(kind));
  return response;
}
