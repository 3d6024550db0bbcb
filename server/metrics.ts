/**
 * /metrics for Prometheus, never open by default: on the main port only to `Authorization: Bearer
 * <METRICS_TOKEN>`, or on its own METRICS_PORT (loopback unless METRICS_HOST says otherwise). With
 * WEB_CONCURRENCY workers the primary serves METRICS_PORT with every worker's metrics together
 * (prom-client's AggregatorRegistry).
 */
import { timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { RequestHandler } from "express";
import { AggregatorRegistry, type Registry } from "prom-client";
import { logEvent } from "#common/logger";
import { metrics } from "../app/lib/metrics.server.ts";

function sameToken(sent: string, token: string): boolean {
  const a = Buffer.from(sent);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** /metrics on the main port: 401 without the bearer token. */
export function metricsEndpoint(token: string, registry: Registry = metrics().registry): RequestHandler {
  return async (req, res) => {
    const sent = /^Bearer (.+)$/i.exec(req.get("authorization") ?? "")?.[1] ?? "";
    res.set("Cache-Control", "no-store");
    if (!sameToken(sent, token)) {
      res.status(401).set("WWW-Authenticate", 'Bearer realm="metrics"').type("text").send("Unauthorized\n");
      return;
    }
    res.type(registry.contentType).send(await registry.metrics());
  };
}

/** A server answering /metrics only, on METRICS_PORT: this process's metrics, or all workers' (`cluster`). */
export function startMetricsServer(port: number, host: string, options: { cluster?: boolean } = {}): Server {
  const aggregator = options.cluster ? new AggregatorRegistry() : undefined;
  const server = createServer((req, res) => {
    if (req.method !== "GET" || (req.url ?? "").split("?")[0] !== "/metrics") {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found\n");
      return;
    }
    const registry = metrics().registry;
    const text = aggregator ? aggregator.clusterMetrics() : registry.metrics();
    text.then(
      (body) => res.writeHead(200, { "Content-Type": registry.contentType, "Cache-Control": "no-store" }).end(body),
      (error: unknown) => {
        logEvent("metrics.error", { reason: (error as Error)?.message ?? String(error) }, { level: "error" });
        res.writeHead(500).end();
      },
    );
  });
  server.on("error", (error) => logEvent("metrics.listen-failed", { port, host, reason: error.message }, { level: "error" }));
  server.listen(port, host);
  return server;
}
