/**
 * The portal's Express application, assembled from its parts so that tests can build one with a stub
 * page handler: security headers with a per-request CSP nonce, refusal of cross-site form posts,
 * compression, asset caching, /healthz, the embedded /api/v1,
 * and React Router's request handler.
 */
import { randomFillSync } from "node:crypto";
import { readdirSync } from "node:fs";
import { constants as zlibConstants } from "node:zlib";
import compression from "compression";
import express, { type RequestHandler, type Router } from "express";
import expressStaticGzip from "express-static-gzip";
import helmet from "helmet";
import { RouterContextProvider, type RouterContext } from "react-router";
import type { BreakerState } from "../app/lib/api-breaker.server.ts";
import { ApiBudget } from "../app/lib/api-budget.server.ts";
import type { PageCache } from "../app/lib/page-handle.ts";
import type { Config, OriginPattern } from "../app/lib/config.server.ts";
import { logEvent } from "#common/logger";
import { FILE_RULES } from "#contract/files";
import { requestInfoContext, type RequestInfo } from "../app/lib/request-info.ts";
import type { SignInLimits } from "#common/sign-in-limits";
import { signInLimitsContext } from "../app/lib/sign-in-limits.ts";
import { analyticsConnectSources } from "./analytics-csp.ts";
import { httpLog } from "./http-log.ts";
import { requestLineId } from "#common/request-line";
import { metricsEndpoint } from "./metrics.ts";
import { fixedPatternOf, readablePath, type RoutePatternOf } from "./route-patterns.ts";
import { keepStoredCspOnNotModified } from "./not-modified.ts";

/**
 * Pages and their data arrive compressed whole from React Router's entry (app/lib/whole-answer.server.ts),
 * which this middleware leaves as they are. It compresses the other answers (a CSV, the pages Express
 * answers itself) with the same settings: brotli quality 2 (a 50 KB page: half the time of the default,
 * quality 4, for 5 % more bytes), gzip at its default level for browsers without brotli. Scripts and
 * stylesheets are not compressed here: the build wrote them compressed at the best settings
 * (scripts/vite-precompress.ts), and `/assets` serves those files as they are.
 */
const PAGE_COMPRESSION = { brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 2 } } };

export interface PortalAppOptions {
  config: Config;
  /** React Router's request handler (production build or Vite in development). */
  pageHandler: RequestHandler;
  /** The embedded reference API, mounted at /api/v1. */
  api?: Router;
  /** Checks what the portal needs to serve pages (the API, or the embedded database) for /readyz; throws when it is down. */
  readinessCheck?: () => Promise<void>;
  /** The external API's circuit breaker (app/lib/api-breaker.server.ts): /readyz answers 503 while it is not closed. */
  apiBreaker?: { readonly state: BreakerState };
  /** Directory of the built client (production): hashed assets under assets/. */
  clientDir?: string;
  /** Extra middleware before the pages (Vite's dev server). */
  devMiddleware?: RequestHandler;
  /** What each route pattern declares of its page (app/lib/conditional.server.ts `pageCacheOf`). */
  pageCache?: (pattern: string) => PageCache;
  /** A request's route pattern (server/route-patterns.ts), for its log line and metrics. */
  routeOf?: RoutePatternOf;
}

declare module "express-serve-static-core" {
  interface Locals {
    cspNonce: string;
    requestInfo?: RequestInfo;
  }
}

/** Random bytes for the nonces, drawn 4 KB at a time (one system call per 256 pages, not one per page). */
const randomPool = { bytes: Buffer.alloc(4096), used: 4096 };

/** A CSP nonce: 16 bytes from the system's CSPRNG, in base64, never handed out twice. */
export function nextNonce(): string {
  if (randomPool.used + 16 > randomPool.bytes.length) {
    randomFillSync(randomPool.bytes);
    randomPool.used = 0;
  }
  const nonce = randomPool.bytes.toString("base64", randomPool.used, randomPool.used + 16);
  randomPool.used += 16;
  return nonce;
}

