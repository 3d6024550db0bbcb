/**
 * Conditional answers with several portal processes behind a load balancer: the ETag comes from the
 * API's revision, so a change made through one
 * portal process makes the next view on another one fresh. Two portals here are two separate module graphs of the app (no memory in common), against
 * one reference API on a real database.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApi, type TestApi } from "./support/api.ts";

let api: TestApi;
const saved = { ...process.env };

async function portal() {
  vi.resetModules();
  const [route, auth, conditional, details, edit, session] = await Promise.all([
    import("../support/route.ts"),
    import("../../app/lib/auth.server.ts"),
    import("../../app/lib/conditional.server.ts"),
    import("../../app/routes/services/account-details.tsx"),
    import("../../app/routes/services/account-edit.tsx"),
    import("../../app/lib/session.server.ts"),
  ]);
  const middleware = [auth.requireUserMiddleware, conditional.conditionalMiddleware];
  const params = { customerId: "100101" };
  return {
    cookieFor: (accessToken: string) => session.sessionCookieFor({ accessToken }),
    renders: 0,
    // The page as a document (its data as text), so that the process may keep it in memory.
    view(cookie: string, etag?: string) {
      return route.callRoute<any>(
        async (args: Parameters<typeof details.loader>[0]) => {
          this.renders += 1;
          return new Response(JSON.stringify(await details.loader(args)), { headers: { "Content-Type": "text/html" } });
        },
        {
          url: "/account-details/100101",
          params,
          cookie,
          headers: etag ? { "If-None-Match": etag } : {},
          middleware,
        },
      );
    },
    edit: (cookie: string, line1: string) =>
      route.callRoute(edit.action, {
        url: "/account-details/100101/edit",
        params,
        cookie,
        form: {
          address_line1: line1,
          address_line2: "",
          city: "Toronto",
          province: "ON",
          postal_code: "M5V 2T6",
          paperless_billing: "true",
          correspondence_language: "en",
        },
        middleware: [auth.requireUserMiddleware],
      }),
  };
}

beforeAll(async () => {
  api = await createTestApi();
  Object.assign(process.env, {
    NODE_ENV: "test",
    API_BASE_URL: api.baseUrl,
    SESSION_SECRET: "two-portals-share-this-session-secret-0123456789",
  });
});
afterAll(async () => {
  process.env = saved;
  await api.close();
});

describe("two portal processes, one API", () => {
  it("a change made through portal B makes the next view on portal A fresh, then 304 again", async () => {
    // The portal checks the token's expiry on its own clock.
    api.clock.now = new Date();
    const token = await api.signIn("resi@example.com");
    const a = await portal();
    const b = await portal();
    const cookie = await a.cookieFor(token);

    const first = await a.view(cookie);
    expect(first.status).toBe(200);
    const etag = first.headers.get("ETag")!;
    expect(etag).toMatch(/^W\//);
    expect((await a.view(cookie, etag)).status).toBe(304);

    // Without the tag (another tab, a browser that did not keep it): rendered again, under the same tag.
    const renders = a.renders;
    const again = await a.view(cookie);
    expect(again.status).toBe(200);
    expect(a.renders).toBe(renders + 1);
    expect(again.headers.get("ETag")).toBe(etag);

    const changed = await b.edit(cookie, "12 Portal B Street");
    expect(changed.status).toBe(302);

    // The 304 does not outlive a change made through another process.
    const fresh = await a.view(cookie, etag);
    expect(fresh.status).toBe(200);
    expect(fresh.body).toContain("12 Portal B Street");
    expect(first.body).not.toContain("12 Portal B Street");
    expect((await a.view(cookie)).body).toContain("12 Portal B Street");
    const newer = fresh.headers.get("ETag")!;
    expect(newer).not.toBe(etag);
    expect((await a.view(cookie, newer)).status).toBe(304);
    // Portal B computes the same tag for the same data: any process may answer 304.
    expect((await b.view(cookie, newer)).status).toBe(304);
  });
});
