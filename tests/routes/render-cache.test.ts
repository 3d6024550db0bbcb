/**
 * Rendered pages kept in memory (app/lib/render-cache.server.ts): a signed-in page rendered before is
 * served again, with the new request's CSP nonce, only to the same user, for the same address, while the
 * API's revision is the same; pages made for one view only with keys of their own, live pages a few
 * seconds, public pages for visitors only; requests that arrive together share one render; pages shown
 * with a notification are never kept.
 */
import { http, HttpResponse } from "msw";
import { gunzipSync } from "node:zlib";
import { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { privatePagesMiddleware } from "../../app/lib/cache.server.ts";
import { requireUserMiddleware } from "../../app/lib/auth.server.ts";
import { LIVE_KEEP_MS, conditionalMiddleware, visitorPageMiddleware } from "../../app/lib/conditional.server.ts";
import { newIdempotencyKey } from "../../app/lib/form-action.server.ts";
import { loader as autopayCardLoader } from "../../app/routes/billing/autopay-card.tsx";
import { loader as autopayPadLoader } from "../../app/routes/billing/autopay-pad.tsx";
import { loader as payLoader } from "../../app/routes/billing/pay.tsx";
import { clearRenderCache, keepAnswer, keptAnswer } from "../../app/lib/render-cache.server.ts";
import { requestInfoContext } from "../../app/lib/request-info.ts";
import { notify, sessionCookieFor } from "../../app/lib/session.server.ts";
import { REFRESH_TOKEN, accessToken, revision } from "../mocks/fixtures.ts";
import { API } from "../mocks/handlers.ts";
import { useEnv } from "../support/config.ts";
import { server } from "../support/msw.ts";
import { callRoute, nextCookie, signedInCookie } from "../support/route.ts";

const middleware = [privatePagesMiddleware, requireUserMiddleware, conditionalMiddleware];

let renders = 0;
/** A page whose document carries its render's nonce (and key), and says which render it was; it takes a moment to render. */
async function page({ context }: { context: RouterContextProvider }, fresh = false) {
  renders += 1;
  await new Promise((resolve) => setTimeout(resolve, 10));
  const key = fresh ? newIdempotencyKey(context) : "";
  const nonce = context.get(requestInfoContext).cspNonce;
  return new Response(`<!DOCTYPE html><script nonce="${nonce}">render ${renders} ${key}</script><input value="${key}">`, {
    headers: { "Content-Type": "text/html; charset=utf-8" },
  });
}

async function view(options: { cookie: string; nonce: string; url?: string; fresh?: boolean; customerId?: string; dataRequest?: boolean }) {
  let rendered = false;
  const result = await callRoute<string>((args: { context: RouterContextProvider }) => ((rendered = true), page(args, options.fresh)), {
    url: options.url ?? "/dashboard/100101",
    params: { customerId: options.customerId ?? "100101" },
    cookie: options.cookie,
    requestInfo: { cspNonce: options.nonce, dataRequest: options.dataRequest ?? false },
    middleware,
  });
  return { ...result, etag: result.headers.get("ETag"), rendered };
}

afterEach(() => {
  clearRenderCache();
  vi.restoreAllMocks();
});

describe("rendered pages kept in memory", () => {
  it("serves a page rendered before again, without rendering, with the new request's nonce", async () => {
    const cookie = await signedInCookie();
    const first = await view({ cookie, nonce: "nonceAAAAAAAAAAAAAAAAA==" });
    expect(first.rendered).toBe(true);
    expect(first.body).toContain('nonce="nonceAAAAAAAAAAAAAAAAA=="');

    const again = await view({ cookie, nonce: "nonceBBBBBBBBBBBBBBBBBB==" });
    expect(again.rendered).toBe(false);
    expect(again.status).toBe(200);
    expect(again.body).toContain('nonce="nonceBBBBBBBBBBBBBBBBBB=="');
    expect(again.body).not.toContain("nonceAAAA");
    expect(again.body).toContain(`render ${renders}`);
    expect(again.etag).toBe(first.etag);
    expect(again.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
  });

  it("renders again for another user, another address, or once the API's revision changed", async () => {
    const cookie = await signedInCookie();
    await view({ cookie, nonce: "n1" });
    const otherUser = await sessionCookieFor({ accessToken: await accessToken(900, "2"), refreshToken: REFRESH_TOKEN });
    expect((await view({ cookie: otherUser, nonce: "n2" })).rendered).toBe(true);
    expect((await view({ cookie, nonce: "n3", url: "/dashboard/100101?lng=fr" })).rendered).toBe(true);
    expect((await view({ cookie, nonce: "n4" })).rendered).toBe(false);

    server.use(http.get(`${API}/revision`, () => HttpResponse.json({ ...revision, revision: "9.9.9.2026-11-20.0" })));
    const changed = await view({ cookie, nonce: "n5" });
    expect(changed.rendered).toBe(true);
    expect((await view({ cookie, nonce: "n6" })).rendered).toBe(false);
  });

  it("never answers a page's data with its document, nor the reverse (React Router gives both one address)", async () => {
    const cookie = await signedInCookie();
    const document = await view({ cookie, nonce: "n1" });
    const data = await view({ cookie, nonce: "n2", dataRequest: true });
    expect(data.rendered).toBe(true);
    expect(data.etag).not.toBe(document.etag);
    expect((await view({ cookie, nonce: "n3", dataRequest: true })).rendered).toBe(false);
    expect((await view({ cookie, nonce: "n4" })).etag).toBe(document.etag);
  });

  it("serves a page made for one view (an idempotency key) again only with a new key, the same wherever it repeats, and never tags it", async () => {
    const cookie = await signedInCookie();
    const keyOf = (body: string) => [...body.matchAll(/[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}/g)].map((m) => m[0]);
    const first = await view({ cookie, nonce: "nonce1", url: "/billing/100101/pay", fresh: true });
    const second = await view({ cookie, nonce: "nonce2", url: "/billing/100101/pay", fresh: true });
    const third = await view({ cookie, nonce: "nonce3", url: "/billing/100101/pay", fresh: true });
    expect([first.rendered, second.rendered, third.rendered]).toEqual([true, false, false]);
    expect([first.etag, second.etag, third.etag]).toEqual([null, null, null]);
    const keys = [first, second, third].map((answer) => keyOf(answer.body));
    for (const pair of keys) expect(pair).toHaveLength(2);
    for (const [a, b] of keys) expect(a).toBe(b);
    expect(new Set(keys.map(([key]) => key)).size).toBe(3);
    expect(second.body).toBe(first.body.replaceAll("nonce1", "nonce2").replaceAll(keys[0][0], keys[1][0]));
  });

  it("renders a page once for requests that arrive together; each gets its own nonce", async () => {
    const cookie = await signedInCookie();
    const views = await Promise.all(["a", "b", "c", "d"].map((n) => view({ cookie, nonce: `nonce-${n}` })));
    expect(views.filter((answer) => answer.rendered)).toHaveLength(1);
    views.forEach((answer, i) => expect(answer.body).toContain(`nonce="nonce-${"abcd"[i]}"`));
    expect(new Set(views.map((answer) => answer.etag)).size).toBe(1);
  });

  it("the payment and autopay forms (an idempotency key each) are made for one view", async () => {
    const cookie = await signedInCookie();
    const keys = new Set<string>();
    for (const [loader, url] of [
      [payLoader, "/billing/100101/pay"],
      [autopayCardLoader, "/billing/100101/autopay/card"],
      [autopayPadLoader, "/billing/100101/autopay/pad"],
    ] as const) {
      const shown = await callRoute<{ idempotencyKey: string }>(loader, { url, params: { customerId: "100101" }, cookie, middleware });
      expect(shown.status, url).toBe(200);
      expect(shown.data.idempotencyKey, url).toMatch(/^[\w-]{36}$/);
      expect(shown.headers.get("ETag"), url).toBeNull();
      const again = await callRoute<{ idempotencyKey: string }>(loader, { url, params: { customerId: "100101" }, cookie, middleware });
      keys.add(shown.data.idempotencyKey).add(again.data.idempotencyKey);
    }
    expect(keys.size).toBe(6);
  });

  it("never keeps a page shown with a notification", async () => {
    const signedIn = await signedInCookie();
    await view({ cookie: signedIn, nonce: "n1" });
    const flashed = await callRoute(
      ({ context }: { context: never }) => {
        notify(context, "success", "services:edit.notify");
        return null;
      },
      { url: "/account-details/100101/edit", method: "POST", form: {}, cookie: signedIn },
    );
    const cookie = nextCookie(signedIn, flashed.setCookies);
    const shown = await view({ cookie, nonce: "n2" });
    expect(shown.rendered).toBe(true);
    expect(shown.etag).toBeNull();
  });

  it("keeps a live page a few seconds, untagged, and renders it again at once after a write", async () => {
    const cookie = await signedInCookie();
    const url = "/internet/router/7001";
    const first = await view({ cookie, nonce: "n1", url });
    const again = await view({ cookie, nonce: "n2", url });
    expect([first.rendered, again.rendered]).toEqual([true, false]);
    expect([first.etag, again.etag]).toEqual([null, null]);
    expect(again.headers.get("Cache-Control")).toBe("private, no-store");
    expect(again.body).toContain('nonce="n2"');

    server.use(http.get(`${API}/revision`, () => HttpResponse.json({ ...revision, revision: "9.9.9.2026-11-20.0" })));
    expect((await view({ cookie, nonce: "n3", url })).rendered).toBe(true);
    expect((await view({ cookie, nonce: "n4", url })).rendered).toBe(false);

    const now = performance.now();
    vi.spyOn(performance, "now").mockImplementation(() => now + LIVE_KEEP_MS + 1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await view({ cookie, nonce: "n5", url })).rendered).toBe(true);
  });

  it("keeps a public page for visitors, never for a signed-in customer", async () => {
    const visitor = async (cookie: string, nonce: string) => {
      let rendered = false;
      const result = await callRoute<string>((args: { context: RouterContextProvider }) => ((rendered = true), page(args)), {
        url: "/privacy",
        cookie,
        requestInfo: { cspNonce: nonce, dataRequest: false },
        middleware: [privatePagesMiddleware, visitorPageMiddleware],
      });
      return { ...result, rendered };
    };
    expect((await visitor("", "n1")).rendered).toBe(true);
    const kept = await visitor("", "n2");
    expect(kept.rendered).toBe(false);
    expect(kept.body).toContain('nonce="n2"');
    expect(kept.headers.get("ETag")).toMatch(/^W\//);
    const cookie = await signedInCookie();
    expect((await visitor(cookie, "n3")).rendered).toBe(true);
    expect((await visitor(cookie, "n4")).rendered).toBe(true);
  });

  it("answers a kept page gzipped when the browser takes gzip: its own nonce and keys, the same text once inflated", async () => {
    const context = new RouterContextProvider();
    const key = newIdempotencyKey(context);
    // Longer than a stored block and than deflate's window, with text in several scripts and holes side by side.
    const body = `<html>${"é漢字 ".repeat(20_000)}<script nonce="NONCE">k="${key}"</script>${"abc".repeat(30_000)}NONCENONCE<input value="${key}">`;
    await keepAnswer("tag", context, "NONCE", new Response(body, { headers: { "Content-Type": "text/html" } }));
    for (const acceptEncoding of ["gzip, deflate, br, zstd", "gzip", "br, *", "GZIP;q=0.5, br"]) {
      const kept = keptAnswer("tag", "n-1", acceptEncoding)!;
      expect(kept.response.headers.get("Content-Encoding"), acceptEncoding).toBe("gzip");
      expect(kept.response.headers.get("Vary")).toContain("Accept-Encoding");
      const text = gunzipSync(Buffer.from(await kept.response.arrayBuffer())).toString();
      const newKey = text.match(/k="([^"]+)"/)![1];
      expect(newKey).not.toBe(key);
      expect(text).toBe(body.replaceAll("NONCE", "n-1").replaceAll(key, newKey));
    }
    for (const acceptEncoding of [null, "br", "gzip;q=0, br", "identity", "gzip;q=0, *", "*;q=0"]) {
      const plain = keptAnswer("tag", "n-2", acceptEncoding)!;
      expect(plain.response.headers.get("Content-Encoding"), String(acceptEncoding)).toBeNull();
      expect((await plain.response.text()).startsWith(`<html>${"é漢字 ".repeat(20_000)}<script nonce="n-2">`)).toBe(true);
    }
  });

  it("keeps nothing with RENDER_CACHE_MB=0", async () => {
    useEnv({ RENDER_CACHE_MB: "0" });
    const cookie = await signedInCookie();
    await view({ cookie, nonce: "n1" });
    const again = await view({ cookie, nonce: "n2" });
    expect(again.rendered).toBe(true);
    expect(again.etag).toMatch(/^W\//);
  });
});
