/**
 * The portal's Express application, assembled from its parts so that tests can build one with a stub
 * page handler: security headers with a per-request CSP nonce, refusal of cross-site form posts,
 * compression, asset caching, /healthz, the embedded /api/v1,
 * and React Router's request handler.
 */
import { randomFillSync } from "node:crypto";
import { readdirSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { constants as zlibConstants } from "node:zlib";
import compression from "compression";
import express, { type RequestHandler, type Router } from "express";
import expressStaticGzip from "express-static-gzip";
import helmet from "helmet";
import { RouterContextProvider, type RouterContext } from "react-router";
import type { BreakerState } from "../app/lib/api-breaker.server.ts";
import { ApiBudget } from "../app/lib/api-budget.server.ts";
import type { answerAtTheDoor } from "../app/lib/conditional.server.ts";
import type { Config, OriginPattern } from "../app/lib/config.server.ts";
import { logEvent } from "#common/logger";
import { FILE_RULES } from "#contract/files";
import { requestInfoContext, type RequestInfo } from "../app/lib/request-info.ts";
import type { SignInLimits } from "#common/sign-in-limits";
import { signInLimitsContext } from "../app/lib/sign-in-limits.ts";
import { analyticsConnectSources } from "./analytics-csp.ts";
import { httpLog } from "./http-log.ts";
import { metricsEndpoint } from "./metrics.ts";
import { fixedPatternOf, type RoutePatternOf } from "./route-patterns.ts";
import { keepStoredCspOnNotModified } from "./not-modified.ts";

/**
 * Pages and .data are compressed once per answer (a 50 KB page: brotli quality 2 takes 0.38 ms and sends
 * 13.6 KB; the `compression` default, quality 4, takes 0.81 ms for 12.9 KB). Every rendered page view
 * pays this, so the cheaper setting wins: 5 % more bytes for half the time
 * (docs/architecture.md, "Compression"). Browsers that do not take brotli get gzip at its default level.
 * Scripts and stylesheets are not compressed here: the build wrote them compressed at the best settings
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
  /**
   * The build's answer at the door (app/lib/conditional.server.ts `answerAtTheDoor`): a 304 without
   * React Router's request handler, or undefined to let the handler answer.
   */
  door?: typeof answerAtTheDoor;
  /** A request's route pattern (server/route-patterns.ts), for its log line and metrics. */
  routeOf?: RoutePatternOf;
}

declare module "express-serve-static-core" {
  interface Locals {
    cspNonce: string;
    requestInfo?: RequestInfo;
    /** The request's address as sent, once the address check built it (the door's request reuses it). */
    address?: string;
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

/**
 * 400 for a request whose address cannot be read as a URL (a malformed Host or forwarded host or
 * protocol): React Router's adapter would throw on it (a 500 and a stack trace in the log).
 */
const addressCheck: RequestHandler = (req, res, next) => {
  try {
    // The address as sent (the door's) and with the host Express trusts (React Router's adapter's): the
    // same host and protocol unless forwarded ones are sent.
    new URL((res.locals.address = addressOf(req)));
    if (req.headers["x-forwarded-host"] !== undefined || req.headers["x-forwarded-proto"] !== undefined) {
      new URL(`${req.protocol}://${req.hostname || "localhost"}${req.originalUrl}`);
    }
  } catch {
    res.status(400).set("Cache-Control", "no-store").type("html").send(BAD_ADDRESS);
    return;
  }
  next();
};

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
  app.set("trust proxy", parseTrustProxy(config.TRUST_PROXY));
  // Each page request's time for the API, all its calls together (requestInfoOf).
  app.locals.apiTimeoutMs = config.API_TIMEOUT_MS;

  // First of all: the request id and the request's log line (server/http-log.ts).
  // The proxy's X-Request-Id is taken only from a peer TRUST_PROXY trusts (Express's compiled setting).
  const trusts = app.get("trust proxy fn") as (address: string, hop: number) => boolean;
  const requestLog = httpLog({
    trustProxy: (address) => address !== undefined && trusts(address, 0),
    routeOf: options.routeOf ?? fixedPatternOf,
  });
  app.use(requestLog);
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
  app.use(unlessFrontDoor(pageHeaders));

  // A 304 keeps the stored page's CSP (and its nonce): see server/not-modified.ts.
  app.use(unlessFrontDoor(keepStoredCspOnNotModified));

  // Every unsafe request to the portal passes one origin check, whatever the route (React Router's
  // own check skips routes without a component, such as /logout and /switch-account).
  app.use(originCheck(config.ALLOWED_ACTION_ORIGINS));
  // No post to a page may be larger than the largest form (files included): refused before it is read.
  app.use(bodyCap);
  // An address that is no URL (a malformed Host): 400, not React Router's 500.
  app.use(unlessFrontDoor(addressCheck));

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

  // Before the compression middleware: its answers are 304s, with nothing to compress.
  const door = options.door ? doorMiddleware(options.door) : undefined;
  if (door) app.use(unlessFrontDoor(door));

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

