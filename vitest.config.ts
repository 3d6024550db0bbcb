/**
 * Vitest: three suites.
 *  - unit:   schemas, the API client's error mapping, formatting, navigation, configuration;
 *  - routes: loaders and actions called in isolation, the API answered by msw (tests/mocks);
 *  - api:    the reference API service on a real database (PGlite; PostgreSQL with TEST_DATABASE_URL);
 *  - redis:  rate-limit counters shared by processes through Redis (TEST_REDIS_URL; npm test runs it then);
 *  - integration: the production portal and the reference API as processes of their own, the API hung,
 *    slow and down (needs the build: npm test runs it after building);
 *  - scale:  the API's query plans on a scale-seeded PostgreSQL database (TEST_DATABASE_URL; npm test runs it then).
 */
import { availableParallelism } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

/** No log lines in the output of in-process suites (tests that read them catch them: tests/support/log-lines.ts). */
const QUIET = { LOG_LEVEL: "silent" };

/**
 * Route tests that count the API calls a page makes, or read feature flags: the caching layers' memory
 * (kept pages, revisions, account lists, doors) left by another file would answer for the API, so each of
 * these files gets fresh modules.
 */
const ROUTES_WITH_CACHE_STATE = [
  "tests/routes/app.test.ts",
  "tests/routes/billing-history.test.ts",
  "tests/routes/business.test.ts",
  "tests/routes/conditional.test.ts",
  "tests/routes/door.test.ts",
  "tests/routes/dashboard.test.ts",
  "tests/routes/link-reads.test.ts",
  "tests/routes/logout.test.ts",
  "tests/routes/referrals.test.ts",
  "tests/routes/revision-reads.test.ts",
];
export default defineConfig({
  resolve: {
    alias: { "~": path.resolve(import.meta.dirname, "app") },
  },
  test: {
    environment: "node",
    // One file per core: vitest's default leaves one core idle, and the suites wait on databases and sockets.
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        // Files share a worker's modules (isolate: false): importing the app once instead of per file.
        test: { name: "unit", include: ["tests/unit/**/*.test.ts"], setupFiles: ["tests/support/env.ts"], env: QUIET, isolate: false },
      },
      {
        extends: true,
        // Some actions stream files of tens of megabytes to disk: room for that on a busy machine. Files
        // share a worker's modules (isolate: false), but for those that fill the caching layers' memory.
        test: {
          name: "routes",
          include: ["tests/routes/**/*.test.ts"],
          exclude: ROUTES_WITH_CACHE_STATE,
          setupFiles: ["tests/support/env.ts", "tests/support/msw.ts"],
          testTimeout: 30_000,
          env: QUIET,
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "routes-isolated",
          include: ROUTES_WITH_CACHE_STATE,
          setupFiles: ["tests/support/env.ts", "tests/support/msw.ts"],
          testTimeout: 30_000,
          env: QUIET,
        },
      },
      {
        // Shared rate-limit counters on a real Redis (TEST_REDIS_URL): run only with --project redis.
        extends: true,
        test: { name: "redis", include: ["tests/redis/**/*.test.ts"], testTimeout: 60_000, env: QUIET },
      },
      {
        // The scale seed on PostgreSQL (TEST_DATABASE_URL): run only with --project scale.
        extends: true,
        test: { name: "scale", include: ["tests/scale/**/*.test.ts"], testTimeout: 600_000, hookTimeout: 900_000 },
      },
      {
        // Real processes against the production build: run only with --project integration, after a build.
        extends: true,
        test: { name: "integration", include: ["tests/integration/**/*.test.ts"], testTimeout: 120_000, hookTimeout: 240_000 },
      },
      {
        extends: true,
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          // Each file opens its own database copy; files share a worker's modules (isolate: false).
          isolate: false,
          globalSetup: ["tests/api/support/global-setup.ts"],
          env: QUIET,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
