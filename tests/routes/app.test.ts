/** The signed-in layout: its middleware (session, token renewal) and its loader (user, accounts, active account). */
import { decodeJwt } from "jose";
import { http, HttpResponse } from "msw";
import type { RouterContextProvider } from "react-router";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import {
  KEPT_ACCOUNTS_MAX_CHARS,
  forgetAccountsAfterWrites,
  redirectToActiveAccount,
  requireUserMiddleware,
} from "../../app/lib/auth.server.ts";
import { conditionalMiddleware } from "../../app/lib/conditional.server.ts";
import { sessionCookieFor } from "../../app/lib/session.server.ts";
import { loader } from "../../app/routes/_app.tsx";
import { loader as indexLoader } from "../../app/routes/_index.tsx";
import { loader as accountList } from "../../app/routes/account-list.ts";
import { action as switchAccount } from "../../app/routes/switch-account.tsx";
import { loader as loginLoader } from "../../app/routes/login.tsx";
import { loader as rootLoader } from "../../app/root.tsx";
import { REFRESH_TOKEN, commercialCustomer, residentialCustomer, revision } from "../mocks/fixtures.ts";
import { API } from "../mocks/handlers.ts";
import { recordApiCalls } from "../support/api-calls.ts";
import { COMMERCIAL_APP, useEnv } from "../support/config.ts";
import { server } from "../support/msw.ts";
import { callRoute, nextCookie, sessionTokens, signedInCookie, type RouteCall } from "../support/route.ts";

const middleware = [requireUserMiddleware];
const layout = (call: RouteCall) => callRoute<any>(loader, { middleware, ...call });

/** A Set-Cookie that clears the session cookie. */
const CLEARED_SESSION = /^__session=; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax$/;

describe("_app: the account list kept in the session", () => {
  const list = (customers: object[]) => http.get(`${API}/dashboard`, () => HttpResponse.json({ customers, username: "resi@example.com" }));
  async function keptCookie() {
    const cookie = await signedInCookie();
    const first = await layout({ url: "/dashboard/100101", params: { customerId: "100101" }, cookie });
    return nextCookie(cookie, first.setCookies);
  }

  it("looks the account up when a page names one the kept list lacks, then fetches the list again (added elsewhere)", async () => {
    server.use(
      list([residentialCustomer]),
      http.get(`${API}/dashboard/:id`, () => HttpResponse.json({}, { status: 403 })),
    );
    const cookie = await keptCookie();
    server.use(
      list([residentialCustomer, commercialCustomer]),
      http.get(`${API}/dashboard/:id`, () => HttpResponse.json({ customer: commercialCustomer })),
    );
    const calls = recordApiCalls();
    const result = await layout({ url: "/dashboard/200301", params: { customerId: "200301" }, cookie });
    // The customer lookup of spec section 7 (GET /dashboard/{id}), then the list for the switcher.
    expect(calls.map((c) => c.path)).toEqual(["/revision", "/dashboard/200301", "/dashboard"]);
    expect(result.data.active.customer_id).toBe(200301);
    expect(result.data.accounts.map((a: { customer_id: number }) => a.customer_id)).toEqual([100101, 200301]);
  });

  it("asks only for the one account named when it is not the user's: no list fetched again", async () => {
    const cookie = await keptCookie();
    const calls = recordApiCalls();
    const result = await layout({ url: "/dashboard/300001", params: { customerId: "300001" }, cookie });
    expect(calls.map((c) => c.path)).toEqual(["/revision", "/dashboard/300001"]);
    expect(result.status).toBe(200);
    expect(result.data.active.customer_id).toBe(100101);
  });

  it("forgets the list after a write of the signed-in area (switching accounts, contacts, roles)", async () => {
    const cookie = await keptCookie();
    const middleware = [requireUserMiddleware, forgetAccountsAfterWrites];
    const write = await callRoute(() => null, { middleware, url: "/contacts/100101/7", method: "POST", form: { role: "billing" }, cookie });
    const calls = recordApiCalls();
    await layout({ url: "/dashboard/100101", params: { customerId: "100101" }, cookie: nextCookie(cookie, write.setCookies) });
    expect(calls.map((c) => c.path)).toEqual(["/revision", "/dashboard"]);
  });

  it("fetches it again for a renewed access token", async () => {
    const cookie = await keptCookie();
    const calls = recordApiCalls();
    const other = nextCookie(
      cookie,
      (await layout({ url: "/accounts", cookie: await signedInCookie({ expiredAccessToken: true }) })).setCookies,
    );
    expect(calls.map((c) => c.path)).toEqual(["/auth/access-token", "/revision", "/dashboard"]);
    expect(other).not.toBe(cookie);
  });
});

