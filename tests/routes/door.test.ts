/**
 * The answer at the door (app/lib/conditional.server.ts `answerAtTheDoor`): before React Router's request
 * handler, a GET for an address React Router matched before is answered 304 or from the kept pages, as
 * the middlewares (root and signed-in layout) would answer it, or not at all whenever they would do
 * something else (set a cookie, renew a token, show a notification, render).
 */
import { http, HttpResponse } from "msw";
import type { MiddlewareFunction, RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { privatePagesMiddleware } from "../../app/lib/cache.server.ts";
import { answerAtTheDoor, type DoorAnswer } from "../../app/lib/conditional.server.ts";
import { clearRenderCache } from "../../app/lib/render-cache.server.ts";
import { requestInfoContext, type RequestInfo } from "../../app/lib/request-info.ts";
import { notify, sessionCookieFor } from "../../app/lib/session.server.ts";
import { middleware as appMiddleware } from "../../app/routes/_app.tsx";
import { middleware as loginMiddleware } from "../../app/routes/login.tsx";
import { loader as activateAccountLoader, middleware as activateMiddleware } from "../../app/routes/auth-flows/activate-account.tsx";
import { GOOD, ORDER_ID, USED } from "../mocks/auth-flows.ts";
import { middleware as handoffMiddleware } from "../../app/routes/auth-flows/order-handoff.tsx";
import { middleware as notFoundRouteMiddleware } from "../../app/routes/not-found.tsx";
import { on, refuse } from "../mocks/contract.ts";
import { REFRESH_TOKEN, accessToken, revision } from "../mocks/fixtures.ts";
import { API } from "../mocks/handlers.ts";
import { recordApiCalls } from "../support/api-calls.ts";
import { useEnv } from "../support/config.ts";
import { server } from "../support/msw.ts";
import { callRoute, nextCookie, signedInCookie } from "../support/route.ts";

const BASE = "http://portal.test";
// The not-found route's middleware (typed for its "*" parameter, which these calls pass as any route's).
const notFoundMiddleware = notFoundRouteMiddleware as unknown as MiddlewareFunction<Response>[];
let renders = 0;

/** A page whose document carries its render's nonce. */
function page({ context }: { context: RouterContextProvider }) {
  renders += 1;
  const nonce = context.get(requestInfoContext).cspNonce;
  return new Response(`<!DOCTYPE html><script nonce="${nonce}">render ${renders}</script><p>Billing</p>`, {
    headers: { "Content-Type": "text/html; charset=utf-8" },
  });
}

interface Visit {
  url: string;
  cookie: string;
  nonce: string;
  headers?: Record<string, string>;
  customerId?: string;
  visitor?: boolean;
}

/** The page through React Router's middlewares (the root's, then the signed-in layout's or the sign-in page's). */
async function throughTheRouter({ url, cookie, nonce, headers, customerId, visitor }: Visit, info?: RequestInfo) {
  const before = renders;
  const path = url.replace(/\.data(\?|$)/, "$1").replace(/^\/_root(\?|$)/, "/$1");
  const result = await callRoute<string>(page, {
    url: path,
    params: customerId ? { customerId } : {},
    cookie,
    headers,
    requestInfo: info ?? { cspNonce: nonce, dataRequest: url.includes(".data") },
    middleware: visitor ? [privatePagesMiddleware, ...loginMiddleware] : [privatePagesMiddleware, ...appMiddleware],
  });
  return { ...result, rendered: renders > before };
}

/** The same request at the door, as server/app.ts makes it. */
function atTheDoor({ url, cookie, nonce, headers }: Visit): { answer: Promise<DoorAnswer | undefined>; info: RequestInfo } {
  const info: RequestInfo = { cspNonce: nonce, clientAddress: "203.0.113.10", dataRequest: url.split("?")[0].endsWith(".data") };
  const request = new Request(new URL(url, BASE), { headers: { ...headers, Cookie: cookie } });
  return { answer: answerAtTheDoor(request, info), info };
}

const headerMap = (answer: DoorAnswer) => Object.fromEntries(answer.headers.map(([name, value]) => [name.toLowerCase(), value]));
const withoutDate = (headers: Headers) => Object.fromEntries([...headers].filter(([name]) => name !== "date"));

async function customerCookie(customerId = "100101") {
  return `${await signedInCookie()}; activeCustomerId=${customerId}`;
}

afterEach(() => clearRenderCache());

describe("answers at the door", () => {
  it("answers a kept page as React Router's middlewares answer it, with the request's own nonce, without rendering", async () => {
    const cookie = await customerCookie();
    const url = "/billing/100101";
    const first = await throughTheRouter({ url, cookie, nonce: "nonce-first", customerId: "100101" });
    expect(first.rendered).toBe(true);

    const door = await atTheDoor({ url, cookie, nonce: "nonce-door" }).answer;
    expect(door).toBeDefined();
    const router = await throughTheRouter({ url, cookie, nonce: "nonce-door", customerId: "100101" });
    expect(router.rendered).toBe(false);
    expect(door!.status).toBe(router.status);
    expect(headerMap(door!)).toEqual(withoutDate(router.headers));
    expect(door!.body!.toString()).toBe(router.body);
    expect(door!.body!.toString()).toContain('nonce="nonce-door"');
    expect(headerMap(door!).etag).toMatch(/^W\/"/);
    expect(headerMap(door!)["cache-control"]).toBe("private, no-cache");
  });

  it("answers 304 to the page's tag, with the headers of the middlewares' 304, after one revision call", async () => {
    const cookie = await customerCookie();
    const url = "/billing/100101";
    const first = await throughTheRouter({ url, cookie, nonce: "n1", customerId: "100101" });
    const etag = first.headers.get("ETag")!;
    const calls = recordApiCalls();
    const door = await atTheDoor({ url, cookie, nonce: "n2", headers: { "If-None-Match": etag } }).answer;
    expect(calls.map((c) => c.path)).toEqual(["/revision"]);
    const router = await throughTheRouter({ url, cookie, nonce: "n2", customerId: "100101", headers: { "If-None-Match": etag } });
    expect(router.status).toBe(304);
    expect(door).toEqual({ status: 304, headers: expect.any(Array) });
    expect(headerMap(door!)).toEqual(withoutDate(router.headers));
  });

  it("finds a client navigation's data under the address React Router gives it (.data, /_root.data)", async () => {
    const cookie = await customerCookie();
    await throughTheRouter({ url: "/billing/100101.data", cookie, nonce: "n1", customerId: "100101" });
    const data = await atTheDoor({ url: "/billing/100101.data", cookie, nonce: "n2" }).answer;
    expect(data?.status).toBe(200);
    expect(data!.body!.toString()).toContain('nonce="n2"');
    // The document was never rendered: its data is not its document.
    expect(await atTheDoor({ url: "/billing/100101", cookie, nonce: "n3" }).answer).toBeUndefined();

    await throughTheRouter({ url: "/_root.data", cookie: await signedInCookie(), nonce: "n4" });
    expect((await atTheDoor({ url: "/_root.data", cookie: await signedInCookie(), nonce: "n5" }).answer)?.status).toBe(200);
  });

  it("leaves the page to React Router when the middlewares would do something else", async () => {
    const cookie = await customerCookie();
    const url = "/billing/100101";
    await throughTheRouter({ url, cookie, nonce: "n1", customerId: "100101" });
    const door = async (visit: Partial<Visit>) => (await atTheDoor({ url, cookie, nonce: "n", ...visit }).answer)?.status;
    expect(await door({})).toBe(200);
    // An address React Router has not matched yet.
    expect(await door({ url: "/billing/100101/invoices" })).toBeUndefined();
    // ?lng= remembers the language in a cookie.
    expect(await door({ url: `${url}?lng=fr` })).toBeUndefined();
    // The account on screen becomes the active one (a cookie to set).
    expect(await door({ cookie: await signedInCookie() })).toBeUndefined();
    expect(await door({ cookie: `${await signedInCookie()}; activeCustomerId=100102` })).toBeUndefined();
    // An access token to renew, or none.
    const expired = await signedInCookie({ expiredAccessToken: true });
    expect(await door({ cookie: `${expired}; activeCustomerId=100101` })).toBeUndefined();
    expect(await door({ cookie: "activeCustomerId=100101" })).toBeUndefined();
    // A notification waiting to be shown.
    const { setCookies } = await callRoute(
      ({ context }: { context: RouterContextProvider }) => {
        notify(context, "success", "notifications.saved");
        return new Response(null, { status: 204 });
      },
      { url: "/", cookie },
    );
    expect(await door({ cookie: nextCookie(cookie, setCookies) })).toBeUndefined();
    // Something changed since (the API's revision): the page is rendered again.
    server.use(http.get(`${API}/revision`, () => HttpResponse.json({ ...revision, revision: "9.9.9.2026-11-20.0" })));
    expect(await door({})).toBeUndefined();
  });

  it("hands the revision it read to React Router, which does not ask the API again", async () => {
    const cookie = await customerCookie();
    const url = "/billing/100101";
    await throughTheRouter({ url, cookie, nonce: "n1", customerId: "100101" });
    server.use(http.get(`${API}/revision`, () => HttpResponse.json({ ...revision, revision: "9.9.9.2026-11-21.0" })));
    const calls = recordApiCalls();
    const { answer, info } = atTheDoor({ url, cookie, nonce: "n2" });
    expect(await answer).toBeUndefined();
    const router = await throughTheRouter({ url, cookie, nonce: "n2", customerId: "100101" }, info);
    expect(router.rendered).toBe(true);
    expect(calls.filter((c) => c.path === "/revision")).toHaveLength(1);
    // Kept under the new tag: the next view is answered at the door.
    expect((await atTheDoor({ url, cookie, nonce: "n3" }).answer)?.status).toBe(200);
  });

  it("answers the sign-in page to visitors only, never to someone signed in", async () => {
    const visitor = "analytics_consent=denied";
    await throughTheRouter({ url: "/login", cookie: visitor, nonce: "n1", visitor: true });
    const door = await atTheDoor({ url: "/login", cookie: visitor, nonce: "n2" }).answer;
    expect(door?.status).toBe(200);
    const router = await throughTheRouter({ url: "/login", cookie: visitor, nonce: "n2", visitor: true });
    expect(headerMap(door!)).toEqual(withoutDate(router.headers));
    expect(door!.body!.toString()).toBe(router.body);
    const signedIn = await sessionCookieFor({ accessToken: await accessToken(900), refreshToken: REFRESH_TOKEN });
    expect(await atTheDoor({ url: "/login", cookie: signedIn, nonce: "n3" }).answer).toBeUndefined();
  });

  it("answers only GET (a post, a HEAD go to React Router)", async () => {
    const cookie = await customerCookie();
    await throughTheRouter({ url: "/billing/100101", cookie, nonce: "n1", customerId: "100101" });
    const info: RequestInfo = { cspNonce: "n", clientAddress: "203.0.113.10", dataRequest: false };
    for (const method of ["HEAD", "POST"]) {
      const request = new Request(`${BASE}/billing/100101`, { method, headers: { Cookie: cookie } });
      expect(await answerAtTheDoor(request, info)).toBeUndefined();
    }
  });
});

describe("pages of e-mailed links, kept on the API's answer about their link", () => {
  const cookieOf = (token = GOOD) => `__link_activate=${encodeURIComponent(`/activate-account ${token}`)}`;

  async function activation(cookie: string, nonce: string, params: Record<string, string> = {}) {
    const before = renders;
    let loaded: unknown;
    const result = await callRoute<string>(
      async (args: { context: RouterContextProvider }) => {
        loaded = await activateAccountLoader(args as never);
        const status = (loaded as { init?: { status?: number } } | undefined)?.init?.status;
        const rendered = page(args);
        return status ? new Response(await rendered.text(), { status, headers: rendered.headers }) : rendered;
      },
      {
        url: "/activate-account",
        params,
        cookie,
        requestInfo: { cspNonce: nonce },
        middleware: [privatePagesMiddleware, ...activateMiddleware],
      },
    );
    return { ...result, rendered: renders > before, loaded };
  }

  it("renders once for a link, then answers from memory (and 304) while the API says the same about it", async () => {
    const first = await activation(cookieOf(), "n1");
    expect(first.rendered).toBe(true);
    expect(first.status).toBe(200);
    expect(first.headers.get("ETag")).toMatch(/^W\//);
    const calls = recordApiCalls();
    const again = await activation(cookieOf(), "n2");
    expect(again.rendered).toBe(false);
    expect(again.body).toContain('nonce="n2"');
    // Each view asks the API about the link, once.
    expect(calls.map((c) => c.path)).toEqual([`/auth/activate-account/${GOOD}`]);
    const door = await atTheDoor({ url: "/activate-account", cookie: cookieOf(), nonce: "n3" }).answer;
    expect(door?.status).toBe(200);
    expect(door!.body!.toString()).toContain('nonce="n3"');
    const notModified = await atTheDoor({
      url: "/activate-account",
      cookie: cookieOf(),
      nonce: "n4",
      headers: { "If-None-Match": first.headers.get("ETag")! },
    }).answer;
    expect(notModified?.status).toBe(304);
  });

  it("renders again when the API says something else about the link, or for another link", async () => {
    await activation(cookieOf(), "n1");
    expect((await activation(cookieOf("another-good-token-0123"), "n2")).rendered).toBe(true);
    // The same link, a day later: another expiry (the API's answer about it changed).
    const said = (await (await fetch(`${API}/auth/activate-account/${GOOD}`)).json()) as Record<string, unknown>;
    server.use(on("GET /auth/activate-account/{token}", () => HttpResponse.json({ ...said, expires_at: "2026-12-02T09:00:00Z" })));
    const changed = await activation(cookieOf(), "n3");
    expect(changed.rendered).toBe(true);
    expect(await atTheDoor({ url: "/activate-account", cookie: cookieOf(), nonce: "n4" }).answer).toBeDefined();
  });

  it("never keeps the view that takes the token out of the address, a link the API does not know, or the page for someone signed in", async () => {
    const stash = await activation("", "n1", { activationToken: GOOD });
    expect(stash.status).toBe(302);
    const unknown = await activation(cookieOf(USED), "n2");
    expect(unknown.status).toBe(404);
    expect((await activation(cookieOf(USED), "n3")).rendered).toBe(true);
    const signedIn = `${await signedInCookie()}; ${cookieOf()}`;
    await activation(signedIn, "n4");
    expect((await activation(signedIn, "n5")).rendered).toBe(true);
    expect(await atTheDoor({ url: "/activate-account", cookie: signedIn, nonce: "n6" }).answer).toBeUndefined();
  });

  it("keeps the order hand-over for a visitor with its link, never when the API fails (500) or for the page without a link", async () => {
    const scope = `/handoff/order/${ORDER_ID}`;
    const cookie = `__link_handoff=${encodeURIComponent(`${scope} ${GOOD}`)}`;
    const view = async (nonce: string, viewCookie = cookie) => {
      const before = renders;
      const result = await callRoute<string>(page, {
        url: scope,
        params: { orderId: ORDER_ID },
        cookie: viewCookie,
        requestInfo: { cspNonce: nonce },
        middleware: [privatePagesMiddleware, ...handoffMiddleware],
      });
      return { ...result, rendered: renders > before };
    };
    expect((await view("n1")).rendered).toBe(true);
    expect((await view("n2")).rendered).toBe(false);
    expect((await atTheDoor({ url: scope, cookie, nonce: "n3" }).answer)?.status).toBe(200);
    // Without the link the page is a signed-in one: never kept for a visitor (who goes to sign in).
    expect((await view("n4", "")).status).toBe(302);
    // The API failing says nothing about the link: rendered, untagged.
    server.use(on("GET /order-handoff/{orderId}", () => refuse(500)));
    const failing = await view("n5");
    expect(failing.rendered).toBe(true);
    expect(failing.headers.get("ETag")).toBeNull();
  });
});

describe("the 404 page, kept for visitors apart from customers' pages", () => {
  /** A page that says its address does not exist, carrying its render's nonce. */
  async function missing(url: string, nonce: string, cookie = "") {
    const before = renders;
    const result = await callRoute<string>(
      async (args: { context: RouterContextProvider }) => {
        const rendered = page(args);
        return new Response(await rendered.text(), { status: 404, headers: rendered.headers });
      },
      { url, cookie, requestInfo: { cspNonce: nonce }, middleware: [privatePagesMiddleware, ...notFoundMiddleware] },
    );
    return { ...result, rendered: renders > before };
  }

  it("renders it once per address, then answers it from memory and at the door, never tagged", async () => {
    const first = await missing("/no-such-page", "n1");
    expect(first.status).toBe(404);
    expect(first.rendered).toBe(true);
    expect(first.headers.get("ETag")).toBeNull();
    const again = await missing("/no-such-page", "n2");
    expect(again.rendered).toBe(false);
    expect(again.status).toBe(404);
    expect(again.body).toContain('nonce="n2"');
    expect(again.headers.get("Cache-Control")).toBe("private, no-store");
    const door = await atTheDoor({ url: "/no-such-page", cookie: "", nonce: "n3" }).answer;
    expect(door?.status).toBe(404);
    expect(headerMap(door!)["cache-control"]).toBe("private, no-store");
    expect(headerMap(door!).etag).toBeUndefined();
    // Someone signed in gets it rendered.
    const signedIn = await signedInCookie();
    expect((await missing("/no-such-page", "n4", signedIn)).rendered).toBe(true);
    expect(await atTheDoor({ url: "/no-such-page", cookie: signedIn, nonce: "n5" }).answer).toBeUndefined();
  });

  it("never pushes a customer's kept page out of memory, however many addresses are asked for", async () => {
    // 8 MB for pages: the 404 pages below (9 MB) would push the customer's page out of a store shared with them.
    useEnv({ RENDER_CACHE_MB: "8" });
    const cookie = await customerCookie();
    await throughTheRouter({ url: "/billing/100101", cookie, nonce: "n1", customerId: "100101" });
    const big = "x".repeat(60_000);
    for (let i = 0; i < 150; i++) {
      await callRoute<string>(
        async ({ context }: { context: RouterContextProvider }) =>
          new Response(`<script nonce="${context.get(requestInfoContext).cspNonce}"></script>${big}${i}`, { status: 404 }),
        { url: `/scan/${i}`, requestInfo: { cspNonce: `n${i}` }, middleware: [privatePagesMiddleware, ...notFoundMiddleware] },
      );
    }
    expect((await throughTheRouter({ url: "/billing/100101", cookie, nonce: "n2", customerId: "100101" })).rendered).toBe(false);
  });
});