/** How long /readyz waits for the API. */
export const READINESS_TIMEOUT_MS = 2000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error: unknown) => (clearTimeout(timer), reject(error as Error)),
    );
  });
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Whether a host matches a pattern of ALLOWED_ACTION_ORIGINS ("*" one label, "**" any labels at the start). */
export function hostMatches(host: string, pattern: string): boolean {
  if (pattern.startsWith("**.")) return host.endsWith(pattern.slice(2)) && host.length > pattern.length - 2;
  const hostLabels = host.split(".");
  const patternLabels = pattern.split(".");
  return hostLabels.length === patternLabels.length && patternLabels.every((label, i) => label === "*" || label === hostLabels[i]);
}

const REFUSED_ORIGIN = `<!doctype html><html lang="en-CA"><meta charset="utf-8"><title>Refused</title>
<p lang="en-CA">This form was sent from another site, so it was refused. Go back to the portal and try again.</p>
<p lang="fr-CA">Ce formulaire a été envoyé depuis un autre site; il a donc été refusé. Retournez au portail et réessayez.</p></html>`;

/** Whether an origin (scheme, host and port) matches an allowed pattern. */
export function originMatches(origin: URL, pattern: OriginPattern): boolean {
  return origin.protocol === pattern.protocol && origin.port === pattern.port && hostMatches(origin.hostname, pattern.host);
}

/**
 * Refuses POST, PUT, PATCH and DELETE whose Origin is not this portal's origin (scheme, host and port:
 * the forwarded ones behind TRUST_PROXY) or an allowed one. Without an Origin (a browser always sends
 * one with a form post today), Sec-Fetch-Site must say same-origin or none, and without either header
 * the client is not a browser, which cannot be led to forge a post.
 */
export function originCheck(allowed: OriginPattern[]): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get("origin");
    const site = req.get("sec-fetch-site");
    let ok: boolean;
    if (origin !== undefined) {
      const sent = parseOrigin(origin);
      const host = req.get("x-forwarded-host") && req.app.get("trust proxy") ? req.host : req.get("host");
      const own = host ? parseOrigin(`${req.protocol}://${host}`) : null;
      const same = sent !== null && own !== null && sent.origin === own.origin;
      ok = sent !== null && (same || allowed.some((pattern) => originMatches(sent, pattern)));
      // React Router compares the Origin with the request URL again: an allowed origin passed here.
      if (ok && !same) delete req.headers.origin;
    } else {
      ok = site === undefined || site === "same-origin" || site === "none";
    }
    if (ok) return next();
    res.status(403).set("Cache-Control", "no-store").type("html").send(REFUSED_ORIGIN);
  };
}

