/**
 * End-to-end tests against the production build with the embedded API and a fresh demo database.
 * Every flow runs twice: with JavaScript disabled ("no-js") and enabled ("js").
 * Chromium is Debian's headless shell (/usr/bin/chromium-headless-shell: a third less time per test than the
 * full browser), else /usr/bin/chromium; CHROMIUM_PATH points elsewhere.
 */
import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";

const CHROMIUM =
  process.env.CHROMIUM_PATH ??
  ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((path) => existsSync(path)) ??
  "/usr/bin/chromium-headless-shell";
const PORT = Number(process.env.E2E_PORT ?? 3210);
export const BASE_URL = `http://localhost:${PORT}`;
/** A second run beside the first (another port) needs its own database and build: E2E_DATA_DIR, BUILD_DIR. */
const DATA_DIR = process.env.E2E_DATA_DIR ?? ".data/e2e";
/**
 * A second server with what is off by default turned on (e2e/analytics*.spec.ts, e2e/referrals*.spec.ts):
 * FEATURE_REFERRALS and ANALYTICS_KEY, its events going to ANALYTICS_TEST_HOST, which the tests
 * intercept in the browser (nothing leaves the machine). Its own port and database.
 */
const FEATURES_PORT = Number(process.env.E2E_FEATURES_PORT ?? PORT + 1000);
export const FEATURES_URL = `http://localhost:${FEATURES_PORT}`;
export const ANALYTICS_TEST_HOST = "https://analytics.e2e.invalid";
export const ANALYTICS_TEST_KEY = "phc_e2e_test_key";
const serverEnv = {
  NODE_ENV: "production",
  API_BASE_URL: "",
  DATABASE_URL: "",
  COMMERCIAL_APP_URL: "",
  // Many sign-ins from one address in a few minutes: the limits are tested in tests/unit.
  SIGN_IN_FAILURES_PER_IP: "100000",
  SIGN_IN_ATTEMPTS_PER_IP: "100000",
  SIGN_IN_LIMIT_PER_USERNAME: "100000",
  // Warnings and errors only: a line per request would bury the test report.
  LOG_LEVEL: "warn",
  // A router restart (e2e/router-restart.spec.ts) lasts long enough to be seen, short enough to wait for.
  ROUTER_RESTART_SECONDS: "15",
};

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  fullyParallel: true,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  retries: 0,
  // A flow of several pages, each checked by axe, takes 10–25 s on a quiet 2-core machine: room for a busy one.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: BASE_URL,
    locale: "en-CA",
    // A trace costs a fifth of the run: kept locally on failure, off in CI unless E2E_TRACE=1.
    trace: process.env.E2E_TRACE === "1" || !process.env.CI ? "retain-on-failure" : "off",
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    // Titles tagged @needs-js check what only scripts do (a page's scripts after a 304, conform's
    // validate-on-leave): the JavaScript project runs them; the flows they belong to have no-JS tests of their own.
    // Titles tagged @static open pages and read them, with no form, click or script in what they check (the
    // server's answer: texts, links, statuses, redirects): the no-JS project runs them. Every screen is opened
    // with JavaScript by e2e/every-screen.spec.ts (its scripts run without an error, and it fits a phone), which
    // the no-JS project leaves out: without scripts a screen's layout is the same HTML and styles.
    { name: "no-js", use: { javaScriptEnabled: false }, grepInvert: /@once|@needs-js/, testIgnore: /every-screen\.spec\.ts$/ },
    { name: "js", use: { javaScriptEnabled: true }, grepInvert: /@once|@static/ },
    // Titles tagged @once change demo data the other tests read (paying off the suspended account):
    // they run once, after both projects, without JavaScript, and drive a JavaScript-enabled browser
    // themselves where they need one.
    { name: "once", use: { javaScriptEnabled: false }, grep: /@once/, dependencies: ["no-js", "js"] },
  ],
  webServer: [
    {
      // npm test builds first; run `npm run build` before `npx playwright test` on its own.
      command: `rm -rf ${DATA_DIR} && npx tsx server.ts`,
      url: `${BASE_URL}/healthz`,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
      stdout: "pipe",
      env: { ...serverEnv, PORT: String(PORT), DATA_DIR, ANALYTICS_KEY: "", FEATURE_REFERRALS: "" },
    },
    {
      command: `rm -rf ${DATA_DIR}-features && npx tsx server.ts`,
      url: `${FEATURES_URL}/healthz`,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
      stdout: "pipe",
      env: {
        ...serverEnv,
        PORT: String(FEATURES_PORT),
        DATA_DIR: `${DATA_DIR}-features`,
        ANALYTICS_KEY: ANALYTICS_TEST_KEY,
        ANALYTICS_HOST: ANALYTICS_TEST_HOST,
        FEATURE_REFERRALS: "true",
      },
    },
  ],
});
