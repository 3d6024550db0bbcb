/**
 * With REDIS_URL, portal processes (and the embedded APIs in them) share the counters of the sign-in
 * limits (common/sign-in-limits.ts): what one process counted, the next attempt in another sees. Needs
 * a Redis server (TEST_REDIS_URL; .ci/run starts one with scripts/test-redis.sh); npm test runs this
 * suite only then.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { Counter, closeCounterClients } from "#common/counters";

const run = promisify(execFile);
const REDIS_URL = process.env.TEST_REDIS_URL;
if (!REDIS_URL) throw new Error("TEST_REDIS_URL is not set: start Redis with scripts/test-redis.sh");

afterAll(() => closeCounterClients());

interface Try {
  username: string;
  address: string;
  right: boolean;
}

/** A separate Node process (another portal instance) with its own limits on the same Redis. */
async function portalProcess(tries: Try[], next: { username: string; address: string }) {
  const { stdout } = await run(process.execPath, ["--import", "tsx", "tests/redis/throttle-process.ts", JSON.stringify({ tries, next })], {
    env: { ...process.env, REDIS_URL },
  });
  return JSON.parse(stdout.trim().split("\n").pop()!) as { blocked: boolean; delayMs: number; refused: number; pid: number };
}

/** Names and addresses of this run only (Redis keeps the counters of earlier runs for the window). */
const unique = () => randomBytes(4).toString("hex");
const octet = () => 1 + (randomBytes(1)[0] % 250);
const failures = (username: string, address: string, n: number): Try[] =>
  Array.from({ length: n }, () => ({ username, address, right: false }));

describe("sign-in counters in Redis", () => {
  it("refuse in one process the username and address another process saw fail 8 times; elsewhere the owner only waits", async () => {
    const username = `victim-${unique()}@example.com`;
    const address = `198.51.${octet()}.${octet()}`;
    const first = await portalProcess(failures(username, address, 7), { username, address });
    expect(first.blocked).toBe(false);
    const second = await portalProcess(failures(username, address, 1), { username, address });
    expect(second.pid).not.toBe(first.pid);
    expect(second.blocked).toBe(true);
    const elsewhere = await portalProcess([], { username, address: `203.0.${octet()}.${octet()}` });
    expect(elsewhere.blocked).toBe(false);
    expect(elsewhere.delayMs).toBe(250);
  });

  it("add up a username's failures from 13 addresses counted in two processes: the owner in a third waits the cap, never refused", async () => {
    const username = `owner-${unique()}@example.com`;
    const net = `192.${octet()}.${octet()}`;
    const from = (first: number, last: number) =>
      Array.from({ length: last - first + 1 }, (_, i) => failures(username, `${net}.${first + i}`, 8)).flat();
    await portalProcess(from(1, 7), { username, address: `${net}.1` });
    const other = await portalProcess(from(8, 13), { username, address: `${net}.8` });
    expect(other.blocked).toBe(true);
    const owner = await portalProcess([], { username, address: `${net}.200` });
    expect(owner).toMatchObject({ blocked: false, delayMs: 4000 });
  });

  it("share an address's failures, whatever the usernames: 30 in one process, the next attempt in another is refused", async () => {
    const address = `192.0.${octet()}.${octet()}`;
    const id = unique();
    const spray = Array.from({ length: 30 }, (_, i) => ({ username: `spray${i}-${id}@example.com`, address, right: false }));
    expect((await portalProcess(spray.slice(0, 15), { username: `a-${id}@example.com`, address })).blocked).toBe(false);
    expect((await portalProcess(spray.slice(15), { username: `b-${id}@example.com`, address })).blocked).toBe(true);
  });

  it("do not count successes against an address: 45 sign-ins in one process, the next person in another gets in", async () => {
    const address = `198.18.${octet()}.${octet()}`;
    const id = unique();
    const office = Array.from({ length: 45 }, (_, i) => ({ username: `person${i}-${id}@example.com`, address, right: true }));
    const first = await portalProcess(office, { username: `next-${id}@example.com`, address });
    expect(first.refused).toBe(0);
    const next = await portalProcess([], { username: `next-${id}@example.com`, address });
    expect(next).toMatchObject({ blocked: false, delayMs: 0 });
  });

  it("keep a counter's hits and window across clients", async () => {
    const key = `k-${unique()}`;
    const a = new Counter({ prefix: "test", windowMs: 60_000, redisUrl: REDIS_URL });
    await a.increment(key);
    await a.increment(key);
    const b = new Counter({ prefix: "test", windowMs: 60_000, redisUrl: REDIS_URL });
    const hits = await b.hits(key);
    expect(hits?.totalHits).toBe(2);
    expect(hits!.resetTime!.getTime()).toBeGreaterThan(Date.now());
  });
});