describe("_app: a list too long for the cookie (a business contact's hundreds of accounts)", () => {
  const many = Array.from({ length: 300 }, (_, i) => ({
    ...commercialCustomer,
    customer_id: 200001 + i,
    contract_name: `Branch office number ${i}`,
  }));
  /** A session that has seen this account (its list kept in part). */
  async function keptAt(id: number) {
    const cookie = await signedInCookie();
    return nextCookie(cookie, (await page(id, cookie)).setCookies);
  }
  const page = (id: number, cookie: string) => layout({ url: `/dashboard/${id}`, params: { customerId: String(id) }, cookie });
  function theirs() {
    server.use(
      http.get(`${API}/dashboard`, () => HttpResponse.json({ customers: many, username: "b1@example.com" })),
      http.get(`${API}/dashboard/:id`, ({ params }) => {
        const customer = many.find((c) => c.customer_id === Number(params.id));
        return customer ? HttpResponse.json({ customer }) : HttpResponse.json({}, { status: 403 });
      }),
    );
  }

  it("keeps the first account and those seen: a page of one asks for no list, another's asks for that one alone", async () => {
    expect(JSON.stringify(many).length).toBeGreaterThan(KEPT_ACCOUNTS_MAX_CHARS);
    theirs();
    let cookie = await signedInCookie();
    const calls = recordApiCalls();
    const first = await page(200150, cookie);
    // The switcher's search fetches the list when it is used: the page carries the count, not the list.
    expect(first.data).toMatchObject({ accountCount: 300, accounts: [], active: { customer_id: 200150 } });
    expect(calls.map((c) => c.path)).toEqual(["/revision", "/dashboard"]);
    cookie = nextCookie(cookie, first.setCookies);

    calls.length = 0;
    const again = await page(200150, cookie);
    expect(again.data.active.contract_name).toBe("Branch office number 149");
    expect(calls.map((c) => c.path)).toEqual(["/revision"]);
    cookie = nextCookie(cookie, again.setCookies);

    calls.length = 0;
    const other = await page(200299, cookie);
    expect(other.data).toMatchObject({ accountCount: 300, active: { customer_id: 200299 } });
    expect(calls.map((c) => c.path)).toEqual(["/revision", "/dashboard/200299"]);
    cookie = nextCookie(cookie, other.setCookies);

    calls.length = 0;
    await page(200299, cookie);
    await page(200150, cookie);
    expect(calls.map((c) => c.path)).toEqual(["/revision", "/revision"]);
  });

  it("refuses an account that is not theirs after asking for that one alone", async () => {
    theirs();
    const cookie = await keptAt(200001);
    const calls = recordApiCalls();
    const refused = await layout({ url: "/billing/300001", params: { customerId: "300001" }, cookie });
    expect(calls.map((c) => c.path)).toEqual(["/revision", "/dashboard/300001"]);
    // Not theirs: the layout shows the first account (the page itself answers 403).
    expect(refused.data.active.customer_id).toBe(200001);
  });

  it("keeps as many seen accounts as fit, the oldest dropped first, the first account always", async () => {
    theirs();
    let cookie = await signedInCookie();
    for (let id = 200101; id <= 200160; id++) cookie = nextCookie(cookie, (await page(id, cookie)).setCookies);
    expect(cookie.length).toBeLessThan(4096);
    const calls = recordApiCalls();
    await page(200160, cookie);
    await page(200001, cookie);
    expect(calls.map((c) => c.path)).toEqual(["/revision", "/revision"]);
    await page(200101, cookie);
    expect(calls.map((c) => c.path)).toEqual(["/revision", "/revision", "/revision", "/dashboard/200101"]);
  });

  it("keeps what a write leaves as it was: the list is fetched again after", async () => {
    theirs();
    const cookie = await keptAt(200150);
    const middleware = [requireUserMiddleware, forgetAccountsAfterWrites];
    const write = await callRoute(() => null, { middleware, url: "/contacts/200150/7", method: "POST", form: { role: "billing" }, cookie });
    const calls = recordApiCalls();
    await page(200150, nextCookie(cookie, write.setCookies));
    expect(calls.map((c) => c.path)).toEqual(["/revision", "/dashboard"]);
  });

  it("goes home to the active account, switches and pays by one account, fetching the whole list only for the search", async () => {
    theirs();
    const cookie = `${await keptAt(200001)}; activeCustomerId=200222`;
    const middleware = [requireUserMiddleware, forgetAccountsAfterWrites];
    const calls = recordApiCalls();
    const home = await callRoute(indexLoader, { url: "/", cookie, middleware });
    expect(home.location).toBe("/dashboard/200222");
    const toAutopay = ({ context, request }: { context: RouterContextProvider; request: Request }) =>
      redirectToActiveAccount(context, request, (id) => `/billing/${id}/autopay`, { billing: true });
    const autopay = await callRoute(toAutopay, { url: "/billing/autopay", cookie, middleware });
    expect(autopay.location).toBe("/billing/200222/autopay");
    const choose = (customerId: string) =>
      callRoute(switchAccount, { url: "/switch-account", method: "POST", form: { customerId }, cookie, middleware });
    expect((await choose("200299")).location).toBe("/dashboard/200299");
    const refused = await choose("300001");
    expect(refused.location).toBe("/");
    expect(calls.filter((c) => c.path === "/dashboard")).toEqual([]);

    const list = await callRoute<any>(accountList, { url: "/accounts/list", cookie, middleware });
    expect(list.data.accounts).toHaveLength(300);
    expect(list.data.accounts[149]).toEqual({ customer_id: 200150, contract_name: "Branch office number 149" });
    expect(calls.filter((c) => c.path === "/dashboard")).toHaveLength(1);
  });

  it("answers the search no list, rather than an error page or a sign-out, when the API fails", async () => {
    theirs();
    const cookie = await keptAt(200001);
    server.use(http.get(`${API}/dashboard`, () => HttpResponse.json({ message: "down" }, { status: 500 })));
    const list = await callRoute<any>(accountList, { url: "/accounts/list", cookie, middleware: [requireUserMiddleware] });
    expect(list.status).toBe(200);
    expect(list.data).toEqual({ accounts: null });
    expect(await sessionTokens(nextCookie(cookie, list.setCookies))).toMatchObject({ refreshToken: REFRESH_TOKEN });
  });
});

