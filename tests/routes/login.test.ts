import { describe, expect, it } from "vitest";
import { action, loader } from "../../app/routes/login.tsx";
import { callRoute, signedInCookie } from "../support/route.ts";

const form = (username: string, password: string, came_from = "") => ({ username, password, came_from });

describe("login action", () => {
  it("signs in, sets the session cookie and returns to came_from", async () => {
    const result = await callRoute(action, { url: "/login", form: form("resi@example.com", "Demo-Pass-2026", "/dashboard/100101") });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/dashboard/100101");
    expect(result.setCookies.join()).toMatch(/__session=.+; Path=\/; HttpOnly; SameSite=Lax/);
  });

  it.each(["//evil.example", "https://evil.example", "/\\evil.example", "javascript:alert(1)"])(
    "lands on / instead of following came_from %s",
    async (cameFrom) => {
      const result = await callRoute(action, { url: "/login", form: form("resi@example.com", "Demo-Pass-2026", cameFrom) });
      expect(result.location).toBe("/");
    },
  );

  it("keeps the username, drops the password and answers 401 for a wrong combination", async () => {
    const result = await callRoute<any>(action, { url: "/login", form: form("resi@example.com", "wrong") });
    expect(result.status).toBe(401);
    expect(result.data.notice).toBe("failed");
    expect(result.data.result.initialValue.username).toBe("resi@example.com");
    expect(result.data.result.initialValue).not.toHaveProperty("password");
    expect(result.setCookies).toEqual([]);
  });

  it("answers 400 with field errors (translation keys) for empty fields, without calling the API", async () => {
    const result = await callRoute<any>(action, { url: "/login", form: form("", "") });
    expect(result.status).toBe(400);
    expect(result.data.result.error).toEqual({
      username: ["auth:login.usernameRequired"],
      password: ["auth:login.passwordRequired"],
    });
  });

  it("refuses a username after too many failed attempts, with the minutes to wait", async () => {
    for (let i = 0; i < 8; i++) await callRoute(action, { url: "/login", form: form("resi@example.com", `wrong-${i}`) });
    const result = await callRoute<any>(action, { url: "/login", form: form("resi@example.com", "Demo-Pass-2026") });
    expect(result.status).toBe(429);
    expect(result.data.notice).toBe("throttled");
    expect(result.data.minutes).toBeGreaterThanOrEqual(1);
  });

  it("refuses when server.ts found the address over its limit", async () => {
    const result = await callRoute<any>(action, {
      url: "/login",
      form: form("resi@example.com", "Demo-Pass-2026"),
      requestInfo: { signInBlockedUntil: new Date(Date.now() + 5 * 60_000) },
    });
    expect(result.status).toBe(429);
    expect(result.data.minutes).toBe(5);
  });
});

describe("login loader", () => {
  it("sends a signed-in customer on to a safe came_from", async () => {
    const result = await callRoute(loader, { url: "/login?came_from=%2Fdashboard%2F100101", cookie: await signedInCookie() });
    expect(result.location).toBe("/dashboard/100101");
  });
});
