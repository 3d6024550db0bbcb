/**
 * The transports under ApiClient against a real /api/v1 stand-in: the keep-alive pool (an external API)
 * and the in-process dispatch (the embedded API) send the same headers and bodies and give the same
 * answers and failures as fetch, and the in-process one leaves the process's other responses alone.
 */
import { getEventListeners } from "node:events";
import http, { type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ApiClient, isFailure } from "../../app/lib/api.server.ts";
import {
  closePools,
  embeddedApiApp,
  fetchTransport,
  inProcessTransport,
  poolTransport,
  type ApiTransport,
} from "../../app/lib/api-transport.server.ts";
import { clientAddress } from "../../api/service/http.ts";

const Echo = z.object({
  method: z.string(),
  url: z.string(),
  headers: z.record(z.string(), z.string()),
  body: z.string(),
  client: z.string(),
});

const router = express.Router();
router.get("/slow", (_req, res) => {
  setTimeout(() => res.json({ late: true }), 2_500);
});
router.get("/status/:code", (req, res) => {
  res.status(Number(req.params.code)).json({ success: false, message: "refused", errors: { email: ["taken"] } });
});
router.get("/file", (_req, res) => {
  res.type("application/pdf").send(Buffer.from("%PDF-1.7 invoice"));
});
// As most GETs of the API: answered without reading the request's (empty) body, after `?delay=` ms.
router.get("/unread", (req, res) => {
  setTimeout(
    () => res.json({ method: req.method, url: req.originalUrl, headers: req.headers, body: "", client: "" }),
    Number(req.query.delay ?? 0),
  );
});
router.all("/echo", (req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () =>
    res.json({
      method: req.method,
      url: req.originalUrl,
      headers: req.headers,
      body: Buffer.concat(chunks).toString(),
      client: clientAddress(req, ["127.0.0.1", "::1", "::ffff:127.0.0.1"]),
    }),
  );
});

let server: Server;
let baseUrl: string;
beforeAll(async () => {
  const app = express();
  app.use("/api/v1", router);
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});
afterAll(async () => {
  await closePools();
  await new Promise((resolve) => server.close(resolve));
});

const transports: [string, () => ApiTransport][] = [
  ["fetch", () => fetchTransport],
  ["the keep-alive pool", () => poolTransport],
  ["in-process", () => inProcessTransport(embeddedApiApp(router))],
];