describe("_app: the kept account list follows the user's revision", () => {
  const list = (customers: object[]) => http.get(`${API}/dashboard`, () => HttpResponse.json({ customers, username: "resi@example.com" }));
  /** The API's revision of the user: their own counter `user` moves when their contacts, roles or accounts change. */
  const userRevision = (user: number) =>
    http.get(`${API}/revision`, () => HttpResponse.json({ ...revision, revision: `1.${user}.1.2026-11-15.0`, user }));
  const ids = (result: { data: { accounts: { customer_id: number }[] } }) => result.data.accounts.map((a) => a.customer_id);

  async function keptCookie() {
    const cookie = await signedInCookie();
    const first = await layout({ url: "/accounts", cookie });
    expect(ids(first)).toEqual([100101, 200301]);
    return nextCookie(cookie, first.setCookies);
  }

  it("fetches the list again on the next page once the revision moved: an account removed elsewhere is gone", async () => {
    server.use(list([residentialCustomer, commercialCustomer]), userRevision(1));
    const cookie = await keptCookie();
    // Removed from 200301 in another session (or by another contact): the API raised the user's counter.
    server.use(list([residentialCustomer]), userRevision(2));
    const calls = recordApiCalls();
    const result = await layout({ url: "/accounts", cookie });
    expect(calls.map((c) => c.path)).toEqual(["/revision", "/dashboard"]);
    expect(ids(result)).toEqual([100101]);
    // Kept again, for the new revision: the page after reads it from the cookie.
    const again = await layout({ url: "/accounts", cookie: nextCookie(cookie, result.setCookies) });
    expect(ids(again)).toEqual([100101]);
    expect(calls.map((c) => c.path)).toEqual(["/revision", "/dashboard", "/revision"]);
  });

  it("shows a role taken away or an account added elsewhere on the next page", async () => {
    server.use(list([residentialCustomer, commercialCustomer]), userRevision(1));
    const cookie = await keptCookie();
    const demoted = { ...commercialCustomer, roles: ["support"] };
    const added = { ...residentialCustomer, customer_id: 100102, contract_name: "Maya Singh – Cottage" };
    server.use(list([residentialCustomer, demoted, added]), userRevision(2));
    const calls = recordApiCalls();
    const result = await layout({ url: "/dashboard/200301", params: { customerId: "200301" }, cookie });
    expect(result.data.active.roles).toEqual(["support"]);
    expect(ids(result)).toEqual([100101, 200301, 100102]);
    expect(calls.filter((c) => c.path === "/dashboard")).toHaveLength(1);
  });

  it("uses the revision the page read for its tag: no second read", async () => {
    const calls = recordApiCalls();
    const cookie = await signedInCookie();
    await callRoute<any>(loader, { url: "/accounts", cookie, middleware: [requireUserMiddleware, conditionalMiddleware] });
    expect(calls.map((c) => c.path)).toEqual(["/revision", "/dashboard"]);
  });

  it("keeps no list when the API has no GET /revision (an operator's API): fetched on every page, still right", async () => {
    server.use(
      http.get(`${API}/revision`, () => HttpResponse.json({ success: false, message: "Not found" }, { status: 404 })),
      list([residentialCustomer, commercialCustomer]),
    );
    const cookie = await signedInCookie();
    const calls = recordApiCalls();
    const first = await layout({ url: "/accounts", cookie });
    expect(first.status).toBe(200);
    expect(first.setCookies).toEqual([]);
    server.use(list([residentialCustomer]));
    const second = await layout({ url: "/accounts", cookie: nextCookie(cookie, first.setCookies) });
    expect(ids(second)).toEqual([100101]);
    expect(calls.filter((c) => c.path === "/dashboard")).toHaveLength(2);
  });

  it("forgets a list kept before when the revision can no longer be read", async () => {
    server.use(list([residentialCustomer, commercialCustomer]), userRevision(1));
    const cookie = await keptCookie();
    server.use(http.get(`${API}/revision`, () => HttpResponse.json({ success: false, message: "down" }, { status: 503 })));
    const result = await layout({ url: "/accounts", cookie });
    expect(result.status).toBe(200);
    expect(result.setCookies).toHaveLength(1);
    expect(await sessionTokens(nextCookie(cookie, result.setCookies))).toEqual(await sessionTokens(cookie));
  });
});

