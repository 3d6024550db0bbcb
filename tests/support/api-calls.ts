/**
 * What reached the API (msw) during a test: method, path under /api/v1, query and the headers the
 * portal sent. Listening stops when the test ends.
 */
import { onTestFinished } from "vitest";
import { server } from "./msw.ts";

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
  const listener = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    calls.push({
      method: request.method,
      path: url.pathname.replace(/^\/api\/v1/, ""),
      query: url.searchParams,
      authorization: request.headers.get("Authorization"),
      language: request.headers.get("Accept-Language"),
    });
  };
  server.events.on("request:start", listener);
  onTestFinished(() => {
    server.events.removeListener("request:start", listener);
  });
  return calls;
}
