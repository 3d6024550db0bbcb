#!/usr/bin/env node
/**
 * npm test: every suite, in order. The type check, lint (ESLint, import circles) and format check (Prettier), then unit, route and API tests (vitest, the API on PGlite), the API tests
 * again on PostgreSQL when TEST_DATABASE_URL is set (.ci/run starts one) with the API's query plans on the
 * scale seed there (vitest's scale project), then the production build, the
 * portal against an API process that hangs, is slow and is down (vitest's integration project), and the
 * end-to-end tests in Debian's headless Chromium, installed first when missing and the machine allows it.
 *
 * npm run test:fast (--fast): the developer's quick loop, the unit and route suites only, with the fuzz
 * tests at a small count (FUZZ_RUNS=2 unless set).
 */
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/** Debian's headless Chromium (no window system, a third cheaper per test than the full browser), else the full one. */
const browsers = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"];
const chromium = process.env.CHROMIUM_PATH ?? browsers.find((path) => existsSync(path)) ?? browsers[0];

function run(command, args, env = {}) {
  console.log(`\n$ ${[command, ...args].join(" ")}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Runs these commands at once, prints each one's output when it ends, and stops if any failed. */
async function runTogether(commands) {
  const results = await Promise.all(
    commands.map(
      ([command, args]) =>
        new Promise((resolve) => {
          const child = spawn(command, args, { env: process.env });
          let output = "";
          child.stdout.on("data", (chunk) => (output += chunk));
          child.stderr.on("data", (chunk) => (output += chunk));
          child.on("close", (status) => resolve({ line: [command, ...args].join(" "), output, status }));
        }),
    ),
  );
  for (const { line, output, status } of results) {
    console.log(`\n$ ${line}\n${output}`);
    if (status !== 0) process.exit(status ?? 1);
  }
}

function ensureChromium() {
  if (existsSync(chromium)) return;
  const root = process.getuid?.() === 0;
  const hasApt = spawnSync("sh", ["-c", "command -v apt-get"]).status === 0;
  if (root && hasApt) {
    console.log("Chromium is missing: installing Debian's package (apt-get install chromium-headless-shell)");
    execFileSync("apt-get", ["update"], { stdio: "inherit" });
    execFileSync("apt-get", ["install", "-y", "--no-install-recommends", "chromium-headless-shell"], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    return;
  }
  console.error(
    `No Chromium at ${chromium}. Install Debian's package (sudo apt-get install chromium-headless-shell), ` +
      "or set CHROMIUM_PATH to a Chromium or Chrome binary, then run npm test again.",
  );
  process.exit(1);
}

/** The suites that need no build, database or browser: the unit and route tests. */
const IN_PROCESS = ["--project", "unit", "--project", "routes", "--project", "routes-isolated"];

if (process.argv.includes("--fast")) {
  // The quick loop while developing: FUZZ_RUNS, when set, still decides the count; other arguments
  // (test files, -t "name") go to vitest.
  const rest = process.argv.slice(2).filter((arg) => arg !== "--fast");
  run("npx", ["vitest", "run", ...IN_PROCESS, ...rest], { FUZZ_RUNS: process.env.FUZZ_RUNS ?? "2" });
  process.exit(0);
}

ensureChromium();
run("npx", ["react-router", "typegen"]);
// The checks side by side (each keeps one core busy at most), each one's output apart.
await runTogether([
  ["npx", ["tsc"]],
  ["npx", ["eslint", "."]],
  ["npx", ["tsx", "scripts/import-circles.ts"]],
  ["npx", ["prettier", "--check", "."]],
]);
// The API suite on PGlite first, whatever TEST_DATABASE_URL says (the embedded database operators start with).
run("npx", ["vitest", "run", ...IN_PROCESS, "--project", "api"], {
  TEST_DATABASE_URL: "",
});
if (process.env.TEST_DATABASE_URL) {
  console.log("\nThe API suite again, on PostgreSQL (TEST_DATABASE_URL)");
  run("npx", ["vitest", "run", "--project", "api"]);
  console.log("\nThe API's query plans on 20,000 generated customers, on PostgreSQL (TEST_DATABASE_URL)");
  run("npx", ["vitest", "run", "--project", "scale"]);
}
if (process.env.TEST_REDIS_URL) {
  console.log("\nShared rate-limit counters, on Redis (TEST_REDIS_URL)");
  run("npx", ["vitest", "run", "--project", "redis"]);
}
run("npx", ["react-router", "build"]);
run("node", ["scripts/bundle-size.mjs", "--check"]);
console.log("\nThe portal against an API process that hangs, is slow and is down (the production build)");
run("npx", ["vitest", "run", "--project", "integration"]);
run("npx", ["playwright", "test"], { CI: process.env.CI ?? "" });
