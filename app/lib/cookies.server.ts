/** Plain (unsigned, not encoded) preference cookies: the language and the active account. */
import { parse, serialize } from "cookie";
import { secureCookies } from "./config.server.ts";

export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("Cookie");
  return header ? parse(header)[name] : undefined;
}

export function preferenceCookie(name: string, value: string, maxAgeSeconds: number): string {
  return serialize(name, value, {
    path: "/",
    maxAge: maxAgeSeconds,
    sameSite: "lax",
    secure: secureCookies(),
  });
}
