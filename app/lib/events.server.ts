/**
 * Operational events (the API's circuit breaker opening and closing…): one JSON line each on the
 * process's standard error, `{"event":"api.breaker.open",…}`. The one place that writes them, for a
 * structured logger to take over.
 */
export function logEvent(event: string, details: Record<string, unknown> = {}): void {
  console.warn(JSON.stringify({ event, ...details }));
}
