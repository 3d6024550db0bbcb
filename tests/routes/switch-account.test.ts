/** Choosing another account: cookie activeCustomerId, then its dashboard or the commercial application. */
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { forgetAccountsAfterWrites, requireUserMiddleware } from "../../app/lib/auth.server.ts";
import { loader as rootLoader } from "../../app/root.tsx";
import { loader as appLoader } from "../../app/routes/_app.tsx";
import { action, loader } from "../../app/routes/switch-account.tsx";
import { commercialCustomer, residentialCustomer, revision } from "../mocks/fixtures.ts";
import { API } from "../mocks/handlers.ts";
import { COMMERCIAL_APP, useEnv } from "../support/config.ts";
import { server } from "../support/msw.ts";
import { callRoute, nextCookie, signedInCookie } from "../support/route.ts";

const ACTIVE_COOKIE = (id: number) => `activeCustomerId=${id}; Max-Age=315360000; Path=/; SameSite=Lax`;

async function choose(form: Record<string, string>, url = "/switch-account") {
  const cookie = await signedInCookie();
  const result = await callRoute(action, { url, form, cookie, middleware: [requireUserMiddleware, forgetAccountsAfterWrites] });
  return { ...result, cookie };
}

/** The notifications the next page shows, read by the root loader with the browser's next cookie. */
async function notificationsAfter(result: { cookie: string; setCookies: string[] }) {
  const root = await callRoute<any>(rootLoader, { url: "/", cookie: nextCookie(result.cookie, result.setCookies) });
  return root.data.notifications as { type: string; key: string }[];
}

describe("switch-account action", () => {
  it("makes a residential account active (for 3650 days) and opens its dashboard", async () => {
    const result = await choose({ customerId: "100101" });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/dashboard/100101");
    expect(result.setCookies).toEqual([ACTIVE_COOKIE(100101)]);
  });

  it("opens a commercial account's dashboard in the portal when no commercial application is configured", async () => {
    const result = await choose({ customerId: "200301", returnTo: "/billing/100101" });
    expect(result.location).toBe("/dashboard/200301");
    expect(result.setCookies).toContain(ACTIVE_COOKIE(200301));
  });

  it("sends a commercial account to the commercial application's service categories", async () => {
    useEnv({ COMMERCIAL_APP_URL: COMMERCIAL_APP });
    const result = await choose({ customerId: "200301", returnTo: "/dashboard/100101" });
    expect(result.location).toBe(`${COMMERCIAL_APP}/service-categories/view/200301`);
    expect(result.setCookies).toContain(ACTIVE_COOKIE(200301));
  });

  it("sends it to the commercial application's billing view from a billing page", async () => {
    useEnv({ COMMERCIAL_APP_URL: COMMERCIAL_APP });
    const result = await choose({ customerId: "200301", returnTo: "/billing/100101/invoices" });
    expect(result.location).toBe(`${COMMERCIAL_APP}/billing/view/200301`);
  });

  it("does not take 'billing' from a returnTo on another site", async () => {
    useEnv({ COMMERCIAL_APP_URL: COMMERCIAL_APP });
    const result = await choose({ customerId: "200301", returnTo: "//evil.example/billing" });
    expect(result.location).toBe(`${COMMERCIAL_APP}/service-categories/view/200301`);
  });

  it("keeps a residential account in the portal even with a commercial application", async () => {
    useEnv({ COMMERCIAL_APP_URL: COMMERCIAL_APP });
    const result = await choose({ customerId: "100101", returnTo: "/billing/200301" });
    expect(result.location).toBe("/dashboard/100101");
  });

  it("refuses an account that is not the user's: home, with an error notification, cookie unchanged", async () => {
    const result = await choose({ customerId: "300001" });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/");
    expect(result.setCookies.some((c) => c.startsWith("activeCustomerId="))).toBe(false);
    expect(result.setCookies.some((c) => /^__session=[^;]+;/.test(c))).toBe(true);
    expect(await notificationsAfter(result)).toEqual([expect.objectContaining({ type: "error", key: "switcher.unavailable" })]);
  });

  it("refuses an account the user was removed from since another page kept the list (another session), with the message", async () => {
    const list = (customers: object[], user: number) => [
      http.get(`${API}/dashboard`, () => HttpResponse.json({ customers, username: "resi@example.com" })),
      http.get(`${API}/revision`, () => HttpResponse.json({ ...revision, revision: `1.${user}.1.2026-11-15.0`, user })),
    ];
    server.use(...list([residentialCustomer, commercialCustomer], 1));
    const signedIn = await signedInCookie();
    const page = await callRoute(appLoader, { url: "/accounts", cookie: signedIn, middleware: [requireUserMiddleware] });
    const cookie = nextCookie(signedIn, page.setCookies);
    // Removed from 200301 elsewhere: the API raised the user's revision.
    server.use(...list([residentialCustomer], 2));
    const result = await callRoute(action, {
      url: "/switch-account",
      form: { customerId: "200301", returnTo: "/accounts" },
      cookie,
      middleware: [requireUserMiddleware, forgetAccountsAfterWrites],
    });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/");
    expect(result.setCookies.some((c) => c.startsWith("activeCustomerId="))).toBe(false);
    expect(await notificationsAfter({ cookie, setCookies: result.setCookies })).toEqual([
      expect.objectContaining({ type: "error", key: "switcher.unavailable" }),
    ]);
  });

  it.each<Record<string, string>>([{ customerId: "abc" }, { customerId: "" }, { customerId: "-5" }, { customerId: "100101.5" }, {}])(
    "refuses the garbage choice %j the same way",
    async (form) => {
      const result = await choose(form);
      expect(result.location).toBe("/");
      expect(result.setCookies.some((c) => c.startsWith("activeCustomerId="))).toBe(false);
      expect(await notificationsAfter(result)).toEqual([expect.objectContaining({ type: "error", key: "switcher.unavailable" })]);
    },
  );

  it("shows a stranger the sign-in page instead", async () => {
    const result = await callRoute(action, { url: "/switch-account", form: { customerId: "100101" }, middleware: [requireUserMiddleware] });
    expect(result.location).toBe("/login?came_from=%2Fswitch-account");
  });
});

describe("switch-account loader", () => {
  it("sends a GET (bookmark, typed address) home", async () => {
    const result = await callRoute(loader, { url: "/switch-account", cookie: await signedInCookie() });
    expect(result.location).toBe("/");
  });
});
