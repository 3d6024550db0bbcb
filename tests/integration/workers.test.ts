/**
 * WEB_CONCURRENCY=2: the production portal as two workers of Node's cluster in front of the reference API
 * in a process of its own. Both serve; a worker killed is replaced while the other keeps answering; SIGTERM
 * lets a page in flight finish before everything stops.
 *
 * Needs the production build (npm test builds first; alone: `npm run build`, then
 * `npx vitest run --project integration`).
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { Agent, get } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, freePort, start, until, type Started } from "./processes.ts";

let dataDir: string;
let api: Started;
let portal: Started;
let base: string;
let cookie: string;
let metricsPort: number;

/** The pids of the workers that said they listen, in order. */
const listening = () => [...portal.output().matchAll(/listening on .*worker (\d+)\)/g)].map((m) => Number(m[1]));

/**
 * A page on a connection of its own, as a new visitor's browser opens one: a connection kept alive to a
 * worker that was killed would fail however well the cluster replaces it.
 */
const page = (url = "/dashboard/100101") =>
  new Promise<number>((resolve, reject) => {
    const request = get(base + url, { headers: { cookie }, agent: false }, (response) => {
      response.resume();
      response.once("end", () => resolve(response.statusCode ?? 0));
      response.once("error", reject);
    });
    request.once("error", reject);
    // A connection nobody answers fails the test with a reason rather than its timeout.
    request.setTimeout(20_000, () => request.destroy(new Error(`${url}: no answer in 20 s`)));
  });

beforeAll(async () => {
  if (!existsSync(path.join(ROOT, "build/server/index.js"))) throw new Error("No production build: run `npm run build` first.");
  dataDir = mkdtempSync(path.join(tmpdir(), "portal-workers-"));
  const apiPort = await freePort();
  api = await start("scripts/api-server.ts", { DATA_DIR: dataDir, PORT: String(apiPort) }, /Reference API on/);
  const port = await freePort();
  metricsPort = await freePort();
  portal = await start(
    "server.ts",
    {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      WEB_CONCURRENCY: "2",
      // As behind an AWS load balancer, whose idle connections last 60 s.
      KEEP_ALIVE_TIMEOUT_MS: "65000",
      METRICS_PORT: String(metricsPort),
      LOG_FORMAT: "json",
      API_BASE_URL: `http://127.0.0.1:${apiPort}/api/v1`,
      API_TIMEOUT_MS: "20000",
      SESSION_SECRET: "integration-workers-secret-0123456789-abcdefghij",
      SECURE_COOKIES: "false",
      DATABASE_URL: "",
      REDIS_URL: "",
      COMMERCIAL_APP_URL: "",
    },
    /listening on[\s\S]*listening on/,
  );
  base = `http://127.0.0.1:${port}`;
  const signIn = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username: "resi@example.com", password: "Demo-Pass-2026" }),
  });
  expect(signIn.status).toBe(302);
  cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}, 240_000);

afterAll(async () => {
  for (const started of [portal, api]) {
    if (!started || started.child.exitCode !== null) continue;
    started.child.kill("SIGCONT");
    started.child.kill("SIGKILL");
  }
  for (const pid of listening()) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The Keep-Alive header of an answer on a kept-alive connection of its own (so each may reach either worker). */
const keepAliveOf = (url: string) =>
  new Promise<string | undefined>((resolve, reject) => {
    const agent = new Agent({ keepAlive: true });
    get(base + url, { agent }, (response) => {
      response.resume();
      response.once("end", () => {
        agent.destroy();
        const header = response.headers["keep-alive"];
        resolve(Array.isArray(header) ? header.join(", ") : header);
      });
    }).once("error", reject);
  });

describe("WEB_CONCURRENCY=2", () => {
  it("keeps idle connections for KEEP_ALIVE_TIMEOUT_MS in every worker, and says so", async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => keepAliveOf("/login")));
    expect(new Set(answers)).toEqual(new Set(["timeout=65"]));
  });

  it("runs two workers, and a session made by one is read by the other", async () => {
    expect(new Set(listening()).size).toBe(2);
    expect(portal.output()).toContain("WEB_CONCURRENCY=2 without REDIS_URL");
    // Connections go to the workers in turn: twenty pages reach both.
    const statuses = await Promise.all(Array.from({ length: 20 }, () => page()));
    expect(new Set(statuses)).toEqual(new Set([200]));
  });

  it("one scrape of METRICS_PORT counts the pages of both workers", async () => {
    const pageLines = () =>
      portal
        .output()
        .split("\n")
        .filter((line) => line.includes('"event":"http.request"') && line.includes('"route":"/dashboard/:customerId?"'));
    // The twenty pages of the test above (a line is written once its answer is sent).
    expect(await until(() => pageLines().length === 20, 5000)).toBe(true);
    const workers = new Set(pageLines().map((line) => (JSON.parse(line) as { pid: number }).pid));
    expect(workers.size).toBe(2);
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    const count =
      /^portal_http_request_duration_seconds_count\{route="\/dashboard\/:customerId\?",method="GET",status="200"\} (\d+)$/m.exec(text);
    expect(Number(count?.[1])).toBe(20);
  });

  it("replaces a worker that dies; the other answers meanwhile, and no page fails", async () => {
    const [victim] = listening();
    process.kill(victim, "SIGKILL");
    // A connection handed to the worker in the instant it died is one of its requests in flight; once the
    // primary knows, every page goes to a live worker while the dead one is replaced.
    const stopped = new RegExp(`Worker ${victim} stopped \\(signal SIGKILL\\): starting another`);
    expect(await until(() => stopped.test(portal.output()), 10_000)).toBe(true);
    const statuses: number[] = [];
    // Pages asked one after another while the worker is replaced: each on a live worker.
    const replaced = until(() => listening().length === 3, 60_000);
    while (listening().length < 3 && statuses.length < 2000) statuses.push(await page());
    expect(await replaced).toBe(true);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(await page()).toBe(200);
  });

  it("on SIGTERM, a page in flight finishes, then every worker and the primary stop", async () => {
    // The API hung: the page waits in a worker for it.
    api.child.kill("SIGSTOP");
    const inFlight = page();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const exited = new Promise<number | null>((resolve) => portal.child.once("exit", (code) => resolve(code)));
    portal.child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 500));
    api.child.kill("SIGCONT");
    expect(await inFlight).toBe(200);
    expect(await exited).toBe(0);
    expect(portal.output()).toContain("All workers stopped");
    // Once stopped, nothing listens.
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  });
});
