/**
 * The Express application of server.ts, with a stub page handler that echoes what the app gave the
 * page (res.locals, and the router context loadContextFor builds from it).
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { request, type Server } from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, constants as zlibConstants, gunzipSync, gzipSync } from "node:zlib";
import type { RequestHandler } from "express";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { parseConfig, parseOriginPattern } from "../../app/lib/config.server.ts";
import { requestInfoContext } from "../../app/lib/request-info.ts";
import {
  MAX_FORM_BYTES,
  READINESS_TIMEOUT_MS,
  createPortalApp,
  hostMatches,
  loadContextFor,
  nextNonce,
  parseTrustProxy,
  type PortalAppOptions,
} from "../../server/app.ts";

interface Echo {
  method: string;
  path: string;
  locals: { cspNonce?: string };
  context: { cspNonce: string; clientAddress: string };
  origin: string | null;
}

/** The page handler: echoes what the app computed for this request. */
const echo: RequestHandler = (req, res) => {
  const info = loadContextFor(req, res).get(requestInfoContext);
  res.json({
    method: req.method,
    path: req.path,
    locals: res.locals,
    context: { cspNonce: info.cspNonce, clientAddress: info.clientAddress },
    origin: req.get("origin") ?? null,
  });
};

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** Starts an app on a free port and answers its base URL. */
async function start(env: Record<string, string> = {}, options: Partial<PortalAppOptions> = {}): Promise<string> {
  const app = createPortalApp({ config: parseConfig(env), pageHandler: echo, ...options });
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  servers.push(server);
  const { port } = server.address() as { port: number };
  return `http://127.0.0.1:${port}`;
}

/** Sends raw bytes and answers what came back first (the status line and headers at least). */
function rawRequest(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(text));
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk.toString();
      if (answer.includes("\r\n\r\n") && answer.length > 200) socket.destroy();
    });
    socket.on("close", () => resolve(answer));
    socket.on("error", (error) => (answer ? resolve(answer) : reject(error)));
    setTimeout(() => socket.destroy(), 3000);
  });
}

/** A GET whose body is read as sent (Node's fetch decompresses by itself). */
function rawGet(url: string, acceptEncoding: string) {
  return new Promise<{ status?: number; encoding?: string; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      request(url, { headers: { "Accept-Encoding": acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode, encoding: res.headers["content-encoding"], headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
        .on("error", reject)
        .end();
    },
  );
}

const post = (url: string, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: "username=a&password=b",
  });

describe("/healthz (liveness)", () => {
  it("answers 200 {status: ok}, not cached, without asking the API", async () => {
    let asked = false;
    const base = await start({}, { readinessCheck: async () => void (asked = true) });
    const response = await fetch(`${base}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(asked).toBe(false);
  });

  it("still answers 200 while the API is down (a restart would not help)", async () => {
    const base = await start({}, { readinessCheck: () => Promise.reject(new Error("API down")) });
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });
});

describe("/readyz (readiness)", () => {
  it("answers 200 when the API answers", async () => {
    const base = await start({}, { readinessCheck: async () => {} });
    const response = await fetch(`${base}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ready" });
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });

  it("answers 503 when the API is down", async () => {
    const base = await start({}, { readinessCheck: () => Promise.reject(new Error("connection refused")) });
    const response = await fetch(`${base}/readyz`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "unavailable" });
  });

  it("answers 503 at once, without asking the API, while the API's circuit breaker is open or probing", async () => {
    for (const state of ["open", "half-open"] as const) {
      let asked = false;
      const base = await start({}, { readinessCheck: async () => void (asked = true), apiBreaker: { state } });
      const response = await fetch(`${base}/readyz`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: "unavailable", breaker: state });
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      expect(asked).toBe(false);
    }
  });

  it("asks the API as before while the breaker is closed, and says it is closed", async () => {
    const base = await start({}, { readinessCheck: async () => {}, apiBreaker: { state: "closed" } });
    const response = await fetch(`${base}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ready", breaker: "closed" });
  });

  it("answers 503 within its timeout when the API hangs", async () => {
    const base = await start({}, { readinessCheck: () => new Promise(() => {}) });
    const started = Date.now();
    const response = await fetch(`${base}/readyz`);
    expect(response.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(READINESS_TIMEOUT_MS + 1500);
  });
});

describe("security headers", () => {
  it("sends a production CSP whose script nonce is new on every request and is the page's nonce", async () => {
    const base = await start({ NODE_ENV: "production" });
    const nonces: string[] = [];
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${base}/dashboard/100101`);
      const csp = response.headers.get("Content-Security-Policy") ?? "";
      const body = (await response.json()) as Echo;
      const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce, csp).toBeTruthy();
      expect(nonce).toBe(body.locals.cspNonce);
      expect(nonce).toBe(body.context.cspNonce);
      expect(Buffer.from(nonce!, "base64")).toHaveLength(16);
      nonces.push(nonce!);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("form-action 'self'");
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it("never hands out a nonce twice, across refills of its random bytes", () => {
    const nonces = Array.from({ length: 1000 }, () => nextNonce());
    expect(new Set(nonces).size).toBe(1000);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });

  it("lets forms post to the commercial application when one is configured", async () => {
    const base = await start({ NODE_ENV: "production", COMMERCIAL_APP_URL: "https://business.example.com/app/" });
    const csp = (await fetch(`${base}/`)).headers.get("Content-Security-Policy") ?? "";
    expect(csp).toContain("form-action 'self' https://business.example.com");
  });

  it("sends no CSP in development (Vite's inline scripts)", async () => {
    const base = await start({ NODE_ENV: "development" });
    const response = await fetch(`${base}/`);
    expect(response.headers.has("Content-Security-Policy")).toBe(false);
    expect(((await response.json()) as Echo).locals.cspNonce).toBeTruthy();
  });

  it("sends Referrer-Policy: same-origin and the other helmet headers, without X-Powered-By", async () => {
    const base = await start({ NODE_ENV: "production" });
    const response = await fetch(`${base}/login`);
    expect(response.headers.get("Referrer-Policy")).toBe("same-origin");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.has("X-Powered-By")).toBe(false);
    expect(response.headers.has("Strict-Transport-Security")).toBe(false);
  });
});

