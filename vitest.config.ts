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
import path from "node:path";
import { defineConfig } from "vitest/config";

/** No log lines in the output of in-process suites (tests that read them catch them: tests/support/log-lines.ts). */
const QUIET = { LOG_LEVEL: "silent" };

export default defineConfig({
  resolve: {
    alias: { "~": path.resolve(import.meta.dirname, "app") },
  },
  test: {
    environment: "node",
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["tests/unit/**/*.test.ts"], setupFiles: ["tests/support/env.ts"], env: QUIET },
      },
      {
        extends: true,
        // Some actions stream files of tens of megabytes to disk: room for that on a busy machine.
        test: {
          name: "routes",
          include: ["tests/routes/**/*.test.ts"],
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
          globalSetup: ["tests/api/support/global-setup.ts"],
          env: QUIET,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