describe.each(transports)("ApiClient through %s", (_name, transport) => {
  const client = (page = new Request("http://portal.test/dashboard/1"), timeoutMs = 2_000) =>
    new ApiClient({ baseUrl, token: "tok-1", language: "fr", timeoutMs, request: page, transport: transport() });

  it("sends the method, query, token, language, extra headers and a JSON body", async () => {
    const answer = await client().request("POST", "/echo", Echo, {
      query: { page: 2, empty: undefined },
      json: { username: "maya" },
      headers: { "X-Forwarded-For": "203.0.113.9" },
    });
    expect(answer).toMatchObject({ method: "POST", url: "/api/v1/echo?page=2", body: '{"username":"maya"}' });
    expect(answer!.headers).toMatchObject({
      authorization: "Bearer tok-1",
      "accept-language": "fr",
      accept: "application/json",
      "content-type": "application/json",
    });
    // The API counts sign-ins per customer address: it trusts the portal's X-Forwarded-For from loopback.
    expect(answer!.client).toBe("203.0.113.9");
  });

  it("sends forms as multipart with their files", async () => {
    const answer = await client().request("PUT", "/echo", Echo, {
      form: { firstName: "Maya", proof: new File(["receipt"], "proof.txt", { type: "text/plain" }) },
    });
    expect(answer!.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(answer!.body).toContain('name="first_name"');
    expect(answer!.body).toContain('filename="proof.txt"');
    expect(answer!.body).toContain("receipt");
  });

  it("maps refusals as the spec says (422 field errors, 403, 404, other statuses)", async () => {
    const failed = (code: number) =>
      client()
        .request("GET", `/status/${code}`, Echo)
        .catch((error: unknown) => error);
    expect(await failed(422)).toMatchObject({ errors: { email: ["taken"] } });
    expect(isFailure(await failed(403), "forbidden")).toBe(true);
    expect(isFailure(await failed(404), "not-found")).toBe(true);
    vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(isFailure(await failed(500), "server")).toBe(true);
    vi.restoreAllMocks();
  });

  // What is left of a page's time is often a few hundred milliseconds: every transport keeps to it (undici's
  // own timers tick about once a second, so the pool has a timer of its own).
  it("answers 503 when the API does not answer in time, as soon as the time is up", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const started = performance.now();
    const error = await client(undefined, 300)
      .request("GET", "/slow", Echo)
      .catch((e: unknown) => e);
    const elapsed = performance.now() - started;
    vi.restoreAllMocks();
    expect(isFailure(error, "unavailable")).toBe(true);
    expect(elapsed).toBeGreaterThanOrEqual(290);
    // Well before undici's own timeout, which ended such a call after 1 s or more.
    expect(elapsed).toBeLessThan(950);
  });

  it("leaves no listener on the page's signal once a call is answered", async () => {
    const page = new Request("http://portal.test/dashboard/1", { signal: new AbortController().signal });
    for (let i = 0; i < 20; i++) {
      const answer = await client(page).request("GET", "/unread", Echo);
      expect(answer!.method).toBe("GET");
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(getEventListeners(page.signal, "abort")).toHaveLength(0);
  });

  // A contact's e-mail choices ask for each account's at once: Node warned of a listener leak past ten.
  it("keeps one listener on the page's signal for many calls at once, and stops them all with the page", async () => {
    const controller = new AbortController();
    const page = new Request("http://portal.test/profile-settings/notifications", { signal: controller.signal });
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on("warning", onWarning);
    const calls = Array.from({ length: 15 }, () =>
      client(page)
        .request("GET", "/unread", Echo, { query: { delay: 2_000 } })
        .catch((e: unknown) => e),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(getEventListeners(page.signal, "abort").length).toBeLessThanOrEqual(1);
    controller.abort();
    for (const outcome of await Promise.all(calls)) {
      expect(isFailure(outcome)).toBe(false);
      expect(outcome).toBeInstanceOf(Error);
    }
    await new Promise((resolve) => setImmediate(resolve));
    process.off("warning", onWarning);
    expect(warnings.map((warning) => warning.name)).not.toContain("MaxListenersExceededWarning");
    expect(getEventListeners(page.signal, "abort")).toHaveLength(0);
  });

  it("stops the call when the page request is aborted", async () => {
    const controller = new AbortController();
    const call = client(new Request("http://portal.test/dashboard/1", { signal: controller.signal })).request("GET", "/slow", Echo);
    setTimeout(() => controller.abort(), 50);
    const error = await call.catch((e: unknown) => e);
    expect(isFailure(error)).toBe(false);
    expect(error).toBeInstanceOf(Error);
  });

  it("gives a file's answer as a response to stream to the browser", async () => {
    const answer = await transport()({
      method: "GET",
      url: new URL(`${baseUrl}/file`),
      headers: {},
      signal: new AbortController().signal,
      timeoutMs: 2_000,
    });
    const response = answer.response();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(await response.text()).toBe("%PDF-1.7 invoice");
  });
});

describe("the in-process transport", () => {
  it("leaves Express's shared prototypes alone (every other response of the process)", async () => {
    const before = [Object.getPrototypeOf(express.response), Object.getPrototypeOf(express.request)];
    await new ApiClient({
      baseUrl: "http://127.0.0.1:1/api/v1",
      language: "en",
      timeoutMs: 1000,
      request: new Request("http://portal.test/login"),
      transport: inProcessTransport(embeddedApiApp(router)),
    }).request("GET", "/echo", Echo);
    expect([Object.getPrototypeOf(express.response), Object.getPrototypeOf(express.request)]).toEqual(before);
    expect(Object.getPrototypeOf(express.response)).toBe(http.ServerResponse.prototype);
  });
});
