/**
 * OpenTelemetry's Node SDK for traces, loaded only when asked for (server/tracing.ts): a tracer provider
 * with the W3C trace context propagator and an AsyncLocalStorage context, spans batched to the OTLP/HTTP
 * endpoint of OTEL_EXPORTER_OTLP_ENDPOINT (the exporter reads the OTEL_EXPORTER_OTLP_* variables, the
 * provider OTEL_TRACES_SAMPLER and OTEL_BSP_*, the resource OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES),
 * and two instrumentations: incoming HTTP requests (the portal's, and the reference API's when it is served
 * over HTTP) and PostgreSQL queries (`pg`). The rest of the spans the code makes itself (common/tracing.ts).
 */
import { IncomingMessage } from "node:http";
import { createRequire } from "node:module";
import { context, propagation, trace } from "@opentelemetry/api";
import { registerInstrumentations } from "@opentelemetry/instrumentation";
import { HttpInstrumentation } from "@opentelemetry/instrumentation-http";
import { PgInstrumentation } from "@opentelemetry/instrumentation-pg";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { defaultResource, detectResources, envDetector, resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, SimpleSpanProcessor, type SpanExporter } from "@opentelemetry/sdk-trace-base";
import { NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import { ATTR_SERVICE_NAME } from "@opentelemetry/semantic-conventions";
import { SERVER_SPAN } from "#common/tracing";

/** Polled every few seconds, as their log lines are only at debug level: no spans. */
const UNTRACED = /^\/(healthz|readyz|metrics)(\?|$)/;

/**
 * What instrumentation-http would record of a request that may hold a secret or a customer's data: the
 * address (ids, and tokens in e-mailed links), the query, the client's address and browser. Left out
 * (undefined values are not set); the span names the route pattern instead (common/tracing.ts).
 */
const LEFT_OUT = {
  "url.path": undefined,
  "url.query": undefined,
  "client.address": undefined,
  "network.peer.address": undefined,
  "network.peer.port": undefined,
  "user_agent.original": undefined,
};

export interface Tracing {
  /** Sends what is still buffered and stops tracing (shutdown, tests). */
  shutdown(): Promise<void>;
}

export interface TracingOptions {
  /** The service's name (`service.name`) unless OTEL_SERVICE_NAME names it. */
  service: string;
  env?: Record<string, string | undefined>;
  /** Tests: spans go here, each as it ends, instead of to the OTLP endpoint. */
  exporter?: SpanExporter;
}

export function startSdk(options: TracingOptions): Tracing {
  const resource = defaultResource()
    .merge(resourceFromAttributes({ [ATTR_SERVICE_NAME]: options.service }))
    .merge(detectResources({ detectors: [envDetector] }));
  const provider = new NodeTracerProvider({
    resource,
    spanProcessors: [options.exporter ? new SimpleSpanProcessor(options.exporter) : new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  provider.register();
  const unregister = registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        // The portal calls its API with undici or in-process, each call a span of its own (common/tracing.ts).
        disableOutgoingRequestInstrumentation: true,
        ignoreIncomingRequestHook: (req) => UNTRACED.test(req.url ?? ""),
        startIncomingSpanHook: () => LEFT_OUT,
        // The server span of this request, for the request log to tag and name (common/tracing.ts traceRequest).
        requestHook: (span, req) => {
          if (req instanceof IncomingMessage) (req as IncomingMessage & Record<symbol, unknown>)[SERVER_SPAN] = span;
        },
      }),
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  });
  // Node's HTTP module is patched when it is next required: now, before the server is made.
  const require = createRequire(import.meta.url);
  require("node:http");
  require("node:https");
  return {
    async shutdown() {
      unregister();
      await provider.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}
