/**
 * One log line per HTTP request, written once its answer is sent (or its connection closed before):
 * the portal's `http.request` (server/http-log.ts) and the reference API's `api.request`
 * (api/service/request-log.ts). Fixed fields only: the request id and method, the route pattern, the
 * status (and what `answer` adds), the time in milliseconds; never headers, addresses or bodies.
 *
 * Written by hand on the request line logger (common/logger.ts) rather than by pino-http, which made two
 * child loggers per request for the same line: 0.07 ms of an API call's 0.4 (docs/performance-log.md,
 * eleventh session).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import { requestLineLogger } from "./logger.ts";

const ID = Symbol("request id");

/** The request id a request line middleware gave this request, if it ran. */
export function requestLineId(req: IncomingMessage): string | undefined {
  return (req as { [ID]?: string })[ID];
}

export interface RequestLineOptions {
  /** The line's `event`. */
  event: string;
  /** Its message: answered, or answered with a 5xx. */
  messages: { ok: string; failed: string };
  /** The request's id, unless it has one already (the caller sends it back as X-Request-Id). */
  idOf: (req: IncomingMessage, res: ServerResponse) => string;
  /** The route pattern, known once the request was routed. */
  routeOf: (req: IncomingMessage, res: ServerResponse) => string;
  /** Fields of the answer beside its status. */
  answer?: (res: ServerResponse) => Record<string, unknown>;
  /** A request whose line only LOG_LEVEL=debug shows (health checks), unless it failed. */
  quiet?: (req: IncomingMessage, res: ServerResponse) => boolean;
  /** Called once the answer is sent or the connection closed, with the time it took in seconds. */
  onDone?: (req: IncomingMessage, res: ServerResponse, seconds: number) => void;
}

export function requestLine(options: RequestLineOptions): RequestHandler {
  const lines = requestLineLogger();
  const logged = Symbol(options.event);
  return (req, res, next) => {
    const tagged = req as { [ID]?: string; [logged]?: true };
    if (tagged[logged]) return next();
    tagged[logged] = true;
    const started = performance.now();
    // The API mounted in the portal (/api/v1) keeps the id the portal gave the request.
    const id = (tagged[ID] ??= options.idOf(req, res));
    const done = () => {
      res.off("finish", done);
      res.off("close", done);
      const seconds = (performance.now() - started) / 1000;
      options.onDone?.(req, res, seconds);
      const failed = res.statusCode >= 500;
      const level = failed ? "error" : options.quiet?.(req, res) ? "debug" : "info";
      if (!lines.isLevelEnabled(level)) return;
      lines[level](
        {
          event: options.event,
          req: { id, method: req.method },
          res: { status: res.statusCode, ...options.answer?.(res) },
          ms: Math.round(seconds * 1000),
          route: options.routeOf(req, res),
        },
        failed ? options.messages.failed : options.messages.ok,
      );
    };
    res.on("finish", done);
    res.on("close", done);
    next();
  };
}
