/**
 * The external API's circuit breaker (app/lib/api-breaker.server.ts, cockatiel's): it opens after failures
 * in a row, answers at once while open, asks the API again by itself and closes when it answers.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ApiBreaker, isBreakerOpen } from "../../app/lib/api-breaker.server.ts";
import { ApiClient, isFailure } from "../../app/lib/api.server.ts";
import type { ApiAnswer, ApiExchange, ApiTransport } from "../../app/lib/api-transport.server.ts";
import { metrics } from "../../app/lib/metrics.server.ts";

const OPEN_MS = 5_000;

const answer = (status: number): ApiAnswer => ({
  status,
  text: async () => JSON.stringify({ success: status < 400 }),
  response: () => new Response(null, { status }),
  header: () => undefined,
});

/** A transport whose next outcomes the test sets: a status, or "none" (no answer: refused or timed out). */
function api() {
  const outcomes: (number | "none")[] = [];
  const calls: ApiExchange[] = [];
  const transport: ApiTransport = async (exchange) => {
    calls.push(exchange);
    const outcome = outcomes.shift() ?? 200;
    if (outcome === "none") throw new Error("connect ECONNREFUSED 127.0.0.1:4000");
    return answer(outcome);
  };
  return { outcomes, calls, transport };
}

const exchange = (signal?: AbortSignal): ApiExchange => ({
  method: "GET",
  url: new URL("http://api.test/api/v1/thing"),
  headers: {},
  signal,
  timeoutMs: 1000,
});

function breakerWith(probe: () => Promise<number>, failures = 3) {
  const events: string[] = [];
  const breaker = new ApiBreaker({ failures, openMs: OPEN_MS, probe, log: (event) => events.push(event) });
  return { breaker, events };
}

/** What a call through the guarded transport gives: its status, or "open" / "failed". */
async function outcomeOf(transport: ApiTransport, signal?: AbortSignal): Promise<number | "open" | "failed"> {
  try {
    return (await transport(exchange(signal))).status;
  } catch (error) {
    return isBreakerOpen(error) ? "open" : "failed";
  }
}

let breakers: ApiBreaker[] = [];
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  breakers.forEach((b) => b.dispose());
  breakers = [];
  vi.useRealTimers();
});

function setUp(probe: () => Promise<number> = async () => 200, failures = 3) {
  const { breaker, events } = breakerWith(probe, failures);
  breakers.push(breaker);
  const upstream = api();
  return { breaker, events, upstream, guarded: breaker.guard(upstream.transport) };
}

