/**
 * The pages reached without signing in first and the order pages, in isolation (msw answers as the
 * API): forgotten password, recovery, activation, contact activation, SSO, OAuth consent, welcome, the
 * order summary, appointment, hand-over and agreement; tokens taken out of addresses; rate limits.
 */
import { decodeJwt } from "jose";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as publicLayout from "../../app/routes/_public.tsx";
import * as activateAccount from "../../app/routes/auth-flows/activate-account.tsx";
import * as activateContact from "../../app/routes/auth-flows/activate-contact.tsx";
import * as agreement from "../../app/routes/auth-flows/agreement.tsx";
import * as forgot from "../../app/routes/auth-flows/forgot-password.tsx";
import * as oauth from "../../app/routes/auth-flows/oauth-authorize.tsx";
import * as confirmation from "../../app/routes/auth-flows/order-confirmation.tsx";
import * as confirmed from "../../app/routes/auth-flows/order-confirmed.tsx";
import * as handoff from "../../app/routes/auth-flows/order-handoff.tsx";
import * as summary from "../../app/routes/auth-flows/order-summary.tsx";
import * as recover from "../../app/routes/auth-flows/recover-password.tsx";
import * as sso from "../../app/routes/auth-flows/sso.tsx";
import * as welcome from "../../app/routes/auth-flows/welcome.tsx";
import { GOOD, ORDER_ID, OTHER_USER, REGISTERED, SSO_GOOD, SSO_OTHER, USED } from "../mocks/auth-flows.ts";
import { API, on, refuse, reply } from "../mocks/contract.ts";
import * as fixtures from "../mocks/fixtures.ts";
import { useEnv } from "../support/config.ts";
import { server } from "../support/msw.ts";
import { throughCookieCheck } from "../../app/lib/auth.server.ts";
import { callRoute, nextCookie, sessionTokens, signedInCookie, type RouteCall } from "../support/route.ts";
import { resetTestSignInLimits, testSignInLimits } from "../support/sign-in-limits.ts";

type Handler = (args: any) => unknown;

const call = (handler: Handler, call: RouteCall) => callRoute<any>(handler, call);
/** The cookie a page sets when opened with a token: the token kept for the page's address. */
const link = (kind: string, scope: string, token = GOOD) => `__link_${kind}=${encodeURIComponent(`${scope} ${token}`)}`;
/** An address that already made its 30 account posts of the window. */
const BLOCKED_ADDRESS = "198.51.100.250";
const blocked = { clientAddress: BLOCKED_ADDRESS };
async function blockAddress() {
  for (let i = 0; i < 30; i++) await testSignInLimits().countAddress(BLOCKED_ADDRESS);
}

/** The bodies posted to an endpoint (multipart fields). */
function capture(key: Parameters<typeof on>[0]) {
  const seen: Record<string, string>[] = [];
  server.events.on("request:start", async ({ request }) => {
    const url = new URL(request.url);
    if (request.method !== key.split(" ")[0]) return;
    const pattern = new RegExp(`^/api/v1${key.split(" ")[1].replace(/\{\w+\}/g, "[^/]+")}$`);
    if (!pattern.test(url.pathname)) return;
    const type = request.headers.get("Content-Type") ?? "";
    if (type.includes("multipart"))
      seen.push(Object.fromEntries([...(await request.clone().formData()).entries()].map(([k, v]) => [k, String(v)])));
    else if (type.includes("json")) seen.push((await request.clone().json()) as Record<string, string>);
    else seen.push({});
  });
  return seen;
}

const quiet = () => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
};
afterEach(() => {
  vi.restoreAllMocks();
  server.events.removeAllListeners();
});

