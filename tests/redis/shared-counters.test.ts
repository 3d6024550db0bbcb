/**
 * With REDIS_URL, portal processes share their sign-in counters: failures counted by one process
 * block the next attempt in another. Needs a Redis server (TEST_REDIS_URL; .ci/run starts one with
 * scripts/test-redis.sh); npm test runs this suite only then.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { Counter, closeCounterClients } from "../../server/counters.ts";

const run = promisify(execFile);
const REDIS_URL = process.env.TEST_REDIS_URL;
if (!REDIS_URL) throw new Error("TEST_REDIS_URL is not set: start Redis with scripts/test-redis.sh");

afterAll(() => closeCounterClients());

/** A separate Node process (another portal instance) with its own throttle on the same Redis. */
async function portalProcess(failures: number, username: string, address: string) {
  const { stdout } = await run(
    process.execPath,
    ["--import", "tsx", "tests/redis/throttle-process.ts", String(failures), username, address],
    {
      env: { ...process.env, REDIS_URL },
    },
  );
  return JSON.parse(stdout.trim().split("\n").pop()!) as { blocked: boolean; delayMs: number; pid: number };
}

describe("sign-in counters in Redis", () => {
  it("block in one process the username and address another process saw fail 8 times", async () => {
    const username = `victim-${randomBytes(4).toString("hex")}@example.com`;
    const first = await portalProcess(7, username, "198.51.100.1");
    expect(first.blocked).toBe(false);
    const second = await portalProcess(1, username, "198.51.100.1");
    expect(second.pid).not.toBe(first.pid);
    expect(second.blocked).toBe(true);
    // The same username from another address is not blocked, but waits: it is under attack.
    const elsewhere = await portalProcess(0, username, "203.0.113.5");
    expect(elsewhere.blocked).toBe(false);
    expect(elsewhere.delayMs).toBeGreaterThan(0);
  });

  it("keep a counter's hits and window across clients", async () => {
    const key = `k-${randomBytes(4).toString("hex")}`;
    const a = new Counter({ prefix: "test", windowMs: 60_000, redisUrl: REDIS_URL });
    await a.increment(key);
    await a.increment(key);
    const b = new Counter({ prefix: "test", windowMs: 60_000, redisUrl: REDIS_URL });
    const hits = await b.hits(key);
    expect(hits?.totalHits).toBe(2);
    expect(hits!.resetTime!.getTime()).toBeGreaterThan(Date.now());
  });
});