describe("the API's circuit breaker", () => {
  it("opens after failures in a row (no answer, or a 5xx), logs it once, then fails every call at once without calling", async () => {
    const { breaker, events, upstream, guarded } = setUp();
    upstream.outcomes.push("none", 502, "none");
    expect([await outcomeOf(guarded), await outcomeOf(guarded)]).toEqual(["failed", 502]);
    expect(breaker.state).toBe("closed");
    expect(await outcomeOf(guarded)).toBe("failed");
    expect(breaker.state).toBe("open");
    const made = upstream.calls.length;
    expect(await Promise.all([outcomeOf(guarded), outcomeOf(guarded), outcomeOf(guarded)])).toEqual(["open", "open", "open"]);
    expect(upstream.calls).toHaveLength(made);
    expect(events).toEqual(["api.breaker.open"]);
  });

  it("counts answers 4xx (401, 403, 404, 422) as the API answering: they end a run of failures", async () => {
    const { breaker, upstream, guarded } = setUp();
    upstream.outcomes.push("none", 503, 401, "none", 500, 403, 404, 422, "none", "none");
    const seen = [];
    for (let i = 0; i < 10; i++) seen.push(await outcomeOf(guarded));
    expect(seen).toEqual(["failed", 503, 401, "failed", 500, 403, 404, 422, "failed", "failed"]);
    expect(breaker.state).toBe("closed");
  });

  it("does not count a call the page gave up on (its browser went away)", async () => {
    const { breaker, upstream, guarded } = setUp();
    const gone = new AbortController();
    gone.abort();
    upstream.outcomes.push("none", "none", "none", "none");
    for (let i = 0; i < 4; i++) expect(await outcomeOf(guarded, gone.signal)).toBe("failed");
    expect(breaker.state).toBe("closed");
  });

  it("asks the API again by itself once OPEN_MS passed, and closes when it answers (any status below 500)", async () => {
    const probe = vi.fn(async () => 404);
    const { breaker, events, upstream, guarded } = setUp(probe);
    upstream.outcomes.push("none", "none", "none");
    for (let i = 0; i < 3; i++) await outcomeOf(guarded);
    expect(breaker.state).toBe("open");
    await vi.advanceTimersByTimeAsync(OPEN_MS - 100);
    expect(probe).not.toHaveBeenCalled();
    expect(await outcomeOf(guarded)).toBe("open");
    await vi.advanceTimersByTimeAsync(200);
    expect(probe).toHaveBeenCalledTimes(1);
    expect(breaker.state).toBe("closed");
    expect(events).toEqual(["api.breaker.open", "api.breaker.half-open", "api.breaker.closed"]);
    expect(await outcomeOf(guarded)).toBe(200);
  });

  it("shows its state in portal_api_breaker_state as Prometheus reads it: 2 open, 1 half-open (probing), 0 closed", async () => {
    const gauge = async () =>
      /^portal_api_breaker_state (\d+)$/m.exec(await metrics().registry.getSingleMetricAsString("portal_api_breaker_state"))?.[1];
    let answerProbe!: (status: number) => void;
    const { upstream, guarded } = setUp(() => new Promise<number>((resolve) => (answerProbe = resolve)));
    metrics().breaker.set(0);
    upstream.outcomes.push("none", "none", "none");
    for (let i = 0; i < 3; i++) await outcomeOf(guarded);
    expect(await gauge()).toBe("2");
    await vi.advanceTimersByTimeAsync(OPEN_MS + 50);
    expect(await gauge()).toBe("1");
    answerProbe(200);
    await vi.advanceTimersByTimeAsync(0);
    expect(await gauge()).toBe("0");
  });

  it("opens again for as long when the API still does not answer, and pages never wait for its probe", async () => {
    let answerProbe!: (status: number) => void;
    const probe = vi.fn(() => new Promise<number>((resolve) => (answerProbe = resolve)));
    const { breaker, events, upstream, guarded } = setUp(probe);
    upstream.outcomes.push("none", "none", "none");
    for (let i = 0; i < 3; i++) await outcomeOf(guarded);
    await vi.advanceTimersByTimeAsync(OPEN_MS + 50);
    expect(breaker.state).toBe("half-open");
    // While the probe is out, a page still answers at once.
    expect(await outcomeOf(guarded)).toBe("open");
    answerProbe(503);
    await vi.advanceTimersByTimeAsync(0);
    expect(breaker.state).toBe("open");
    await vi.advanceTimersByTimeAsync(OPEN_MS + 50);
    expect(probe).toHaveBeenCalledTimes(2);
    answerProbe(200);
    await vi.advanceTimersByTimeAsync(0);
    expect(breaker.state).toBe("closed");
    expect(events).toEqual([
      "api.breaker.open",
      "api.breaker.half-open",
      "api.breaker.open",
      "api.breaker.half-open",
      "api.breaker.closed",
    ]);
  });

  it("takes a probe without an answer (refused, timed out) as a failure", async () => {
    const probe = vi.fn(async (): Promise<number> => {
      throw new Error("The operation was aborted due to timeout");
    });
    const { breaker, upstream, guarded } = setUp(probe);
    upstream.outcomes.push("none", "none", "none");
    for (let i = 0; i < 3; i++) await outcomeOf(guarded);
    await vi.advanceTimersByTimeAsync(OPEN_MS + 50);
    expect(probe).toHaveBeenCalledTimes(1);
    expect(breaker.state).toBe("open");
  });

  it("stops asking once disposed (shutdown)", async () => {
    const probe = vi.fn(async () => 200);
    const { breaker, upstream, guarded } = setUp(probe);
    upstream.outcomes.push("none", "none", "none");
    for (let i = 0; i < 3; i++) await outcomeOf(guarded);
    breaker.dispose();
    await vi.advanceTimersByTimeAsync(OPEN_MS * 3);
    expect(probe).not.toHaveBeenCalled();
  });

  it("makes a page's call answer 503 'service unavailable' at once while open, without a log line per call", async () => {
    const { upstream, guarded } = setUp();
    upstream.outcomes.push("none", "none", "none");
    for (let i = 0; i < 3; i++) await outcomeOf(guarded);
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const client = new ApiClient({
      baseUrl: "http://api.test/api/v1",
      language: "en",
      timeoutMs: 3000,
      request: new Request("http://portal.test/dashboard/100101"),
      transport: guarded,
    });
    const made = upstream.calls.length;
    const failure = await client.request("GET", "/thing", z.unknown()).catch((e: unknown) => e);
    expect(isFailure(failure, "unavailable")).toBe(true);
    expect((failure as { init: ResponseInit }).init.status).toBe(503);
    expect(upstream.calls).toHaveLength(made);
    expect(error).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });
});
