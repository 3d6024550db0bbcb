/**
 * Rendered pages kept in memory (app/lib/render-cache.server.ts): a signed-in page rendered before is
 * served again, with the new request's CSP nonce, only to the same user, for the same address, while the
 * API's revision is the same; pages made for one view and notifications are never kept.
 */
import { http, HttpResponse } from "msw";
import type { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { privatePagesMiddleware } from "../../app/lib/cache.server.ts";
import { requireUserMiddleware } from "../../app/lib/auth.server.ts";
import { conditionalMiddleware } from "../../app/lib/conditional.server.ts";
import { newIdempotencyKey } from "../../app/lib/form-action.server.ts";
import { loader as autopayCardLoader } from "../../app/routes/billing/autopay-card.tsx";
import { loader as autopayPadLoader } from "../../app/routes/billing/autopay-pad.tsx";
import { loader as payLoader } from "../../app/routes/billing/pay.tsx";
import { clearRenderCache } from "../../app/lib/render-cache.server.ts";
import { requestInfoContext } from "../../app/lib/request-info.ts";
import { notify, sessionCookieFor } from "../../app/lib/session.server.ts";
import { REFRESH_TOKEN, accessToken, revision } from "../mocks/fixtures.ts";
import { API } from "../mocks/handlers.ts";
import { useEnv } from "../support/config.ts";
import { server } from "../support/msw.ts";
import { callRoute, nextCookie, signedInCookie } from "../support/route.ts";

const middleware = [privatePagesMiddleware, requireUserMiddleware, conditionalMiddleware];

let renders = 0;
/** A page whose document carries its render's nonce, and says which render it was. */
function page({ context }: { context: RouterContextProvider }, fresh = false) {
  renders += 1;
  const key = fresh ? newIdempotencyKey(context) : "";
  const nonce = context.get(requestInfoContext).cspNonce;
  return new Response(`<!DOCTYPE html><script nonce="${nonce}">render ${renders}</script><input value="${key}">`, {
    headers: { "Content-Type": "text/html; charset=utf-8" },
  });
}

async function view(options: { cookie: string; nonce: string; url?: string; fresh?: boolean; customerId?: string; dataRequest?: boolean }) {
  const before = renders;
  const result = await callRoute<string>((args: { context: RouterContextProvider }) => page(args, options.fresh), {
    url: options.url ?? "/dashboard/100101",
    params: { customerId: options.customerId ?? "100101" },
    cookie: options.cookie,
    requestInfo: { cspNonce: options.nonce, dataRequest: options.dataRequest ?? false },
    middleware,
  });
  return { ...result, etag: result.headers.get("ETag"), rendered: renders > before };
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

  it("never keeps a page made for one view (an idempotency key), and tags it not", async () => {
    const cookie = await signedInCookie();
    const first = await view({ cookie, nonce: "n1", url: "/billing/100101/pay", fresh: true });
    const second = await view({ cookie, nonce: "n2", url: "/billing/100101/pay", fresh: true });
    expect(second.rendered).toBe(true);
    expect(first.etag).toBeNull();
    expect(second.body).not.toBe(first.body.replace("n1", "n2"));
  });

  it("the payment and autopay forms (an idempotency key each) are made for one view", async () => {
    const cookie = await signedInCookie();
    for (const [loader, url] of [
      [payLoader, "/billing/100101/pay"],
      [autopayCardLoader, "/billing/100101/autopay/card"],
      [autopayPadLoader, "/billing/100101/autopay/pad"],
    ] as const) {
      const shown = await callRoute<{ idempotencyKey: string }>(loader, { url, params: { customerId: "100101" }, cookie, middleware });
      expect(shown.status, url).toBe(200);
      expect(shown.data.idempotencyKey, url).toMatch(/^[\w-]{36}$/);
      expect(shown.headers.get("ETag"), url).toBeNull();
    }
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

  it("keeps nothing with RENDER_CACHE_MB=0", async () => {
    useEnv({ RENDER_CACHE_MB: "0" });
    const cookie = await signedInCookie();
    await view({ cookie, nonce: "n1" });
    const again = await view({ cookie, nonce: "n2" });
    expect(again.rendered).toBe(true);
    expect(again.etag).toMatch(/^W\//);
  });
});
