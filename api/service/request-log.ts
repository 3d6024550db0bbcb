/**
 * The reference API's log line per request (common/request-line.ts): the request id the portal sent (X-Request-Id, a
 * plain token) or a new one, returned as X-Request-Id; the endpoint's route pattern (`/billing/:id/pay`),
 * never the path with its ids; status and time. No headers and no bodies: they carry tokens and card numbers.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Request, RequestHandler } from "express";
import { requestLine, requestLineId } from "#common/request-line";
import { traceRequest } from "#common/tracing";

const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The endpoint's route pattern once Express matched it (or "(unmatched)"). */
const patternOf = (req: IncomingMessage) => {
  const route = (req as Request).route as { path?: unknown } | undefined;
  return typeof route?.path === "string" ? `/api/v1${route.path}` : "(unmatched)";
};

export function requestLog(): RequestHandler {
  return requestLine({
    event: "api.request",
    messages: { ok: "api request", failed: "api request failed" },
    idOf: (req, res) => {
      const sent = req.headers["x-request-id"];
      const id = typeof sent === "string" && SAFE_ID.test(sent) ? sent : randomUUID();
      res.setHeader("X-Request-Id", id);
      return id;
    },
    // The route is known once the request is routed.
    routeOf: patternOf,
  });
}

/**
 * The request's server span, when traced (common/tracing.ts): instrumentation-http's over HTTP, else one of
 * its own (the embedded API, called in-process), tagged with the request id and named by route pattern.
 */
export function requestTrace(): RequestHandler {
  return (req, res, next) => traceRequest(req, res, requestLineId(req) ?? "", () => patternOf(req), next);
}