describe("one origin check for every unsafe request", () => {
  const send = (url: string, method: string, headers: Record<string, string> = {}) =>
    fetch(url, { method, headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers }, body: "customerId=100203" });

  it.each([
    ["/logout", "POST", { Origin: "http://other.example" }],
    ["/switch-account", "POST", { Origin: "http://other.example", "Sec-Fetch-Site": "same-site" }],
    ["/switch-account", "POST", { Origin: "http://sibling.localhost:3000" }],
    ["/billing/100101/pay", "PUT", { Origin: "https://evil.example" }],
    ["/logout", "DELETE", { Origin: "null" }],
    ["/logout", "PATCH", { "Sec-Fetch-Site": "cross-site" }],
    ["/logout", "POST", { "Sec-Fetch-Site": "same-site" }],
  ])("refuses %s (%s) with %j: 403, the page never reached", async (path, method, headers) => {
    const base = await start();
    const response = await send(`${base}${path}`, method, headers);
    expect(response.status).toBe(403);
    const text = await response.text();
    expect(text).toContain("This form was sent from another site");
    expect(text).toContain("Ce formulaire a été envoyé depuis un autre site");
  });

  it.each(["ws:", "ftp:", "https:"])("refuses a post whose Origin has the portal's host but another scheme (%s)", async (scheme) => {
    const base = await start();
    const host = new URL(base).host;
    const response = await send(`${base}/logout`, "POST", { Origin: `${scheme}//${host}` });
    expect(response.status).toBe(403);
  });

  it("refuses a post whose Origin has the portal's host name on another port", async () => {
    const base = await start();
    const { hostname, port } = new URL(base);
    const response = await send(`${base}/logout`, "POST", { Origin: `http://${hostname}:${Number(port) + 1}` });
    expect(response.status).toBe(403);
  });

  it("behind a trusted proxy, compares the forwarded scheme too: http://portal is not https://portal", async () => {
    const base = await start({ TRUST_PROXY: "1" });
    const forwarded = { "X-Forwarded-Host": "portal.example", "X-Forwarded-Proto": "https" };
    expect((await send(`${base}/logout`, "POST", { ...forwarded, Origin: "https://portal.example" })).status).toBe(200);
    for (const origin of ["http://portal.example", "ws://portal.example", "https://portal.example:8443"]) {
      expect((await send(`${base}/logout`, "POST", { ...forwarded, Origin: origin })).status, origin).toBe(403);
    }
  });

  it("lets a post from the portal's own origin through", async () => {
    const base = await start();
    const response = await send(`${base}/logout`, "POST", { Origin: base, "Sec-Fetch-Site": "same-origin" });
    expect(response.status).toBe(200);
    expect(((await response.json()) as Echo).origin).toBe(base);
  });

  it.each(["same-origin", "none"])("lets a post without Origin and with Sec-Fetch-Site: %s through", async (site) => {
    const base = await start();
    expect((await send(`${base}/switch-account`, "POST", { "Sec-Fetch-Site": site })).status).toBe(200);
  });

  it("lets a client that is no browser (neither header) through", async () => {
    const base = await start();
    expect((await send(`${base}/logout`, "POST")).status).toBe(200);
  });

  it("allows the origins of ALLOWED_ACTION_ORIGINS (wildcards), and React Router then sees no foreign Origin", async () => {
    const base = await start({ ALLOWED_ACTION_ORIGINS: "portal.example.com, *.proxy.example.com" });
    for (const origin of ["https://portal.example.com", "https://eu.proxy.example.com"]) {
      const response = await send(`${base}/logout`, "POST", { Origin: origin });
      expect(response.status, origin).toBe(200);
      expect(((await response.json()) as Echo).origin).toBeNull();
    }
    expect((await send(`${base}/logout`, "POST", { Origin: "https://a.b.proxy.example.com" })).status).toBe(403);
    // A bare host means https on its default port: the same host over http or on another port is another origin.
    for (const origin of ["http://portal.example.com", "https://portal.example.com:8443", "ws://portal.example.com"]) {
      expect((await send(`${base}/logout`, "POST", { Origin: origin })).status, origin).toBe(403);
    }
  });

  it("allows an origin of ALLOWED_ACTION_ORIGINS with its own scheme and port", async () => {
    const base = await start({ ALLOWED_ACTION_ORIGINS: "http://intranet.example:8080" });
    expect((await send(`${base}/logout`, "POST", { Origin: "http://intranet.example:8080" })).status).toBe(200);
    expect((await send(`${base}/logout`, "POST", { Origin: "https://intranet.example:8080" })).status).toBe(403);
    expect((await send(`${base}/logout`, "POST", { Origin: "http://intranet.example" })).status).toBe(403);
  });

  it("compares with the forwarded host behind a trusted proxy", async () => {
    const base = await start({ TRUST_PROXY: "1" });
    const response = await send(`${base}/logout`, "POST", {
      Origin: "https://my.lakeshore.example",
      "X-Forwarded-Host": "my.lakeshore.example",
      "X-Forwarded-Proto": "https",
    });
    expect(response.status).toBe(200);
    const untrusted = await start();
    expect(
      (await send(`${untrusted}/logout`, "POST", { Origin: "https://my.lakeshore.example", "X-Forwarded-Host": "my.lakeshore.example" }))
        .status,
    ).toBe(403);
  });

  it("lets a link from another site (GET) open the page", async () => {
    const base = await start();
    const response = await fetch(`${base}/dashboard/100101`, {
      headers: { "Sec-Fetch-Site": "cross-site", Origin: "https://other.example" },
    });
    expect(response.status).toBe(200);
  });

  it("leaves the API (bearer tokens, no cookies) to itself", async () => {
    const { Router } = await import("express");
    const api = Router().post("/auth/access-token", (_req, res) => void res.json({ reached: true }));
    const base = await start({}, { api });
    const response = await send(`${base}/api/v1/auth/access-token`, "POST", { Origin: "https://other.example" });
    expect(await response.json()).toEqual({ reached: true });
  });
});

