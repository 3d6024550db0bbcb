/**
 * Conditional answers (app/lib/conditional.server.ts): a signed-in page or its .data that has not
 * changed since the browser got it answers 304 without running its loader; anything that changes what
 * it shows changes its ETag; no ETag where a stored copy could mislead.
 */
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { privatePagesMiddleware } from "../../app/lib/cache.server.ts";
import { requireUserMiddleware } from "../../app/lib/auth.server.ts";
import { REVALIDATE, conditionalMiddleware } from "../../app/lib/conditional.server.ts";
import { formDraftMiddleware } from "../../app/lib/form-draft.server.ts";
import { TYPED_COOKIE } from "../../app/lib/typed-across-languages.ts";
import { pageCacheOf } from "../../app/lib/page-handle.ts";
import { notify, sessionCookieFor } from "../../app/lib/session.server.ts";
import { middleware as appMiddleware } from "../../app/routes/_app.tsx";
import { loader as accountsLoader } from "../../app/routes/accounts.tsx";
import { loader as dashboardLoader } from "../../app/routes/dashboard.tsx";
import * as appLayout from "../../app/routes/_app.tsx";
import * as payPage from "../../app/routes/billing/pay.tsx";
import * as summaryPage from "../../app/routes/billing/summary.tsx";
import * as endpointLayout from "../../app/routes/business/endpoint.tsx";
import * as bandwidthPage from "../../app/routes/business/endpoint-bandwidth.tsx";
import * as routerPage from "../../app/routes/router/router.tsx";
import { REFRESH_TOKEN, accessToken, revision } from "../mocks/fixtures.ts";
import { API } from "../mocks/handlers.ts";
import { recordApiCalls } from "../support/api-calls.ts";
import { useEnv } from "../support/config.ts";
import { server } from "../support/msw.ts";
import { callRoute, nextCookie, signedInCookie } from "../support/route.ts";

const middleware = [privatePagesMiddleware, requireUserMiddleware, conditionalMiddleware];

interface View {
  url?: string;
  /** null: a page without an account in its address. */
  customerId?: string | null;
  cookie?: string;
  etag?: string | null;
  headers?: Record<string, string>;
  page?: (args: any) => unknown;
  /** The route pattern React Router matched (what the route declares is looked up by it). */
  pattern?: string;
}

async function view({ url, customerId = "100101", cookie, etag, headers, page = dashboardLoader, pattern }: View = {}) {
  const loader = vi.fn(page);
  const result = await callRoute<any>(loader, {
    url: url ?? `/dashboard/${customerId}`,
    params: customerId === null ? {} : { customerId },
    cookie: cookie ?? (await signedInCookie()),
    headers: { ...headers, ...(etag ? { "If-None-Match": etag } : {}) },
    middleware,
    pattern,
    requestInfo: { pageCache: pageCacheOf(BUILD_ROUTES) },
  });
  return {
    ...result,
    etag: result.headers.get("ETag"),
    cacheControl: result.headers.get("Cache-Control"),
    rendered: loader.mock.calls.length > 0,
  };
}

const revisionAnswers = (value: string) =>
  server.use(http.get(`${API}/revision`, () => HttpResponse.json({ ...revision, revision: value })));

afterEach(() => {
  vi.restoreAllMocks();
});

