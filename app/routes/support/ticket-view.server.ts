/**
 * The view of a support ticket a visitor opened through an e-mailed lookup link (docs/support.md): the
 * API's view token, kept in an httpOnly cookie for the ticket pages only. A session cookie (no
 * Max-Age: it ends with the browser), and the API ends the view after an hour whatever the cookie says.
 * Never in an address, never sent to another page.
 */
import { parse, serialize } from "cookie";
import { secureCookies } from "~/lib/config.server";

export const TICKET_VIEW_PATH = "/support/tickets/view";
/** The cookie's path: the view page and its data requests (/support/tickets/view.data). */
const COOKIE_PATH = "/support/tickets";
const COOKIE = "__ticket_view";
const TOKEN = /^[A-Za-z0-9_-]{16,200}$/;

/** The view token this browser holds, if any. */
export function ticketViewToken(request: Request): string | undefined {
  const header = request.headers.get("Cookie");
  const value = header ? parse(header)[COOKIE] : undefined;
  return value && TOKEN.test(value) ? value : undefined;
}

/** The Set-Cookie header that keeps a view token (or forgets it, without one). */
export function ticketViewCookie(token?: string): string {
  return serialize(COOKIE, token ?? "", {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: "lax",
    secure: secureCookies(),
    ...(token ? {} : { maxAge: 0 }),
  });
}
