#!/usr/bin/env node
/**
 * Server CPU per page view of the portal (the budget is about 1 ms), measured on the production build.
 * The reference API runs in a process of its own so that only the portal's CPU is counted (read from
 * /proc/<pid>/stat before and after a fixed number of requests on loopback).
 *
 *   npm run build && node scripts/bench.mjs [requests=2000] [concurrency=8]
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const REQUESTS = Number(process.argv[2] ?? 2000);
const CONCURRENCY = Number(process.argv[3] ?? 8);
const API_PORT = Number(process.env.BENCH_API_PORT ?? 4311);
const PORTAL_PORT = Number(process.env.BENCH_PORTAL_PORT ?? 4312);
const TICKS_PER_SECOND = 100; // Linux USER_HZ
const dataDir = mkdtempSync(path.join(tmpdir(), "portal-bench-"));
const children = [];

function start(args, env) {
  const child = spawn("npx", ["tsx", ...args], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"], detached: true });
  children.push(child);
  return child;
}
const stopAll = () =>
  children.forEach((c) => {
    try {
      process.kill(-c.pid, "SIGTERM");
    } catch {
      // gone already, or not ours
    }
  });
process.on("exit", () => {
  stopAll();
  rmSync(dataDir, { recursive: true, force: true });
});

async function waitFor(url) {
  for (let i = 0; i < 900; i++) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}

/** The node process serving a port (tsx starts node as a child). */
function pidOnPort(port) {
  const inode = readFileSync("/proc/net/tcp", "utf8")
    .split("\n")
    .slice(1)
    .map((l) => l.trim().split(/\s+/))
    .find((f) => f[1]?.endsWith(`:${port.toString(16).toUpperCase().padStart(4, "0")}`) && f[3] === "0A")?.[9];
  for (const pid of readdirPids()) {
    try {
      const fds = readdirSafe(`/proc/${pid}/fd`);
      if (
        fds.some((fd) => {
          try {
            return readlinkSafe(`/proc/${pid}/fd/${fd}`) === `socket:[${inode}]`;
          } catch {
            return false;
          }
        })
      )
        return pid;
    } catch {
      // the process ended meanwhile
    }
  }
  throw new Error(`no process listens on ${port}`);
}
import { readdirSync, readlinkSync } from "node:fs";
const readdirPids = () => readdirSync("/proc").filter((d) => /^\d+$/.test(d));
const readdirSafe = (dir) => {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
};
const readlinkSafe = (p) => readlinkSync(p);
const cpuTicks = (pid) => {
  const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return Number(f[11]) + Number(f[12]);
};

async function run(label, url, headers) {
  const latencies = [];
  let next = 0;
  const worker = async () => {
    while (next < REQUESTS) {
      next++;
      const t = performance.now();
      const res = await fetch(url, { headers, redirect: "manual" });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${label}: status ${res.status}`);
      latencies.push(performance.now() - t);
    }
  };
  // Warm up (JIT, caches), then measure.
  for (let i = 0; i < 200; i++) await (await fetch(url, { headers })).arrayBuffer();
  const before = cpuTicks(portalPid);
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - t0) / 1000;
  const cpuMs = ((cpuTicks(portalPid) - before) / TICKS_PER_SECOND) * 1000;
  latencies.sort((a, b) => a - b);
  const p = (q) => latencies[Math.floor(q * (latencies.length - 1))].toFixed(1);
  console.log(
    `${label.padEnd(28)} portal CPU ${(cpuMs / REQUESTS).toFixed(2)} ms/request   ${(REQUESTS / seconds).toFixed(0)} req/s   p50 ${p(0.5)} ms  p95 ${p(0.95)} ms`,
  );
}

start(["scripts/api-server.ts"], { PORT: String(API_PORT), DATA_DIR: dataDir });
await waitFor(`http://127.0.0.1:${API_PORT}/api/v1/openapi.json`);
start(["server.ts"], {
  NODE_ENV: "production",
  PORT: String(PORTAL_PORT),
  API_BASE_URL: `http://127.0.0.1:${API_PORT}/api/v1`,
  SESSION_SECRET: "benchmark-session-secret-0123456789abcdef",
  SIGN_IN_LIMIT_PER_IP: "100000",
  SIGN_IN_LIMIT_PER_USERNAME_TOTAL: "100000",
  API_TOKEN_LIMIT_PER_IP: "100000",
  API_TOKEN_LIMIT_PER_USERNAME: "100000",
});
await waitFor(`http://127.0.0.1:${PORTAL_PORT}/healthz`);
const portalPid = pidOnPort(PORTAL_PORT);

const signIn = await fetch(`http://127.0.0.1:${PORTAL_PORT}/login`, {
  method: "POST",
  redirect: "manual",
  body: new URLSearchParams({ username: "resi@example.com", password: "Demo-Pass-2026" }),
});
const cookie = signIn.headers
  .getSetCookie()
  .map((c) => c.split(";")[0])
  .join("; ");
console.log(`${REQUESTS} requests, ${CONCURRENCY} at a time, portal pid ${portalPid}`);
await run("GET /login (public)", `http://127.0.0.1:${PORTAL_PORT}/login`, {});
await run("GET /dashboard/100101 (HTML)", `http://127.0.0.1:${PORTAL_PORT}/dashboard/100101`, { cookie });
await run("GET /dashboard/100101.data", `http://127.0.0.1:${PORTAL_PORT}/dashboard/100101.data`, { cookie });
// The router page: seven API calls in parallel (the account lookup and six router sections).
await run("GET /internet/router/7001", `http://127.0.0.1:${PORTAL_PORT}/internet/router/7001`, { cookie });
stopAll();
process.exit(0);
