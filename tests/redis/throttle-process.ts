/**
 * One portal process's sign-in limits, for tests/redis: makes the tries it is told against REDIS_URL
 * (the model's counters), then prints the verdict of one more attempt as JSON.
 *   tsx tests/redis/throttle-process.ts <json: { tries: [{ username, address, right }], next: { username, address } }>
 */
import { closeCounterClients } from "#common/counters";
import { SignInLimiter } from "#common/sign-in-limits";

interface Plan {
  tries: { username: string; address: string; right: boolean }[];
  next: { username: string; address: string };
}

const plan = JSON.parse(process.argv[2]) as Plan;
const limits = new SignInLimiter({ maxDelayMs: 4000, redisUrl: process.env.REDIS_URL });
let refused = 0;
for (const { username, address, right } of plan.tries) {
  const verdict = await limits.attempt(username, address);
  if (verdict.blockedUntil) {
    refused++;
    continue;
  }
  if (right) await limits.succeeded(username, address);
  else await limits.failed(username, address);
}
const verdict = await limits.attempt(plan.next.username, plan.next.address);
console.log(JSON.stringify({ blocked: verdict.blockedUntil !== null, delayMs: verdict.delayMs, refused, pid: process.pid }));
await closeCounterClients();
