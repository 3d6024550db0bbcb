/**
 * Pages and their data (.data) are for this browser only: never kept by a shared cache. Routes that
 * answer with a Cache-Control of their own (an invoice PDF) keep it. And a method an address does not take
 * (a POST to a page without a form, or to a file: React Router's 405) says which it takes, as HTTP asks.
 */
import type { MiddlewareFunction } from "react-router";

/** What answers without a Cache-Control of their own get: never stored. */
export const PRIVATE = "private, no-store";

/** A route without an action is read only. */
const READ_ONLY = "GET, HEAD";

export const privatePagesMiddleware: MiddlewareFunction<Response> = async (_args, next) => {
  const response = await next();
  const refused = response.status === 405 && !response.headers.has("Allow");
  if (response.headers.has("Cache-Control") && !refused) return response;
  const set = (headers: Headers) => {
    if (!headers.has("Cache-Control")) headers.set("Cache-Control", PRIVATE);
    if (refused) headers.set("Allow", READ_ONLY);
  };
  try {
    set(response.headers);
    return response;
  } catch {
    // The headers of a fetched response are immutable: answer a copy.
    const headers = new Headers(response.headers);
    set(headers);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
};
