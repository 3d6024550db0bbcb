/**
 * A visitor's support ticket lookup, in isolation (msw answers as the API): the form and its one answer
 * for every outcome, its limits, the e-mailed link taken out of the address, used only by a post, and the
 * read-only view it opens (kept in a session cookie of its page only, never cached).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import * as lookup from "../../app/routes/support/lookup.tsx";
import * as view from "../../app/routes/support/ticket-view.tsx";
import { isPublicPath } from "../../app/lib/public-paths.ts";
import { on, refuse } from "../mocks/contract.ts";
import { TICKET_LINK, TICKET_VIEW } from "../mocks/support.ts";
import { useEnv } from "../support/config.ts";
import { server } from "../support/msw.ts";
import { callRoute, type RouteCall } from "../support/route.ts";
import { resetTestSignInLimits, testSignInLimits } from "../support/sign-in-limits.ts";

type Handler = (args: any) => unknown;
const call = (handler: Handler, call: RouteCall) => callRoute<any>(handler, call);

const SCOPE = "/support/tickets/view";
const linkCookie = (token = TICKET_LINK) => `__link_ticket=${encodeURIComponent(`${SCOPE} ${token}`)}`;
const viewCookie = (token = TICKET_VIEW) => `__ticket_view=${token}`;

/** The bodies posted to the lookup endpoint. */
function captureLookups() {
  const seen: Record<string, string>[] = [];
  server.events.on("request:start", async ({ request }) => {
    if (request.method === "POST" && new URL(request.url).pathname === "/api/v1/support/ticket-lookup") {
      seen.push(Object.fromEntries([...(await request.clone().formData()).entries()].map(([k, v]) => [k, String(v)])));
    }
  });
  return seen;
}

afterEach(() => {
  vi.restoreAllMocks();
  server.events.removeAllListeners();
});

describe("the lookup form", () => {
  it("is a page for visitors", () => {
    expect(isPublicPath("/support/tickets/lookup")).toBe(true);
    expect(isPublicPath("/support/tickets/view")).toBe(true);
  });

  it("answers the same for any number and address the API takes, then says a link was sent if they match", async () => {
    const seen = captureLookups();
    for (const form of [
      { ticket_number: "cs-1041", email: "resi@example.com" },
      { ticket_number: "CS-999999", email: "nobody@example.com" },
    ]) {
      const result = await call(lookup.action, { url: "/support/tickets/lookup", form });
      expect(result.status).toBe(302);
      expect(result.location).toBe("/support/tickets/lookup?sent=1");
    }
    expect(seen).toEqual([
      { ticket_number: "cs-1041", email: "resi@example.com" },
      { ticket_number: "CS-999999", email: "nobody@example.com" },
    ]);
    expect((await call(lookup.loader, { url: "/support/tickets/lookup?sent=1" })).data.sent).toBe(true);
    expect((await call(lookup.loader, { url: "/support/tickets/lookup" })).data.sent).toBe(false);
  });

  it("refuses a number or an address that cannot be one, every message at once, without calling the API", async () => {
    const seen = captureLookups();
    const result = await call(lookup.action, { url: "/support/tickets/lookup", form: { ticket_number: "1041", email: "resi@" } });
    expect(result.status).toBe(400);
    expect(result.data.result.error).toEqual({ ticket_number: ["api:ticket_number.invalid"], email: ["api:email.invalid"] });
    expect(result.data.result.initialValue).toMatchObject({ ticket_number: "1041", email: "resi@" });
    const empty = await call(lookup.action, { url: "/support/tickets/lookup", form: {} });
    expect(empty.data.result.error).toEqual({ ticket_number: ["api:ticket_number.required"], email: ["api:email.required"] });
    expect(seen).toEqual([]);
  });

  it("is limited per address like sign-in, without calling the API", async () => {
    const seen = captureLookups();
    const address = "198.51.100.251";
    for (let i = 0; i < 30; i++) await testSignInLimits().countAddress(address);
    const result = await call(lookup.action, {
      url: "/support/tickets/lookup",
      form: { ticket_number: "CS-1041", email: "resi@example.com" },
      requestInfo: { clientAddress: address },
    });
    expect(result.status).toBe(429);
    expect(result.data.result.error[""]).toEqual(["support:lookup.throttled"]);
    expect(seen).toEqual([]);
  });

  it("is limited per ticket number like sign-in per username, whatever the case", async () => {
    useEnv({ SIGN_IN_LIMIT_PER_USERNAME: "2" });
    resetTestSignInLimits();
    const post = (ticket_number: string, email = "x@example.com") =>
      call(lookup.action, { url: "/support/tickets/lookup", form: { ticket_number, email } });
    expect((await post("CS-1041")).status).toBe(302);
    expect((await post("cs-1041", "y@example.com")).status).toBe(302);
    expect((await post("CS-1041", "z@example.com")).status).toBe(429);
    expect((await post("CS-1042")).status).toBe(302);
  });
});

