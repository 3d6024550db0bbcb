/**
 * A page request's time for the API (app/lib/api-budget.server.ts): API_TIMEOUT_MS for all its calls
 * together, each call given what is left.
 */
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { ApiBudget, BudgetSpentError } from "../../app/lib/api-budget.server.ts";
import { budgetOf } from "../../app/lib/api.server.ts";
import { requestInfoContext } from "../../app/lib/request-info.ts";

/** A budget on a clock the test moves, and a call that takes `ms` of it. */
function budgetAt(limitMs: number) {
  const clock = { now: 0 };
  const budget = new ApiBudget(limitMs, () => clock.now);
  return { clock, budget };
}

/** A call that records the limit it was given and ends when the test says. */
function pendingCall() {
  let end!: () => void;
  const given: number[] = [];
  const call = (timeoutMs: number) => {
    given.push(timeoutMs);
    return new Promise<void>((resolve) => (end = resolve));
  };
  return { call, given, end: () => end() };
}

describe("a page request's time for the API", () => {
  it("gives each call what the calls before it left", async () => {
    const { clock, budget } = budgetAt(3000);
    const first = pendingCall();
    const running = budget.run(first.call);
    clock.now = 1200;
    first.end();
    await running;
    const second = pendingCall();
    const next = budget.run(second.call);
    expect(first.given).toEqual([3000]);
    expect(second.given).toEqual([1800]);
    clock.now = 2000;
    second.end();
    await next;
    expect(budget.left()).toBe(1000);
  });

  it("counts calls that run together once", async () => {
    const { clock, budget } = budgetAt(3000);
    const a = pendingCall();
    const b = pendingCall();
    const first = budget.run(a.call);
    clock.now = 500;
    const second = budget.run(b.call);
    expect(b.given).toEqual([2500]);
    clock.now = 1000;
    a.end();
    await first;
    clock.now = 1500;
    b.end();
    await second;
    // 0 to 1500 with at least one call under way.
    expect(budget.left()).toBe(1500);
  });

  it("does not count the time between calls (an upload read, a render, a wait before asking again)", async () => {
    const { clock, budget } = budgetAt(3000);
    const a = pendingCall();
    const running = budget.run(a.call);
    clock.now = 1000;
    a.end();
    await running;
    clock.now = 60_000;
    expect(budget.left()).toBe(2000);
  });

  it("makes no call once the time is spent", async () => {
    const { clock, budget } = budgetAt(3000);
    const a = pendingCall();
    const running = budget.run(a.call);
    clock.now = 3000;
    a.end();
    await running;
    let called = false;
    await expect(budget.run(async () => void (called = true))).rejects.toBeInstanceOf(BudgetSpentError);
    expect(called).toBe(false);
  });

  it("is one per page request: the request's own (made by server/app.ts), else one per context", () => {
    const own = new ApiBudget(3000);
    const withOwn = new RouterContextProvider(
      new Map([[requestInfoContext, { cspNonce: "", clientAddress: "x", dataRequest: false, budget: own }]]),
    );
    expect(budgetOf(withOwn, 10_000)).toBe(own);
    const context = new RouterContextProvider(new Map([[requestInfoContext, { cspNonce: "", clientAddress: "x", dataRequest: false }]]));
    const made = budgetOf(context, 10_000);
    expect(made.limitMs).toBe(10_000);
    expect(budgetOf(context, 10_000)).toBe(made);
    expect(budgetOf(new RouterContextProvider(), 10_000)).not.toBe(made);
  });
});
