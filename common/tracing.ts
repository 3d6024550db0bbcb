/**
 * The spans the portal and the reference API make themselves, through @opentelemetry/api. Without an SDK
 * (OTEL_EXPORTER_OTLP_ENDPOINT unset: server/tracing.ts loads none) there is never an active span, and
 * each function here costs a look at the context (tens of nanoseconds). With one, a page view is one trace:
 *
 *  - the portal's server span (instrumentation-http), named by route pattern, with the request id;
 *  - a client span per API call (`apiCallSpan`), whose context goes to the API as `traceparent`;
 *  - the API's server span: instrumentation-http's when it is called over HTTP, else (the embedded API,
 *    called in-process) one made here (`traceRequest`), the child of the call's span either way;
 *  - its database queries: instrumentation-pg's on PostgreSQL, `dbSpan` on PGlite.
 *
 * Spans name route and endpoint patterns, never an address (ids, tokens), as the log lines do.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, context, propagation, trace, type Attributes, type Span } from "@opentelemetry/api";

/** The span attribute that carries the request id (X-Request-Id, "Reference: …" on error pages). */
export const REQUEST_ID_ATTRIBUTE = "portal.request_id";

/** Where instrumentation-http leaves a request's server span (server/tracing-sdk.ts); registered: one per process. */
export const SERVER_SPAN = Symbol.for("lakeshore-portal.server-span");
type Marked = IncomingMessage & { [SERVER_SPAN]?: Span };

const tracer = () => trace.getTracer("lakeshore-portal");

/** Names a server span by its route pattern ("GET /billing/:customerId/pay"), as the log line does. */
function nameByRoute(span: Span, method: string | undefined, route: string): void {
  span.setAttribute("http.route", route);
  span.updateName(`${method ?? "GET"} ${route}`);
}

/**
 * Tags the server span instrumentation-http made for this request (none without the SDK, nor for the
 * health checks) with the request id, and names it by its route pattern once answered. Whether it had one.
 */
export function tagServerSpan(req: IncomingMessage, res: ServerResponse, requestId: string, routeOf: () => string): boolean {
  const served = (req as Marked)[SERVER_SPAN];
  if (!served) return false;
  served.setAttribute(REQUEST_ID_ATTRIBUTE, requestId);
  // Before instrumentation-http ends it ("close").
  res.once("finish", () => nameByRoute(served, req.method, routeOf()));
  return true;
}

/**
 * The reference API's request: its server span tagged (`tagServerSpan`) when it came through an HTTP
 * server; dispatched in-process (the embedded API, light-my-request), a server span of its own, child of
 * the caller's `traceparent`, in whose context `next` runs.
 */
export function traceRequest(req: IncomingMessage, res: ServerResponse, requestId: string, routeOf: () => string, next: () => void): void {
  if (tagServerSpan(req, res, requestId, routeOf)) {
    next();
    return;
  }
  // No caller's context (no SDK, or a call from outside a trace): no span.
  const parent = propagation.extract(ROOT_CONTEXT, req.headers);
  if (!trace.getSpan(parent)) {
    next();
    return;
  }
  const span = tracer().startSpan(
    req.method ?? "GET",
    { kind: SpanKind.SERVER, attributes: { "http.request.method": req.method, [REQUEST_ID_ATTRIBUTE]: requestId } },
    parent,
  );
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    span.setAttribute("http.response.status_code", res.statusCode);
    if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    nameByRoute(span, req.method, routeOf());
    span.end();
  };
  res.once("finish", end);
  res.once("close", end);
  context.with(trace.setSpan(parent, span), next);
}

/**
 * An API call's client span, "GET /billing/{id}/summary": `call` runs in its context, with the
 * `traceparent` (and `tracestate`) of it added to `headers`, so that the API's span is its child.
 * `call` answers the status (0: none).
 */
export function apiCallSpan<T>(
  details: { method: string; endpoint: string; url: URL; requestId?: string; headers: Record<string, string> },
  call: (answered: (status: number) => void) => Promise<T>,
): Promise<T> {
  // Outside a traced request (always, without the SDK): nothing to make or send.
  if (!trace.getActiveSpan()) return call(() => undefined);
  const attributes: Attributes = {
    "http.request.method": details.method,
    "url.template": details.endpoint,
    "server.address": details.url.hostname,
  };
  if (details.requestId) attributes[REQUEST_ID_ATTRIBUTE] = details.requestId;
  return tracer().startActiveSpan(`${details.method} ${details.endpoint}`, { kind: SpanKind.CLIENT, attributes }, async (span) => {
    propagation.inject(context.active(), details.headers);
    try {
      return await call((status) => {
        span.setAttribute("http.response.status_code", status);
        if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      });
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error)?.message });
      throw error;
    } finally {
      span.end();
    }
  });
}

/**
 * A database query's span (PGlite; PostgreSQL's come from instrumentation-pg), only inside a traced
 * request, as instrumentation-pg's `requireParentSpan`: start-up, migrations and the settling job make none.
 * The statement is the service's own SQL with $1 placeholders: never a value.
 */
export function dbSpan<T>(sql: string, run: () => Promise<T>): Promise<T> {
  if (!trace.getActiveSpan()?.isRecording()) return run();
  const operation = /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? "QUERY";
  return tracer().startActiveSpan(
    `pglite.query:${operation}`,
    { kind: SpanKind.CLIENT, attributes: { "db.system.name": "postgresql", "db.operation.name": operation, "db.query.text": sql } },
    async (span) => {
      try {
        return await run();
      } catch (error) {
        span.recordException(error as Error);
        span.setStatus({ code: SpanStatusCode.ERROR });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}
