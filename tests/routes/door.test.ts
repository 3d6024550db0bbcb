/**
 * The answer at the door (app/lib/conditional.server.ts `answerAtTheDoor`): before React Router's request
 * handler, a GET for an address React Router matched before, with the tag of the page as it is now, is
 * answered 304 as the middlewares (root and signed-in layout) would answer it, or not at all whenever
 * they would do something else (set a cookie, renew a token, show a notification, render).
 */
import { http, HttpResponse } from "msw";
import type { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { privatePagesMiddleware } from "../../app/lib/cache.server.ts";
import { answerAtTheDoor, type DoorAnswer } from "../../app/lib/conditional.server.ts";
import { requestInfoContext, type RequestInfo } from "../../app/lib/request-info.ts";
import { notify, sessionCookieFor } from "../../app/lib/session.server.ts";
import { middleware as appMiddleware } from "../../app/routes/_app.tsx";
import { middleware as loginMiddleware } from "../../app/routes/login.tsx";
import { loader as activateAccountLoader, middleware as activateMiddleware } from "../../app/routes/auth-flows/activate-account.tsx";
import { GOOD, ORDER_ID, USED } from "../mocks/auth-flows.ts";
import { middleware as handoffMiddleware } from "../../app/routes/auth-flows/order-handoff.tsx";
import { on, refuse } from "../mocks/contract.ts";
import { REFRESH_TOKEN, accessToken, revision } from "../mocks/fixtures.ts";
import { API } from "../mocks/handlers.ts";
import { recordApiCalls } from "../support/api-calls.ts";
import { server } from "../support/msw.ts";
import { callRoute, nextCookie, signedInCookie } from "../support/route.ts";

const BASE = "http://portal.test";
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

describe("answers at the door", () => {
  it("answers 304 to the page's tag, with the headers of the middlewares' 304, after one revision call", async () => {
    const cookie = await customerCookie();
    const url = "/billing/100101";
    const first = await throughTheRouter({ url, cookie, nonce: "n1", customerId: "100101" });
    expect(first.rendered).toBe(true);
    const etag = first.headers.get("ETag")!;
    expect(etag).toMatch(/^W\/"/);
    const calls = recordApiCalls();
    const door = await atTheDoor({ url, cookie, nonce: "n2", headers: { "If-None-Match": etag } }).answer;
    expect(calls.map((c) => c.path)).toEqual(["/revision"]);
    const router = await throughTheRouter({ url, cookie, nonce: "n2", customerId: "100101", headers: { "If-None-Match": etag } });
    expect(router.status).toBe(304);
    expect(router.rendered).toBe(false);
    expect(door).toEqual({ status: 304, headers: expect.any(Array) });
    expect(headerMap(door!)).toEqual(withoutDate(router.headers));
    expect(headerMap(door!)["cache-control"]).toBe("private, no-cache");
  });

  it("leaves a view without a tag to React Router at once, without asking the API anything", async () => {
    const cookie = await customerCookie();
    const url = "/billing/100101";
    await throughTheRouter({ url, cookie, nonce: "n1", customerId: "100101" });
    const calls = recordApiCalls();
    expect(await atTheDoor({ url, cookie, nonce: "n2" }).answer).toBeUndefined();
    expect(calls).toEqual([]);
    // A first view is rendered (nothing of another view is kept).
    expect((await throughTheRouter({ url, cookie, nonce: "n3", customerId: "100101" })).rendered).toBe(true);
  });

  it("finds a client navigation's data under the address React Router gives it (.data, /_root.data)", async () => {
    const cookie = await customerCookie();
    const data = await throughTheRouter({ url: "/billing/100101.data", cookie, nonce: "n1", customerId: "100101" });
    const tag = { "If-None-Match": data.headers.get("ETag")! };
    expect((await atTheDoor({ url: "/billing/100101.data", cookie, nonce: "n2", headers: tag }).answer)?.status).toBe(304);
    // The document has a tag of its own: its data's tag is not its document's.
    expect(await atTheDoor({ url: "/billing/100101", cookie, nonce: "n3", headers: tag }).answer).toBeUndefined();

    const root = await throughTheRouter({ url: "/_root.data", cookie: await signedInCookie(), nonce: "n4" });
    const rootTag = { "If-None-Match": root.headers.get("ETag")! };
    expect((await atTheDoor({ url: "/_root.data", cookie: await signedInCookie(), nonce: "n5", headers: rootTag }).answer)?.status).toBe(
      304,
    );
  });

  it("leaves the page to React Router when the middlewares would do something else", async () => {
    const cookie = await customerCookie();
    const url = "/billing/100101";
    const first = await throughTheRouter({ url, cookie, nonce: "n1", customerId: "100101" });
    const headers = { "If-None-Match": first.headers.get("ETag")! };
    const door = async (visit: Partial<Visit>) => (await atTheDoor({ url, cookie, nonce: "n", headers, ...visit }).answer)?.status;
    expect(await door({})).toBe(304);
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
    const first = await throughTheRouter({ url, cookie, nonce: "n1", customerId: "100101" });
    const headers = { "If-None-Match": first.headers.get("ETag")! };
    server.use(http.get(`${API}/revision`, () => HttpResponse.json({ ...revision, revision: "9.9.9.2026-11-21.0" })));
    const calls = recordApiCalls();
    const { answer, info } = atTheDoor({ url, cookie, nonce: "n2", headers });
    expect(await answer).toBeUndefined();
    const router = await throughTheRouter({ url, cookie, nonce: "n2", customerId: "100101", headers }, info);
    expect(router.rendered).toBe(true);
    expect(calls.filter((c) => c.path === "/revision")).toHaveLength(1);
    // Under its new tag, the next view is answered at the door.
    const next = { "If-None-Match": router.headers.get("ETag")! };
    expect((await atTheDoor({ url, cookie, nonce: "n3", headers: next }).answer)?.status).toBe(304);
  });

  it("answers the sign-in page's 304 to visitors only, never to someone signed in", async () => {
    const visitor = "analytics_consent=denied";
    const first = await throughTheRouter({ url: "/login", cookie: visitor, nonce: "n1", visitor: true });
    const headers = { "If-None-Match": first.headers.get("ETag")! };
    const door = await atTheDoor({ url: "/login", cookie: visitor, nonce: "n2", headers }).answer;
    expect(door?.status).toBe(304);
    const router = await throughTheRouter({ url: "/login", cookie: visitor, nonce: "n2", visitor: true, headers });
    expect(headerMap(door!)).toEqual(withoutDate(router.headers));
    const signedIn = await sessionCookieFor({ accessToken: await accessToken(900), refreshToken: REFRESH_TOKEN });
    expect(await atTheDoor({ url: "/login", cookie: signedIn, nonce: "n3", headers }).answer).toBeUndefined();
  });

  it("answers only GET (a post, a HEAD go to React Router)", async () => {
    const cookie = await customerCookie();
    const first = await throughTheRouter({ url: "/billing/100101", cookie, nonce: "n1", customerId: "100101" });
    const info: RequestInfo = { cspNonce: "n", clientAddress: "203.0.113.10", dataRequest: false };
    for (const method of ["HEAD", "POST"]) {
      const request = new Request(`${BASE}/billing/100101`, {
        method,
        headers: { Cookie: cookie, "If-None-Match": first.headers.get("ETag")! },
      });
      expect(await answerAtTheDoor(request, info)).toBeUndefined();
    }
  });
});

describe("pages of e-mailed links, tagged on the API's answer about their link", () => {
  const cookieOf = (token = GOOD) => `__link_activate=${encodeURIComponent(`/activate-account ${token}`)}`;

  async function activation(cookie: string, nonce: string, params: Record<string, string> = {}, headers?: Record<string, string>) {
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
        headers,
        requestInfo: { cspNonce: nonce },
        middleware: [privatePagesMiddleware, ...activateMiddleware],
      },
    );
    return { ...result, rendered: renders > before, loaded };
  }

  it("answers 304 while the API says the same about the link, asking it once a view", async () => {
    const first = await activation(cookieOf(), "n1");
    expect(first.rendered).toBe(true);
    expect(first.status).toBe(200);
    const headers = { "If-None-Match": first.headers.get("ETag")! };
    expect(headers["If-None-Match"]).toMatch(/^W\//);
    const calls = recordApiCalls();
    const again = await activation(cookieOf(), "n2", {}, headers);
    expect(again.status).toBe(304);
    expect(again.rendered).toBe(false);
    // Each view asks the API about the link, once.
    expect(calls.map((c) => c.path)).toEqual([`/auth/activate-account/${GOOD}`]);
    expect((await atTheDoor({ url: "/activate-account", cookie: cookieOf(), nonce: "n3", headers }).answer)?.status).toBe(304);
    // A view without the tag is rendered.
    expect((await activation(cookieOf(), "n4")).rendered).toBe(true);
  });

  it("gives another tag when the API says something else about the link, or for another link", async () => {
    const first = await activation(cookieOf(), "n1");
    const headers = { "If-None-Match": first.headers.get("ETag")! };
    expect((await activation(cookieOf("another-good-token-0123"), "n2", {}, headers)).rendered).toBe(true);
    // The same link, a day later: another expiry (the API's answer about it changed).
    const said = (await (await fetch(`${API}/auth/activate-account/${GOOD}`)).json()) as Record<string, unknown>;
    server.use(on("GET /auth/activate-account/{token}", () => HttpResponse.json({ ...said, expires_at: "2026-12-02T09:00:00Z" })));
    const changed = await activation(cookieOf(), "n3", {}, headers);
    expect(changed.rendered).toBe(true);
    expect(changed.headers.get("ETag")).not.toBe(headers["If-None-Match"]);
    expect(await atTheDoor({ url: "/activate-account", cookie: cookieOf(), nonce: "n4", headers }).answer).toBeUndefined();
  });

  it("never tags the view that takes the token out of the address, a link the API does not know, or the page for someone signed in", async () => {
    const stash = await activation("", "n1", { activationToken: GOOD });
    expect(stash.status).toBe(302);
    const unknown = await activation(cookieOf(USED), "n2");
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("ETag")).toBeNull();
    const signedIn = `${await signedInCookie()}; ${cookieOf()}`;
    const signedInView = await activation(signedIn, "n4");
    expect(signedInView.headers.get("ETag")).toBeNull();
  });

  it("tags the order hand-over for a visitor with its link, never when the API fails (500) or for the page without a link", async () => {
    const scope = `/handoff/order/${ORDER_ID}`;
    const cookie = `__link_handoff=${encodeURIComponent(`${scope} ${GOOD}`)}`;
    const view = async (nonce: string, viewCookie = cookie, headers?: Record<string, string>) => {
      const before = renders;
      const result = await callRoute<string>(page, {
        url: scope,
        params: { orderId: ORDER_ID },
        cookie: viewCookie,
        headers,
        requestInfo: { cspNonce: nonce },
        middleware: [privatePagesMiddleware, ...handoffMiddleware],
      });
      return { ...result, rendered: renders > before };
    };
    const first = await view("n1");
    expect(first.rendered).toBe(true);
    const headers = { "If-None-Match": first.headers.get("ETag")! };
    expect((await view("n2", cookie, headers)).status).toBe(304);
    expect((await atTheDoor({ url: scope, cookie, nonce: "n3", headers }).answer)?.status).toBe(304);
    // Without the link the page is a signed-in one: a visitor goes to sign in.
    expect((await view("n4", "")).status).toBe(302);
    // The API failing says nothing about the link: rendered, untagged.
    server.use(on("GET /order-handoff/{orderId}", () => refuse(500)));
    const failing = await view("n5", cookie, headers);
    expect(failing.rendered).toBe(true);
    expect(failing.headers.get("ETag")).toBeNull();
  });
});
