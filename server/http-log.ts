/**
 * One request id and one log line per request (pino-http), and the request duration histogram.
 *
 * The request id is the trusted proxy's `X-Request-Id` (only behind TRUST_PROXY, and only a plain token of
 * at most 128 characters) or a new UUID; it is sent back as `X-Request-Id`, passed on to every API call
 * (RequestInfo.requestId) and shown on error pages. The line names the route *pattern*, never the address
 * (server/route-patterns.ts): addresses hold ids and tokens.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { RequestHandler } from "express";
import { pinoHttp } from "pino-http";
import { logger, requestLineLogger } from "#common/logger";
import { tagServerSpan } from "#common/tracing";
import { metrics } from "../app/lib/metrics.server.ts";
import type { RequestInfo } from "../app/lib/request-info.ts";
import type { RoutePatternOf } from "./route-patterns.ts";

const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Whether the peer at this address is a proxy TRUST_PROXY trusts. */
export type TrustsPeer = (address: string | undefined) => boolean;

/** The request's id: the proxy's when the peer is trusted and the id well formed, else a new one. */
export function requestIdOf(req: IncomingMessage, trustProxy: TrustsPeer): string {
  const sent = req.headers["x-request-id"];
  if (typeof sent === "string" && SAFE_ID.test(sent) && trustProxy(req.socket?.remoteAddress)) return sent;
  return randomUUID();
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const ROUTE = Symbol("route pattern");
const SENT = Symbol("bytes written on the connection before the answer");
type Tagged = IncomingMessage & { [ROUTE]?: string };

/** The pattern React Router matched for this request (RequestInfo.pattern), `.data` added for a page's data. */
function matchedBefore(res: ServerResponse | undefined): string | undefined {
  const info = (res as { locals?: { requestInfo?: RequestInfo } } | undefined)?.locals?.requestInfo;
  if (!info?.pattern) return undefined;
  return info.dataRequest ? `${info.pattern}.data` : info.pattern;
}

export function httpLog(options: { trustProxy: TrustsPeer; routeOf: RoutePatternOf }): RequestHandler {
  // React Router's own match when the request reached it (RequestInfo.pattern), else the address matched here.
  const routeOf = (req: Tagged, res?: ServerResponse) =>
    (req[ROUTE] ??= matchedBefore(res) ?? options.routeOf(new URL(req.url ?? "/", "http://x").pathname));
  const middleware = pinoHttp({
    // Its lines only: fixed fields, not redacted (common/logger.ts); req.log stays the redacted logger().
    logger: requestLineLogger(),
    genReqId: (req, res) => {
      const id = requestIdOf(req, options.trustProxy);
      res.setHeader("X-Request-Id", id);
      // Its server span (when traced): tagged with the id, named by the route pattern (common/tracing.ts).
      tagServerSpan(req, res, id, () => routeOf(req, res));
      return id;
    },
    // Health checks are polled every few seconds: their lines only at LOG_LEVEL=debug.
    customLogLevel: (req, res, error) =>
      error || res.statusCode >= 500 ? "error" : /^\/(healthz|readyz|metrics)$/.test(routeOf(req, res)) ? "debug" : "info",
    customSuccessMessage: () => "request",
    customErrorMessage: () => "request failed",
    customAttributeKeys: { responseTime: "ms" },
    wrapSerializers: false,
    // The route is known once the request is routed: added to the line when the answer is sent.
    customSuccessObject: (req, res, line: Record<string, unknown>) => ({ ...line, route: routeOf(req as Tagged, res) }),
    customErrorObject: (req, res, _error, line: Record<string, unknown>) => ({ ...line, route: routeOf(req as Tagged, res) }),
    serializers: {
      // The pattern, never the address; no headers (cookies, Authorization) at all.
      req: (req: Tagged & { id: unknown }) => ({ id: req.id, method: req.method }),
      // Bytes sent on the connection for this answer (headers and the body as sent, compressed or not).
      res: (res: ServerResponse & { [SENT]?: { socket: Socket; at: number } }) => ({
        status: res.statusCode,
        bytes: res[SENT] ? res[SENT].socket.bytesWritten - res[SENT].at : undefined,
      }),
    },
    customProps: () => ({ event: "http.request" }),
  });
  const { httpDuration, cacheOutcomes } = metrics();
  return (req, res, next) => {
    // Once per request.
    if ((req as { id?: unknown }).id !== undefined && req.log) return next();
    const started = process.hrtime.bigint();
    // The socket is detached from the answer once it is sent: kept here with its count so far.
    if (req.socket) (res as { [SENT]?: { socket: Socket; at: number } })[SENT] = { socket: req.socket, at: req.socket.bytesWritten };
    res.once("finish", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = routeOf(req as Tagged, res);
      httpDuration.observe({ route, method: METHODS.has(req.method) ? req.method : "OTHER", status: String(res.statusCode) }, seconds);
      const outcome = (res.locals as { requestInfo?: RequestInfo } | undefined)?.requestInfo?.cacheOutcome;
      if (outcome) cacheOutcomes.inc({ route, outcome });
    });
    // What a route logs through req.log is redacted (pino-http leaves a logger it finds in place).
    req.log = res.log = logger();
    middleware(req, res, next);
  };
}
