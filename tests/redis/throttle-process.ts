/**
 * One portal process's sign-in throttle, for tests/redis: counts what it is told against REDIS_URL and
 * prints the verdict of one more attempt as JSON.
 *   tsx tests/redis/throttle-process.ts <failures> <username> <address>
 */
import { closeCounterClients } from "../../server/counters.ts";
import { SignInThrottle } from "../../app/lib/sign-in-throttle.server.ts";

const [failures, username, address] = process.argv.slice(2);
const throttle = new SignInThrottle({
  perAddress: 1000,
  perPair: 8,
  perUsername: 100,
  windowMs: 15 * 60_000,
  maxDelayMs: 4000,
  redisUrl: process.env.REDIS_URL,
});
for (let i = 0; i < Number(failures); i++) {
  await throttle.attempt(username, address);
  await throttle.failed(username, address);
}
const verdict = await throttle.attempt(username, address);
console.log(JSON.stringify({ blocked: verdict.blockedUntil !== null, delayMs: verdict.delayMs, pid: process.pid }));
await closeCounterClients();
