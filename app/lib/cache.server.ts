/**
 * Pages and their data (.data) are for this browser only: never kept by a shared cache. Routes that
 * answer with a Cache-Control of their own (an invoice PDF) keep it.
 */
import type { MiddlewareFunction } from "react-router";

/** What answers without a Cache-Control of their own get: never stored. */
export const PRIVATE = "private, no-store";

export const privatePagesMiddleware: MiddlewareFunction<Response> = async (_args, next) => {
  const response = await next();
  if (response.headers.has("Cache-Control")) return response;
  try {
    response.headers.set("Cache-Control", PRIVATE);
    return response;
  } catch {
    // The headers of a fetched response are immutable: answer a copy.
    const headers = new Headers(response.headers);
    headers.set("Cache-Control", PRIVATE);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
};
