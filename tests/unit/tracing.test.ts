/**
 * Traces are asked for (server/tracing.ts): without OTEL_EXPORTER_OTLP_ENDPOINT a process that starts the
 * portal's and the API's modules loads nothing of OpenTelemetry's SDK or instrumentations; with it, it does.
 * (The spans themselves: tests/api/tracing.test.ts.)
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { tracingAsked } from "../../server/tracing.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** The OpenTelemetry packages a process has loaded once it started tracing (or not) and loaded the server's modules. */
async function loadedPackages(env: Record<string, string>): Promise<string[]> {
  const url = (file: string) => JSON.stringify(pathToFileURL(path.join(ROOT, file)).href);
  const script = `
    import { createRequire } from "node:module";
    const { startTracing } = await import(${url("server/tracing.ts")});
    const tracing = await startTracing({ service: "check", env: ${JSON.stringify(env)} });
    await import(${url("server/app.ts")});
    await import(${url("common/tracing.ts")});
    await import(${url("api/index.ts")});
    const loaded = Object.keys(createRequire(import.meta.url).cache)
      .map((file) => /node_modules\\/(@opentelemetry\\/[^/]+)\\//.exec(file)?.[1])
      .filter(Boolean);
    console.log(JSON.stringify([...new Set(loaded)].sort()));
    await tracing?.shutdown();
  `;
  const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    cwd: ROOT,
    env: { ...process.env, OTEL_EXPORTER_OTLP_ENDPOINT: "", OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "", LOG_LEVEL: "silent" },
  });
  return JSON.parse(stdout.trim().split("\n").at(-1)!) as string[];
}

describe("tracing, only when asked for", () => {
  it("is asked for by an OTLP endpoint, unless OTEL_SDK_DISABLED", () => {
    expect(tracingAsked({})).toBe(false);
    expect(tracingAsked({ OTEL_EXPORTER_OTLP_ENDPOINT: "" })).toBe(false);
    expect(tracingAsked({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" })).toBe(true);
    expect(tracingAsked({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://collector:4318/v1/traces" })).toBe(true);
    expect(tracingAsked({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318", OTEL_SDK_DISABLED: "true" })).toBe(false);
  });

  it("without an endpoint, loads nothing of OpenTelemetry but its API (which prom-client loads anyway); with one, the SDK", async () => {
    const [without, traced] = await Promise.all([
      loadedPackages({}),
      loadedPackages({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:9" }),
    ]);
    expect(without).toEqual(["@opentelemetry/api"]);
    expect(traced).toEqual(expect.arrayContaining(["@opentelemetry/sdk-trace-node", "@opentelemetry/instrumentation-http"]));
  }, 60_000);
});
