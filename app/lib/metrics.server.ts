/**
 * The portal's Prometheus metrics (prom-client), served at /metrics (server/metrics.ts). Labels only ever
 * take values from fixed sets (route patterns, endpoint patterns, methods, status codes, outcomes): never
 * an id, an address or anything of a user's.
 */
import cluster from "node:cluster";
import { AggregatorRegistry, Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function makeMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // A worker of Node's cluster answers the primary's scrape (server/metrics.ts) with these metrics.
  // (an AggregatorRegistry made in the worker is what answers the primary's requests).
  if (cluster.isWorker) {
    new AggregatorRegistry();
    AggregatorRegistry.setRegistries([registry]);
  }
  return {
    registry,
    httpDuration: new Histogram({
      name: "portal_http_request_duration_seconds",
      help: "Time to answer a request to the portal, by route pattern, method and status",
      labelNames: ["route", "method", "status"] as const,
      buckets: SECONDS,
      registers: [registry],
    }),
    apiDuration: new Histogram({
      name: "portal_api_call_duration_seconds",
      help: "Time of the portal's calls to the API, by endpoint pattern and status (0: no answer)",
      labelNames: ["endpoint", "method", "status"] as const,
      buckets: SECONDS,
      registers: [registry],
    }),
    cacheOutcomes: new Counter({
      name: "portal_page_cache_total",
      help: "Tagged page views by route pattern and outcome: rendered, or 304 (the browser's copy still holds)",
      labelNames: ["route", "outcome"] as const,
      registers: [registry],
    }),
    signIns: new Counter({
      name: "portal_sign_ins_total",
      help: "Sign-in attempts on the portal's sign-in page, by outcome",
      labelNames: ["outcome"] as const,
      registers: [registry],
    }),
    payments: new Counter({
      name: "portal_payments_total",
      help: "One-time payments made through the portal, by method and outcome",
      labelNames: ["method", "outcome"] as const,
      registers: [registry],
    }),
    breaker: new Gauge({
      name: "portal_api_breaker_state",
      help: "The API circuit breaker's state: 0 closed, 1 half-open, 2 open",
      registers: [registry],
    }),
  };
}

export type PortalMetrics = ReturnType<typeof makeMetrics>;

let processMetrics: PortalMetrics | undefined;

export function metrics(): PortalMetrics {
  return (processMetrics ??= makeMetrics());
}

export const SIGN_IN_OUTCOMES = ["success", "wrong_password", "limited", "unavailable", "two_step", "wrong_code"] as const;
export const PAYMENT_OUTCOMES = ["approved", "declined", "pending", "refused", "failed"] as const;
export const CACHE_OUTCOMES = ["rendered", "304"] as const;
export type CacheOutcome = (typeof CACHE_OUTCOMES)[number];

export function countSignIn(outcome: (typeof SIGN_IN_OUTCOMES)[number]): void {
  metrics().signIns.inc({ outcome });
}

export function countPayment(method: "card" | "bank", outcome: (typeof PAYMENT_OUTCOMES)[number]): void {
  metrics().payments.inc({ method, outcome });
}

const BREAKER_VALUES = { closed: 0, "half-open": 1, open: 2 } as const;
export function setBreakerState(state: keyof typeof BREAKER_VALUES): void {
  metrics().breaker.set(BREAKER_VALUES[state]);
}