describe("_app middleware: signing in is required", () => {
  it("sends a browser without a session to /login with the path and query in came_from", async () => {
    const calls = recordApiCalls();
    const result = await layout({ url: "/dashboard/100101?tab=billing&page=2", params: { customerId: "100101" } });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/login?came_from=%2Fdashboard%2F100101%3Ftab%3Dbilling%26page%3D2");
    expect(calls).toEqual([]);
  });

  it("sends the root to plain /login", async () => {
    const result = await layout({ url: "/" });
    expect(result.location).toBe("/login");
  });

  it("names the page, not the data request, in came_from (client navigation)", async () => {
    const result = await layout({ url: "/dashboard/100101.data?tab=x&_routes=routes%2Fdashboard", params: { customerId: "100101" } });
    expect(result.location).toBe("/login?came_from=%2Fdashboard%2F100101%3Ftab%3Dx");
    expect((await layout({ url: "/_root.data?_routes=routes%2F_index" })).location).toBe("/login");
  });

  it("sends a session whose access token expired and has no refresh token to sign in", async () => {
    const cookie = await signedInCookie({ expiredAccessToken: true, withoutRefresh: true });
    const result = await layout({ url: "/accounts", cookie });
    expect(result.location).toBe("/login?came_from=%2Faccounts");
  });

  it("lets a fresh access token through without renewing it, and keeps the account list in the cookie", async () => {
    const calls = recordApiCalls();
    const cookie = await signedInCookie();
    const result = await layout({ url: "/dashboard/100101", params: { customerId: "100101" }, cookie });
    expect(result.status).toBe(200);
    // The layout alone reads the user's revision itself (a page's conditional middleware has read it before).
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(["GET /revision", "GET /dashboard"]);
    expect(result.setCookies).toHaveLength(1);
    expect(result.setCookies[0].length).toBeLessThan(2_500);
    expect(await sessionTokens(nextCookie(cookie, result.setCookies))).toEqual(await sessionTokens(cookie));

    // The next pages of the same token and revision read the list from the cookie: no list fetched, no cookie rewritten.
    const again = await layout({
      url: "/dashboard/100101",
      params: { customerId: "100101" },
      cookie: nextCookie(cookie, result.setCookies),
    });
    expect(again.data).toEqual(result.data);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(["GET /revision", "GET /dashboard", "GET /revision"]);
    expect(again.setCookies).toEqual([]);
  });

  it("renews an expired access token from the refresh token, uses it, and keeps it in the session cookie", async () => {
    const calls = recordApiCalls();
    const cookie = await signedInCookie({ expiredAccessToken: true });
    const expired = (await sessionTokens(cookie)).accessToken!;
    const result = await layout({ url: "/dashboard/100101", params: { customerId: "100101" }, cookie });

    expect(result.status).toBe(200);
    expect(result.data.username).toBe("resi@example.com");
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(["POST /auth/access-token", "GET /revision", "GET /dashboard"]);
    expect(calls[0].authorization).toBeNull();
    const bearer = calls[2].authorization!.replace(/^Bearer /, "");
    expect(calls[1].authorization).toBe(`Bearer ${bearer}`);
    expect(bearer).not.toBe(expired);
    expect(decodeJwt(bearer).exp).toBeGreaterThan(Date.now() / 1000 + 60);

    expect(result.setCookies).toHaveLength(1);
    expect(result.setCookies[0]).toMatch(/^__session=[^;]+; Path=\/; HttpOnly; SameSite=Lax$/);
    const tokens = await sessionTokens(nextCookie(cookie, result.setCookies));
    expect(tokens).toEqual({ accessToken: bearer, refreshToken: REFRESH_TOKEN });
  });

  it("renews a session that holds only a refresh token", async () => {
    const cookie = await sessionCookieFor({ refreshToken: REFRESH_TOKEN });
    const result = await layout({ url: "/accounts", cookie });
    expect(result.status).toBe(200);
    expect((await sessionTokens(nextCookie(cookie, result.setCookies))).accessToken).toBeTruthy();
  });

  it("sends the customer to sign in and clears the session cookie when the API refuses the refresh token", async () => {
    server.use(
      http.post(`${API}/auth/access-token`, () =>
        HttpResponse.json({ success: false, message: "The refresh token is not valid" }, { status: 401 }),
      ),
    );
    const cookie = await signedInCookie({ expiredAccessToken: true });
    const result = await layout({ url: "/dashboard/100101?tab=billing", params: { customerId: "100101" }, cookie });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/login?came_from=%2Fdashboard%2F100101%3Ftab%3Dbilling");
    expect(result.setCookies).toHaveLength(1);
    expect(result.setCookies[0]).toMatch(CLEARED_SESSION);
    expect(nextCookie(cookie, result.setCookies)).toBe("");
  });

  it("treats a renewal the API cannot answer (down) like a refused one", async () => {
    server.use(http.post(`${API}/auth/access-token`, () => HttpResponse.json({ success: false, message: "down" }, { status: 503 })));
    const result = await layout({ url: "/accounts", cookie: await signedInCookie({ expiredAccessToken: true }) });
    expect(result.location).toBe("/login?came_from=%2Faccounts");
  });

  it("signs the customer out when the API no longer accepts the access token (401 on /dashboard)", async () => {
    server.use(http.get(`${API}/dashboard`, () => HttpResponse.json({ success: false, message: "signed out" }, { status: 401 })));
    const result = await layout({ url: "/dashboard/100101", params: { customerId: "100101" }, cookie: await signedInCookie() });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/login?came_from=%2Fdashboard%2F100101");
    expect(result.setCookies.join()).toMatch(CLEARED_SESSION);
  });

  it("shows the unavailable page when the API is down (nothing of it answers): the session is kept", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    onTestFinished(() => warn.mockRestore());
    server.use(
      http.get(`${API}/revision`, () => HttpResponse.error()),
      http.get(`${API}/dashboard`, () => HttpResponse.json({ success: false, message: "maintenance" }, { status: 503 })),
    );
    const result = await layout({ url: "/accounts", cookie: await signedInCookie() });
    expect(result.thrown).toBe(true);
    expect(result.status).toBe(503);
    expect(result.data).toEqual({ kind: "unavailable" });
  });
});

