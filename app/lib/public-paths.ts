/**
 * Pages that need no sign-in (spec section 6: /welcome and /oauth/authorize are not among them: the
 * customer is signed in there), and where the customer may be sent after signing in.
 */
const PUBLIC_PREFIXES = [
  "/login",
  "/forgot-password",
  "/recover-password",
  "/activate-account",
  "/activate-customer-contact",
  "/agreement/view",
  "/confirmation/order",
  "/handoff/order",
  "/order-summary",
  "/order-confirmed",
  "/sso",
  "/support/tickets/lookup",
  "/support/tickets/view",
  "/status",
];

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

export function loginUrl(cameFrom?: string): string {
  return cameFrom && cameFrom !== "/" ? `/login?came_from=${encodeURIComponent(cameFrom)}` : "/login";
}

/**
 * A came_from value when it is a path on this site, else the fallback. Refused: anything not starting
 * with exactly one "/", protocol-relative forms ("//x", "/\x"), backslashes, control characters and
 * whatever resolves to another origin.
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return fallback;
  try {
    const base = "http://portal.invalid";
    const url = new URL(value, base);
    if (url.origin !== base) return fallback;
    // Dot segments can normalise "/..//evil.example" into "//evil.example", which a browser reads as
    // another host.
    if (url.pathname.startsWith("//")) return fallback;
    if (url.pathname === "/login") return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
