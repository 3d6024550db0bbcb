/**
 * Starts the portal: checks the configuration, starts the embedded reference API when API_BASE_URL is
 * unset, serves the server bundle (server/entry.ts: the Express application and React Router's routes,
 * built in production, through Vite in development), and shuts down gracefully on SIGTERM / SIGINT.
 * What the app's routes share with the Express application (the embedded API, the breaker, the metrics)
 * is reached through the bundle's exports, never through a second copy of its modules.
 */
import cluster from "node:cluster";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import type { ServerBuild } from "react-router";
import type { startApi as StartApi } from "./api/index.ts";
// Types only: the bundle is loaded at start (its built file, or through Vite), never from source here.
import type * as PortalModule from "./server/entry.ts";
import { ConfigError, parseConfig, retiredVariableWarnings, signInSettingsOf, type Config } from "./app/lib/config.server.ts";
import { runWorkers } from "./server/cluster.ts";
import { importUnmapped } from "./server/import-unmapped.ts";
import { listen } from "#common/express-server";
import { logEvent, logger } from "#common/logger";
import { checkDataDir, startupProblem } from "./server/startup-errors.ts";
import { startTracing } from "./server/tracing.ts";
import { SignInLimiter } from "#common/sign-in-limits";
import { twoStepKeyMaterial } from "./api/service/two-step-secrets.ts";

const SHUTDOWN_GRACE_MS = 10_000;

function readConfig(): Config {
  try {
    return parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      logEvent("config.invalid", {}, { level: "error", msg: error.message });
      process.exit(1);
    }
    throw error;
  }
}