describe("the e-mailed link and the view", () => {
  it("takes the token out of the address into a cookie of the view page", async () => {
    const result = await call(view.loader, { url: `${SCOPE}/${TICKET_LINK}?lng=fr`, params: { token: TICKET_LINK } });
    expect(result.status).toBe(302);
    expect(result.location).toBe(`${SCOPE}?lng=fr`);
    const cookie = result.headers.get("Set-Cookie") ?? "";
    expect(cookie).toContain("__link_ticket=");
    expect(cookie).toContain("HttpOnly");
  });

  it("names the ticket of a working link without using it; only a post uses it, and opens the view", async () => {
    let used = 0;
    server.events.on("request:start", ({ request }) => {
      if (request.method === "POST" && new URL(request.url).pathname.startsWith("/api/v1/support/ticket-links/")) used++;
    });
    const page = await call(view.loader, { url: SCOPE, cookie: linkCookie() });
    expect(page.data).toMatchObject({ mode: "link", ticketNumber: "CS-1041" });
    expect(used).toBe(0);

    const posted = await call(view.action, { url: SCOPE, cookie: linkCookie(), form: {} });
    expect(posted.status).toBe(302);
    expect(posted.location).toBe(SCOPE);
    expect(used).toBe(1);
    const cookies = posted.setCookies.join("\n");
    expect(cookies).toMatch(new RegExp(`__ticket_view=${TICKET_VIEW}; Path=/support/tickets; HttpOnly; SameSite=Lax`));
    expect(cookies).not.toMatch(/__ticket_view=[^;]*;[^\n]*Max-Age/);
    // The link's cookie is forgotten once used.
    expect(cookies).toMatch(/__link_ticket=; Max-Age=0/);
  });

  it("shows the ticket and its conversation read-only while the view lasts, and nothing is kept for anyone else", async () => {
    const page = await call(view.loader, { url: SCOPE, cookie: viewCookie() });
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({
      mode: "view",
      ticket: { ticket_number: "CS-1041", status: "in_progress", attachments: [{ file_name: "speed-test.png" }] },
      expiresAt: "2026-11-23T16:00:00Z",
    });
    // The messages of both sides, oldest first, none of them "yours".
    expect(page.data.messages.map((m: { author: string; mine: boolean }) => [m.author, m.mine])).toEqual([
      ["customer", false],
      ["agent", false],
    ]);
    expect(view.headers()).toEqual({ "Cache-Control": "private, no-store" });
  });

  it("says a used, expired or unknown link or view no longer works (404), with the way to a new one", async () => {
    server.use(on("GET /support/ticket-links/{token}", () => refuse(404)));
    for (const cookie of [linkCookie(), viewCookie("ticket-view-gone-0123456789abcdef"), undefined]) {
      const page = await call(view.loader, { url: SCOPE, cookie });
      expect(page.status).toBe(404);
      expect(page.data).toEqual({ mode: "gone" });
    }
    // A post with a link the API no longer takes shows the page again, which then says so.
    server.use(on("POST /support/ticket-links/{token}", () => refuse(404)));
    const posted = await call(view.action, { url: SCOPE, cookie: linkCookie(), form: {} });
    expect(posted.location).toBe(SCOPE);
    // A post without a kept link changes nothing.
    expect((await call(view.action, { url: SCOPE, form: {} })).location).toBe(SCOPE);
  });

  it("prefers a link just opened to a view still open", async () => {
    const page = await call(view.loader, { url: SCOPE, cookie: `${linkCookie()}; ${viewCookie()}` });
    expect(page.data.mode).toBe("link");
  });
});
