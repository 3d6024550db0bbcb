/**
 * Traces, when asked for: with OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) set,
 * OpenTelemetry's Node SDK (server/tracing-sdk.ts) is loaded and started; without, nothing of it is: the
 * only OpenTelemetry module in the process is @opentelemetry/api, which prom-client loads anyway and
 * whose calls (common/tracing.ts) are then no-ops (docs/decisions/160-tracing-loaded-on-demand.md).
 *
 * server.ts and scripts/api-server.ts call it before they start serving: instrumentation-http patches
 * Node's HTTP server before the first request, instrumentation-pg the `pg` module before the API loads it.
 */
// Types only: erased, they load nothing.
import type { Tracing, TracingOptions } from "./tracing-sdk.ts";

export type { Tracing, TracingOptions };

/** Whether the environment asks for traces. */
export function tracingAsked(env: Record<string, string | undefined>): boolean {
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) && env.OTEL_SDK_DISABLED !== "true";
}

export async function startTracing(options: TracingOptions): Promise<Tracing | undefined> {
  if (!options.exporter && !tracingAsked(options.env ?? process.env)) return undefined;
  const { startSdk } = await import("./tracing-sdk.ts");
  return startSdk(options);
}