describe("_app: a failed customer lookup sends the customer to sign in (spec section 8)", () => {
  const quiet = () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    onTestFinished(() => (warn.mockRestore(), error.mockRestore()));
  };

  /** The layout's answer, and then what the sign-in page does with the cookie it left. */
  async function afterFailure(url: string, params: Record<string, string> = {}) {
    const cookie = await signedInCookie();
    const result = await layout({ url, params, cookie });
    const next = nextCookie(cookie, result.setCookies);
    const login = await callRoute<any>(loginLoader, { url: "/login", cookie: next });
    const root = await callRoute<any>(rootLoader, { url: "/login", cookie: next });
    return { result, next, login, root };
  }

  it.each([
    ["answers 500", () => HttpResponse.json({ success: false, message: "boom" }, { status: 500 })],
    ["answers without data", () => new HttpResponse(null, { status: 200 })],
    ["answers what the contract does not know", () => HttpResponse.json({ customers: "none" })],
    ["does not answer (the rest of the API does)", () => HttpResponse.error()],
  ])("GET /dashboard %s: sign in again, the session ended, the sign-in page says why", async (_name, answer) => {
    quiet();
    server.use(http.get(`${API}/dashboard`, answer));
    const { result, next, login, root } = await afterFailure("/billing/100101?tab=x", { customerId: "100101" });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/login?came_from=%2Fbilling%2F100101%3Ftab%3Dx");
    expect(await sessionTokens(next)).toEqual({});
    // The sign-in page shows its form (no way back to the failing page) and the notice.
    expect(login.status).toBe(200);
    expect(login.location).toBeNull();
    expect(root.data.notifications).toEqual([expect.objectContaining({ type: "error", key: "notifications.lookupFailed" })]);
  });

  it("GET /dashboard/{id} failing sends to sign in too", async () => {
    quiet();
    const cookie = await signedInCookie();
    const kept = nextCookie(cookie, (await layout({ url: "/accounts", cookie })).setCookies);
    server.use(http.get(`${API}/dashboard/:id`, () => HttpResponse.json({ success: false }, { status: 502 })));
    const result = await layout({ url: "/dashboard/300001", params: { customerId: "300001" }, cookie: kept });
    expect(result.location).toBe("/login?came_from=%2Fdashboard%2F300001");
    expect(await sessionTokens(nextCookie(kept, result.setCookies))).toEqual({});
  });
});

