/**
 * The sign-in limit model (common/sign-in-limits.ts) as the portal and the token endpoint use it: an
 * attempt, then failed() or succeeded() when the password was checked. Counters in memory.
 */
import { afterEach, describe, expect, it } from "vitest";
import { COUNTED_HEADER, SignInLimiter, delayAfter, type SignInSettings } from "#common/sign-in-limits";

const limiters: SignInLimiter[] = [];
const limiter = (settings: Partial<SignInSettings> = {}, options?: { embeddedApi?: boolean }) => {
  const made = new SignInLimiter(settings, options);
  limiters.push(made);
  return made;
};
afterEach(() => {
  for (const made of limiters.splice(0)) made.shutdown();
});

/** One try as the sign-in page makes it: refused, or the password checked and counted. */
async function tryPassword(limits: SignInLimiter, username: string, address: string, right: boolean) {
  const verdict = await limits.attempt(username, address);
  if (verdict.blockedUntil) return { refused: true, ...verdict };
  if (right) await limits.succeeded(username, address);
  else await limits.failed(username, address);
  return { refused: false, ...verdict };
}

const OWNER = "leaving@example.com";

describe("a username guessed from elsewhere", () => {
  it("105 failures from one address: that address is refused after 8, the owner elsewhere gets in", async () => {
    const limits = limiter();
    const refused = [];
    for (let i = 0; i < 105; i++) refused.push((await tryPassword(limits, OWNER, "198.51.100.66", false)).refused);
    expect(refused.filter((r) => !r)).toHaveLength(8);
    expect(refused.slice(8).every(Boolean)).toBe(true);

    const owner = await limits.attempt(OWNER, "203.0.113.50");
    expect(owner.blockedUntil).toBeNull();
    expect(owner.delayMs).toBeLessThanOrEqual(limits.settings.maxDelayMs);
  });

  it("13 addresses × 8 failures: never a refusal for the owner from a 14th address, only the capped wait", async () => {
    const limits = limiter();
    for (let a = 1; a <= 13; a++) {
      for (let i = 0; i < 8; i++) expect((await tryPassword(limits, OWNER, `192.0.2.${a}`, false)).refused).toBe(false);
      // Each of these addresses is done for this username.
      expect((await limits.attempt(OWNER, `192.0.2.${a}`)).blockedUntil).not.toBeNull();
    }
    const owner = await limits.attempt(OWNER, "203.0.113.51");
    expect(owner.blockedUntil).toBeNull();
    expect(owner.delayMs).toBe(4000);
  });

  it("counts usernames without regard to case or spaces", async () => {
    const limits = limiter();
    for (let i = 0; i < 8; i++) await tryPassword(limits, i % 2 ? " Leaving@Example.com" : OWNER, "192.0.2.1", false);
    expect((await limits.attempt("LEAVING@example.COM ", "192.0.2.1")).blockedUntil).not.toBeNull();
  });

  it("forgives the owner's own failures at an address once they get in there, not others'", async () => {
    const limits = limiter();
    for (let i = 0; i < 7; i++) await tryPassword(limits, OWNER, "203.0.113.7", false);
    await tryPassword(limits, OWNER, "203.0.113.7", true);
    for (let i = 0; i < 7; i++) expect((await tryPassword(limits, OWNER, "203.0.113.7", false)).refused).toBe(false);
  });
});

describe("the wait", () => {
  it("starts past the pair limit, doubles from 250 ms and stops at the cap", () => {
    const settings = { failuresPerPair: 8, maxDelayMs: 4000 };
    expect([0, 7, 8, 9, 10, 11, 12, 13, 100, 10_000].map((failures) => delayAfter(failures, settings))).toEqual([
      0, 0, 250, 500, 1000, 2000, 4000, 4000, 4000, 4000,
    ]);
    expect(delayAfter(50, { failuresPerPair: 8, maxDelayMs: 600 })).toBe(600);
  });

  it("grows with the username's failures from every address", async () => {
    const limits = limiter();
    const waits = [];
    for (let a = 1; a <= 14; a++) {
      await tryPassword(limits, OWNER, `192.0.2.${a}`, false);
      waits.push((await limits.attempt(OWNER, "203.0.113.99")).delayMs);
    }
    expect(waits).toEqual([0, 0, 0, 0, 0, 0, 0, 250, 500, 1000, 2000, 4000, 4000, 4000]);
  });
});

