/**
 * The reference API's log line per request (pino-http): the request id the portal sent (X-Request-Id, a
 * plain token) or a new one, returned as X-Request-Id; the endpoint's route pattern (`/billing/:id/pay`),
 * never the path with its ids; status and time. No headers and no bodies: they carry tokens and card numbers.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Request, RequestHandler } from "express";
import { pinoHttp } from "pino-http";
import { logger, requestLineLogger } from "#common/logger";
import { traceRequest } from "#common/tracing";

const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The endpoint's route pattern once Express matched it (or "(unmatched)"). */
const patternOf = (req: IncomingMessage) => {
  const route = (req as Request).route as { path?: unknown } | undefined;
  return typeof route?.path === "string" ? `/api/v1${route.path}` : "(unmatched)";
};

export function requestLog(): RequestHandler {
  const middleware = pinoHttp({
    // Its lines only: fixed fields, not redacted (common/logger.ts); req.log stays the redacted logger().
    logger: requestLineLogger(),
    genReqId: (req, res) => {
      const sent = req.headers["x-request-id"];
      const id = typeof sent === "string" && SAFE_ID.test(sent) ? sent : randomUUID();
      res.setHeader("X-Request-Id", id);
      return id;
    },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? "error" : "info"),
    customSuccessMessage: () => "api request",
    customErrorMessage: () => "api request failed",
    customAttributeKeys: { responseTime: "ms" },
    wrapSerializers: false,
    // The route is known once the request is routed: added to the line when the answer is sent.
    customSuccessObject: (req, _res, line: Record<string, unknown>) => ({ ...line, route: patternOf(req) }),
    customErrorObject: (req, _res, _error, line: Record<string, unknown>) => ({ ...line, route: patternOf(req) }),
    serializers: {
      req: (req: IncomingMessage & { id: unknown }) => ({ id: req.id, method: req.method }),
      res: (res: ServerResponse) => ({ status: res.statusCode }),
    },
    customProps: () => ({ event: "api.request" }),
  });
  return (req, res, next) => {
    // What a handler logs through req.log is redacted (pino-http leaves a logger it finds in place).
    req.log = res.log = logger();
    middleware(req, res, next);
  };
}

/**
 * The request's server span, when traced (common/tracing.ts): instrumentation-http's over HTTP, else one of
 * its own (the embedded API, called in-process), tagged with the request id and named by route pattern.
 */
export function requestTrace(): RequestHandler {
  return (req, res, next) => traceRequest(req, res, String(req.id), () => patternOf(req), next);
}