/** An http(s) origin as a URL (default ports dropped), or null for "null", other schemes and garbage. */
function parseOrigin(text: string): URL | null {
  try {
    const url = new URL(text);
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

/** The largest form body a page accepts: the biggest attachment form (api/contract/files.ts) with its fields. */
export const MAX_FORM_BYTES =
  Math.max(...Object.values(FILE_RULES).map((rule) => rule.maxFiles * (rule.maxBytes + 1024 * 1024))) + 256 * 1024;

/**
 * Refuses a body declared larger than any form before anything reads it (413). Each action still reads
 * its body within its own, smaller limit (app/lib/form-action.server.ts), chunked bodies included.
 */
const bodyCap: RequestHandler = (req, res, next) => {
  const declared = Number(req.get("content-length") ?? 0);
  if (SAFE_METHODS.has(req.method) || !(declared > MAX_FORM_BYTES)) return next();
  res.status(413).set({ "Cache-Control": "no-store", Connection: "close" }).type("html").send(TOO_LARGE);
  req.resume();
};

const TOO_LARGE = `<!doctype html><html lang="en-CA"><meta charset="utf-8"><title>Too large</title>
<p lang="en-CA">What was sent is larger than any form of the portal accepts. Go back, choose smaller files and try again.</p>
<p lang="fr-CA">L’envoi dépasse la taille que les formulaires du portail acceptent. Revenez en arrière, choisissez des fichiers plus petits et réessayez.</p></html>`;

const BAD_ADDRESS = `<!doctype html><html lang="en-CA"><meta charset="utf-8"><title>Bad request</title>
<p lang="en-CA">The address of this request could not be read. Check the address and try again.</p>
<p lang="fr-CA">L’adresse de cette requête est illisible. Vérifiez l’adresse et réessayez.</p></html>`;

const UNSUPPORTED_METHOD = `<!doctype html><html lang="en-CA"><meta charset="utf-8"><title>Method not allowed</title>
<p lang="en-CA">The portal does not answer this kind of request. Open the page in a web browser.</p>
<p lang="fr-CA">Le portail ne répond pas à ce type de requête. Ouvrez la page dans un navigateur Web.</p></html>`;

/** The methods the Fetch API has no Request for: React Router's adapter throws on them. */
const FETCH_FORBIDDEN_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);

/**
 * 405 for a method a page cannot be asked with: a scanner's TRACE (looking for cross-site tracing) reached
 * React Router's adapter, whose `new Request()` throws on it, so it was answered 500 with Express's stack
 * trace on standard error. (Node closes a CONNECT's connection itself and answers TRACK 400.) `Allow` names
 * the methods the portal takes; a page's own 405 names its own.
 */
const methodCheck: RequestHandler = (req, res, next) => {
  if (!FETCH_FORBIDDEN_METHODS.has(req.method)) {
    next();
    return;
  }
  res.status(405).set({ Allow: "GET, HEAD, POST", "Cache-Control": "no-store" }).type("html").send(UNSUPPORTED_METHOD);
};

/**
 * A request whose target is a whole URL (`GET http://portal.example/login`, as a proxy sends it): HTTP/1.1
 * asks a server to accept it, the target's host standing for Host (RFC 9112, 3.2.2). React Router's
 * adapter joined the host to the whole URL, so every page answered it 404. Read as the path and query, and
 * the host; a target that is no URL is left to the address check (400).
 */
const originForm: RequestHandler = (req, _res, next) => {
  if (!req.url.startsWith("/") && /^https?:\/\//i.test(req.url)) {
    try {
      const target = new URL(req.url);
      req.url = req.originalUrl = target.pathname + target.search;
      req.headers.host = target.host;
    } catch {
      // Not a URL: addressCheck answers it.
    }
  }
  next();
};

/**
 * 400 for a request whose address cannot be read as a URL (a malformed Host or forwarded host or
 * protocol): React Router's adapter would throw on it (a 500 and a stack trace in the log). And for a
 * path whose percent-encoding is no UTF-8 (`/%E0%A4%A`, a scanner's or a mangled link's): React Router would
 * answer its 404 after warning twice on standard error, beside the JSON log.
 */
const addressCheck: RequestHandler = (req, res, next) => {
  // HTTP/1.0 lets a request leave out Host (Node refuses an HTTP/1.1 one without it): it is this server's,
  // read as localhost, as the check below reads it. React Router's adapter threw on the missing host name (a 500).
  if (req.headers.host === undefined) req.headers.host = "localhost";
  if (readablePath(req.path) && urlReadable(req)) {
    next();
    return;
  }
  res.status(400).set("Cache-Control", "no-store").type("html").send(BAD_ADDRESS);
};

/**
 * Whether the address as sent, and with the host Express trusts (React Router's adapter's), reads as a URL:
 * the same host and protocol unless forwarded ones are sent.
 */
function urlReadable(req: express.Request): boolean {
  try {
    new URL(addressOf(req));
    if (req.headers["x-forwarded-host"] !== undefined || req.headers["x-forwarded-proto"] !== undefined) {
      new URL(`${req.protocol}://${req.hostname || "localhost"}${req.originalUrl}`);
    }
    return true;
  } catch {
    return false;
  }
}

/**
 * One warning per process at the first request that came through a proxy TRUST_PROXY does not name (it
 * carries X-Forwarded-For from a peer the setting does not trust): behind such a proxy every customer is one
 * address for the sign-in limits, so one guesser's wrong passwords make them all wait. A customer's own
 * proxy (an office's) sends the header too, so the line says what to check rather than what is wrong.
 */
function untrustedProxyWarning(trusts: (address: string, hop: number) => boolean): RequestHandler {
  let warned = false;
  return (req, _res, next) => {
    if (!warned && req.headers["x-forwarded-for"] !== undefined) {
      const peer = req.socket.remoteAddress ?? "";
      if (!trusts(peer, 0)) {
        warned = true;
        logEvent(
          "proxy.untrusted",
          { peer },
          {
            msg:
              `A request came with X-Forwarded-For from ${peer}, which TRUST_PROXY does not name. If a proxy or load ` +
              "balancer is in front of the portal, name it in TRUST_PROXY: until then every customer is its one address " +
              "for the sign-in limits (docs/operations.md).",
          },
        );
      }
    }
    next();
  };
}

export function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === "" || value === "false") return false;
  if (value === "true") return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