/** The embedded demo in production keeps a generated session secret in its data directory. */
function demoSessionSecret(dataDir: string): string {
  const file = path.resolve(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * The key material sealing the embedded API's two-step secrets: TWO_STEP_KEY; unset, the development key
 * outside production, and in production the demo's own, generated once in DATA_DIR (two-step-secrets.ts).
 */
function twoStepKeyOf(config: Config): string {
  return twoStepKeyMaterial({
    configured: config.TWO_STEP_KEY,
    production: config.NODE_ENV === "production",
    embeddedDemo: true,
    dataDir: config.DATA_DIR,
  });
}

/** Whether the external API answers: the status of its answer to HEAD /openapi.json (rejects without one). */
async function apiAnswer(config: Config, timeoutMs: number): Promise<number> {
  const response = await fetch(`${config.API_BASE_URL}/openapi.json`, { method: "HEAD", signal: AbortSignal.timeout(timeoutMs) });
  return response.status;
}

/** /readyz: the embedded database answers a query, or the external API answers its OpenAPI document. */
async function readiness(config: Config, api: Awaited<ReturnType<typeof StartApi>> | undefined, timeoutMs: number): Promise<void> {
  if (api) {
    await api.db.query("SELECT 1");
    return;
  }
  const status = await apiAnswer(config, timeoutMs);
  if (status >= 500) throw new Error(`the API answered ${status}`);
}

/** The server bundle's exports (server/entry.ts). */
type Portal = typeof PortalModule;

/** The built server bundle (production): its path, or the process ends with one line saying to build. */
async function builtPortal(buildDir: string): Promise<Portal> {
  const buildPath = path.resolve(buildDir, "server/index.js");
  if (!existsSync(buildPath)) {
    logEvent(
      "startup.no-build",
      {},
      { level: "error", msg: "No production build found: run `npm run build` first (npm start does it for you)." },
    );
    process.exit(1);
  }
  return importUnmapped<Portal>(buildPath);
}

async function main(config: Config) {
  // OpenTelemetry's SDK only when OTEL_EXPORTER_OTLP_ENDPOINT asks for it, before the API loads `pg` and
  // the server is made (server/tracing.ts).
  const tracing = await startTracing({ service: "lakeshore-portal" });
  const embedded = !config.API_BASE_URL;
  // The embedded API keeps its data there (the PGlite database, the demo's session secret).
  if (embedded) checkDataDir(config.DATA_DIR);
  if (!config.SESSION_SECRET && embedded && config.NODE_ENV === "production") {
    // The app bundle reads its configuration from process.env: it sees this secret too.
    process.env.SESSION_SECRET = demoSessionSecret(config.DATA_DIR);
    Object.assign(config, readConfig());
  }

  const production = config.NODE_ENV === "production";
  const buildDir = process.env.BUILD_DIR || "build";
  // Development: Vite serves the bundle's modules from source, and the scripts and styles.
  const vite = production
    ? undefined
    : await import("vite").then((v) => v.createServer({ server: { middlewareMode: true }, appType: "custom" }));
  const portal = vite ? ((await vite.ssrLoadModule("./server/entry.ts")) as Portal) : await builtPortal(buildDir);
  // One logger writes every line of the process: the bundle's copy of common/logger.ts uses this one.
  portal.useLogger(logger());

  // Said once, by the primary, when several workers run (startWorkers).
  if (cluster.isPrimary) for (const warning of retiredVariableWarnings(process.env)) logEvent("config.retired", {}, { msg: warning });
  // One sign-in limit model for the portal's sign-in page and the embedded API's token endpoint
  // (docs/decisions/020-one-sign-in-limit-model.md): the app gets it in its load context.
  const signIn = new SignInLimiter(signInSettingsOf(config), { embeddedApi: embedded });

  let api: Awaited<ReturnType<typeof StartApi>> | undefined;
  if (embedded) {
    const { startApi } = await import("./api/index.ts");
    api = await startApi({
      twoStepKey: twoStepKeyOf(config),
      dataDir: config.DATA_DIR,
      databaseUrl: config.DATABASE_URL,
      signIn,
      routerRestartSeconds: config.ROUTER_RESTART_SECONDS,
      mail: config.SMTP_URL
        ? { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, portalUrl: config.PORTAL_URL ?? `http://localhost:${config.PORT}` }
        : undefined,
    });
    // The portal's own calls reach the embedded API in-process (app/lib/api-transport.server.ts): the
    // same router as /api/v1 over HTTP, without a socket or compression.
    portal.registerEmbeddedApi(portal.embeddedApiApp(api.router));
    const { migrations, seeded, milliseconds } = api.startup;
    logger().debug({ event: "api.startup", migrations: migrations.length, seeded, ms: milliseconds }, "reference API ready");
  }
  const database = config.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${path.resolve(config.DATA_DIR)}`;
  const apiName = embedded ? `the embedded reference API on ${database}` : `the API at ${config.API_BASE_URL}`;

  // The external API's circuit breaker (app/lib/api-breaker.server.ts): pages answer 503 at once while the
  // API is known to be down, and it asks the API again by itself. The embedded API has none.
  const apiBreaker =
    !embedded && config.API_BREAKER_FAILURES > 0
      ? new portal.ApiBreaker({
          failures: config.API_BREAKER_FAILURES,
          openMs: config.API_BREAKER_OPEN_MS,
          probe: () => apiAnswer(config, config.API_TIMEOUT_MS),
        })
      : undefined;
  portal.registerApiBreaker(apiBreaker);
  // /metrics on its own port (a cluster's primary serves it for all workers instead: startWorkers).
  const metricsServer =
    config.METRICS_PORT && cluster.isPrimary ? portal.startMetricsServer(config.METRICS_PORT, config.METRICS_HOST) : undefined;

  const getLoadContext = (req: Parameters<Portal["loadContextFor"]>[0], res: Parameters<Portal["loadContextFor"]>[1]) =>
    portal.loadContextFor(req, res, signIn);
  const build = portal.build as unknown as ServerBuild;
  const app = portal.createPortalApp({
    config,
    api: api?.router,
    readinessCheck: () => readiness(config, api, portal.READINESS_TIMEOUT_MS),
    apiBreaker,
    routeOf: portal.routePatterns(build.routes).of,
    // What each route declares of its page (`handle.cache`): tagged for 304s or not.
    pageCache: portal.pageCacheOf(build.routes as Parameters<Portal["pageCacheOf"]>[0]),
    ...(vite
      ? {
          devMiddleware: vite.middlewares,
          // Development: each request renders with the routes as Vite has them now (edits included).
          pageHandler: createRequestHandler({
            build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
            mode: "development",
            getLoadContext,
          }),
        }
      : {
          clientDir: path.resolve(buildDir, "client"),
          pageHandler: createRequestHandler({ build, mode: "production", getLoadContext }),
        }),
  });

  // `listen` calls back with the error of a port in use or an address not of this machine: one line naming PORT or HOST.
  const server: Server = listen(app, config.PORT, config.HOST, (error?: Error) => {
    if (error) stopAtStart(error, config);
    const brand = `my${config.BRAND_NAME}`;
    const worker = cluster.isWorker ? `, worker ${process.pid}` : "";
    // The one line a newcomer reads: where, with which API and database (each worker of a cluster says it).
    logEvent(
      "startup",
      { port: config.PORT, env: config.NODE_ENV, embeddedApi: embedded },
      { level: "info", msg: `${brand} portal listening on http://localhost:${config.PORT} (${config.NODE_ENV}${worker}) with ${apiName}` },
    );
  });

  // Idle kept-alive connections outlast a load balancer's own idle timeout when it is set to (docs/operations.md).
  server.keepAliveTimeout = config.KEEP_ALIVE_TIMEOUT_MS;

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logEvent("shutdown", { signal }, { level: "info", msg: `${signal}: finishing requests in flight, then stopping` });
    const force = setTimeout(() => {
      logEvent("shutdown.forced", {}, { msg: "Requests still open after the grace period: closing them" });
      server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // Keep-alive connections (browsers, and the portal's own calls to the embedded API) close as soon
    // as they are idle, so shutdown waits only for requests really in flight.
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    server.close(async () => {
      clearInterval(sweep);
      try {
        apiBreaker?.dispose();
        metricsServer?.close();
        await portal.closePools();
        await api?.close();
        await tracing?.shutdown();
      } finally {
        logEvent("shutdown.done", {}, { level: "info", msg: "Stopped" });
        process.exit(0);
      }
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

/** A start-up failure whose cause a setting names ends the process with that one line; others as thrown. */
function stopAtStart(error: unknown, config: Config): never {
  const problem = startupProblem(error, config);
  if (!problem) throw error;
  logEvent("startup.failed", {}, { level: "error", msg: problem });
  process.exit(1);
}

/**
 * WEB_CONCURRENCY > 1 (server/cluster.ts): what every worker must share is settled here, once, before
 * they start: the demo's session secret, kept in DATA_DIR, which every worker must open cookies with,
 * and the demo's two-step key, which every worker's API must seal and open secrets with.
 */
async function startWorkers(config: Config) {
  if (!config.SESSION_SECRET && !config.API_BASE_URL && config.NODE_ENV === "production") {
    checkDataDir(config.DATA_DIR);
    process.env.SESSION_SECRET = demoSessionSecret(config.DATA_DIR);
  }
  // The demo's two-step key too, so that every worker reads the same one.
  if (!config.API_BASE_URL) twoStepKeyOf(config);
  for (const warning of retiredVariableWarnings(process.env)) logEvent("config.retired", {}, { msg: warning });
  if (!config.REDIS_URL) {
    logEvent(
      "config.loose-limits",
      {},
      {
        msg: `WEB_CONCURRENCY=${config.WEB_CONCURRENCY} without REDIS_URL: each worker counts sign-in attempts on its own, so the limits are ${config.WEB_CONCURRENCY} times as loose`,
      },
    );
  }
  if (config.METRICS_PORT) {
    // The primary serves no page and never loads the server bundle: its metrics server, from source, sums the workers'.
    const { startMetricsServer } = await import("./server/metrics.ts");
    startMetricsServer(config.METRICS_PORT, config.METRICS_HOST, { cluster: true }).unref();
  }
  runWorkers(config.WEB_CONCURRENCY, {
    info: (line) => logEvent("cluster", {}, { level: "info", msg: line }),
    warn: (line) => logEvent("cluster.worker", {}, { msg: line }),
  });
}

const startConfig = readConfig();
if (cluster.isPrimary && startConfig.WEB_CONCURRENCY > 1) {
  try {
    await startWorkers(startConfig);
  } catch (error) {
    stopAtStart(error, startConfig);
  }
} else {
  await main(startConfig).catch((error: unknown) => stopAtStart(error, startConfig));
}
