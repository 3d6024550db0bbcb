/**
 * The Express application of server.ts, with a stub page handler that echoes what the app gave the
 * page (res.locals, and the router context loadContextFor builds from it).
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import type { RequestHandler } from "express";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { parseConfig } from "../../app/lib/config.server.ts";
import { requestInfoContext } from "../../app/lib/request-info.ts";
import { SIGN_IN_PATHS, createPortalApp, loadContextFor, parseTrustProxy, type PortalAppOptions } from "../../server/app.ts";

interface Echo {
  method: string;
  path: string;
  locals: { cspNonce?: string; signInBlockedUntil?: string };
  context: { cspNonce: string; signInBlockedUntil: string | null };
}

/** The page handler: echoes what the app computed for this request. */
const echo: RequestHandler = (req, res) => {
  const info = loadContextFor(res).get(requestInfoContext);
  res.json({
    method: req.method,
    path: req.path,
    locals: res.locals,
    context: { cspNonce: info.cspNonce, signInBlockedUntil: info.signInBlockedUntil?.toISOString() ?? null },
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

const post = (url: string, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: "username=a&password=b",
  });

describe("/healthz", () => {
  it("answers 200 {status: ok}, not cached", async () => {
    const base = await start({}, { healthCheck: async () => {} });
    const response = await fetch(`${base}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });

  it("answers 200 without a health check (external API)", async () => {
    const base = await start();
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });

  it("answers 503 when the backing store is down", async () => {
    const base = await start({}, { healthCheck: () => Promise.reject(new Error("database down")) });
    const response = await fetch(`${base}/healthz`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "unavailable" });
    expect(response.headers.get("Cache-Control")).toBe("no-store");
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

describe("cross-site form posts", () => {
  it("refuses a POST from another site with 403", async () => {
    const base = await start();
    const response = await post(`${base}/switch-account`, { "Sec-Fetch-Site": "cross-site" });
    expect(response.status).toBe(403);
    expect(await response.text()).toBe("Cross-site form posts are not accepted.");
  });

  it.each(["same-origin", "none"])("lets a POST with Sec-Fetch-Site: %s reach the page", async (site) => {
    const base = await start();
    const response = await post(`${base}/switch-account`, { "Sec-Fetch-Site": site });
    expect(response.status).toBe(200);
    expect(((await response.json()) as Echo).method).toBe("POST");
  });

  it("lets a POST without Sec-Fetch-Site (older browsers) reach the page", async () => {
    const base = await start();
    expect((await post(`${base}/logout`)).status).toBe(200);
  });

  it("lets a link from another site (GET) open the page", async () => {
    const base = await start();
    const response = await fetch(`${base}/dashboard/100101`, { headers: { "Sec-Fetch-Site": "cross-site" } });
    expect(response.status).toBe(200);
  });
});

describe("sign-in rate limit per address", () => {
  const limited = { SIGN_IN_LIMIT_PER_IP: "2" };

  it("covers the document post and the data post of the sign-in form", () => {
    expect(SIGN_IN_PATHS).toEqual(["/login", "/login.data"]);
  });

  it("lets the third POST /login reach the page with the time the address may try again", async () => {
    const base = await start(limited);
    for (let i = 0; i < 2; i++) {
      const body = (await (await post(`${base}/login`)).json()) as Echo;
      expect(body.locals.signInBlockedUntil).toBeUndefined();
      expect(body.context.signInBlockedUntil).toBeNull();
    }
    const third = await post(`${base}/login?came_from=%2Fdashboard`);
    expect(third.status).toBe(200);
    const body = (await third.json()) as Echo;
    expect(body.path).toBe("/login");
    const until = new Date(body.locals.signInBlockedUntil!).getTime();
    expect(until).toBeGreaterThan(Date.now());
    expect(until).toBeLessThanOrEqual(Date.now() + 15 * 60_000 + 1_000);
    // The page gets it through the router context.
    expect(body.context.signInBlockedUntil).toBe(body.locals.signInBlockedUntil);
  });

  it("counts POST /login.data (a hydrated page's sign-in) the same way, together with /login", async () => {
    const base = await start(limited);
    await post(`${base}/login.data`);
    await post(`${base}/login`);
    const body = (await (await post(`${base}/login.data`)).json()) as Echo;
    expect(body.locals.signInBlockedUntil).toBeTruthy();
  });

  it("does not count GETs of the sign-in page", async () => {
    const base = await start(limited);
    for (let i = 0; i < 5; i++) await fetch(`${base}/login`);
    await post(`${base}/login`);
    const body = (await (await post(`${base}/login`)).json()) as Echo;
    expect(body.locals.signInBlockedUntil).toBeUndefined();
  });

  it("does not count posts elsewhere", async () => {
    const base = await start(limited);
    for (let i = 0; i < 5; i++) await post(`${base}/switch-account`);
    const body = (await (await post(`${base}/login`)).json()) as Echo;
    expect(body.locals.signInBlockedUntil).toBeUndefined();
  });

  it("counts each address on its own (behind a trusted proxy)", async () => {
    const base = await start({ ...limited, TRUST_PROXY: "1" });
    const from = (address: string) => ({ "X-Forwarded-For": address });
    await post(`${base}/login`, from("203.0.113.10"));
    await post(`${base}/login`, from("203.0.113.10"));
    const blocked = (await (await post(`${base}/login`, from("203.0.113.10"))).json()) as Echo;
    expect(blocked.locals.signInBlockedUntil).toBeTruthy();
    const other = (await (await post(`${base}/login`, from("198.51.100.7"))).json()) as Echo;
    expect(other.locals.signInBlockedUntil).toBeUndefined();
  });

  it("sends the standard RateLimit headers", async () => {
    const base = await start(limited);
    const response = await post(`${base}/login`);
    expect(response.headers.get("RateLimit-Policy")).toMatch(/q=2/);
    expect(response.headers.get("RateLimit")).toMatch(/r=1/);
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

describe("loadContextFor", () => {
  it("passes the nonce and the sign-in block into React Router's context", () => {
    const until = new Date("2026-11-26T10:00:00Z");
    const context = loadContextFor({ locals: { cspNonce: "bm9uY2U=", signInBlockedUntil: until } } as never);
    expect(context.get(requestInfoContext)).toEqual({ cspNonce: "bm9uY2U=", signInBlockedUntil: until });
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
