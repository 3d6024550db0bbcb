/** Sign out: the API ends its session, the cookie is cleared, and the customer lands on /login. */
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { requireUserMiddleware } from "../../app/lib/auth.server.ts";
import { action, loader } from "../../app/routes/logout.tsx";
import { API } from "../mocks/handlers.ts";
import { recordApiCalls } from "../support/api-calls.ts";
import { server } from "../support/msw.ts";
import { callRoute, nextCookie, sessionTokens, signedInCookie } from "../support/route.ts";

const CLEARED_SESSION = /^__session=; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax$/;

afterEach(() => {
  vi.restoreAllMocks();
});

async function signOut() {
  const cookie = await signedInCookie();
  const { accessToken } = await sessionTokens(cookie);
  const result = await callRoute(action, { url: "/logout", method: "POST", form: {}, cookie, middleware: [requireUserMiddleware] });
  return { result, cookie, accessToken: accessToken! };
}

describe("logout action", () => {
  it("ends the session at the API with the bearer token", async () => {
    const calls = recordApiCalls();
    const { accessToken } = await signOut();
    const logout = calls.filter((c) => c.path === "/auth/logout");
    expect(logout).toHaveLength(1);
    expect(logout[0].method).toBe("GET");
    expect(logout[0].authorization).toBe(`Bearer ${accessToken}`);
  });

  it("clears the session cookie and goes to /login", async () => {
    const { result, cookie } = await signOut();
    expect(result.status).toBe(302);
    expect(result.location).toBe("/login");
    expect(result.setCookies).toHaveLength(1);
    expect(result.setCookies[0]).toMatch(CLEARED_SESSION);
    const after = nextCookie(cookie, result.setCookies);
    expect(await sessionTokens(after)).toEqual({ accessToken: undefined, refreshToken: undefined });
  });

  it.each([
    ["answers 500", () => HttpResponse.json({ success: false, message: "boom" }, { status: 500 })],
    ["answers 401", () => HttpResponse.json({ success: false, message: "already signed out" }, { status: 401 })],
    ["cannot be reached", () => HttpResponse.error()],
  ])("still signs out in the portal when the API %s", async (_, answer) => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(console, "error").mockImplementation(() => {});
    server.use(http.get(`${API}/auth/logout`, answer));
    const { result } = await signOut();
    expect(result.status).toBe(302);
    expect(result.location).toBe("/login");
    expect(result.setCookies.filter((c) => c.startsWith("__session="))).toEqual([expect.stringMatching(CLEARED_SESSION)]);
  });
});

describe("logout loader", () => {
  it("sends a GET /logout home (signing out takes a form post)", async () => {
    const calls = recordApiCalls();
    const result = await callRoute(loader, { url: "/logout", cookie: await signedInCookie() });
    expect(result.location).toBe("/");
    expect(calls).toEqual([]);
  });
});