export function createPortalApp(options: PortalAppOptions): express.Express {
  const { config } = options;
  const production = config.NODE_ENV === "production";
  const app = express();
  app.disable("x-powered-by");
  // No ETag of Express's (a hash of every answer it sends, the embedded API's included): pages have their
  // own (conditional.server.ts), assets theirs (express.static), and nobody asks the API If-None-Match
  // (decision 221).
  app.disable("etag");
  app.set("trust proxy", parseTrustProxy(config.TRUST_PROXY));
  // Each page request's time for the API, all its calls together (requestInfoOf).
  app.locals.apiTimeoutMs = config.API_TIMEOUT_MS;
  app.locals.pageCache = options.pageCache;

  // A whole URL as the request's target is read as its path and host before anything looks at either.
  app.use(originForm);
  // Then the request id and the request's log line (server/http-log.ts).
  // The proxy's X-Request-Id is taken only from a peer TRUST_PROXY trusts (Express's compiled setting).
  const trusts = app.get("trust proxy fn") as (address: string, hop: number) => boolean;
  const requestLog = httpLog({
    trustProxy: (address) => address !== undefined && trusts(address, 0),
    routeOf: options.routeOf ?? fixedPatternOf,
  });
  app.use(requestLog);
  app.use(untrustedProxyWarning(trusts));
  // /metrics with METRICS_TOKEN (a bearer token); without it, not here (METRICS_PORT, server/metrics.ts).
  if (config.METRICS_TOKEN) app.get("/metrics", metricsEndpoint(config.METRICS_TOKEN));

  // Liveness: the process answers. It does not look at the API, so a restart is never asked for
  // because a dependency is down.
  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  // Readiness, for load balancers: the API (or the embedded database) answers within a short timeout.
  // With the API's circuit breaker open (or probing), not ready at once, without asking the API: pages
  // answer 503 meanwhile. The breaker logged its opening; each poll does not log again.
  app.get("/readyz", async (_req, res) => {
    const started = performance.now();
    const breaker = options.apiBreaker ? { breaker: options.apiBreaker.state } : {};
    res.set("Cache-Control", "no-store");
    if (breaker.breaker && breaker.breaker !== "closed") {
      res.status(503).json({ status: "unavailable", ...breaker });
      return;
    }
    try {
      await withTimeout(options.readinessCheck?.() ?? Promise.resolve(), READINESS_TIMEOUT_MS);
      res.json({ status: "ready", milliseconds: Math.round(performance.now() - started), ...breaker });
    } catch (error) {
      logEvent("readyz.not-ready", { reason: (error as Error)?.message ?? String(error) });
      res.status(503).json({ status: "unavailable", ...breaker });
    }
  });

  // The reference API answers JSON to the portal (server to server): no page headers, no CSRF check.
  if (options.api) app.use("/api/v1", compression(), options.api);

  // The Content-Security-Policy is built once, with the nonce left as a placeholder filled per request
  // (helmet would rebuild the whole header on every request).
  const formTargets = ["'self'", ...(config.COMMERCIAL_APP_URL ? [new URL(config.COMMERCIAL_APP_URL).origin] : [])];
  const NONCE = "{nonce}";
  const csp = production
    ? cspHeader({
        "default-src": ["'self'"],
        "script-src": ["'self'", `'nonce-${NONCE}'`],
        // The stylesheet is inlined in the document (app/lib/app-styles.tsx) with the page's nonce.
        "style-src": ["'self'", `'nonce-${NONCE}'`],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'", ...analyticsConnectSources(config)],
        "form-action": formTargets,
        "frame-ancestors": ["'none'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
      }).split(NONCE)
    : null;
  // helmet's headers are the same for every answer: asked of helmet once, then set as they are.
  const securityHeaders = helmetHeaders(
    helmet({
      contentSecurityPolicy: false,
      // Plain http on a workstation must keep working; behind TLS, the proxy sets HSTS.
      strictTransportSecurity: false,
      // "no-referrer" makes browsers send "Origin: null" on form posts, which React Router's
      // cross-site check refuses; same-origin keeps the origin for our own posts only.
      referrerPolicy: { policy: "same-origin" },
    }),
  );
  const pageHeaders: RequestHandler = (_req, res, next) => {
    const nonce = nextNonce();
    res.locals.cspNonce = nonce;
    for (const [name, value] of securityHeaders) res.setHeader(name, value);
    if (csp) res.setHeader("Content-Security-Policy", csp.join(nonce));
    next();
  };
  app.use(pageHeaders);

  // A 304 keeps the stored page's CSP (and its nonce): see server/not-modified.ts.
  app.use(keepStoredCspOnNotModified);

  // Every unsafe request to the portal passes one origin check, whatever the route (React Router's
  // own check skips routes without a component, such as /logout and /switch-account).
  app.use(originCheck(config.ALLOWED_ACTION_ORIGINS));
  // No post to a page may be larger than the largest form (files included): refused before it is read.
  app.use(bodyCap);
  // An address that is no URL (a malformed Host): 400, not React Router's 500; likewise a TRACE: 405.
  app.use(addressCheck);
  app.use(methodCheck);

  if (options.clientDir) {
    // The build's .br and .gz beside each script (brotli first when the browser takes both); the file
    // itself to a browser that takes neither. Nothing is compressed per request here.
    app.use(
      "/assets",
      expressStaticGzip(`${options.clientDir}/assets`, {
        enableBrotli: true,
        orderPreference: ["br", "gzip"],
        index: false,
        serveStatic: { immutable: true, maxAge: "1y", index: false },
      }),
    );
  }

  app.use(compression(PAGE_COMPRESSION));

  if (options.clientDir) {
    // The few files at the client root (favicon…), listed once: a page request does not cost a stat.
    const rootFiles = new Set(
      readdirSync(options.clientDir, { withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => `/${entry.name}`),
    );
    const rootStatic = express.static(options.clientDir, { maxAge: "1h", index: false });
    app.use((req, res, next) => (rootFiles.has(req.path) ? rootStatic(req, res, next) : next()));
  }
  if (options.devMiddleware) app.use(options.devMiddleware);

  app.use(options.pageHandler);

  return app;
}

/** The headers a helmet middleware sets, asked once (they do not depend on the request). */
function helmetHeaders(middleware: RequestHandler): [string, string][] {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: string) => headers.push([name, String(value)]),
    removeHeader: () => undefined,
  };
  middleware({} as express.Request, recorder as unknown as express.Response, () => undefined);
  return headers;
}

