/**
 * What the portal asked of the API (msw answers it) during a test: method, path under /api/v1, query and
 * the headers it sent. Listening stops when the test ends.
 */
import { onTestFinished, vi } from "vitest";

export interface ApiCall {
  method: string;
  /** The path under /api/v1, such as "/dashboard". */
  path: string;
  query: URLSearchParams;
  authorization: string | null;
  language: string | null;
}

export function recordApiCalls(): ApiCall[] {
  const calls: ApiCall[] = [];
  // Seen at the portal's fetch (which msw then answers), not through msw's "request:start" event: the
  // files of a worker share one msw server (isolate: false), and a CI run found that event deaf for a
  // whole file after the files before it.
  const fetch = globalThis.fetch;
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
    const request = input instanceof Request ? input : null;
    const url = new URL(request ? request.url : String(input));
    const headers = new Headers(init?.headers ?? request?.headers);
    calls.push({
      method: (init?.method ?? request?.method ?? "GET").toUpperCase(),
      path: url.pathname.replace(/^\/api\/v1/, ""),
      query: url.searchParams,
      authorization: headers.get("Authorization"),
      language: headers.get("Accept-Language"),
    });
    return fetch(input, init);
  });
  onTestFinished(() => spy.mockRestore());
  return calls;
}

/** The calls a page's own loader made: those every signed-in request makes (the account, the revision) left out. */
export const pageCalls = (calls: ApiCall[]) => calls.filter((c) => c.path !== "/dashboard" && c.path !== "/revision");