describe("body size", () => {
  it("answers 413 with a bilingual page to a raw request declaring 200 MB", async () => {
    const base = await start();
    const { port } = new URL(base);
    const answer = await rawRequest(
      Number(port),
      `POST /login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${200 * 1024 * 1024}\r\n\r\nusername=AAAA`,
    );
    expect(answer).toMatch(/^HTTP\/1.1 413/);
    expect(answer).toContain("larger than any form");
  });

  it("keeps the largest form (five 20 MB proofs of payment) under the cap", () => {
    expect(MAX_FORM_BYTES).toBeGreaterThan(5 * 20 * 1024 * 1024);
    expect(MAX_FORM_BYTES).toBeLessThan(128 * 1024 * 1024);
  });
});

describe("client address", () => {
  it("hands the client's address to the app, the forwarded one behind a trusted proxy only", async () => {
    const direct = await start();
    expect(((await (await post(`${direct}/login`, { "X-Forwarded-For": "203.0.113.10" })).json()) as Echo).context.clientAddress).toBe(
      "127.0.0.1",
    );
    const proxied = await start({ TRUST_PROXY: "1" });
    expect(((await (await post(`${proxied}/login`, { "X-Forwarded-For": "203.0.113.10" })).json()) as Echo).context.clientAddress).toBe(
      "203.0.113.10",
    );
  });
});