/** What server.ts knows about the request (made once per request: the log line and React Router's load context share it). */
function requestInfoOf(req: express.Request, res: express.Response): RequestInfo {
  if (res.locals.requestInfo) return res.locals.requestInfo;
  let clientAddress: string | undefined;
  const apiTimeoutMs = (req.app?.locals as { apiTimeoutMs?: number } | undefined)?.apiTimeoutMs;
  return (res.locals.requestInfo = {
    cspNonce: res.locals.cspNonce,
    budget: apiTimeoutMs ? new ApiBudget(apiTimeoutMs) : undefined,
    // Asked of Express (the trusted proxies' X-Forwarded-For) when first needed: a 304 never needs it.
    get clientAddress() {
      return (clientAddress ??= req.ip ?? req.socket.remoteAddress ?? "unknown");
    },
    dataRequest: req.path?.endsWith(".data") ?? false,
    requestId: requestLineId(req),
    pageCache: (req.app?.locals as { pageCache?: (pattern: string) => PageCache } | undefined)?.pageCache,
  });
}

/** The request's address as sent. */
const addressOf = (req: express.Request) => `${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`;

/**
 * React Router's load context: what server.ts knows about the request, and the sign-in limits it
 * built for the whole process (common/sign-in-limits.ts).
 */
export function loadContextFor(req: express.Request, res: express.Response, signIn?: SignInLimits): RouterContextProvider {
  const values = new Map<RouterContext<unknown>, unknown>([[requestInfoContext, requestInfoOf(req, res)]]);
  if (signIn) values.set(signInLimitsContext as RouterContext<unknown>, signIn);
  return new RouterContextProvider(values);
}

/** A Content-Security-Policy header from its directives, written as helmet writes it. */
function cspHeader(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join(";");
}
