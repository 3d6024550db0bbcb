/**
 * One request id and one log line per request (common/request-line.ts), and the request duration histogram.
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
import { requestLine } from "#common/request-line";
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
  const { httpDuration, cacheOutcomes } = metrics();
  const line = requestLine({
    event: "http.request",
    messages: { ok: "request", failed: "request failed" },
    idOf: (req, res) => {
      const id = requestIdOf(req, options.trustProxy);
      res.setHeader("X-Request-Id", id);
      // Its server span (when traced): tagged with the id, named by the route pattern (common/tracing.ts).
      tagServerSpan(req, res, id, () => routeOf(req, res));
      return id;
    },
    routeOf,
    // Bytes sent on the connection for this answer (headers and the body as sent, compressed or not).
    answer: (res: ServerResponse & { [SENT]?: { socket: Socket; at: number } }) => ({
      bytes: res[SENT] ? res[SENT].socket.bytesWritten - res[SENT].at : undefined,
    }),
    // Health checks are polled every few seconds: their lines only at LOG_LEVEL=debug.
    quiet: (req, res) => /^\/(healthz|readyz|metrics)$/.test(routeOf(req, res)),
    onDone: (req, res, seconds) => {
      // Answers sent, not connections closed before.
      if (!res.writableFinished) return;
      const route = routeOf(req, res);
      const method = req.method && METHODS.has(req.method) ? req.method : "OTHER";
      httpDuration.observe({ route, method, status: String(res.statusCode) }, seconds);
      const outcome = (res as { locals?: { requestInfo?: RequestInfo } }).locals?.requestInfo?.cacheOutcome;
      if (outcome) cacheOutcomes.inc({ route, outcome });
    },
  });
  return (req, res, next) => {
    // The socket is detached from the answer once it is sent: kept here with its count so far.
    if (req.socket) (res as { [SENT]?: { socket: Socket; at: number } })[SENT] = { socket: req.socket, at: req.socket.bytesWritten };
    line(req, res, next);
  };
}
