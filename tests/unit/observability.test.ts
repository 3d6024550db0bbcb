/**
 * What an operator reads of the portal: one JSON log line per request (route pattern, status, bytes, time,
 * request id), the request id taken from a trusted proxy only and sent back, secrets redacted by the logger,
 * and /metrics never served without METRICS_TOKEN or off METRICS_PORT.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { RequestHandler } from "express";
import { RouterContextProvider, UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { handleError } from "../../app/entry.server.tsx";
import { parseConfig } from "../../app/lib/config.server.ts";
import { logEvent, logger, setLogDestination } from "#common/logger";
import { metrics } from "../../app/lib/metrics.server.ts";
import { pageOfDataRequest } from "../../app/lib/page-url.ts";
import { lastFailedDataRequest, watchDataRequests } from "../../app/lib/reference.ts";
import { requestInfoContext } from "../../app/lib/request-info.ts";
import { createPortalApp, loadContextFor } from "../../server/app.ts";
import { startMetricsServer } from "../../server/metrics.ts";

const lines: string[] = [];
beforeAll(() => {
  logger().level = "info";
  setLogDestination({ write: (line: string) => void lines.push(line) });
});
afterAll(() => setLogDestination(undefined));

/** A page handler that answers a little HTML and says which request id the app gave the page. */
const page: RequestHandler = (req, res) => {
  const info = loadContextFor(req, res).get(requestInfoContext);
  res.type("html").send(`<p>account ${req.path}</p><p id="ref">${info.requestId}</p>`);
};

