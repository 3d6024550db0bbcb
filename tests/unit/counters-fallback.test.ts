/**
 * Redis stopped under the day's load (issue 28, faults): sign-in limits go on, counted in each process,
 * said once in the log, and no attempt waits for Redis for more than a moment.
 */
import net from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { Counter, closeCounterClients } from "#common/counters";
import { catchLog } from "../support/log-lines.ts";

afterAll(() => closeCounterClients());

/** A port nothing listens on (Redis stopped). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("counters with REDIS_URL while Redis does not answer", () => {
  it("count in this process instead, and say so once", async () => {
    const log = catchLog();
    try {
      const redisUrl = `redis://127.0.0.1:${await closedPort()}`;
      const counter = new Counter({ prefix: "test:fallback", windowMs: 60_000, redisUrl });
      expect((await counter.increment("198.51.100.7")).totalHits).toBe(1);
      // The client tries to reconnect meanwhile: several errors, one line.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const started = performance.now();
      expect((await counter.increment("198.51.100.7")).totalHits).toBe(2);
      expect((await counter.hits("198.51.100.7"))?.totalHits).toBe(2);
      expect(performance.now() - started).toBeLessThan(200);
      expect(log.events("redis.down")).toHaveLength(1);
    } finally {
      log.stop();
    }
  });
});
