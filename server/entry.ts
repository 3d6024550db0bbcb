/**
 * The portal's server side as one bundle, as React Router's `node-custom-server` template builds it: this
 * module is the input of the server build (vite.config.ts), so the Express application (server/app.ts)
 * and the app's routes share one copy of every module. The request context, the sign-in limits' context,
 * the API's circuit breaker, the metrics and the embedded API's dispatcher each exist once, as plain
 * module state. server.ts loads it (build/server/index.js in production; through Vite in development)
 * and starts the portal from what it exports.
 */
import * as build from "virtual:react-router/server-build";

export { build };
export { createPortalApp, loadContextFor, READINESS_TIMEOUT_MS } from "./app.ts";
export { startMetricsServer } from "./metrics.ts";
export { routePatterns } from "./route-patterns.ts";
export { ApiBreaker, registerApiBreaker } from "../app/lib/api-breaker.server.ts";
export { closePools, embeddedApiApp, registerEmbeddedApi } from "../app/lib/api-transport.server.ts";
export { pageCacheOf } from "../app/lib/page-handle.ts";
export { useLogger } from "#common/logger";