/** Route patterns as the build's route table gives them (server/route-patterns.ts). */
const routeOf = (pathname: string) => (/^\/billing\/\d+$/.test(pathname) ? "/billing/:customerId?" : "(unmatched)");

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function start(env: Record<string, string> = {}): Promise<string> {
  const app = createPortalApp({ config: parseConfig(env), pageHandler: page, routeOf });
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The request lines written since `from`, parsed. */
const requestLines = (from: number) =>
  lines
    .slice(from)
    .map(
      (line) =>
        JSON.parse(line) as Record<string, unknown> & { req: { id: string; method: string }; res: { status: number; bytes: number } },
    )
    .filter((line) => line.event === "http.request");

/**
 * The lines written since `from` as one text, without the fields that are digits of the moment (the
 * clock, the process id, the duration): a time once held "737", the secret a test looked for.
 */
const textSince = (from: number) =>
  lines
    .slice(from)
    .map((line) => JSON.stringify({ ...(JSON.parse(line) as object), time: undefined, pid: undefined, ms: undefined }))
    .join("");

/** Waits until `count` request lines follow `from` (a line is written once the answer is sent). */
async function linesAfter(from: number, count: number) {
  for (let i = 0; i < 100 && requestLines(from).length < count; i++) await new Promise((resolve) => setTimeout(resolve, 10));
  return requestLines(from);
}

describe("a proxy TRUST_PROXY does not name", () => {
  const warnings = (from: number) =>
    lines
      .slice(from)
      .map((line) => JSON.parse(line) as { event?: string; peer?: string; level?: number })
      .filter((line) => line.event === "proxy.untrusted");

  it("is said once per process, at the first request forwarded through it, with the peer's address", async () => {
    const base = await start();
    const from = lines.length;
    await fetch(`${base}/billing/100101`);
    expect(warnings(from)).toEqual([]);
    for (let i = 0; i < 3; i++) await fetch(`${base}/billing/100101`, { headers: { "X-Forwarded-For": "203.0.113.7" } });
    await linesAfter(from, 4);
    const said = warnings(from);
    expect(said).toHaveLength(1);
    expect(said[0]).toMatchObject({ peer: "127.0.0.1", level: 40 });
  });

  it("is not said when TRUST_PROXY names the proxy", async () => {
    const base = await start({ TRUST_PROXY: "loopback" });
    const from = lines.length;
    await fetch(`${base}/billing/100101`, { headers: { "X-Forwarded-For": "203.0.113.7" } });
    await linesAfter(from, 1);
    expect(warnings(from)).toEqual([]);
  });
});

describe("the request log line", () => {
  it("names the pattern React Router matched, without matching the address again", async () => {
    let matchedHere = 0;
    const routed: RequestHandler = (req, res) => {
      // What the root's routePatternMiddleware records for a page React Router matched.
      loadContextFor(req, res).get(requestInfoContext).pattern = "/billing/:customerId/pay";
      res.type("html").send("<p>pay</p>");
    };
    const app = createPortalApp({
      config: parseConfig({}),
      pageHandler: routed,
      routeOf: (pathname) => (matchedHere++, routeOf(pathname)),
    });
    const server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    servers.push(server);
    const from = lines.length;
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await (await fetch(`${base}/billing/100101/pay`)).text();
    await (await fetch(`${base}/billing/100101/pay.data`)).text();
    const [page, data] = await linesAfter(from, 2);
    expect(page).toMatchObject({ route: "/billing/:customerId/pay" });
    expect(data).toMatchObject({ route: "/billing/:customerId/pay.data" });
    expect(matchedHere).toBe(0);
  });

  it("is one JSON line per request with the route pattern, status, bytes, time and the request id sent back", async () => {
    const base = await start();
    const from = lines.length;
    const response = await fetch(`${base}/billing/100101`, { headers: { cookie: "__session=secret-cookie-value" } });
    const body = await response.text();
    const [line, ...more] = await linesAfter(from, 1);
    expect(more).toEqual([]);
    const id = response.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(line).toMatchObject({ event: "http.request", route: "/billing/:customerId?", req: { id, method: "GET" }, res: { status: 200 } });
    expect(line.res.bytes).toBeGreaterThan(body.length);
    expect(typeof line.ms).toBe("number");
    // The page was given the same id (sent on its API calls, shown on its error page).
    expect(body).toContain(`<p id="ref">${id}</p>`);
    // Never the address (ids), a header or the cookie.
    const text = textSince(from);
    expect(text).not.toContain("100101");
    expect(text).not.toContain("secret-cookie-value");
    expect(text).not.toMatch(/headers|userId|user_id/);
  });

  it("takes X-Request-Id only from a proxy TRUST_PROXY trusts, and only a plain token", async () => {
    const untrusted = await start();
    const trusted = await start({ TRUST_PROXY: "loopback" });
    const idOf = async (base: string, sent: string) =>
      (await fetch(`${base}/billing/1`, { headers: { "X-Request-Id": sent } })).headers.get("x-request-id");
    expect(await idOf(untrusted, "proxy-id-1")).not.toBe("proxy-id-1");
    expect(await idOf(trusted, "proxy-id-1")).toBe("proxy-id-1");
    expect(await idOf(trusted, "bad id <script>")).toMatch(/^[0-9a-f-]{36}$/);
    expect(await idOf(await start({ TRUST_PROXY: "10.0.0.0/8" }), "proxy-id-2")).not.toBe("proxy-id-2");
  });
});

describe("redaction, configured once in the logger", () => {
  it("hides passwords, tokens, card and bank numbers at any of three depths", () => {
    const from = lines.length;
    logEvent("test.secrets", {
      password: "pw-1",
      body: { card_number: "4111111111111111", cvv: "737", nested: { account_number: "8765432109", refresh_token: "rt-1" } },
      headers: { cookie: "__session=abc", authorization: "Bearer at-1" },
    });
    const text = textSince(from);
    expect(text).toContain('"event":"test.secrets"');
    for (const secret of ["pw-1", "4111111111111111", "737", "8765432109", "rt-1", "__session=abc", "at-1"]) {
      expect(text).not.toContain(secret);
    }
  });
});

describe("the request line's logger", () => {
  it("is used for the request line only: what a route logs is still redacted", async () => {
    const logging: RequestHandler = (_req, res) => {
      logger().warn({ event: "test.route", password: "pw-route", nested: { card_number: "4000056655665556" } }, "route line");
      res.type("html").send("<p>ok</p>");
    };
    const app = createPortalApp({ config: parseConfig({}), pageHandler: logging, routeOf });
    const server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    servers.push(server);
    const from = lines.length;
    await (await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/billing/1`)).text();
    const [line] = await linesAfter(from, 1);
    expect(line).toMatchObject({ event: "http.request", route: "/billing/:customerId?", res: { status: 200 } });
    const text = textSince(from);
    expect(text).toContain('"event":"test.route"');
    expect(text).not.toContain("pw-route");
    expect(text).not.toContain("4000056655665556");
  });
});

describe("what a loader, an action or React Router threw", () => {
  const args = (signal?: AbortSignal) => {
    const context = new RouterContextProvider();
    context.set(requestInfoContext, { cspNonce: "", clientAddress: "127.0.0.1", dataRequest: false, requestId: "req-boom-1" });
    return { request: new Request("http://portal.test/billing/100101", { signal }), params: {}, context };
  };
  const errorLines = () => lines.map((line) => JSON.parse(line) as Record<string, any>).filter((line) => line.event === "request.error");

  it("is one line with the request id and the stack, not React Router's trace on standard error", () => {
    lines.length = 0;
    handleError(new Error("the API answered something unreadable"), args());
    const [line, ...more] = errorLines();
    expect(more).toEqual([]);
    expect(line).toMatchObject({ level: 50, requestId: "req-boom-1", err: { message: "the API answered something unreadable" } });
    expect(line.err.stack).toContain("observability.test.ts");
  });

  it("leaves out a method or an address a route refused (4xx), and a request the browser gave up on", () => {
    lines.length = 0;
    // React Router's own 405 (it carries the Error it made), and a 404 a loader threw.
    const noAction = Object.assign(new ErrorResponse(405, "Method Not Allowed", "", true), { error: new Error("no action") });
    handleError(noAction, args());
    handleError(new ErrorResponse(404, "Not Found", null), args());
    const aborted = new AbortController();
    aborted.abort();
    handleError(new Error("too late"), args(aborted.signal));
    expect(errorLines()).toEqual([]);
  });
});

describe("/metrics", () => {
  const TOKEN = "metrics-token-0123456789";

  it("is not served at all without METRICS_TOKEN (the page handler answers the address)", async () => {
    const base = await start();
    const text = await (await fetch(`${base}/metrics`)).text();
    expect(text).not.toContain("# HELP");
  });

  it("needs the bearer token on the public port", async () => {
    const base = await start({ METRICS_TOKEN: TOKEN });
    expect((await fetch(`${base}/metrics`)).status).toBe(401);
    expect((await fetch(`${base}/metrics`, { headers: { Authorization: "Bearer wrong-token-0123456789" } })).status).toBe(401);
    await fetch(`${base}/billing/100101`);
    const response = await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toMatch(/portal_http_request_duration_seconds_count\{route="\/billing\/:customerId\?",method="GET",status="200"\} [1-9]/);
    expect(text).toContain("nodejs_eventloop_lag_seconds");
    // No label holds the address's id (numbers elsewhere are values: memory, times).
    expect(text).not.toMatch(/\{[^}\n]*100101/);
  });

  it("is served on METRICS_PORT, apart from the pages, and nothing else is", async () => {
    const server = startMetricsServer(0, "127.0.0.1");
    servers.push(server);
    await new Promise((resolve) => server.once("listening", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const response = await fetch(`${base}/metrics`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("portal_http_request_duration_seconds");
    expect((await fetch(`${base}/billing/1`)).status).toBe(404);
  });

  it("labels its series with values from fixed sets only", async () => {
    const base = await start({ METRICS_TOKEN: TOKEN });
    for (const path of ["/billing/100101", "/billing/200301", "/nope/123?x=alice@example.com"]) await fetch(base + path);
    const text = await metrics().registry.metrics();
    const labels = [...text.matchAll(/^portal_\w+\{(.*)\} /gm)].flatMap((m) => [...m[1].matchAll(/(\w+)="([^"]*)"/g)]);
    expect(labels.length).toBeGreaterThan(0);
    const allowed: Record<string, RegExp> = {
      route: /^(\/[A-Za-z0-9\-/:?*.]*|\(unmatched\))$/,
      endpoint: /^(\/[A-Za-z0-9\-/{}_.]*|\(other\))$/,
      method: /^(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS|OTHER)$/,
      status: /^\d{1,3}$/,
      outcome: /^(success|wrong_password|limited|unavailable|approved|declined|pending|refused|failed|rendered|kept|304)$/,
      le: /^[\d.+Inf]+$/,
    };
    for (const [, name, value] of labels) {
      expect(Object.keys(allowed), `label ${name}`).toContain(name);
      expect(value, `${name}="${value}"`).toMatch(allowed[name]);
      // No ids or addresses: digits only in statuses and bucket bounds.
      if (name === "route" || name === "endpoint") expect(value).not.toMatch(/\d|@/);
    }
  });
});

describe("the reference of a failed page data request (the browser)", () => {
  it("names the page a data request is for", () => {
    expect(pageOfDataRequest("/dashboard/100201.data")).toBe("/dashboard/100201");
    expect(pageOfDataRequest("/_root.data")).toBe("/");
    expect(pageOfDataRequest("/billing/_.data")).toBe("/billing/");
    expect(pageOfDataRequest("/dashboard/100201")).toBeUndefined();
  });

  it("notes the X-Request-Id of a failed .data answer, not of one that succeeded", async () => {
    const answers = [new Response("", { status: 200, headers: { "X-Request-Id": "ok-1" } })];
    answers.push(new Response("", { status: 403, headers: { "X-Request-Id": "refused-1" } }));
    const browser: Parameters<typeof watchDataRequests>[0] = {
      fetch: async () => answers.shift()!,
      location: { href: "http://portal.test/dashboard/100101" },
    };
    watchDataRequests(browser);
    expect((await browser.fetch("/dashboard/100101.data")).status).toBe(200);
    expect(lastFailedDataRequest()).not.toEqual({ path: "/dashboard/100101", id: "ok-1" });
    expect((await browser.fetch(new URL("http://portal.test/dashboard/100201.data?_routes=routes%2Fdashboard"))).status).toBe(403);
    expect(lastFailedDataRequest()).toEqual({ path: "/dashboard/100201", id: "refused-1" });
  });
});
