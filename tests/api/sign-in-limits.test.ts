/**
 * POST /auth/access-token under the portal's sign-in limits (common/sign-in-limits.ts), as the world
 * reaches it at /api/v1, and together with the portal's sign-in page when both share one model (the
 * embedded API): each attempt counted and delayed once, the owner never refused for others' guesses.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COUNTED_HEADER, SignInLimiter } from "#common/sign-in-limits";
import { createTestApi, type TestApi } from "./support/api.ts";

const PASSWORD = "Demo-Pass-2026";

const tokenRequest = (api: TestApi, username: string, password: string, address: string, headers: Record<string, string> = {}) =>
  api.call("POST", "/auth/access-token", { json: { username, password }, headers: { "X-Forwarded-For": address, ...headers } });

describe("POST /auth/access-token, from the world", () => {
  let api: TestApi;
  beforeAll(async () => {
    // The production limits, with a short cap on the wait to keep the file quick.
    api = await createTestApi({ limits: { failuresPerAddress: 30, attemptsPerAddress: 300, failuresPerPair: 8, maxDelayMs: 100 } });
  });
  afterAll(() => api.close());

  it("after 105 wrong passwords from one address (refused there after 8), answers the owner from another address", async () => {
    const statuses: Record<number, number> = {};
    let retryAfter: string | null = null;
    for (let i = 0; i < 105; i++) {
      const { status, headers } = await tokenRequest(api, "leaving@example.com", `wrong-${i}`, "198.51.100.66");
      statuses[status] = (statuses[status] ?? 0) + 1;
      retryAfter ??= headers.get("Retry-After");
    }
    expect(statuses).toEqual({ 401: 8, 429: 97 });
    expect(Number(retryAfter)).toBeGreaterThan(14 * 60);
    expect((await tokenRequest(api, "leaving@example.com", PASSWORD, "203.0.113.50")).status).toBe(200);
  });

  it("after 13 addresses × 8 wrong passwords, answers the owner from a 14th address, after the capped wait", async () => {
    for (let a = 1; a <= 13; a++) {
      for (let i = 0; i < 8; i++) expect((await tokenRequest(api, "family@example.com", `wrong-${i}`, `192.0.2.${a}`)).status).toBe(401);
    }
    const started = performance.now();
    expect((await tokenRequest(api, "family@example.com", PASSWORD, "203.0.113.51")).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(95);
    // 105 password checks (scrypt) and the capped waits: room for a busy machine.
  }, 120_000);

  it("signs in 45 people from one address and then the next one: successes use up no allowance", async () => {
    for (let i = 0; i < 45; i++) {
      expect((await tokenRequest(api, i % 2 ? "resi@example.com" : "sam.gagnon@example.com", PASSWORD, "198.51.100.200")).status).toBe(200);
    }
    expect((await tokenRequest(api, "business@example.com", PASSWORD, "198.51.100.200")).status).toBe(200);
    // 46 password checks (scrypt, deliberately slow): room for a busy machine.
  }, 120_000);

  it("refuses an address after 30 wrong passwords, whatever the usernames, even the right one next", async () => {
    for (let i = 0; i < 30; i++) expect((await tokenRequest(api, `spray${i}@example.com`, "Spring2026!", "192.0.2.99")).status).toBe(401);
    expect((await tokenRequest(api, "resi@example.com", PASSWORD, "192.0.2.99")).status).toBe(429);
    expect((await tokenRequest(api, "resi@example.com", PASSWORD, "192.0.2.98")).status).toBe(200);
  });

  it("counts a request that claims the portal counted it, unless it carries the portal's own key", async () => {
    for (let i = 0; i < 8; i++) {
      expect((await tokenRequest(api, "business@example.com", `wrong-${i}`, "192.0.2.120", { [COUNTED_HEADER]: "forged" })).status).toBe(
        401,
      );
    }
    expect((await tokenRequest(api, "business@example.com", PASSWORD, "192.0.2.120", { [COUNTED_HEADER]: "forged" })).status).toBe(429);
  });
});

describe("the portal's sign-in page and the embedded API, one model", () => {
  const saved = { ...process.env };
  const shared = new SignInLimiter({ maxDelayMs: 800 }, { embeddedApi: true });
  let api: TestApi;
  let portal: { signIn(username: string, password: string, address: string): Promise<{ status: number; ms: number }> };

  beforeAll(async () => {
    api = await createTestApi({ signIn: shared });
    Object.assign(process.env, {
      NODE_ENV: "test",
      API_BASE_URL: api.baseUrl,
      SESSION_SECRET: "the-portal-and-its-api-share-the-limits-0123456789",
    });
    const [{ callRoute }, login, { resetConfig }] = await Promise.all([
      import("../support/route.ts"),
      import("../../app/routes/login.tsx"),
      import("../../app/lib/config.server.ts"),
    ]);
    resetConfig();
    portal = {
      async signIn(username, password, address) {
        const started = performance.now();
        const result = await callRoute(login.action, {
          url: "/login",
          form: { username, password, came_from: "" },
          requestInfo: { clientAddress: address },
          signInLimits: shared,
        });
        return { status: result.status, ms: performance.now() - started };
      },
    };
  });
  afterAll(async () => {
    process.env = saved;
    shared.shutdown();
    await api.close();
  });

  it("105 wrong passwords at /api/v1 from one address, then the owner signs in through the portal from another", async () => {
    for (let i = 0; i < 105; i++) await tokenRequest(api, "leaving@example.com", `wrong-${i}`, "198.51.100.66");
    const owner = await portal.signIn("leaving@example.com", PASSWORD, "203.0.113.50");
    expect(owner.status).toBe(302);
  });

  it("counts each attempt through the portal once: 7 there and 1 at the API, and the pair is refused at the 9th", async () => {
    for (let i = 0; i < 7; i++) expect((await portal.signIn("family@example.com", `wrong-${i}`, "192.0.2.30")).status).toBe(401);
    expect((await tokenRequest(api, "family@example.com", "wrong-7", "192.0.2.30")).status).toBe(401);
    expect((await tokenRequest(api, "family@example.com", PASSWORD, "192.0.2.30")).status).toBe(429);
    expect((await portal.signIn("family@example.com", PASSWORD, "192.0.2.30")).status).toBe(429);
    // The owner elsewhere: in.
    expect((await portal.signIn("family@example.com", PASSWORD, "203.0.113.30")).status).toBe(302);
  });

  it("makes the owner of a username guessed from many addresses wait the cap once, not once per layer", async () => {
    for (let a = 1; a <= 13; a++) for (let i = 0; i < 8; i++) await shared.failed("business@example.com", `192.0.2.${a}`);
    const owner = await portal.signIn("business@example.com", PASSWORD, "203.0.113.40");
    expect(owner.status).toBe(302);
    expect(owner.ms).toBeGreaterThanOrEqual(790);
    expect(owner.ms).toBeLessThan(1600);
  });
});
