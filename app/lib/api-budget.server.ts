/**
 * The time a page request may spend waiting for the API: API_TIMEOUT_MS for all its calls together
 * (the sign-in check and token renewal, the revision read, the layout's and the page's calls), not for
 * each call. Every call is given what is left as its own time limit, so a page whose API does not answer
 * gives up once, when its time is spent, instead of once per call.
 *
 * What counts is the time during which at least one of the page's calls is under way: calls that run
 * together count once, and the time between calls (reading an upload, rendering, the wait before a
 * double submit is asked again) does not count. Once nothing is left, a call is not made at all: the page
 * answers "service unavailable" (503) at once.
 *
 * One budget per page request (server/app.ts puts it in the request's information, React Router's load
 * context); `budgetOf` (api.server.ts) gives a context without one (tests) its own.
 * docs/decisions/041-api-time-per-page.md.
 */

/** Thrown instead of making a call when the page's time for the API is spent. */
export class BudgetSpentError extends Error {
  constructor(limitMs: number) {
    super(`the page's ${limitMs} ms for the API are spent`);
    this.name = "BudgetSpentError";
  }
}

export class ApiBudget {
  /** Time spent by calls that have ended, in ms. */
  private spent = 0;
  /** Calls under way, and since when at least one has been. */
  private running = 0;
  private since = 0;

  constructor(
    readonly limitMs: number,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /** What is left, in whole ms (0 once spent). */
  left(): number {
    const current = this.running ? this.clock() - this.since : 0;
    return Math.max(0, Math.floor(this.limitMs - this.spent - current));
  }

  /**
   * Runs one call with what is left as its time limit (the call itself must end by then: the transports
   * do); its time counts until it ends. Throws BudgetSpentError, without running it, when nothing is left.
   */
  async run<T>(call: (timeoutMs: number) => Promise<T>): Promise<T> {
    const left = this.left();
    if (left <= 0) throw new BudgetSpentError(this.limitMs);
    if (this.running++ === 0) this.since = this.clock();
    try {
      return await call(left);
    } finally {
      if (--this.running === 0) this.spent += this.clock() - this.since;
    }
  }
}