describe("_app loader data", () => {
  it("gives the username, the accounts (id and name only) and the feature flags", async () => {
    const result = await layout({ url: "/accounts", cookie: await signedInCookie() });
    expect(result.data.username).toBe("resi@example.com");
    expect(result.data.accounts).toEqual([
      { customer_id: 100101, contract_name: "Maya Singh" },
      { customer_id: 200301, contract_name: "Harbourfront Logistics Inc." },
    ]);
    expect(result.data.features).toEqual({
      autopayBilling: true,
      referrals: false,
      routerVendor: true,
      pauseServices: true,
      retireOldDesk: true,
    });
  });

  it("makes the account of the URL active", async () => {
    const cookie = `${await signedInCookie()}; activeCustomerId=100101`;
    const result = await layout({ url: "/dashboard/200301", params: { customerId: "200301" }, cookie });
    expect(result.data.active).toEqual(commercialCustomer);
  });

  it("else the account the activeCustomerId cookie names", async () => {
    const cookie = `${await signedInCookie()}; activeCustomerId=200301`;
    const result = await layout({ url: "/accounts", cookie });
    expect(result.data.active).toEqual(commercialCustomer);
  });

  it("else the first account", async () => {
    const result = await layout({ url: "/accounts", cookie: await signedInCookie() });
    expect(result.data.active).toEqual(residentialCustomer);
  });

  it("ignores a cookie naming an account that is not the user's", async () => {
    const cookie = `${await signedInCookie()}; activeCustomerId=999999`;
    expect((await layout({ url: "/accounts", cookie })).data.active).toEqual(residentialCustomer);
  });

  it("ignores a URL naming an account that is not the user's (the page answers 403)", async () => {
    const cookie = `${await signedInCookie()}; activeCustomerId=200301`;
    const result = await layout({ url: "/dashboard/999999", params: { customerId: "999999" }, cookie });
    expect(result.data.active).toEqual(commercialCustomer);
  });

  it("has no active account for a sign-in without accounts", async () => {
    server.use(http.get(`${API}/dashboard`, () => HttpResponse.json({ customers: [], username: "new@example.com" })));
    const result = await layout({ url: "/", cookie: await signedInCookie() });
    expect(result.data.active).toBeNull();
    expect(result.data.accounts).toEqual([]);
  });

  it("reads the flags of the configuration", async () => {
    useEnv({ FEATURE_AUTOPAY_BILLING: "off", FEATURE_REFERRALS: "on" });
    const result = await layout({ url: "/accounts", cookie: await signedInCookie() });
    expect(result.data.features).toMatchObject({ autopayBilling: false, referrals: true });
  });
});