  // The front door: a server made by app.listen takes a page's GET through the door's part of the chain
  // above (the same middlewares, in the same order: nothing before them applies to a GET of a page)
  // before Express's router, which a 304 then never meets.
  if (door) {
    const lane = [requestLog, pageHeaders, keepStoredCspOnNotModified, addressCheck, door];
    const listener = frontDoor(app, lane);
    app.listen = ((...args: unknown[]) => {
      const server = createServer(listener);
      // As Express's own listen: a callback also hears a failure to listen (once).
      const last = args.at(-1);
      if (typeof last === "function") {
        let called = false;
        const once = (...values: unknown[]) => (called ? undefined : ((called = true), last(...values)));
        args[args.length - 1] = once;
        server.once("error", once);
      }
      return server.listen(...(args as Parameters<typeof server.listen>));
    }) as express.Express["listen"];
  }
  return app;
}

/** Set on a request that went through the front door: Express's chain skips the middlewares it ran. */
const THROUGH_FRONT_DOOR = Symbol("through the front door");

const unlessFrontDoor =
  (middleware: RequestHandler): RequestHandler =>
  (req, res, next) =>
    (req as unknown as Record<symbol, boolean>)[THROUGH_FRONT_DOOR] ? next() : middleware(req, res, next);

/**
 * What Express answers before the door's part of the chain (health checks, the embedded API, built
 * assets): such addresses always take Express's way. Express matches them without regard to case.
 */
const BEFORE_THE_DOOR = /^\/(assets|api|healthz|readyz)(?:[/.?]|$)/i;

/**
 * The server's request listener: a GET of any other address runs `lane` (page headers and nonce, the
 * stored-CSP rule, the address check, the door) as Express would, with the request and answer made
 * Express's as app.handle makes them; when the door has no answer, Express takes the request on and
 * skips what the lane already did (the nonce and the door's request information stay the same).
 */
function frontDoor(app: express.Express, lane: RequestHandler[]): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    if (req.method !== "GET" || BEFORE_THE_DOOR.test(req.url ?? "/")) return app(req, res);
    const expressReq = req as express.Request;
    const expressRes = res as express.Response;
    expressReq.res = expressRes;
    expressRes.req = expressReq;
    Object.setPrototypeOf(req, app.request);
    Object.setPrototypeOf(res, app.response);
    expressRes.locals ??= Object.create(null) as express.Response["locals"];
    // As Express's router sets them before the first middleware.
    expressReq.originalUrl ??= req.url ?? "/";
    expressReq.baseUrl = "";
    let at = 0;
    const next = (error?: unknown) => {
      // (the lane's middlewares pass no errors on; were one to, Express would take the request from the start)
      if (error !== undefined) return app(req, res);
      const middleware = lane[at++];
      if (middleware) {
        const passedOn = at;
        try {
          return middleware(expressReq, expressRes, next);
        } catch (error) {
          // Thrown by this middleware itself: Express takes the request from the start, as its router
          // would have caught it (a throw out of the listener would end the process).
          if (at === passedOn) return app(req, res);
          // Thrown further on (Express catches its own, so not expected): answered here, not twice.
          logEvent("http.front-door.error", { err: error }, { level: "error" });
          if (!res.headersSent) res.writeHead(500, { "Cache-Control": "no-store" }).end();
        }
      }
      (req as unknown as Record<symbol, boolean>)[THROUGH_FRONT_DOOR] = true;
      app(req, res);
    };
    next();
  };
}

/** The door (app/lib/conditional.server.ts `answerAtTheDoor`) as Express middleware: its answer, or the next handler. */
function doorMiddleware(door: typeof answerAtTheDoor): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET") return next();
    const info = requestInfoOf(req, res);
    let request: Request;
    try {
      request = fetchRequestOf(req, res);
    } catch {
      // A header a Fetch Request refuses: React Router's way.
      return next();
    }
    door(request, info).then(
      (answer) => {
        if (!answer) return next();
        try {
          res.statusCode = answer.status;
          for (const [name, value] of answer.headers) res.appendHeader(name, value);
        } catch (error) {
          // A header Node refuses (not expected: the door sets an ETag and a Cache-Control).
          logEvent("http.door.error", { reason: (error as Error)?.message ?? String(error) });
          for (const [name] of answer.headers) res.removeHeader(name);
          res.statusCode = 200;
          return next();
        }
        res.end();
      },
      (error: unknown) => {
        // React Router answers instead (and logs what fails there too).
        logEvent("http.door.error", { reason: (error as Error)?.message ?? String(error) });
        next();
      },
    );
  };
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

/** What server.ts knows about the request (made once: the door and React Router's load context share it). */
function requestInfoOf(req: express.Request, res: express.Response): RequestInfo {
  if (res.locals.requestInfo) return res.locals.requestInfo;
  let clientAddress: string | undefined;
  const apiTimeoutMs = (req.app?.locals as { apiTimeoutMs?: number } | undefined)?.apiTimeoutMs;
  return (res.locals.requestInfo = {
    cspNonce: res.locals.cspNonce,
    // One for the door and React Router alike: the door's revision read counts towards the page's time.
    budget: apiTimeoutMs ? new ApiBudget(apiTimeoutMs) : undefined,
    // Asked of Express (the trusted proxies' X-Forwarded-For) when first needed: a 304 never needs it.
    get clientAddress() {
      return (clientAddress ??= req.ip ?? req.socket.remoteAddress ?? "unknown");
    },
    dataRequest: req.path?.endsWith(".data") ?? false,
    requestId: (req as { id?: unknown }).id === undefined ? undefined : String(req.id),
  });
}

/** The request as a Fetch Request, for the door (React Router's adapter makes its own for the pages). */
function fetchRequestOf(req: express.Request, res: express.Response): Request {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i], raw[i + 1]);
  return new Request(res.locals.address ?? addressOf(req), { headers });
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
