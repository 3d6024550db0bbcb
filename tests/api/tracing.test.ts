/**
 * Traces (server/tracing.ts, common/tracing.ts), with OpenTelemetry's SDK exporting to memory: a page view
 * of the portal's Express app is one trace, its server span the parent of the API call's span, itself the
 * parent of the reference API's server span (over HTTP, through `traceparent`, and in-process), below
 * which are the API's database queries (PGlite's spans, or instrumentation-pg's with TEST_DATABASE_URL);
 * each carries the request id and names a route or endpoint pattern, never an address.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { SpanKind } from "@opentelemetry/api";
import { InMemorySpanExporter, type ReadableSpan } from "@opentelemetry/sdk-trace-base";
import express, { type RequestHandler } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../../app/lib/api.server.ts";
import { closePools, embeddedApiApp, inProcessTransport, poolTransport, type ApiTransport } from "../../app/lib/api-transport.server.ts";
import { parseConfig } from "../../app/lib/config.server.ts";
import { requestInfoContext } from "../../app/lib/request-info.ts";
import { REQUEST_ID_ATTRIBUTE } from "#common/tracing";
import { createPortalApp, loadContextFor } from "../../server/app.ts";
import { startTracing, type Tracing } from "../../server/tracing.ts";
import { createTestApi, type TestApi } from "./support/api.ts";

const exporter = new InMemorySpanExporter();
let tracing: Tracing | undefined;
let api: TestApi;
let token: string;
let portal: Server;
let base: string;

/** A page whose loader reads the customer's account through the API (one call, which queries the database). */
const page =
  (transport: () => ApiTransport, baseUrl: () => string): RequestHandler =>
  async (req, res) => {
    const client = new ApiClient({
      baseUrl: baseUrl(),
      token,
      language: "en",
      timeoutMs: 10_000,
      request: new Request(`http://portal.test${req.originalUrl}`),
      requestId: loadContextFor(req, res).get(requestInfoContext).requestId,
      transport: transport(),
    });
    const account = await client.call("GET /account-details/{customerId}", { params: { customerId: String(req.params.customerId) } });
    res.type("html").send(`<p>${account?.account_details.customer_id}</p>`);
  };

beforeAll(async () => {
  // First, as server.ts does: Node's HTTP server and `pg` are patched before they serve or connect.
  tracing = await startTracing({ service: "lakeshore-portal", exporter });
  api = await createTestApi();
  token = await api.signIn("resi@example.com");
  const inProcess = inProcessTransport(embeddedApiApp(api.service.router));
  const pages = express.Router();
  pages.get(
    "/embedded/:customerId",
    page(
      () => inProcess,
      () => "http://localhost/api/v1",
    ),
  );
  pages.get(
    "/external/:customerId",
    page(
      () => poolTransport,
      () => api.baseUrl,
    ),
  );
  const app = createPortalApp({
    config: parseConfig({}),
    pageHandler: pages,
    routeOf: (pathname) => pathname.replace(/\/\d+$/, "/:customerId"),
  });
  portal = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => portal.once("listening", resolve));
  base = `http://127.0.0.1:${(portal.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => portal?.close(resolve));
  await closePools();
  await api?.close();
  await tracing?.shutdown();
});

/** One page view: its request id and the spans of its trace once its server span ended. */
async function view(address: string, route: string): Promise<{ id: string; spans: ReadableSpan[] }> {
  exporter.reset();
  const response = await fetch(base + address);
  expect(await response.text()).toBe("<p>100101</p>");
  const id = response.headers.get("x-request-id")!;
  // The server span ends once the answer is sent ("close"): about when the body arrives.
  const ended = () => exporter.getFinishedSpans().some((span) => span.attributes["http.route"] === route);
  for (let i = 0; i < 200 && !ended(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  return { id, spans: exporter.getFinishedSpans() };
}

const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
const idOf = (span: ReadableSpan) => span.spanContext().spanId;

describe("a page view's trace", () => {
  for (const [shape, address] of [
    ["the embedded API, called in-process", "/embedded/100101"],
    ["an API called over HTTP", "/external/100101"],
  ] as const) {
    it(`is the portal's server span, the API call's span its child, then the spans of ${shape}: one trace, one request id`, async () => {
      const route = address.replace(/\d+$/, ":customerId");
      const { id, spans } = await view(address, route);
      const names = spans.map((span) => span.name).join(", ");

      const server = spans.find((span) => span.kind === SpanKind.SERVER && span.name === `GET ${route}`);
      expect(server, names).toBeDefined();
      expect(server!.attributes).toMatchObject({ [REQUEST_ID_ATTRIBUTE]: id, "http.route": route, "http.response.status_code": 200 });
      expect(parentOf(server!)).toBeUndefined();
      const traceId = server!.spanContext().traceId;

      const call = spans.find((span) => span.kind === SpanKind.CLIENT && span.name === "GET /account-details/{customerId}");
      expect(call, names).toBeDefined();
      expect(call!.spanContext().traceId).toBe(traceId);
      expect(parentOf(call!)).toBe(idOf(server!));
      expect(call!.attributes).toMatchObject({ [REQUEST_ID_ATTRIBUTE]: id, "http.response.status_code": 200 });

      // The API's server span: the call's child across the call (traceparent), with the same request id.
      const served = spans.find((span) => span.kind === SpanKind.SERVER && span.name.startsWith("GET /api/v1/account-details/:"));
      expect(served, names).toBeDefined();
      expect(served!.spanContext().traceId).toBe(traceId);
      expect(parentOf(served!)).toBe(idOf(call!));
      expect(served!.attributes).toMatchObject({ [REQUEST_ID_ATTRIBUTE]: id, "http.response.status_code": 200 });

      // Its database queries, below it, with their statements' placeholders (never a value).
      const queries = spans.filter((span) => /^(pglite|pg)\.query:/.test(span.name));
      expect(queries.length, names).toBeGreaterThan(0);
      const below = (span: ReadableSpan): boolean => {
        const parent = spans.find((other) => idOf(other) === parentOf(span));
        return parent !== undefined && (parent === served || below(parent));
      };
      expect(queries.filter((query) => !below(query))).toEqual([]);
      expect(queries.map((query) => String(query.attributes["db.query.text"])).join("\n")).toMatch(/\$1/);

      // No address (the account id), token, client address or browser in any span.
      const text = JSON.stringify(spans.map((span) => [span.name, span.attributes]));
      expect(text).not.toContain("100101");
      expect(text).not.toContain(token);
      expect(text).not.toMatch(/url\.path|url\.query|client\.address|user_agent/);
    });
  }

  it("has no span for a health check, even one sent with a trace context", async () => {
    exporter.reset();
    const traceparent = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
    expect((await fetch(`${base}/healthz`, { headers: { traceparent } })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(exporter.getFinishedSpans()).toEqual([]);
  });
});