describe("links with a token in the address", () => {
  it("keep the token in an httpOnly cookie and redirect to the same page without it, other parameters kept", async () => {
    const result = await call(recover.loader, { url: `/recover-password/${GOOD}?lng=fr`, params: { token: GOOD } });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/recover-password?lng=fr");
    const cookie = result.setCookies.find((c) => c.startsWith("__link_recover="))!;
    expect(cookie).toContain(encodeURIComponent(GOOD));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it("drop a malformed token", async () => {
    const result = await call(summary.loader, { url: "/order-summary/%3Cscript%3E", params: { token: "<script>" } });
    expect(result.location).toBe("/order-summary");
    expect(result.setCookies.join()).toMatch(/__link_summary=;/);
  });

  it("open only the page they were kept for", async () => {
    const result = await call(activateContact.loader, {
      url: "/activate-customer-contact/100202",
      params: { customerId: "100202" },
      cookie: link("contact", "/activate-customer-contact/100101"),
    });
    expect(result.status).toBe(404);
    expect(result.data.gone).toBe(true);
  });
});

describe("forgot password", () => {
  it("says the link was sent after a post, the same for any username", async () => {
    const posted = capture("POST /auth/forgot-password");
    for (const username of ["resi@example.com", "nobody@example.com"]) {
      const result = await call(forgot.action, { url: "/forgot-password", form: { username } });
      expect(result.status).toBe(302);
      expect(result.location).toBe("/forgot-password?sent=1");
    }
    expect(posted.map((p) => p.username)).toEqual(["resi@example.com", "nobody@example.com"]);
    expect((await call(forgot.loader, { url: "/forgot-password?sent=1" })).data.sent).toBe(true);
    expect((await call(forgot.loader, { url: "/forgot-password" })).data.sent).toBe(false);
  });

  it("asks for a username", async () => {
    const result = await call(forgot.action, { url: "/forgot-password", form: { username: "  " } });
    expect(result.status).toBe(400);
    expect(result.data.result.error.username).toEqual(["api:username.required"]);
  });

  it("is limited per address like sign-in, without calling the API", async () => {
    const posted = capture("POST /auth/forgot-password");
    await blockAddress();
    const result = await call(forgot.action, { url: "/forgot-password", form: { username: "resi@example.com" }, requestInfo: blocked });
    expect(result.status).toBe(429);
    expect(result.data.result.error[""]).toEqual(["account:forgot.throttled"]);
    expect(posted).toEqual([]);
  });

  it("is limited per username like sign-in", async () => {
    useEnv({ SIGN_IN_LIMIT_PER_USERNAME: "2" });
    resetTestSignInLimits();
    const post = () => call(forgot.action, { url: "/forgot-password", form: { username: "Resi@Example.com" } });
    expect((await post()).status).toBe(302);
    expect((await post()).status).toBe(302);
    expect((await post()).status).toBe(429);
    // Another username is not held back.
    expect((await call(forgot.action, { url: "/forgot-password", form: { username: "family@example.com" } })).status).toBe(302);
  });

  it("refuses a body it cannot read with 415", async () => {
    const result = await call(forgot.action, {
      url: "/forgot-password",
      body: '{"username":"x"}',
      headers: { "Content-Type": "application/json" },
    });
    expect(result.status).toBe(415);
  });

  it("shares the per-address limit with sign-in: after 30 failed sign-ins, no recovery e-mail is asked for", async () => {
    const posted = capture("POST /auth/forgot-password");
    for (let i = 0; i < 30; i++) await testSignInLimits().failed(`someone${i}@example.com`, BLOCKED_ADDRESS);
    const result = await call(forgot.action, { url: "/forgot-password", form: { username: "resi@example.com" }, requestInfo: blocked });
    expect(result.status).toBe(429);
    expect(posted).toHaveLength(0);
  });
});

describe("password recovery", () => {
  const cookie = link("recover", "/recover-password");

  it("names the (masked) account of a valid link", async () => {
    const result = await call(recover.loader, { url: "/recover-password", cookie });
    expect(result.status).toBe(200);
    expect(result.data.username).toBe("r***@example.com");
  });

  it("shows the not-found text for no link, an unknown one and a used one", async () => {
    for (const cookieValue of [
      undefined,
      link("recover", "/recover-password", "unknown-token-000000"),
      link("recover", "/recover-password", USED),
    ]) {
      const result = await call(recover.loader, { url: "/recover-password", cookie: cookieValue });
      expect(result.status).toBe(404);
      expect(result.data.gone).toBe(true);
    }
  });

  it("sets the new password, forgets the link and sends the customer to sign in", async () => {
    const posted = capture("POST /auth/recover-password/{token}");
    const result = await call(recover.action, {
      url: "/recover-password",
      cookie,
      form: { new_password: "Lakeshore-2027", confirm_password: "Lakeshore-2027" },
    });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/login");
    expect(result.setCookies.join()).toMatch(/__link_recover=;/);
    expect(result.setCookies.join()).toMatch(/__session=/);
    expect(posted).toEqual([{ new_password: "Lakeshore-2027", confirm_password: "Lakeshore-2027" }]);
  });

  it("refuses a mismatched confirmation and weak passwords, echoing no password", async () => {
    const result = await call(recover.action, {
      url: "/recover-password",
      cookie,
      form: { new_password: "short", confirm_password: "shirt" },
    });
    expect(result.status).toBe(400);
    expect(result.data.result.error.new_password).toEqual(
      expect.arrayContaining(["api:new_password.too_short", "api:new_password.missing_uppercase"]),
    );
    expect(result.data.result.error.confirm_password).toEqual(["api:confirm_password.mismatch"]);
    expect(JSON.stringify(result.data.result.initialValue ?? {})).not.toContain("short");
  });

  it("shows the API's refusal of the link on the form", async () => {
    server.use(on("POST /auth/recover-password/{token}", () => refuse(422, { token: ["token.expired"] })));
    const result = await call(recover.action, {
      url: "/recover-password",
      cookie,
      form: { new_password: "Lakeshore-2027", confirm_password: "Lakeshore-2027" },
    });
    expect(result.status).toBe(422);
    expect(result.data.result.error[""]).toEqual(["api:token.expired"]);
  });

  it("a link that disappeared in between goes back to the page (which then says so); none at all too", async () => {
    const form = { new_password: "Lakeshore-2027", confirm_password: "Lakeshore-2027" };
    const gone = await call(recover.action, {
      url: "/recover-password",
      cookie: link("recover", "/recover-password", "unknown-token-000000"),
      form,
    });
    expect(gone.location).toBe("/recover-password");
    const none = await call(recover.action, { url: "/recover-password", form });
    expect(none.location).toBe("/recover-password");
  });

  it("is limited per address", async () => {
    await blockAddress();
    const result = await call(recover.action, {
      url: "/recover-password",
      cookie,
      form: { new_password: "Lakeshore-2027", confirm_password: "Lakeshore-2027" },
      requestInfo: blocked,
    });
    expect(result.status).toBe(429);
  });
});

describe("account activation", () => {
  const cookie = link("activate", "/activate-account");
  const form = { new_password: "Olivia-Tremblay-1", confirm_password: "Olivia-Tremblay-1", accept_terms: "on" };

  it("shows whom it is for and the terms", async () => {
    const result = await call(activateAccount.loader, { url: "/activate-account", cookie });
    expect(result.data.firstName).toBe("Olivia");
    expect(result.data.terms.sections).toHaveLength(1);
    expect((await call(activateAccount.loader, { url: "/activate-account" })).status).toBe(404);
  });

  it("activates, signs the customer in and goes to /welcome", async () => {
    const posted = capture("POST /auth/activate-account/{token}");
    const result = await call(activateAccount.action, { url: "/activate-account", cookie, form });
    // By way of the sign-in page, which tells a browser that refused the session's cookie why it is there.
    expect(result.location).toBe(throughCookieCheck("/welcome"));
    expect(result.setCookies.join()).toMatch(/__session=/);
    expect(result.setCookies.join()).toMatch(/__link_activate=;/);
    expect(posted[0]).toMatchObject({ new_password: "Olivia-Tremblay-1", accept_terms: "true" });
    // The session holds the tokens: /welcome says so.
    const next = await call(welcome.loader, {
      url: "/welcome",
      cookie: result.setCookies.find((c) => c.startsWith("__session="))!.split(";")[0],
    });
    expect(next.data.signedIn).toBe(true);
  });

  it("needs the terms accepted", async () => {
    const result = await call(activateAccount.action, { url: "/activate-account", cookie, form: { ...form, accept_terms: "" } });
    expect(result.status).toBe(400);
    expect(result.data.result.error.accept_terms).toEqual(["api:accept_terms.required"]);
  });

  it("is limited per address", async () => {
    await blockAddress();
    expect((await call(activateAccount.action, { url: "/activate-account", cookie, form, requestInfo: blocked })).status).toBe(429);
  });
});

describe("contact activation", () => {
  const scope = "/activate-customer-contact/100101";
  const cookie = link("contact", scope);
  const params = { customerId: "100101" };

  it("names the contact and the account", async () => {
    const result = await call(activateContact.loader, { url: scope, params, cookie });
    expect(result.data).toMatchObject({ name: "Arjun Singh", customer: "Maya Singh", hasAccount: false });
  });

  it("an expired or revoked link, or a customer id that is not one, shows the not-found text", async () => {
    expect(
      (await call(activateContact.loader, { url: scope, params, cookie: link("contact", scope, "expired-token-000000") })).status,
    ).toBe(404);
    expect((await call(activateContact.loader, { url: "/activate-customer-contact/abc", params: { customerId: "abc" } })).status).toBe(404);
  });

  it("creates the sign-in and sends the contact to sign in", async () => {
    const result = await call(activateContact.action, {
      url: scope,
      params,
      cookie,
      form: { password: "Arjun-Singh-2026", password_confirmation: "Arjun-Singh-2026" },
    });
    expect(result.location).toBe("/login");
    expect(result.setCookies.join()).toMatch(/__link_contact=;/);
  });

  it("with an existing sign-in asks for its password and shows a wrong one on the field", async () => {
    server.use(
      on("GET /activate-customer-contact/{customerId}/{contactToken}", () =>
        Response.json({
          customer_name: "Maya Singh",
          first_name: "Arjun",
          last_name: "Singh",
          email: "arjun.singh@example.com",
          has_account: true,
          expires_at: "2026-12-01T09:00:00Z",
        }),
      ),
      on("POST /activate-customer-contact/{customerId}/{contactToken}", () => refuse(422, { password: ["password.incorrect"] })),
    );
    const result = await call(activateContact.action, { url: scope, params, cookie, form: { password: "whatever" } });
    expect(result.status).toBe(422);
    expect(result.data.result.error.password).toEqual(["api:password.incorrect"]);
  });

  it("refuses a mismatched confirmation", async () => {
    const result = await call(activateContact.action, {
      url: scope,
      params,
      cookie,
      form: { password: "Arjun-Singh-2026", password_confirmation: "x" },
    });
    expect(result.status).toBe(400);
    expect(result.data.result.error.password_confirmation).toEqual(["api:password_confirmation.mismatch"]);
  });
});

describe("single sign-on", () => {
  it("answers 404 without came_from", async () => {
    const result = await call(sso.loader, { url: `/sso?sso_token=${SSO_GOOD}` });
    expect(result.status).toBe(404);
    expect(result.data.kind).toBe("unmatched");
  });

  it("exchanges the token for the session and goes to came_from", async () => {
    const result = await call(sso.loader, { url: `/sso?came_from=${encodeURIComponent("/billing/100101?x=1")}&sso_token=${SSO_GOOD}` });
    // A new session: by way of the sign-in page's cookie check (decision 252).
    expect(result.location).toBe(throughCookieCheck("/billing/100101?x=1"));
    expect(result.setCookies.join()).toMatch(/__session=/);
  });

  it("goes straight to came_from when the link's user is already signed in (that browser keeps cookies)", async () => {
    const result = await call(sso.loader, {
      url: `/sso?came_from=${encodeURIComponent("/billing/100101")}&sso_token=${SSO_GOOD}`,
      cookie: await signedInCookie(),
    });
    expect(result.location).toBe("/billing/100101");
  });

  it("a failed exchange goes to sign in with came_from", async () => {
    quiet();
    const result = await call(sso.loader, { url: `/sso?came_from=%2Fbilling%2F100101&sso_token=bad` });
    expect(result.location).toBe("/login?came_from=%2Fbilling%2F100101");
    const missing = await call(sso.loader, { url: `/sso?came_from=%2Fbilling%2F100101` });
    expect(missing.location).toBe("/login?came_from=%2Fbilling%2F100101");
  });

  it("never follows twenty crafted came_from values off site", async () => {
    const crafted = [
      "https://evil.example/",
      "//evil.example",
      "///evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "/\t/evil.example",
      "https:evil.example",
      "http:/evil.example",
      "javascript:alert(1)",
      "data:text/html,hi",
      "/..//evil.example",
      "/%2F%2Fevil.example",
      "%2F%2Fevil.example",
      " //evil.example",
      "https://evil.example@portal.test/",
      "//portal.test@evil.example",
      "http://portal.test.evil.example/",
      "/\u0000//evil.example",
      "\n//evil.example",
      "/./\\/evil.example",
    ];
    expect(crafted).toHaveLength(20);
    for (const cameFrom of crafted) {
      const result = await call(sso.loader, { url: `/sso?came_from=${encodeURIComponent(cameFrom)}&sso_token=${SSO_GOOD}` });
      expect(result.status, cameFrom).toBe(302);
      expect(new URL(result.location!, "http://portal.test").origin, `${cameFrom} -> ${result.location}`).toBe("http://portal.test");
      expect(result.location, cameFrom).toMatch(/^\/(?![/\\])/);
    }
  });
});

describe("single sign-on while someone else is signed in", () => {
  const cameFrom = "/billing/200310/autopay/card";
  const link = (token: string) => `/sso?came_from=${encodeURIComponent(cameFrom)}&sso_token=${token}`;
  const question = `/sso?came_from=${encodeURIComponent(cameFrom)}`;

  /** GET /dashboard names the user of the bearer token; sign-outs are recorded by the token's user. */
  function api() {
    const signedOut: string[] = [];
    const subOf = (request: Request) => String(decodeJwt((request.headers.get("Authorization") ?? "").replace(/^Bearer /, "")).sub);
    server.use(
      on("GET /dashboard", ({ request }) =>
        reply(
          "GET /dashboard",
          subOf(request) === OTHER_USER.sub ? { ...fixtures.dashboard, username: OTHER_USER.username } : fixtures.dashboard,
        ),
      ),
      http.get(`${API}/auth/logout`, ({ request }) => {
        signedOut.push(subOf(request));
        return HttpResponse.json({ success: true });
      }),
    );
    return { signedOut };
  }

  /** Signed in as resi (id 1), the browser opens a link for leaving@example.com: the cookie it then has. */
  async function opened() {
    const cookie = await signedInCookie();
    const result = await call(sso.loader, { url: link(SSO_OTHER), cookie });
    return { result, cookie: nextCookie(cookie, result.setCookies) };
  }

  it("switches no one on opening: sends the browser to the same page without the token", async () => {
    api();
    const { result, cookie } = await opened();
    expect(result.status).toBe(302);
    expect(result.location).toBe(question);
    expect(result.location).not.toContain(SSO_OTHER);
    expect((await sessionTokens(cookie)).refreshToken).toBe(fixtures.REFRESH_TOKEN);
  });

  it("names who is signed in and whom the link is for, and posts the answer to an address without the token", async () => {
    api();
    const { cookie } = await opened();
    const page = await call(sso.loader, { url: question, cookie });
    expect(page.status).toBe(200);
    expect(page.data).toEqual({ current: "resi@example.com", incoming: OTHER_USER.username, action: question });
    expect(JSON.stringify(page.data)).not.toContain(SSO_OTHER);
  });

  it("stays signed in as the same customer on “stay”, and ends the link's session at the API", async () => {
    const { signedOut } = api();
    const { cookie } = await opened();
    const stay = await call(sso.action, { url: question, cookie, form: { answer: "stay" } });
    expect(stay.status).toBe(302);
    expect(stay.location).toBe("/");
    const after = nextCookie(cookie, stay.setCookies);
    expect((await sessionTokens(after)).refreshToken).toBe(fixtures.REFRESH_TOKEN);
    expect(signedOut).toEqual([OTHER_USER.sub]);
    // The question is answered: asking again is no question.
    expect((await call(sso.loader, { url: question, cookie: after })).location).toBe(`/login?came_from=${encodeURIComponent(cameFrom)}`);
  });

  it("switches to the link's user on “continue”, ends the other session and goes to came_from", async () => {
    const { signedOut } = api();
    const { cookie } = await opened();
    const go = await call(sso.action, { url: question, cookie, form: { answer: "switch" } });
    expect(go.status).toBe(302);
    expect(go.location).toBe(cameFrom);
    expect((await sessionTokens(nextCookie(cookie, go.setCookies))).refreshToken).toBe(OTHER_USER.refreshToken);
    expect(signedOut).toEqual(["1"]);
  });

  it("goes straight on when the link is for the user already signed in", async () => {
    const { signedOut } = api();
    const result = await call(sso.loader, { url: link(SSO_GOOD), cookie: await signedInCookie() });
    expect(result.location).toBe(cameFrom);
    expect(signedOut).toEqual([]);
  });

  it("answers a post without a valid answer with 400 and the message, switching nothing", async () => {
    api();
    const { cookie } = await opened();
    const result = await call(sso.action, { url: question, cookie, form: { answer: "sure" } });
    expect(result.status).toBe(400);
    expect(result.data.result.error.answer).toEqual(["account:sso.choose"]);
    expect((await sessionTokens(nextCookie(cookie, result.setCookies))).refreshToken).toBe(fixtures.REFRESH_TOKEN);
  });

  it("switches nothing on a post with no question waiting, and says so", async () => {
    api();
    const cookie = await signedInCookie();
    const result = await call(sso.action, { url: question, cookie, form: { answer: "switch" } });
    expect(result.location).toBe("/");
    expect((await sessionTokens(nextCookie(cookie, result.setCookies))).refreshToken).toBe(fixtures.REFRESH_TOKEN);
  });

  it("stops asking after 10 minutes", async () => {
    api();
    const { cookie } = await opened();
    vi.useFakeTimers({ now: Date.now() + 11 * 60_000, toFake: ["Date"] });
    try {
      const result = await call(sso.action, { url: question, cookie, form: { answer: "switch" } });
      expect(result.location).toBe("/");
      expect((await sessionTokens(nextCookie(cookie, result.setCookies))).refreshToken).toBe(fixtures.REFRESH_TOKEN);
    } finally {
      vi.useRealTimers();
    }
  });

  it("switches no one when the API cannot say who is signed in: the error page, the token unspent", async () => {
    quiet();
    const exchanged = capture("POST /auth/sso-refresh-token");
    server.use(on("GET /dashboard", () => HttpResponse.json({ success: false, message: "down" }, { status: 503 })));
    const cookie = await signedInCookie();
    const result = await call(sso.loader, { url: link(SSO_OTHER), cookie });
    expect(result.status).toBe(503);
    expect(exchanged).toEqual([]);
    expect((await sessionTokens(nextCookie(cookie, result.setCookies))).refreshToken).toBe(fixtures.REFRESH_TOKEN);
  });

  it("takes a session the API has ended for no one signed in, as before", async () => {
    server.use(on("GET /dashboard", () => refuse(401)));
    const cookie = await signedInCookie();
    const result = await call(sso.loader, { url: link(SSO_OTHER), cookie });
    expect(result.location).toBe(throughCookieCheck(cameFrom));
    expect((await sessionTokens(nextCookie(cookie, result.setCookies))).refreshToken).toBe(OTHER_USER.refreshToken);
  });

  it("never writes the token to the log", async () => {
    api();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    await opened();
    await call(sso.loader, { url: link("sso-unknown-token-0123456789"), cookie: await signedInCookie() });
    const logged = JSON.stringify([...warn.mock.calls, ...error.mock.calls]);
    expect(logged).not.toContain(SSO_OTHER);
    expect(logged).not.toContain("sso-unknown-token-0123456789");
  });
});

describe("OAuth consent", () => {
  const query = (params: Record<string, string>) => `/oauth/authorize?${new URLSearchParams(params).toString()}`;
  const consent = query({ response_type: "code", client_id: "support-portal", redirect_uri: REGISTERED, state: "s-1" });
  const middleware = oauth.middleware as never[];
  const signedIn = async (extra: Partial<RouteCall> = {}) => ({ cookie: await signedInCookie(), middleware, ...extra });

  it("answers 404 without redirect_uri, signed in or not", async () => {
    for (const cookie of [undefined, await signedInCookie()]) {
      const result = await call(oauth.loader, { url: "/oauth/authorize?client_id=support-portal", cookie, middleware });
      expect(result.status).toBe(404);
    }
  });

  it("sends a stranger to sign in, coming back here", async () => {
    const result = await call(oauth.loader, { url: consent, middleware });
    expect(result.location).toBe(`/login?came_from=${encodeURIComponent(consent)}`);
  });

  it("names the client and the scopes", async () => {
    const result = await call(oauth.loader, { url: consent, ...(await signedIn()) });
    expect(result.data.consent.client.name).toBe("Lakeshore Support Centre");
    expect(result.data.consent.scopes.map((s: { scope: string }) => s.scope)).toEqual(["profile", "accounts"]);
  });

  it("an unregistered redirect URI is an error page, never a redirect", async () => {
    const result = await call(oauth.loader, {
      url: query({ client_id: "support-portal", redirect_uri: "https://evil.example/cb", state: "s" }),
      ...(await signedIn()),
    });
    expect(result.status).toBe(400);
    expect(result.location).toBeNull();
    expect(result.data.refused).toEqual(["api:redirect_uri.unregistered"]);
  });

  it("Allow goes back to the client with the code and the state; Deny with the error", async () => {
    const allow = await call(oauth.action, { url: consent, form: { decision: "allow" }, ...(await signedIn()) });
    const to = new URL(allow.data.leaveTo);
    expect(to.origin + to.pathname).toBe(REGISTERED);
    expect(to.searchParams.get("code")).toBe("code-123");
    expect(to.searchParams.get("state")).toBe("s-1");
    const deny = await call(oauth.action, { url: consent, form: { decision: "deny" }, ...(await signedIn()) });
    expect(new URL(deny.data.leaveTo).searchParams.get("error")).toBe("access_denied");
  });

  it("asks for a decision", async () => {
    const result = await call(oauth.action, { url: consent, form: {}, ...(await signedIn()) });
    expect(result.status).toBe(400);
    expect(result.data.result.error.decision).toEqual(["api:decision.required"]);
  });

  it("does not follow an API answer that leads elsewhere than the redirect URI", async () => {
    quiet();
    server.use(on("POST /oauth2/authorize", () => Response.json({ success: true, redirect: "https://evil.example/cb?code=x" })));
    const result = await call(oauth.action, { url: consent, form: { decision: "allow" }, ...(await signedIn()) });
    expect(result.status).toBe(422);
    expect(result.location).toBeNull();
    expect(result.data.leaveTo).toBeUndefined();
  });

  it("never redirects to twenty crafted redirect_uri values", async () => {
    const crafted = [
      "https://evil.example/oauth/callback",
      "https://support.example.com.evil.example/oauth/callback",
      "https://support.example.com@evil.example/oauth/callback",
      "http://support.example.com/oauth/callback",
      "https://support.example.com:8443/oauth/callback",
      `${REGISTERED}/`,
      `${REGISTERED}x`,
      `${REGISTERED}?next=https://evil.example`,
      `${REGISTERED}#evil`,
      `${REGISTERED}/../../evil`,
      `${REGISTERED}%2F..%2Fevil`,
      "https://SUPPORT.example.com/oauth/callback",
      "//evil.example/oauth/callback",
      "/oauth/callback",
      "javascript:alert(1)",
      "data:text/html,hi",
      "https://support.example.com\\@evil.example/oauth/callback",
      "https://support.example.com%2F@evil.example/oauth/callback",
      "https://app.example.com/router/oauth/callback",
      "https://evil.example",
    ];
    expect(crafted).toHaveLength(20);
    for (const redirectUri of crafted) {
      const url = query({ response_type: "code", client_id: "support-portal", redirect_uri: redirectUri, state: "x" });
      const shown = await call(oauth.loader, { url, ...(await signedIn()) });
      expect(shown.location, redirectUri).toBeNull();
      expect(shown.status, redirectUri).toBe(400);
      const posted = await call(oauth.action, { url, form: { decision: "allow" }, ...(await signedIn()) });
      expect(posted.location, redirectUri).toBeNull();
      expect(posted.data?.leaveTo, redirectUri).toBeUndefined();
    }
  });
});

describe("welcome", () => {
  it("offers the dashboard when signed in, sign-in otherwise", async () => {
    expect((await call(welcome.loader, { url: "/welcome", cookie: await signedInCookie() })).data.signedIn).toBe(true);
    expect((await call(welcome.loader, { url: "/welcome" })).data.signedIn).toBe(false);
  });
});

describe("order pages", () => {
  it("the summary shows the order; silent (not-found text, 404) for an unknown link", async () => {
    const result = await call(summary.loader, { url: "/order-summary", cookie: link("summary", "/order-summary") });
    expect(result.data.order.monthly.total).toBe(96.05);
    const unknown = await call(summary.loader, { url: "/order-summary", cookie: link("summary", "/order-summary", "nope-nope-nope") });
    expect(unknown.status).toBe(404);
    expect(unknown.thrown).toBe(false);
    expect(unknown.data.gone).toBe(true);
  });

  it("the appointment: the windows, then a confirmation goes to /order-confirmed", async () => {
    const cookie = link("confirmation", "/confirmation/order");
    const shown = await call(confirmation.loader, { url: "/confirmation/order", cookie });
    expect(shown.data.order.windows).toHaveLength(2);
    const posted = capture("POST /order-confirmation/{token}");
    const result = await call(confirmation.action, { url: "/confirmation/order", cookie, form: { window_id: "12" } });
    expect(result.location).toBe("/order-confirmed");
    expect(posted).toEqual([{ window_id: "12" }]);
  });

  it("the appointment: a refused window lands on its field; none chosen is asked for", async () => {
    const cookie = link("confirmation", "/confirmation/order");
    server.use(on("POST /order-confirmation/{token}", () => refuse(422, { window_id: ["window_id.too_soon"] })));
    const refused = await call(confirmation.action, { url: "/confirmation/order", cookie, form: { window_id: "12" } });
    expect(refused.status).toBe(422);
    expect(refused.data.result.error.window_id).toEqual(["api:window_id.too_soon"]);
    const none = await call(confirmation.action, { url: "/confirmation/order", cookie, form: {} });
    expect(none.status).toBe(400);
    expect((await call(confirmation.loader, { url: "/confirmation/order" })).status).toBe(404);
  });

  it("/order-confirmed shows the confirmed window from the kept link, or a general confirmation", async () => {
    server.use(
      on("GET /order-confirmation/{token}", async () =>
        Response.json({ ...(await import("../mocks/auth-flows.ts")).orderConfirmation, confirmed_at: "2026-11-23T10:00:00Z" }),
      ),
    );
    const withLink = await call(confirmed.loader, { url: "/order-confirmed", cookie: link("confirmation", "/confirmation/order") });
    expect(withLink.data.appointment.window_id).toBe(11);
    expect((await call(confirmed.loader, { url: "/order-confirmed" })).data.appointment).toBeNull();
  });

  it("the hand-over opens with its token, and continues to the next step's page", async () => {
    const stashed = await call(handoff.loader, { url: `/handoff/order/${ORDER_ID}?token=${GOOD}`, params: { orderId: ORDER_ID } });
    expect(stashed.location).toBe(`/handoff/order/${ORDER_ID}`);
    const cookie = link("handoff", `/handoff/order/${ORDER_ID}`);
    const shown = await call(handoff.loader, { url: `/handoff/order/${ORDER_ID}`, params: { orderId: ORDER_ID }, cookie });
    expect(shown.data.order.next_step).toBe("accept_agreement");
    const next = await call(handoff.action, { url: `/handoff/order/${ORDER_ID}`, params: { orderId: ORDER_ID }, cookie, form: {} });
    expect(next.location).toBe(`/agreement/view/${GOOD}`);
  });

  it("the hand-over without a token: sign in first, then as a contact of the order's customer", async () => {
    const middleware = handoff.middleware as never[];
    const stranger = await call(handoff.loader, { url: `/handoff/order/${ORDER_ID}`, params: { orderId: ORDER_ID }, middleware });
    expect(stranger.location).toBe(`/login?came_from=%2Fhandoff%2Forder%2F${ORDER_ID}`);
    const contact = await call(handoff.loader, {
      url: `/handoff/order/${ORDER_ID}`,
      params: { orderId: ORDER_ID },
      middleware,
      cookie: await signedInCookie(),
    });
    expect(contact.data.order.order_number).toBe("ORD-900001");
    const other = await call(handoff.loader, {
      url: "/handoff/order/900009",
      params: { orderId: "900009" },
      middleware,
      cookie: await signedInCookie(),
    });
    expect(other.status).toBe(404);
  });

  it("the agreement: shown, accepted, then /welcome; the box must be ticked; silent for an unknown link", async () => {
    const cookie = link("agreement", "/agreement/view");
    const shown = await call(agreement.loader, { url: "/agreement/view", cookie });
    expect(shown.data.agreement.status).toBe("pending");
    const accepted = await call(agreement.action, { url: "/agreement/view", cookie, form: { accept_terms: "on" } });
    expect(accepted.location).toBe("/welcome");
    const unticked = await call(agreement.action, { url: "/agreement/view", cookie, form: {} });
    expect(unticked.status).toBe(400);
    expect(unticked.data.result.error.accept_terms).toEqual(["api:accept_terms.required"]);
    const unknown = await call(agreement.loader, {
      url: "/agreement/view",
      cookie: link("agreement", "/agreement/view", "nope-nope-nope"),
    });
    expect(unknown.status).toBe(404);
    expect(unknown.thrown).toBe(false);
  });
});

describe("public header", () => {
  it("offers to sign in to a visitor, and the account to a customer who is signed in", async () => {
    expect((await call(publicLayout.loader, { url: "/order-summary" })).data.signedIn).toBe(false);
    expect((await call(publicLayout.loader, { url: "/order-summary", cookie: await signedInCookie() })).data.signedIn).toBe(true);
  });
});

describe("public footer", () => {
  it("links to the provider's own pages, from the configuration", async () => {
    useEnv({ SOCIAL_FACEBOOK_URL: "https://www.facebook.com/SomeProvider" });
    const links = (await call(publicLayout.loader, { url: "/login" })).data.socialLinks as { key: string; href: string }[];
    expect(links.find((l) => l.key === "facebook")?.href).toBe("https://www.facebook.com/SomeProvider");
    for (const item of links) expect(new URL(item.href).pathname.length).toBeGreaterThan(1);
  });
});
