/**
 * Serves the reference /api/v1 alone (no portal), e.g. to run the portal against it with API_BASE_URL
 * as an operator would against their own API, or for the benchmark.
 *   DATA_DIR=.data PORT=4000 npx tsx scripts/api-server.ts
 */
import express from "express";
import { startApi } from "../api/index.ts";
import { listen } from "../common/express-server.ts";
import { logEvent } from "../common/logger.ts";
import { parseConfig, signInSettingsOf } from "../app/lib/config.server.ts";
import { startTracing } from "../server/tracing.ts";
import { twoStepKeyMaterial } from "../api/service/two-step-secrets.ts";

const port = Number(process.env.PORT ?? 4000);
const mailConfig = parseConfig({ SMTP_URL: process.env.SMTP_URL, MAIL_FROM: process.env.MAIL_FROM, PORTAL_URL: process.env.PORTAL_URL });
// Traces with OTEL_EXPORTER_OTLP_ENDPOINT (server/tracing.ts), before the API loads `pg` and the server is made.
const tracing = await startTracing({ service: "lakeshore-api" });
let twoStepKey: string;
try {
  // TWO_STEP_KEY (checked as the portal checks it); the development key outside production; required in production.
  twoStepKey = twoStepKeyMaterial({
    configured: parseConfig({ TWO_STEP_KEY: process.env.TWO_STEP_KEY }).TWO_STEP_KEY,
    production: process.env.NODE_ENV === "production",
    embeddedDemo: false,
    dataDir: process.env.DATA_DIR ?? ".data",
  });
} catch (error) {
  logEvent("startup.failed", {}, { level: "error", msg: (error as Error).message });
  process.exit(1);
}
const api = await startApi({
  twoStepKey,
  dataDir: process.env.DATA_DIR ?? ".data",
  databaseUrl: process.env.DATABASE_URL || undefined,
  routerRestartSeconds: parseConfig({ ROUTER_RESTART_SECONDS: process.env.ROUTER_RESTART_SECONDS }).ROUTER_RESTART_SECONDS,
  // The outbox through SMTP with SMTP_URL; links lead to PORTAL_URL (the portal in front of this API).
  mail: mailConfig.SMTP_URL
    ? { smtpUrl: mailConfig.SMTP_URL, from: mailConfig.MAIL_FROM, portalUrl: mailConfig.PORTAL_URL ?? "http://localhost:3000" }
    : undefined,
  // The portal's sign-in limits (SIGN_IN_*, their older names, REDIS_URL), counted by this process alone.
  limits: signInSettingsOf(
    parseConfig(Object.fromEntries(Object.entries(process.env).filter(([name]) => /^(SIGN_IN_|API_TOKEN_|REDIS_URL$)/.test(name)))),
  ),
});
const app = express();
app.disable("x-powered-by");
// No ETag of Express's on the API's answers: nobody asks the API If-None-Match (decision 221).
app.disable("etag");
app.use("/api/v1", api.router);
const server = listen(app, port, "127.0.0.1", (error) => {
  if (error) throw error;
  // One JSON line, as every other line of the API's log (the tests and scripts wait for its words).
  logEvent("startup", { port }, { level: "info", msg: `Reference API on http://127.0.0.1:${port}/api/v1` });
});
const stop = () =>
  server.close(() =>
    api
      .close()
      .then(() => tracing?.shutdown())
      .then(() => process.exit(0)),
  );
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