describe("an address", () => {
  it("signs in 45 people and the next one still gets in: successes use up no allowance", async () => {
    const limits = limiter();
    for (let i = 0; i < 45; i++) expect((await tryPassword(limits, `person${i}@example.com`, "198.51.100.200", true)).refused).toBe(false);
    const next = await limits.attempt("family@example.com", "198.51.100.200");
    expect(next).toEqual({ blockedUntil: null, delayMs: 0 });
  });

  it("is refused after 30 failures, whatever the usernames, until the window ends", async () => {
    const limits = limiter();
    for (let i = 0; i < 30; i++) expect((await tryPassword(limits, `spray${i}@example.com`, "192.0.2.9", false)).refused).toBe(false);
    const next = await limits.attempt("resi@example.com", "192.0.2.9");
    expect(next.blockedUntil!.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    // Another address is not.
    expect((await limits.attempt("resi@example.com", "192.0.2.10")).blockedUntil).toBeNull();
  });

  it("is refused past the much higher ceiling of attempts, right or wrong (floods)", async () => {
    const limits = limiter({ attemptsPerAddress: 50 });
    for (let i = 0; i < 50; i++) expect((await tryPassword(limits, `p${i}@example.com`, "192.0.2.77", true)).refused).toBe(false);
    expect((await limits.attempt("p50@example.com", "192.0.2.77")).blockedUntil).not.toBeNull();
  });

  it("counts an IPv6 subscriber's whole /56 as one address", async () => {
    const limits = limiter();
    for (let i = 0; i < 30; i++) await tryPassword(limits, `spray${i}@example.com`, `2001:db8:0:${i.toString(16)}::${i + 1}`, false);
    expect((await limits.attempt("resi@example.com", "2001:db8:0:ff::1")).blockedUntil).not.toBeNull();
    expect((await limits.attempt("resi@example.com", "2001:db8:0:100::1")).blockedUntil).toBeNull();
  });

  it("shares its failure allowance with the other account posts (recovery, activation)", async () => {
    const limits = limiter();
    for (let i = 0; i < 29; i++) await tryPassword(limits, `spray${i}@example.com`, "192.0.2.5", false);
    expect(await limits.countAddress("192.0.2.5")).toBeNull();
    expect(await limits.countAddress("192.0.2.5")).not.toBeNull();
    expect((await limits.attempt("resi@example.com", "192.0.2.5")).blockedUntil).not.toBeNull();
  });
});

describe("recovery e-mails per username", () => {
  it("are refused past the pair limit, per key", async () => {
    const limits = limiter({ failuresPerPair: 2 });
    await limits.countKey("forgot-password:resi@example.com");
    expect(await limits.keyBlockedUntil("forgot-password:resi@example.com")).toBeNull();
    await limits.countKey("forgot-password:resi@example.com");
    expect(await limits.keyBlockedUntil("forgot-password:resi@example.com")).not.toBeNull();
    expect(await limits.keyBlockedUntil("forgot-password:family@example.com")).toBeNull();
  });
});

describe("the portal's own token requests", () => {
  it("carry a key only the instance shared with the embedded API knows", () => {
    const shared = limiter({}, { embeddedApi: true });
    const key = shared.countedHeaders[COUNTED_HEADER];
    expect(key).toMatch(/^[\w-]{32}$/);
    expect(shared.countedByPortal(key)).toBe(true);
    expect(shared.countedByPortal(undefined)).toBe(false);
    expect(shared.countedByPortal("forged")).toBe(false);
    expect(shared.countedByPortal(limiter({}, { embeddedApi: true }).countedHeaders[COUNTED_HEADER])).toBe(false);
  });

  it("carry nothing to another API", () => {
    const alone = limiter();
    expect(alone.countedHeaders).toEqual({});
    expect(alone.countedByPortal("")).toBe(false);
  });
});
