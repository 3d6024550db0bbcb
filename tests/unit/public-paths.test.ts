import { describe, expect, it } from "vitest";
import { isPublicPath, loginUrl, safeRedirectPath } from "../../app/lib/public-paths.ts";

/** Where a browser would actually go when sent to this Location from a portal page. */
const resolvedOrigin = (location: string) => new URL(location, "https://portal.example/some/page").origin;

describe("safeRedirectPath", () => {
  it.each([
    ["/dashboard/100101", "/dashboard/100101"],
    ["/billing/100101/invoices?year=2026", "/billing/100101/invoices?year=2026"],
    ["/contacts/100101#add", "/contacts/100101#add"],
    ["/dashboard/100101?tab=billing&x=%2F#top", "/dashboard/100101?tab=billing&x=%2F#top"],
    ["/", "/"],
  ])("keeps the same-site path %s", (value, expected) => {
    expect(safeRedirectPath(value)).toBe(expected);
  });

  it.each([
    "//evil.example",
    "//evil.example/dashboard",
    "https://evil.example",
    "http://evil.example/login",
    "/\\evil.example",
    "\\\\evil",
    "\\/evil.example",
    "javascript:alert(1)",
    "JavaScript:alert(document.cookie)",
    "data:text/html,<script>alert(1)</script>",
    "dashboard/100101",
    "",
    " /dashboard",
  ])("refuses %j and answers the fallback", (value) => {
    expect(safeRedirectPath(value)).toBe("/");
    expect(safeRedirectPath(value, "/home")).toBe("/home");
  });

  it.each(["/..//evil.example", "/.//evil.example", "/%2e%2e//evil.example", "/a/..//evil.example/path"])(
    "refuses %j, which the URL parser normalises into a protocol-relative //evil.example",
    (value) => {
      const result = safeRedirectPath(value);
      expect(result).toBe("/");
      expect(resolvedOrigin(result)).toBe("https://portal.example");
    },
  );

  it("keeps an encoded /%2F%2Fevil on this site", () => {
    const result = safeRedirectPath("/%2F%2Fevil");
    expect(result.startsWith("//")).toBe(false);
    expect(resolvedOrigin(result)).toBe("https://portal.example");
  });

  it.each(["/dash\tboard", "/dash\nboard", "/\t/evil.example", "/\r\n/evil.example", "/x\u0000", "/x\u007f", "/\u001b[31m"])(
    "refuses control characters in %j",
    (value) => {
      expect(safeRedirectPath(value)).toBe("/");
    },
  );

  it("refuses very long values but keeps one of 2048 characters", () => {
    const ok = "/" + "a".repeat(2047);
    expect(safeRedirectPath(ok)).toBe(ok);
    expect(safeRedirectPath("/" + "a".repeat(2048))).toBe("/");
    expect(safeRedirectPath("/" + "a".repeat(100_000))).toBe("/");
  });

  it("never sends the customer back to /login (no sign-in loop)", () => {
    expect(safeRedirectPath("/login")).toBe("/");
    expect(safeRedirectPath("/login?came_from=%2Fdashboard")).toBe("/");
    expect(safeRedirectPath("/login", "")).toBe("");
  });

  it("answers the fallback for values that are not strings", () => {
    for (const value of [undefined, null, 42, ["/dashboard"], { toString: () => "/dashboard" }]) {
      expect(safeRedirectPath(value, "/fallback")).toBe("/fallback");
    }
  });

  it("never answers a Location that leaves the site", () => {
    const attempts = [
      "//evil.example",
      "/\\evil.example",
      "/..//evil.example",
      "/./..//evil.example",
      "/%5Cevil.example",
      "/%2F%2Fevil.example",
      "/%09/evil.example",
      "https:evil.example",
      "/@evil.example",
      "/dashboard/../..//evil.example",
    ];
    for (const value of attempts) {
      const result = safeRedirectPath(value);
      expect(result.startsWith("//"), value).toBe(false);
      expect(resolvedOrigin(result), value).toBe("https://portal.example");
    }
  });
});

describe("isPublicPath", () => {
  it.each([
    "/login",
    "/forgot-password",
    "/recover-password",
    "/recover-password/token-123",
    "/activate-account",
    "/activate-account/activation-token",
    "/activate-customer-contact/100101/contact-token",
    "/agreement/view",
    "/agreement/view/agreement-token",
    "/confirmation/order/order-token",
    "/handoff/order/42",
    "/order-summary",
    "/order-summary/summary-token",
    "/order-confirmed",
    "/sso",
    "/support/tickets/lookup",
  ])("%s needs no sign-in (spec section 6)", (path) => {
    expect(isPublicPath(path)).toBe(true);
  });

  it.each([
    "/",
    "/dashboard",
    "/dashboard/100101",
    "/billing/100101",
    "/billing/100101/autopay",
    "/billing-details/100101/payments",
    "/profile-settings",
    "/contacts/100101",
    "/account-details/100101",
    "/internet/view/7001",
    "/internet/router/7001",
    "/accounts",
    "/switch-account",
    "/logout",
    "/login-as-someone-else",
    "/ssoadmin",
    "/order-summary-admin",
    "/support/tickets/100101",
  ])("%s requires signing in", (path) => {
    expect(isPublicPath(path)).toBe(false);
  });
});

describe("loginUrl", () => {
  it("is /login without a came_from, or for the root", () => {
    expect(loginUrl()).toBe("/login");
    expect(loginUrl("")).toBe("/login");
    expect(loginUrl("/")).toBe("/login");
  });

  it("carries the encoded path and query in came_from", () => {
    expect(loginUrl("/dashboard/100101")).toBe("/login?came_from=%2Fdashboard%2F100101");
    const url = loginUrl("/billing/100101/invoices?year=2026&page=2");
    expect(url).toBe("/login?came_from=%2Fbilling%2F100101%2Finvoices%3Fyear%3D2026%26page%3D2");
    expect(new URL(url, "http://x").searchParams.get("came_from")).toBe("/billing/100101/invoices?year=2026&page=2");
  });
});
