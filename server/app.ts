/**
 * The portal's Express application, assembled from its parts so that tests can build one with a stub
 * page handler: security headers with a per-request CSP nonce, refusal of cross-site form posts,
 * compression, asset caching, /healthz, the sign-in rate limit per address, the embedded /api/v1,
 * and React Router's request handler.
 */
import { randomBytes } from "node:crypto";
import compression from "compression";
import express, { type RequestHandler, type Router } from "express";
import { rateLimit } from "express-rate-limit";
import helmet from "helmet";
import { RouterContextProvider } from "react-router";
import type { Config } from "../app/lib/config.server.ts";
import { requestInfoContext } from "../app/lib/request-info.ts";

export interface PortalAppOptions {
  config: Config;
  /** React Router's request handler (production build or Vite in development). */
  pageHandler: RequestHandler;
  /** The embedded reference API, mounted at /api/v1. */
  api?: Router;
  /** Checks the backing store for /healthz; throws when it is down. */
  healthCheck?: () => Promise<void>;
  /** Directory of the built client (production): hashed assets under assets/. */
  clientDir?: string;
  /** Extra middleware before the pages (Vite's dev server). */
  devMiddleware?: RequestHandler;
}

declare module "express-serve-static-core" {
  interface Locals {
    cspNonce: string;
    signInBlockedUntil?: Date;
  }
}

/** The paths a sign-in form posts to: the document post, and the data post of a hydrated page. */
export const SIGN_IN_PATHS = ["/login", "/login.data"];
/** Posts that count against the same per-address limit: asking for a recovery link, using one, activating. */
export const ACCOUNT_LINK_PATHS = /^\/(forgot-password|recover-password|activate-account|activate-customer-contact)(\/|\.data$|$)/;

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

  app.get("/healthz", async (_req, res) => {
    try {
      await options.healthCheck?.();
      res.set("Cache-Control", "no-store").json({ status: "ok" });
    } catch {
      res.status(503).set("Cache-Control", "no-store").json({ status: "unavailable" });
    }
  });

  // The reference API answers JSON to the portal (server to server): no page headers, no CSRF check.
  if (options.api) app.use("/api/v1", compression(), options.api);

  app.use((_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  });

  const formTargets = ["'self'", ...(config.COMMERCIAL_APP_URL ? [new URL(config.COMMERCIAL_APP_URL).origin] : [])];
  app.use(
    helmet({
      contentSecurityPolicy: production
        ? {
            useDefaults: false,
            directives: {
              defaultSrc: ["'self'"],
              scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`],
              styleSrc: ["'self'"],
              imgSrc: ["'self'", "data:"],
              fontSrc: ["'self'"],
              connectSrc: ["'self'"],
              formAction: formTargets,
              frameAncestors: ["'none'"],
              objectSrc: ["'none'"],
              baseUri: ["'self'"],
            },
          }
        : false,
      // Plain http on a workstation must keep working; behind TLS, the proxy sets HSTS.
      strictTransportSecurity: false,
      // "no-referrer" makes browsers send "Origin: null" on form posts, which React Router's
      // cross-site check refuses; same-origin keeps the origin for our own posts only.
      referrerPolicy: { policy: "same-origin" },
    }),
  );

  // A form posted from another site is refused (React Router also compares Origin with the host).
  app.use((req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD" && req.get("sec-fetch-site") === "cross-site") {
      res.status(403).type("text/plain").send("Cross-site form posts are not accepted.");
      return;
    }
    next();
  });

  app.use(compression());

  if (options.clientDir) {
    app.use("/assets", express.static(`${options.clientDir}/assets`, { immutable: true, maxAge: "1y", index: false }));
    app.use(express.static(options.clientDir, { maxAge: "1h", index: false }));
  }
  if (options.devMiddleware) app.use(options.devMiddleware);

  // Sign-in attempts per address. Past the limit the request still reaches the page, which answers
  // 429 with a translated message instead of trying the credentials.
  const windowMs = config.SIGN_IN_LIMIT_WINDOW_MINUTES * 60_000;
  app.post(
    [...SIGN_IN_PATHS, ACCOUNT_LINK_PATHS],
    rateLimit({
      windowMs,
      limit: config.SIGN_IN_LIMIT_PER_IP,
      standardHeaders: "draft-8",
      legacyHeaders: false,
      handler: (req, res, next) => {
        res.locals.signInBlockedUntil =
          (req as { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime ?? new Date(Date.now() + windowMs);
        next();
      },
    }),
  );

  app.use(options.pageHandler);
  return app;
}

/** React Router's load context: what server.ts knows about the request. */
export function loadContextFor(res: express.Response): RouterContextProvider {
  return new RouterContextProvider(
    new Map([[requestInfoContext, { cspNonce: res.locals.cspNonce, signInBlockedUntil: res.locals.signInBlockedUntil }]]),
  );
}
