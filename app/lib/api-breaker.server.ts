/**
 * The circuit breaker of the external API (API_BASE_URL), with cockatiel's: it remembers that the API is
 * down, so that pages answer "service unavailable" (503) at once instead of each waiting for its time.
 *
 *  - closed: calls go through. API_BREAKER_FAILURES failures in a row open it: a call without an answer
 *    (refused, reset, or past the page's time: api-budget.server.ts) or answered 5xx. Answers 4xx (401,
 *    403, 404, 409, 422, 429) are the API answering: they count as successes, as any answer does, and end
 *    a run of failures. A call the page gave up on (its browser went away) counts for nothing.
 *  - open: no call is made; the call fails at once (`isBreakerOpen`), and so the page answers 503.
 *  - after API_BREAKER_OPEN_MS it asks the API by itself (half-open: `probe`, HEAD /openapi.json as
 *    /readyz does, with API_TIMEOUT_MS): any answer below 500 closes it, none opens it again for as long.
 *    Pages keep answering 503 at once while the probe is out; they never wait for it.
 *
 * Each change of state is logged once (`api.breaker.open`, `api.breaker.half-open`, `api.breaker.closed`).
 * server.ts makes one per process when API_BASE_URL is set and registers it (through the server bundle,
 * server/entry.ts, which the app's routes share); /readyz reports it. The embedded in-process API
 * has none (docs/decisions/040-api-circuit-breaker.md).
 */
import {
  CircuitState,
  ConsecutiveBreaker,
  circuitBreaker,
  handleWhen,
  isBrokenCircuitError,
  BrokenCircuitError,
  type CircuitBreakerPolicy,
} from "cockatiel";
import type { ApiTransport } from "./api-transport.server.ts";
import { logEvent } from "./logger.server.ts";
import { setBreakerState } from "./metrics.server.ts";

export type BreakerState = "closed" | "open" | "half-open";

export interface ApiBreakerOptions {
  /** Failures in a row that open it. */
  failures: number;
  /** How long it stays open before it asks the API again. */
  openMs: number;
  /** Asks the API whether it answers, by itself: the status of its answer (rejects without one). */
  probe: () => Promise<number>;
  /** Where changes of state are told (default: logEvent). */
  log?: (event: string, details: Record<string, unknown>) => void;
}

/** A call the page itself gave up on (its browser went away): no failure of the API. */
class PageGone extends Error {
  constructor(readonly reason: unknown) {
    super("the page request was aborted");
  }
}

/** An answer the API gave with a status of failure (5xx). */
const failedAnswer = (answer: unknown) =>
  typeof answer === "object" && answer !== null && typeof (answer as { status?: unknown }).status === "number"
    ? (answer as { status: number }).status >= 500
    : false;

const NAMES: Record<CircuitState, BreakerState> = {
  [CircuitState.Closed]: "closed",
  [CircuitState.Open]: "open",
  [CircuitState.HalfOpen]: "half-open",
  [CircuitState.Isolated]: "open",
};

/** Whether a call failed because the breaker is open (no call was made). */
export const isBreakerOpen = (error: unknown): boolean => isBrokenCircuitError(error);

export class ApiBreaker {
  private readonly policy: CircuitBreakerPolicy;
  private timer: NodeJS.Timeout | undefined;
  private readonly guarded = new WeakMap<ApiTransport, ApiTransport>();
  private disposed = false;

  constructor(private readonly options: ApiBreakerOptions) {
    this.policy = circuitBreaker(handleWhen((error) => !(error instanceof PageGone)).orWhenResult(failedAnswer), {
      halfOpenAfter: options.openMs,
      breaker: new ConsecutiveBreaker(options.failures),
    });
    const log = options.log ?? logEvent;
    this.policy.onBreak((reason) => {
      const why =
        "error" in reason
          ? { reason: reason.error.message }
          : "value" in reason
            ? { reason: `answered ${(reason.value as { status?: number }).status}` }
            : {};
      setBreakerState("open");
      log("api.breaker.open", { ...why, failures: options.failures, retryInMs: options.openMs });
      this.schedule(options.openMs);
    });
    this.policy.onHalfOpen(() => (setBreakerState("half-open"), log("api.breaker.half-open", {})));
    this.policy.onReset(() => (setBreakerState("closed"), log("api.breaker.closed", {})));
  }

  get state(): BreakerState {
    return NAMES[this.policy.state];
  }

  /** The transport through the breaker: while it is not closed, every call fails at once (`isBreakerOpen`). */
  guard(transport: ApiTransport): ApiTransport {
    let guarded = this.guarded.get(transport);
    if (!guarded) {
      guarded = async (exchange) => {
        // Only the breaker's own probe tries the API again: a page never waits for it.
        if (this.policy.state !== CircuitState.Closed) throw new BrokenCircuitError();
        try {
          return await this.policy.execute(async () => {
            try {
              return await transport(exchange);
            } catch (error) {
              throw exchange.signal?.aborted ? new PageGone(error) : error;
            }
          });
        } catch (error) {
          throw error instanceof PageGone ? error.reason : error;
        }
      };
      this.guarded.set(transport, guarded);
    }
    return guarded;
  }

  /** Stops its probes (shutdown, tests). */
  dispose(): void {
    this.disposed = true;
    clearTimeout(this.timer);
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    if (this.disposed) return;
    this.timer = setTimeout(() => void this.probe(), ms);
    // The probe never keeps the process alive (shutdown).
    this.timer.unref();
  }

  /** Half-open: the breaker's own call to the API; its answer closes the breaker, its failure opens it again. */
  private async probe(): Promise<void> {
    if (this.policy.state !== CircuitState.Open) return;
    try {
      await this.policy.execute(async () => ({ status: await this.options.probe() }));
    } catch (error) {
      // The timer ran a little before the breaker's own clock allows a test: once more, shortly.
      if (isBrokenCircuitError(error) && this.policy.state === CircuitState.Open) this.schedule(25);
      // Otherwise the failure opened it again, and onBreak scheduled the next probe.
    }
  }
}

let processBreaker: ApiBreaker | undefined;

/** server.ts: the breaker of this process's external API (undefined: none). */
export function registerApiBreaker(breaker: ApiBreaker | undefined): void {
  processBreaker?.dispose();
  processBreaker = breaker;
}

export function apiBreaker(): ApiBreaker | undefined {
  return processBreaker;
}