describe("_app loader: commercial accounts and the commercial application", () => {
  it("sends a commercial account in the URL to the commercial app's service categories", async () => {
    useEnv({ COMMERCIAL_APP_URL: `${COMMERCIAL_APP}/` });
    const result = await layout({ url: "/dashboard/200301", params: { customerId: "200301" }, cookie: await signedInCookie() });
    expect(result.status).toBe(302);
    expect(result.location).toBe(`${COMMERCIAL_APP}/service-categories/view/200301`);
  });

  it("sends it to the commercial app's billing view from a billing page", async () => {
    useEnv({ COMMERCIAL_APP_URL: COMMERCIAL_APP });
    const result = await layout({ url: "/billing/200301/invoices", params: { customerId: "200301" }, cookie: await signedInCookie() });
    expect(result.location).toBe(`${COMMERCIAL_APP}/billing/view/200301`);
  });

  it("keeps a residential account in the portal", async () => {
    useEnv({ COMMERCIAL_APP_URL: COMMERCIAL_APP });
    const result = await layout({ url: "/dashboard/100101", params: { customerId: "100101" }, cookie: await signedInCookie() });
    expect(result.status).toBe(200);
    expect(result.data.active).toEqual(residentialCustomer);
  });

  it("keeps a commercial account in the portal when no commercial application is configured", async () => {
    const result = await layout({ url: "/dashboard/200301", params: { customerId: "200301" }, cookie: await signedInCookie() });
    expect(result.status).toBe(200);
    expect(result.location).toBeNull();
    expect(result.data.active).toEqual(commercialCustomer);
  });

  it("keeps the account list reachable when the remembered account is commercial (to switch away from it)", async () => {
    useEnv({ COMMERCIAL_APP_URL: COMMERCIAL_APP });
    const cookie = `${await signedInCookie()}; activeCustomerId=200301`;
    const result = await layout({ url: "/accounts", cookie });
    expect(result.status).toBe(200);
  });
});