describe("conditional answers of signed-in pages", () => {
  it("tags a page, then answers 304 to its tag without running the loader (one revision call)", async () => {
    const cookie = await signedInCookie();
    const first = await view({ cookie });
    expect(first.status).toBe(200);
    expect(first.etag).toMatch(/^W\/"[\w-]{20,}"$/);
    expect(first.cacheControl).toBe(REVALIDATE);

    const calls = recordApiCalls();
    const again = await view({ cookie, etag: first.etag });
    expect(again.status).toBe(304);
    expect(again.rendered).toBe(false);
    expect(again.etag).toBe(first.etag);
    expect(again.cacheControl).toBe("private, no-cache");
    expect(calls.map((c) => `${c.method} ${c.path}?${c.query}`)).toEqual(["GET /revision?customer_id=100101"]);
    // The browser may send several tags, strong or weak.
    expect((await view({ cookie, etag: `W/"other", ${first.etag!.slice(2)}` })).status).toBe(304);
  });

  it("renders again, with a new tag, when the API's revision changed (a write from any portal process)", async () => {
    const cookie = await signedInCookie();
    const first = await view({ cookie });
    revisionAnswers("1.1.2.2026-11-15.0");
    const changed = await view({ cookie, etag: first.etag });
    expect(changed.status).toBe(200);
    expect(changed.rendered).toBe(true);
    expect(changed.etag).not.toBe(first.etag);
    expect((await view({ cookie, etag: changed.etag })).status).toBe(304);
  });

  it("gives another user, account, language, address or analytics choice another tag", async () => {
    const cookie = await signedInCookie();
    const base = (await view({ cookie })).etag;
    const otherUser = await sessionCookieFor({ accessToken: await accessToken(900, "2"), refreshToken: REFRESH_TOKEN });
    const tags = [
      (await view({ cookie: otherUser })).etag,
      (await view({ cookie, customerId: "200301" })).etag,
      (await view({ cookie, url: "/dashboard/100101?lng=fr" })).etag,
      (await view({ cookie, headers: { "Accept-Language": "fr-CA" } })).etag,
      (await view({ cookie, url: "/dashboard/100101.data?_routes=routes%2Fdashboard" })).etag,
    ];
    for (const tag of tags) expect(tag).toMatch(/^W\//);
    expect(new Set([base, ...tags]).size).toBe(tags.length + 1);

    useEnv({ ANALYTICS_KEY: "phc_test" });
    const analytics = [
      (await view({ cookie })).etag,
      (await view({ cookie: `${cookie}; analytics_consent=granted` })).etag,
      (await view({ cookie, headers: { "Sec-GPC": "1" } })).etag,
    ];
    expect(new Set([base, ...analytics]).size).toBe(4);
  });

  it("keys pages without an account in their address on the active account, and asks for every account's revision", async () => {
    const cookie = await signedInCookie();
    const calls = recordApiCalls();
    const a = await view({ cookie: `${cookie}; activeCustomerId=100101`, url: "/accounts", customerId: null, page: accountsLoader });
    const b = await view({ cookie: `${cookie}; activeCustomerId=200301`, url: "/accounts", customerId: null, page: accountsLoader });
    expect(a.etag).toMatch(/^W\//);
    expect(b.etag).toMatch(/^W\//);
    expect(a.etag).not.toBe(b.etag);
    expect(calls.filter((c) => c.path === "/revision").map((c) => c.query.toString())).toEqual(["", ""]);
  });

  it("a feature flag or the day changes every tag", async () => {
    const cookie = await signedInCookie();
    const base = (await view({ cookie })).etag;
    useEnv({ FEATURE_REFERRALS: "true" });
    const flagged = (await view({ cookie })).etag;
    expect(flagged).not.toBe(base);
    vi.useFakeTimers({ now: Date.now() + 86_400_000, toFake: ["Date"] });
    try {
      expect((await view({ cookie })).etag).not.toBe(flagged);
    } finally {
      vi.useRealTimers();
    }
  });

  it("never tags nor answers 304 to a page with notifications waiting", async () => {
    const signedIn = await signedInCookie();
    const first = await view({ cookie: signedIn });
    const flashed = await callRoute(
      ({ context }: { context: never }) => {
        notify(context, "success", "services:edit.notify");
        return null;
      },
      { url: "/account-details/100101/edit", method: "POST", form: {}, cookie: signedIn },
    );
    const cookie = nextCookie(signedIn, flashed.setCookies);
    const shown = await view({ cookie, etag: first.etag });
    expect(shown.status).toBe(200);
    expect(shown.rendered).toBe(true);
    expect(shown.etag).toBeNull();
    expect(shown.cacheControl).toBe("private, no-store");
  });

  it("never answers 304 to a page given back what was typed in it (the language toggle)", async () => {
    const signedIn = await signedInCookie();
    const url = "/dashboard/100101?lng=fr";
    const first = await view({ url, cookie: signedIn });
    expect(first.etag).toBeTruthy();
    const typed = `${TYPED_COOKIE}=${encodeURIComponent(JSON.stringify({ path: "/dashboard/100101", fields: [["q", "Queen"]] }))}`;
    const loader = vi.fn(dashboardLoader);
    const shown = await callRoute<any>(loader, {
      url,
      params: { customerId: "100101" },
      cookie: `${signedIn}; ${typed}`,
      headers: { "If-None-Match": first.etag! },
      middleware: [privatePagesMiddleware, requireUserMiddleware, formDraftMiddleware, conditionalMiddleware],
      requestInfo: { pageCache: pageCacheOf(BUILD_ROUTES) },
    });
    expect(shown.status).toBe(200);
    expect(loader).toHaveBeenCalled();
    expect(shown.headers.get("ETag")).toBeNull();
  });

  it("never tags errors, nor pages when the revision cannot be read, nor live pages", async () => {
    const cookie = await signedInCookie();
    const quiet = vi.spyOn(console, "warn").mockImplementation(() => {});
    const foreign = await view({ cookie, customerId: "999999" });
    expect(foreign.etag).toBeNull();
    expect(foreign.cacheControl).toBe("private, no-store");
    const first = await view({ cookie });

    server.use(http.get(`${API}/revision`, () => HttpResponse.json({ success: false, message: "no" }, { status: 403 })));
    const refused = await view({ cookie, etag: first.etag });
    expect([refused.status, refused.rendered, refused.etag]).toEqual([200, true, null]);
    server.use(http.get(`${API}/revision`, () => HttpResponse.error()));
    const unreachable = await view({ cookie, etag: first.etag });
    expect([unreachable.status, unreachable.rendered, unreachable.etag]).toEqual([200, true, null]);
    quiet.mockRestore();

    const live = await callRoute(routerPage.loader, {
      url: "/internet/router/7001",
      params: { serviceId: "7001" },
      pattern: "internet/router/:serviceId",
      cookie,
      middleware,
      requestInfo: { pageCache: pageCacheOf(BUILD_ROUTES) },
    });
    expect(live.headers.get("ETag")).toBeNull();
    expect(live.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("never answers 304 to a browser that is not signed in (it goes to sign in)", async () => {
    const result = await view({ cookie: "", etag: 'W/"anything"' });
    expect(result.status).toBe(302);
    expect(result.etag).toBeNull();
  });

  it("runs in the signed-in layout only, after the sign-in check", () => {
    expect(appMiddleware.indexOf(conditionalMiddleware as never)).toBeGreaterThan(appMiddleware.indexOf(requireUserMiddleware as never));
  });
});

/** Routes as React Router's build lists them (`build.routes`), with the app's own modules. */
const BUILD_ROUTES = {
  root: { path: "", module: {} },
  "routes/_app": { parentId: "root", module: appLayout },
  "routes/billing/summary": { parentId: "routes/_app", path: "billing/:customerId?", module: summaryPage },
  "routes/billing/pay": { parentId: "routes/_app", path: "billing/:customerId/pay", module: payPage },
  "routes/business/endpoint": { parentId: "routes/_app", path: "internet/view/:serviceId?", module: endpointLayout },
  "routes/business/endpoint-bandwidth": { parentId: "routes/business/endpoint", path: "bandwidth", module: bandwidthPage },
  "routes/router/router": { parentId: "routes/_app", path: "internet/router/:serviceId", module: routerPage },
};

describe("what a route declares of its page (handle.cache)", () => {
  it("is read from the build by pattern: live and one-view pages as declared, a layout's for its children, else an account page", () => {
    const pageCache = pageCacheOf(BUILD_ROUTES);
    expect(pageCache("/internet/router/:serviceId")).toBe("live");
    expect(pageCache("/billing/:customerId/pay")).toBe("never");
    expect(pageCache("/internet/view/:serviceId?/bandwidth")).toBe("live");
    expect(pageCache("/billing/:customerId?")).toBe("account");
    expect(pageCache("/no/such/pattern")).toBe("account");
  });

  it("a page made for one view (a payment form) is never tagged, so it is rendered every time", async () => {
    const cookie = await signedInCookie();
    const summary = await view({ cookie, url: "/billing/100101", pattern: "billing/:customerId?" });
    expect(summary.etag).not.toBeNull();
    const pay = await view({ cookie, url: "/billing/100101/pay", pattern: "billing/:customerId/pay" });
    expect([pay.status, pay.rendered, pay.etag, pay.cacheControl]).toEqual([200, true, null, "private, no-store"]);
    // Even a tag the browser could not have been given: the page is made again (a new idempotency key).
    const again = await view({ cookie, url: "/billing/100101/pay", pattern: "billing/:customerId/pay", etag: summary.etag });
    expect(again.rendered).toBe(true);
  });
});