describe("static files", () => {
  const clientDir = mkdtempSync(path.join(tmpdir(), "portal-client-"));
  mkdirSync(path.join(clientDir, "assets"));
  writeFileSync(path.join(clientDir, "assets", "entry.client-AbC123.js"), "console.log('hello');");
  writeFileSync(path.join(clientDir, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

  it("serves hashed assets as immutable for a year", async () => {
    const base = await start({}, { clientDir });
    const response = await fetch(`${base}/assets/entry.client-AbC123.js`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("console.log('hello');");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
  });

  it("sends the build's compressed copies of a script as they are: brotli first, gzip to others, the file to the rest", async () => {
    // What the build writes beside a script (scripts/vite-precompress.ts), here made by zlib.
    const script = `export const texts = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `Texte numéro ${i}`))};`;
    writeFileSync(path.join(clientDir, "assets", "page-XyZ789.js"), script);
    writeFileSync(path.join(clientDir, "assets", "page-XyZ789.js.br"), brotliCompressSync(script));
    writeFileSync(path.join(clientDir, "assets", "page-XyZ789.js.gz"), gzipSync(script, { level: 9 }));
    const base = await start({}, { clientDir });
    const url = `${base}/assets/page-XyZ789.js`;

    const br = await rawGet(url, "gzip, deflate, br, zstd");
    expect(br.encoding).toBe("br");
    // The stored bytes, not compressed again by the page compression.
    expect(br.body).toEqual(brotliCompressSync(script));
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    expect(br.headers["content-type"]).toMatch(/^text\/javascript; charset=utf-8$/i);
    expect(br.headers["vary"]).toMatch(/Accept-Encoding/);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");

    const gzip = await rawGet(url, "gzip, deflate");
    expect(gzip.encoding).toBe("gzip");
    expect(gunzipSync(gzip.body).toString()).toBe(script);
    expect(gzip.headers["content-type"]).toMatch(/^text\/javascript; charset=utf-8$/i);
    // A weight of 0 refuses brotli even when the browser names it.
    expect((await rawGet(url, "br;q=0, gzip")).encoding).toBe("gzip");

    const plain = await rawGet(url, "identity");
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it("caches other static files for an hour only", async () => {
    const base = await start({}, { clientDir });
    const response = await fetch(`${base}/favicon.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600");
  });

  it("hands a missing asset and any page to the page handler", async () => {
    const base = await start({}, { clientDir });
    expect(((await (await fetch(`${base}/dashboard/100101`)).json()) as Echo).path).toBe("/dashboard/100101");
    const missing = await fetch(`${base}/assets/missing.js`);
    expect(((await missing.json()) as Echo).path).toBe("/assets/missing.js");
    expect(missing.headers.get("Cache-Control") ?? "").not.toMatch(/immutable/);
  });
});

describe("compression", () => {
  // A page of the size of the dashboard (about 50 KB), made of text that compresses like HTML does.
  const page = Array.from(
    { length: 700 },
    (_, i) => `<li class="flex justify-between"><span>Invoice ${1000 + i}</span><span>$${(i * 7.31).toFixed(2)}</span></li>`,
  ).join("\n");
  const html: RequestHandler = (_req, res) => {
    res.type("html").send(page);
  };

  it("sends answers that arrive as they are with brotli at quality 2 (half the time of the default, 5 % more bytes), gzip to others", async () => {
    const base = await start({}, { pageHandler: html });
    const raw = (encoding: string) => rawGet(`${base}/dashboard/100101`, encoding);
    const br = await raw("gzip, deflate, br, zstd");
    expect(br.encoding).toBe("br");
    expect(brotliDecompressSync(br.body).toString()).toBe(page);
    const quality = (q: number) => brotliCompressSync(page, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: q } }).length;
    expect(br.body.length).toBe(quality(2));
    expect(br.body.length).toBeLessThan(page.length / 4);
    const gzip = await raw("gzip");
    expect(gzip.encoding).toBe("gzip");
    expect(gunzipSync(gzip.body).toString()).toBe(page);
    // A client that takes neither gets the page as it is.
    const identity = await raw("identity");
    expect(identity.encoding).toBeUndefined();
    expect(identity.body.toString()).toBe(page);
  });

  it("leaves an answer that arrives compressed (a page, from React Router's entry) as it is", async () => {
    const compressed = brotliCompressSync(page);
    const encoded: RequestHandler = (_req, res) => {
      res.type("html").set("Content-Encoding", "br").set("Content-Length", String(compressed.length)).end(compressed);
    };
    const base = await start({}, { pageHandler: encoded });
    const answer = await rawGet(`${base}/dashboard/100101`, "gzip, deflate, br, zstd");
    expect(answer.encoding).toBe("br");
    expect(answer.headers["content-length"]).toBe(String(compressed.length));
    expect(answer.body.equals(compressed)).toBe(true);
  });
});

describe("loadContextFor", () => {
  it("passes the nonce and the client's address into React Router's context", () => {
    const context = loadContextFor({ ip: "198.51.100.2", socket: {} } as never, { locals: { cspNonce: "bm9uY2U=" } } as never);
    expect(context.get(requestInfoContext)).toEqual({ cspNonce: "bm9uY2U=", clientAddress: "198.51.100.2", dataRequest: false });
  });

  it("gives each request its own time for the API (API_TIMEOUT_MS)", async () => {
    const budgets: unknown[] = [];
    const base = await start(
      { API_TIMEOUT_MS: "3000" },
      {
        pageHandler: (req, res) => {
          const { budget } = loadContextFor(req, res).get(requestInfoContext);
          budgets.push(budget);
          res.json({ limitMs: budget?.limitMs, left: budget?.left() });
        },
      },
    );
    expect(await (await fetch(`${base}/dashboard/100101`)).json()).toEqual({ limitMs: 3000, left: 3000 });
    await fetch(`${base}/billing/100101`);
    expect(budgets).toHaveLength(2);
    expect(budgets[1]).not.toBe(budgets[0]);
  });

  it("tells a page's data (.data) from its document, which React Router's request no longer does", () => {
    const info = (path: string) =>
      loadContextFor({ ip: "198.51.100.2", socket: {}, path } as never, { locals: { cspNonce: "bm9uY2U=" } } as never).get(
        requestInfoContext,
      );
    expect(info("/dashboard/100101.data").dataRequest).toBe(true);
    expect(info("/dashboard/100101").dataRequest).toBe(false);
  });
});

describe("parseOriginPattern", () => {
  it.each([
    ["portal.example.com", { protocol: "https:", host: "portal.example.com", port: "" }],
    ["https://*.example.com:443", { protocol: "https:", host: "*.example.com", port: "" }],
    ["http://intranet.example:8080", { protocol: "http:", host: "intranet.example", port: "8080" }],
    ["HTTPS://Portal.Example", { protocol: "https:", host: "portal.example", port: "" }],
  ])("%s", (text, expected) => {
    expect(parseOriginPattern(text)).toEqual(expected);
  });

  it.each(["ftp://portal.example", "ws://portal.example", "https://portal.example/path", "portal example", "https://"])(
    "refuses %s",
    (text) => {
      expect(parseOriginPattern(text)).toBeNull();
    },
  );
});

describe("hostMatches", () => {
  it.each([
    ["a.example.com", "*.example.com", true],
    ["a.b.example.com", "*.example.com", false],
    ["a.b.example.com", "**.example.com", true],
    ["example.com", "**.example.com", false],
    ["portal.example.com", "portal.example.com", true],
    ["portal.example.com.evil", "portal.example.com", false],
  ])("%s against %s: %s", (host, pattern, expected) => {
    expect(hostMatches(host, pattern)).toBe(expected);
  });
});

describe("parseTrustProxy", () => {
  it.each([
    [undefined, false],
    ["", false],
    ["false", false],
    ["true", true],
    ["2", 2],
    ["loopback, 10.0.0.0/8", "loopback, 10.0.0.0/8"],
  ])("%j -> %j", (value, expected) => {
    expect(parseTrustProxy(value)).toBe(expected);
  });
});

describe("a 304", () => {
  it("goes without this request's CSP, so the stored page's (and its nonce) stays in force", async () => {
    const base = await start(
      { NODE_ENV: "production" },
      {
        pageHandler: (req, res) => {
          if (req.headers["if-none-match"] === 'W/"t"') res.status(304).set("ETag", 'W/"t"').end();
          else res.set("ETag", 'W/"t"').type("html").send("<p>page</p>");
        },
      },
    );
    const first = await fetch(`${base}/same`);
    expect(first.headers.get("content-security-policy")).toContain("nonce-");
    const again = await fetch(`${base}/same`, { headers: { "If-None-Match": 'W/"t"' } });
    expect(again.status).toBe(304);
    expect(again.headers.get("content-security-policy")).toBeNull();
  });
});

describe("methods a page cannot be asked with", () => {
  it("answers a TRACE 405 with a bilingual page and the portal's methods, without reaching the page", async () => {
    let handled = 0;
    const base = await start({ NODE_ENV: "production" }, { pageHandler: (_req, res) => void (handled++, res.send("page")) });
    const { port } = new URL(base);
    for (const path of ["/login", "/healthz", "/dashboard/100101"]) {
      const answer = await rawRequest(Number(port), `TRACE ${path} HTTP/1.1\r\nHost: portal.example\r\nConnection: close\r\n\r\n`);
      expect(answer).toMatch(/^HTTP\/1\.1 405/);
      expect(answer).toMatch(/\r\nAllow: GET, HEAD, POST\r\n/i);
      expect(answer).toContain("Le portail ne répond pas à ce type de requête.");
    }
    expect(handled).toBe(0);
    // Other methods still reach the page, which answers them (React Router: 405 or the route's action).
    const { status } = await fetch(`${base}/login`, { method: "PUT" });
    expect([status, handled]).toEqual([200, 1]);
  });
});

describe("addresses that are no URL", () => {
  it("answers 400 (not 500) to a malformed Host, and behind a trusted proxy to a malformed forwarded host", async () => {
    let handled = 0;
    const base = await start({ TRUST_PROXY: "true" }, { pageHandler: (_req, res) => void (handled++, res.send("page")) });
    const { port } = new URL(base);
    const ask = (headers: string) => rawRequest(Number(port), `GET /login HTTP/1.1\r\n${headers}Connection: close\r\n\r\n`);
    expect(await ask("Host: bad host\r\n")).toMatch(/^HTTP\/1\.1 400/);
    expect(await ask("Host: portal.example\r\nX-Forwarded-Host: bad host\r\n")).toMatch(/^HTTP\/1\.1 400/);
    expect(handled).toBe(0);
    expect(await ask("Host: portal.example\r\nX-Forwarded-Host: portal.example.com\r\n")).toMatch(/^HTTP\/1\.1 200/);
    expect(handled).toBe(1);
  });

  it("reads an HTTP/1.0 request without Host as this server's (localhost), as React Router's adapter needs a host name", async () => {
    const hosts: (string | undefined)[] = [];
    const base = await start({}, { pageHandler: (req, res) => void (hosts.push(req.hostname), res.send("page")) });
    const answer = await rawRequest(Number(new URL(base).port), "GET /login HTTP/1.0\r\n\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(hosts).toEqual(["localhost"]);
  });

  it("reads a whole URL as the request's target (a proxy's absolute form) as its path, query and host", async () => {
    const seen: string[] = [];
    const base = await start({}, { pageHandler: (req, res) => void (seen.push(`${req.hostname} ${req.originalUrl}`), res.send("page")) });
    const ask = (target: string) =>
      rawRequest(Number(new URL(base).port), `GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
    expect(await ask("http://portal.example/billing/100101?tab=due")).toMatch(/^HTTP\/1\.1 200/);
    expect(await ask("HTTPS://portal.example:8443/login")).toMatch(/^HTTP\/1\.1 200/);
    expect(seen).toEqual(["portal.example /billing/100101?tab=due", "portal.example /login"]);
  });

  it("answers 400 to a path whose percent-encoding is no UTF-8, and hands a well-encoded one to the page", async () => {
    const paths: string[] = [];
    const base = await start({}, { pageHandler: (req, res) => void (paths.push(req.path), res.send("page")) });
    for (const bad of ["/%E0%A4%A", "/billing/%C3", "/%ZZ"]) {
      const answer = await fetch(base + bad);
      expect(answer.status).toBe(400);
      expect(await answer.text()).toContain("L’adresse de cette requête est illisible.");
    }
    expect((await fetch(`${base}/support/100101?q=%E0%A4`)).status).toBe(200);
    expect((await fetch(`${base}/wifi/%C3%A9t%C3%A9`)).status).toBe(200);
    expect(paths).toEqual(["/support/100101", "/wifi/%C3%A9t%C3%A9"]);
  });
});
