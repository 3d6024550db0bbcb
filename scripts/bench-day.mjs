#!/usr/bin/env node
/**
 * A provider's billing day (issue 28): virtual customers of the scale seed, each a session with think
 * times, arriving open-loop at rising rates until p99 passes 300 ms; the highest page views per second
 * held at p99 ≤ 300 ms with no errors, against the naive React Router page driven with the same steps.
 *
 *   npm run build && npm run bench:day [-- options]
 *
 *   --shape production|embedded  production (default): WEB_CONCURRENCY=2 portal workers, the API in its own
 *                          process (npm run api:serve), PostgreSQL and Redis on this machine (started by
 *                          scripts/test-postgres.sh and scripts/test-redis.sh); embedded: `npm start`'s one
 *                          process with the embedded API on PGlite (PostgreSQL with --postgres)
 *   --quick                a small seed and short steps: under 5 minutes
 *   --customers N          customers of the scale seed (default 20,000; 2,000 with --quick)
 *   --faults               instead of steps: the day at a steady rate while one portal worker is killed
 *                          (kill -9), PostgreSQL is restarted and Redis is stopped (production shape);
 *                          the failed requests counted per fault (FAULTS_LOG=FILE: the servers' log
 *                          lines of the run written there, to see what a failed request met)
 *   --fault-rate N         page views per second offered during --faults (default 15)
 *   --rates A,B,…          the steps, in page views per second offered
 *   --step-seconds N       length of a step (default 40; 18 with --quick)
 *   --postgres             the embedded shape on PostgreSQL
 *   --no-naive             leave out the naive page
 *   --min-steps N          steps measured even past p99 300 ms (default 1)
 *   --json FILE            also write the raw figures
 *
 * BENCH_PORT (default 4411) is the first of three ports (portal, API, naive page); PostgreSQL and Redis
 * listen on BENCH_PORT+90 and +91 (or TEST_PG_PORT, TEST_REDIS_PORT). The database is made anew by
 * `npm run db:seed` (a PostgreSQL of its own, or PGlite in a temporary directory). docs/performance-log.md,
 * "A provider's day".
 */
import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import { loadavg, cpus } from "node:os";
import path from "node:path";
import { commandLine } from "./command-line.mjs";
import zlib from "node:zlib";
import * as lib from "./bench-lib.mjs";

const { values: opts } = commandLine(import.meta.url, "npm run bench:day --", {
  options: {
    shape: { type: "string", default: "production" },
    quick: { type: "boolean", default: false },
    customers: { type: "string" },
    faults: { type: "boolean", default: false },
    "fault-rate": { type: "string", default: "15" },
    rates: { type: "string" },
    "step-seconds": { type: "string" },
    postgres: { type: "boolean", default: false },
    "no-naive": { type: "boolean", default: false },
    json: { type: "string" },
    "min-steps": { type: "string" },
  },
  strict: true,
});

const QUICK = opts.quick;
const SHAPE = opts.shape;
if (!["production", "embedded"].includes(SHAPE)) fail(`--shape: production or embedded, not ${SHAPE}`);
if (opts.faults && SHAPE !== "production") fail("--faults needs the production shape");
const CUSTOMERS = Number(opts.customers ?? (QUICK ? 2000 : 20000));
const STEP_SECONDS = Number(opts["step-seconds"] ?? (QUICK ? 18 : 40));
/** The first seconds of a step, while its sessions ramp up, are not measured. */
const RAMP_SECONDS = Math.min(8, STEP_SECONDS / 3);
const NAIVE_STEP_SECONDS = QUICK ? 6 : 15;
/** Mean think time between a customer's pages (exponential). */
const THINK_MS = QUICK ? 1000 : 2000;
// --quick climbs in fewer, wider steps from 10/s: once the portal held 165 views/s, the finer ladder from 3/s
// took 5.2–5.5 minutes to reach it.
const RATES = (
  opts.rates ?? (QUICK ? "10,20,32,45,65,90,130,180,250,320,400" : "5,10,15,20,30,40,55,70,90,115,145,180,225,280,350,440,550")
)
  .split(",")
  .map(Number);
const P99_LIMIT_MS = 300;
/** Steps measured whatever their p99. */
const MIN_STEPS = Number(opts["min-steps"] ?? 1);
const BASE_PORT = Number(process.env.BENCH_PORT ?? 4411);
const PORTS = {
  portal: BASE_PORT,
  api: BASE_PORT + 1,
  naive: BASE_PORT + 2,
  pg: Number(process.env.TEST_PG_PORT ?? BASE_PORT + 90),
  redis: Number(process.env.TEST_REDIS_PORT ?? BASE_PORT + 91),
};
const SESSION_SECRET = "benchmark-session-secret-0123456789abcdef";
const t0 = Date.now();
const elapsed = () => `${((Date.now() - t0) / 1000).toFixed(0)} s`;
const f = (x, digits = 1) => (Number.isFinite(x) ? x.toFixed(digits) : "–");

function fail(message) {
  console.error(message);
  process.exit(2);
}

// ---------------------------------------------------------------------------------------------------------
// Deterministic randomness (the same customers and choices for the same run).

let rngState = 0x2028;
function random() {
  rngState = (rngState + 0x6d2b79f5) | 0;
  let t = Math.imul(rngState ^ (rngState >>> 15), 1 | rngState);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const exponential = (mean) => -Math.log(1 - random()) * mean;

// ---------------------------------------------------------------------------------------------------------
// A browser: cookies, the ETags it keeps, Accept-Encoding; HTML documents only (no assets).

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: 256 });

/**
 * One HTTP request. A request that fails on a kept-alive connection the server closed meanwhile (before any
 * answer) is sent again once on a new connection, as browsers do; anything else that fails is an error (status 0).
 */
function send(url, { method = "GET", headers = {}, body, decode = false }, retried = false) {
  return new Promise((resolve) => {
    const started = performance.now();
    // The second try goes on a connection of its own: a browser checks a kept connection before using it
    // again, and so never sends it on another one the same dead process held.
    const req = http.request(url, { method, agent: retried ? false : agent, headers }, (res) => {
      const chunks = [];
      res.on("data", (chunk) => decode && chunks.push(chunk));
      res.on("end", () => {
        let text;
        if (decode) {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers["content-encoding"];
          text = (encoding === "br" ? zlib.brotliDecompressSync(raw) : encoding === "gzip" ? zlib.gunzipSync(raw) : raw).toString("utf8");
        }
        resolve({ status: res.statusCode, headers: res.headers, text, ms: performance.now() - started, started });
      });
      res.on("error", (error) => resolve({ status: 0, error, ms: performance.now() - started, started }));
    });
    req.setTimeout(30_000, () => req.destroy(new Error("no answer within 30 s")));
    req.on("error", (error) => {
      if (!retried && req.reusedSocket && error.code === "ECONNRESET") {
        resolve(send(url, { method, headers, body, decode }, true).then((again) => ({ ...again, firstSent: started })));
      } else resolve({ status: 0, error, ms: performance.now() - started, started, retried });
    });
    if (body) req.write(body);
    req.end();
  });
}

class Browser {
  constructor(base, log) {
    this.base = base;
    this.log = log;
    this.jar = new Map();
    this.etags = new Map();
  }
  cookieHeader() {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  keep(res) {
    if (!res.headers) return;
    for (const set of [res.headers["set-cookie"] ?? []].flat()) {
      const [pair, ...attrs] = set.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attrs.some(
        (a) => /^\s*max-age=(0|-)/i.test(a) || (/^\s*expires=/i.test(a) && Date.parse(a.split("=")[1]) < Date.now()),
      );
      if (expired || value === "") this.jar.delete(name);
      else this.jar.set(name, value);
    }
    if (/cache/.test(res.headers["clear-site-data"] ?? "")) this.etags.clear();
  }
  headers(extra = {}) {
    const cookie = this.cookieHeader();
    return { ...lib.BROWSER_HEADERS, ...(cookie ? { cookie } : {}), ...extra };
  }
  /** A page as a browser opens it: redirects followed, each hop a request; the last one the view. */
  async open(pathname, { decode = false } = {}) {
    for (let hop = 0; hop < 6; hop++) {
      const etag = this.etags.get(pathname);
      const res = await send(`${this.base}${pathname}`, {
        headers: this.headers(etag ? { "if-none-match": etag } : {}),
        decode,
      });
      this.keep(res);
      const redirect = res.status >= 300 && res.status < 400 && res.status !== 304;
      this.log({ kind: redirect ? "hop" : "view", path: pathname, ...res });
      if (res.headers?.etag) this.etags.set(pathname, res.headers.etag);
      if (!redirect) return { ...res, path: pathname };
      pathname = new URL(res.headers.location, this.base).pathname + new URL(res.headers.location, this.base).search;
    }
    throw new Error(`too many redirects from ${pathname}`);
  }
  /**
   * A form posted as a browser posts it (with its Origin), then its redirect followed. `refusedRightly`
   * tells a refusal the customer is meant to get (a 422 page saying why) from an error.
   */
  async post(pathname, fields, kind, { refusedRightly } = {}) {
    const res = await send(`${this.base}${pathname}`, {
      method: "POST",
      headers: {
        ...this.headers({ origin: this.base, "content-type": "application/x-www-form-urlencoded" }),
        accept: lib.BROWSER_HEADERS.accept,
      },
      body: new URLSearchParams(fields).toString(),
      decode: Boolean(refusedRightly),
    });
    this.keep(res);
    const refused = res.status === 422 && Boolean(refusedRightly?.(res.text ?? ""));
    this.log({
      kind: refused ? `${kind} refused` : kind,
      path: pathname,
      ...res,
      refused,
      bad: !refused && res.status !== 302 && res.status !== 303,
    });
    if (res.status !== 302 && res.status !== 303) return { ...res, ok: false };
    const next = new URL(res.headers.location, this.base);
    return { ...res, ok: true, next: await this.open(next.pathname + next.search, { decode: true }) };
  }
}

const hrefs = (html, re) => [...(html ?? "").matchAll(re)].map((m) => m[1]);
let warming = false;
const think = () => (warming ? Promise.resolve() : lib.sleep(exponential(THINK_MS)));

/** Sessions one after another, `parallel` at a time, without think times: the servers' code compiled, pools opened. */
async function warmUp(base, users, sessions, parallel = 4) {
  warming = true;
  let left = sessions;
  const log = () => {};
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (left-- > 0) await visit(base, users[Math.floor(random() * users.length)], log, () => false).catch(() => undefined);
    }),
  );
  warming = false;
}

/** A hidden field's value in a page. */
function hidden(html, name) {
  const m =
    new RegExp(`<input[^>]*name="${name}"[^>]*value="([^"]*)"`).exec(html ?? "") ??
    new RegExp(`<input[^>]*value="([^"]*)"[^>]*name="${name}"`).exec(html ?? "");
  return m?.[1];
}

/**
 * One customer's visit (issue 28): sign in; dashboard; billing summary; 30 % payment history; 10 % pay
 * (the three when the dashboard links the account's billing); 20 % WiFi or router; 10 % support; sign out.
 * `stopped()` ends it early (the step is over).
 */
async function visit(base, username, log, stopped) {
  const b = new Browser(base, log);
  const bad = (what) => log({ kind: "broken", path: what, status: 0, ms: 0, started: performance.now(), error: new Error(what) });
  const login = await b.open("/login");
  if (login.status !== 200) return;
  await think();
  if (stopped()) return;
  const signedIn = await b.post("/login", { username, password: lib.DEMO_PASSWORD }, "sign-in");
  if (!signedIn.ok) return;
  let home = signedIn.next;
  let id = /^\/(?:dashboard|billing)\/(\d+)/.exec(home.path)?.[1];
  if (!id) {
    // Several accounts: the list of them, then the first one's dashboard.
    const first = hrefs(home.text, /href="\/dashboard\/(\d+)"/g)[0];
    if (!first) return bad(`no dashboard after signing in ${username} (${home.path} ${home.status})`);
    await think();
    home = await b.open(`/dashboard/${first}`, { decode: true });
    id = first;
  }
  const dashboard = home.text;
  // The billing pages through the dashboard's own link, as the customer reaches them: an account billed
  // through a parent account (not billing-authoritative) has none, and its visit leaves them out.
  const billed = dashboard?.includes(`href="/billing/${id}"`) ?? false;
  const steps = billed ? [async () => b.open(`/billing/${id}`)] : [];
  if (billed && random() < 0.3) steps.push(async () => b.open(`/billing-details/${id}/payments`));
  if (billed && random() < 0.1) {
    steps.push(async () => {
      const page = await b.open(`/billing/${id}/pay`, { decode: true });
      if (page.status !== 200) return;
      const key = hidden(page.text, "idempotency_key");
      // No form: nothing is left to pay, or this contact may not pay (the page says so).
      if (!key) return;
      await think();
      if (stopped()) return;
      await b.post(
        `/billing/${id}/pay`,
        {
          idempotency_key: key,
          amount_choice: "balance",
          method: "credit_card",
          card_number: "4242424242424242",
          expiry: "08/30",
          cvv: "123",
          cardholder_name: "Day Customer",
        },
        "pay",
        // Another visit to the same account (two contacts of a business, or one customer twice) paid it
        // meanwhile: the form comes back saying that part of the balance is already on its way.
        { refusedRightly: (text) => text.includes("already on its way") },
      );
    });
  }
  if (random() < 0.2) {
    const links = [
      ...hrefs(dashboard, /href="(\/wifi\/\d+)"/g),
      ...hrefs(dashboard, /href="(\/internet\/router\/\d+)"/g),
      ...hrefs(dashboard, /href="(\/internet\/view\/\d+)"/g),
    ];
    if (links.length) steps.push(async () => b.open(links[Math.floor(random() * links.length)]));
  }
  if (random() < 0.1) steps.push(async () => b.open(`/support/${id}`));
  for (const step of steps) {
    await think();
    if (stopped()) return;
    await step();
  }
  await think();
  if (stopped()) return;
  await b.post("/logout", {}, "sign-out");
}

// ---------------------------------------------------------------------------------------------------------
// Processes: CPU of a process group (the portal's primary and workers, the API behind tsx).

const groupPids = (pgid) => lib.processes().flatMap(([pid, fields]) => (Number(fields[2]) === pgid ? [pid] : []));
/** PostgreSQL's processes: the postmaster (its data directory's postmaster.pid) and its children, the backends. */
function postgresPids(dir) {
  try {
    return lib.postgresPids(Number(readFileSync(`${dir}/data/postmaster.pid`, "utf8").split("\n")[0]));
  } catch {
    return [];
  }
}
/** CPU (ms) of every process alive now of a group (a pgid) or of a list (a function giving pids), by pid. */
const groupCpu = (group) => lib.cpuOfPids(typeof group === "function" ? group() : groupPids(group));
/** CPU spent between two readings (processes that ended in between are left out; new ones count from 0). */
const cpuBetween = lib.cpuSpent;

const TSX = path.join(lib.ROOT, "node_modules/.bin/tsx");
const pgBin = () =>
  execFileSync("bash", ["-c", "ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1"], { encoding: "utf8" }).trim();
const asPostgres = (args) => (process.getuid?.() === 0 ? ["runuser", ["-u", "postgres", "--", ...args]] : [args[0], args.slice(1)]);

/**
 * CPU (ms) of one sign-in's password check on this machine: the API's own verifyPassword (scrypt, costly
 * by design), timed in a process of its own.
 */
function passwordCheckMs() {
  const code =
    'import { hashPassword, verifyPassword } from "./api/service/passwords.ts";' +
    'const hash = await hashPassword("benchmark"); await verifyPassword("benchmark", hash);' +
    'const before = process.cpuUsage(); for (let i = 0; i < 10; i++) await verifyPassword("benchmark", hash);' +
    "const used = process.cpuUsage(before); console.log((used.user + used.system) / 10 / 1000);";
  return Number(execFileSync(TSX, ["--input-type=module", "-e", code], { cwd: lib.ROOT, encoding: "utf8" }).trim());
}

function startPostgres() {
  const out = execFileSync("bash", [path.join(lib.ROOT, "scripts/test-postgres.sh"), "start"], {
    encoding: "utf8",
    env: { ...process.env, TEST_PG_PORT: String(PORTS.pg) },
  });
  const dir = /TEST_PG_DIR='([^']+)'/.exec(out)[1];
  const url = /TEST_DATABASE_URL='([^']+)'/.exec(out)[1];
  process.on("exit", () => spawnSync("bash", [path.join(lib.ROOT, "scripts/test-postgres.sh"), "stop", dir]));
  return { dir, url };
}
/** pg_ctl on the benchmark's PostgreSQL (stop -m fast, or start with the options test-postgres.sh gives it). */
function pgCtl(dir, action) {
  const args =
    action === "stop"
      ? [`${pgBin()}/pg_ctl`, "-D", `${dir}/data`, "-m", "fast", "stop"]
      : [
          `${pgBin()}/pg_ctl`,
          "-D",
          `${dir}/data`,
          "-l",
          `${dir}/server.log`,
          "-w",
          "-o",
          `-p ${PORTS.pg} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
          "start",
        ];
  const [cmd, rest] = asPostgres(args);
  execFileSync(cmd, rest, { stdio: "ignore" });
}
function startRedis() {
  const out = execFileSync("bash", [path.join(lib.ROOT, "scripts/test-redis.sh"), "start"], {
    encoding: "utf8",
    env: { ...process.env, TEST_REDIS_PORT: String(PORTS.redis) },
  });
  const dir = /TEST_REDIS_DIR='([^']+)'/.exec(out)[1];
  const url = /TEST_REDIS_URL='([^']+)'/.exec(out)[1];
  process.on("exit", () => spawnSync("bash", [path.join(lib.ROOT, "scripts/test-redis.sh"), "stop", dir]));
  return { dir, url };
}

/** The scale seed: R residential users and B business contacts. */
function seed(env) {
  const out = execFileSync(TSX, ["scripts/db-seed.ts", "--customers", String(CUSTOMERS)], {
    cwd: lib.ROOT,
    env: { ...process.env, ...env },
    encoding: "utf8",
  });
  const m = /(\d+) residential, (\d+) commercial accounts of (\d+) business contacts/.exec(out);
  if (!m) throw new Error(`the seed did not say how many users it made:\n${out}`);
  return { residential: Number(m[1]), business: Number(m[3]) };
}

/** The servers of a shape, with `extraEnv` (a layer off); stopped by stopServers(). */
async function startServers(infra, extraEnv) {
  const common = { ...lib.RELAXED_LIMITS, NODE_ENV: "production", DATA_DIR: infra.dataDir, ...extraEnv };
  lib.assertPortFree(PORTS.portal);
  const servers = { log: [] };
  const watch = (child) =>
    [child.stdout, child.stderr].forEach((s) => s.on("data", (chunk) => servers.log.push(...String(chunk).split("\n").filter(Boolean))));
  if (SHAPE === "production") {
    lib.assertPortFree(PORTS.api);
    servers.api = lib.start("reference API", TSX, ["scripts/api-server.ts"], {
      env: { ...common, ...lib.API_SECRETS, PORT: String(PORTS.api), DATABASE_URL: infra.databaseUrl, REDIS_URL: infra.redisUrl },
    });
    watch(servers.api);
    await lib.waitFor(`http://127.0.0.1:${PORTS.api}/api/v1/openapi.json`, servers.api);
    servers.portal = lib.start("portal (2 workers)", TSX, ["server.ts"], {
      env: {
        ...common,
        HOST: "127.0.0.1",
        PORT: String(PORTS.portal),
        WEB_CONCURRENCY: "2",
        API_BASE_URL: `http://127.0.0.1:${PORTS.api}/api/v1`,
        SESSION_SECRET,
        REDIS_URL: infra.redisUrl,
      },
    });
  } else {
    servers.portal = lib.start("portal (embedded API)", TSX, ["server.ts"], {
      env: { ...common, HOST: "127.0.0.1", PORT: String(PORTS.portal), API_BASE_URL: "", DATABASE_URL: infra.databaseUrl ?? "" },
    });
  }
  watch(servers.portal);
  await lib.waitFor(`http://127.0.0.1:${PORTS.portal}/healthz`, servers.portal);
  // Every worker up (the second starts once the first listens).
  if (SHAPE === "production") {
    const deadline = Date.now() + 60_000;
    while (workerPids(servers).length < 2 && Date.now() < deadline) await lib.sleep(250);
  }
  return servers;
}
async function stopServers(servers) {
  await lib.stop(servers.portal);
  if (servers.api) await lib.stop(servers.api);
}
/** The portal's workers: processes of its group that are children of the one listening (the primary). */
function workerPids(servers) {
  let primary;
  try {
    primary = lib.pidOnPort(PORTS.portal);
  } catch {
    return [];
  }
  return groupPids(servers.portal.pid).filter((pid) => {
    try {
      return Number(readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ")[1]) === primary;
    } catch {
      return false;
    }
  });
}

// ---------------------------------------------------------------------------------------------------------
// Open-loop load: sessions (or naive page views) arriving as a Poisson process.

const VIEWS_PER_SESSION = 1 + 1 + 1 + 0.3 + 0.2 + 0.2 + 0.1 + 1; // login, dashboard, summary, history, pay+outcome, WiFi/router, support, login again

const q = (xs, p) => (xs.length ? xs[Math.min(xs.length - 1, Math.floor(p * xs.length))] : NaN);
function summarize(records, seconds) {
  const gets = records.filter((r) => r.kind === "view" || r.kind === "hop");
  const views = records.filter((r) => r.kind === "view" && (r.status === 200 || r.status === 304));
  const getMs = gets.map((r) => r.ms).sort((a, b) => a - b);
  const signIns = records
    .filter((r) => r.kind === "sign-in")
    .map((r) => r.ms)
    .sort((a, b) => a - b);
  const posts = records
    .filter((r) => r.kind === "pay" || r.kind === "pay refused" || r.kind === "sign-out")
    .map((r) => r.ms)
    .sort((a, b) => a - b);
  const errors = records.filter((r) => !r.refused && (r.status === 0 || r.status >= 400 || r.bad));
  const byStatus = {};
  for (const r of errors) {
    const what = r.status === 0 ? (r.error?.code ?? r.error?.message ?? "error") : String(r.status);
    const key = r.kind === "broken" ? "broken visit" : `${what} ${r.kind} ${r.path.replace(/\?.*/, "").replace(/\d+/g, "N")}`;
    byStatus[key] = (byStatus[key] ?? 0) + 1;
  }
  return {
    views: views.length,
    viewsPerSecond: views.length / seconds,
    notModified: views.filter((r) => r.status === 304).length,
    requests: gets.length,
    p50: q(getMs, 0.5),
    p99: q(getMs, 0.99),
    signIns: signIns.length,
    signInP50: q(signIns, 0.5),
    signInP99: q(signIns, 0.99),
    posts: posts.length,
    postP99: q(posts, 0.99),
    errors: errors.length,
    /** Payments refused because another visit had just paid the same balance (the form says so). */
    refusedPayments: records.filter((r) => r.refused).length,
    errorsBy: byStatus,
    errorSamples: [...new Set(errors.map((r) => `${r.kind} ${r.path} ${r.status || r.error?.message}`))].slice(0, 3),
    /** The slowest GETs (what the p99 is made of). */
    slowest: [...gets]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 3)
      .map((r) => `${r.path.replace(/\?.*/, "").replace(/\d+/g, "N")} ${r.status} ${Math.round(r.ms)} ms`),
  };
}

/** One step: sessions arriving at `rate` page views per second for STEP_SECONDS; the last part measured. */
async function portalStep({ base, users, rate, pgids }) {
  const records = [];
  let stop = false;
  const started = performance.now();
  const measureFrom = started + RAMP_SECONDS * 1000;
  const end = started + STEP_SECONDS * 1000;
  let cpuA;
  const log = (r) => {
    if (r.started >= measureFrom && r.started < end) records.push(r);
  };
  const visits = [];
  const sessionRate = rate / VIEWS_PER_SESSION;
  let inFlight = 0;
  let next = started;
  const markCpu = () => (cpuA = Object.fromEntries(Object.entries(pgids).map(([k, g]) => [k, groupCpu(g)])));
  const cpuTimer = setTimeout(markCpu, RAMP_SECONDS * 1000);
  while (performance.now() < end) {
    next += exponential(1000 / sessionRate);
    const wait = next - performance.now();
    if (wait > 0) await lib.sleep(wait);
    if (performance.now() >= end) break;
    const username = users[Math.floor(random() * users.length)];
    inFlight++;
    visits.push(
      visit(base, username, log, () => stop || performance.now() >= end)
        .catch((error) => log({ kind: "broken", path: username, status: 0, ms: 0, started: performance.now(), error }))
        .finally(() => inFlight--),
    );
  }
  const cpuB = Object.fromEntries(Object.entries(pgids).map(([k, g]) => [k, groupCpu(g)]));
  clearTimeout(cpuTimer);
  stop = true;
  await Promise.all(visits);
  const summary = summarize(records, STEP_SECONDS - RAMP_SECONDS);
  const cpu = Object.fromEntries(
    Object.entries(pgids).map(([k]) => [k, cpuA ? cpuBetween(cpuA[k], cpuB[k]) / Math.max(1, summary.views) : NaN]),
  );
  return { rate, ...summary, cpu, load: loadavg()[0] };
}

/** The naive page at `rate` views per second (GET / as a browser asks for it). */
async function naiveStep({ base, rate, pid }) {
  const records = [];
  const started = performance.now();
  const measureFrom = started + 2000;
  const end = started + NAIVE_STEP_SECONDS * 1000;
  const pending = [];
  let next = started;
  let cpuA;
  const cpuTimer = setTimeout(() => (cpuA = lib.cpuMs(pid)), 2000);
  while (performance.now() < end) {
    next += exponential(1000 / rate);
    const wait = next - performance.now();
    if (wait > 0) await lib.sleep(wait);
    if (performance.now() >= end) break;
    pending.push(
      send(`${base}/`, { headers: lib.BROWSER_HEADERS }).then((r) => {
        if (r.started >= measureFrom) records.push({ kind: "view", path: "/", ...r });
      }),
    );
  }
  const cpuB = lib.cpuMs(pid);
  clearTimeout(cpuTimer);
  await Promise.all(pending);
  const summary = summarize(records, NAIVE_STEP_SECONDS - 2);
  return { rate, ...summary, cpu: { naive: cpuA ? (cpuB - cpuA) / Math.max(1, summary.views) : NaN }, load: loadavg()[0] };
}

const held = (s) => s.p99 <= P99_LIMIT_MS && s.errors === 0;

/** The naive page's steps: the portal's from `from` on, then a quarter more each, up to 2,000 views/s. */
function naiveRates(from) {
  const rates = RATES.filter((rate) => rate >= from);
  for (let rate = RATES.at(-1) * 1.25; rate <= 2000; rate *= 1.25) rates.push(Math.round(rate));
  return rates;
}
const best = (steps) => steps.filter(held).reduce((a, s) => (!a || s.viewsPerSecond > a.viewsPerSecond ? s : a), null);

async function rampPortal(label, infra, extraEnv) {
  const servers = await startServers(infra, extraEnv);
  const pgids = {
    portal: servers.portal.pid,
    ...(servers.api ? { api: servers.api.pid } : {}),
    ...(infra.pgDir ? { postgres: () => postgresPids(infra.pgDir) } : {}),
  };
  const base = `http://127.0.0.1:${PORTS.portal}`;
  // Warm-up, not measured: sessions without think times (JIT, pools).
  await warmUp(base, infra.users, QUICK ? 30 : 100);
  console.log(`\n${label}: servers up and warmed (${elapsed()}); steps of ${STEP_SECONDS} s (the first ${RAMP_SECONDS} s not measured)`);
  const steps = [];
  for (const rate of RATES) {
    const s = await portalStep({ base, users: infra.users, rate, pgids });
    steps.push(s);
    console.log(stepLine(s));
    // Past the first step not held, unless the run measures every variant at the same first steps.
    if (!held(s) && steps.length >= MIN_STEPS) break;
  }
  await stopServers(servers);
  return { label, env: extraEnv, steps, best: best(steps) };
}

const stepLine = (s) =>
  `  offered ${String(s.rate).padStart(3)}/s: ${f(s.viewsPerSecond).padStart(5)} views/s, p50 ${f(s.p50, 0)} ms, p99 ${f(s.p99, 0)} ms, ` +
  `${s.errors} errors${
    s.errors
      ? ` (${Object.entries(s.errorsBy)
          .map(([k, c]) => `${c}× ${k}`)
          .join(", ")}; ${s.errorSamples.join(" | ")})`
      : ""
  }` +
  (s.refusedPayments ? `, ${s.refusedPayments} payments refused as already on their way` : "") +
  (s.signIns !== undefined && s.signIns ? `, ${s.signIns} sign-ins p50 ${f(s.signInP50, 0)} / p99 ${f(s.signInP99, 0)} ms` : "") +
  Object.entries(s.cpu)
    .map(([k, v]) => `, ${k} CPU ${f(v, 2)} ms/view`)
    .join("") +
  `, load ${f(s.load, 2)}` +
  (s.p99 > P99_LIMIT_MS && s.slowest?.length ? `\n      slowest: ${s.slowest.join(", ")}` : "");

// ---------------------------------------------------------------------------------------------------------
// Faults (production shape): the day at a steady rate while things break.

async function faults(infra) {
  const servers = await startServers(infra, {});
  const base = `http://127.0.0.1:${PORTS.portal}`;
  const rate = Number(opts["fault-rate"]);
  await warmUp(base, infra.users, QUICK ? 30 : 100);
  const records = [];
  let stop = false;
  const visits = [];
  const started = performance.now();
  const log = (r) => records.push(r);
  const at = () => ((performance.now() - started) / 1000).toFixed(1);
  const arrivals = (async () => {
    let next = performance.now();
    while (!stop) {
      next += exponential((1000 * VIEWS_PER_SESSION) / rate);
      const wait = next - performance.now();
      if (wait > 0) await lib.sleep(wait);
      if (stop) break;
      const username = infra.users[Math.floor(random() * infra.users.length)];
      visits.push(
        visit(base, username, log, () => stop).catch((error) =>
          log({ kind: "broken", path: username, status: 0, ms: 0, started: performance.now(), error }),
        ),
      );
    }
  })();
  const windows = [];
  const mark = (name, from, note = {}) => windows.push({ name, from, to: null, ...note });
  /** Waits until a page that needs the API and the database answers 200 again. */
  const healthy = async () => {
    const probe = new Browser(base, () => {});
    const deadline = performance.now() + 120_000;
    while (performance.now() < deadline) {
      const res = await send(`${base}/readyz`, {});
      if (res.status === 200) {
        const login = await probe
          .post("/login", { username: infra.users[0], password: lib.DEMO_PASSWORD }, "probe")
          .catch(() => ({ ok: false }));
        if (login.ok && login.next?.status === 200) return true;
      }
      await lib.sleep(500);
    }
    return false;
  };
  const inFlightAt = (t) => records.filter((r) => r.started <= t && r.started + r.ms > t).length;

  console.log(`\nFaults at ${rate} page views/s offered (${elapsed()}):`);
  await lib.sleep(15_000);

  // 1. A portal worker killed.
  const [victim] = workerPids(servers);
  const killAt = performance.now();
  mark("portal worker killed (kill -9)", killAt, { victim });
  process.kill(victim, "SIGKILL");
  console.log(`  ${at()} s: kill -9 worker ${victim}`);
  const replaced = await (async () => {
    const deadline = performance.now() + 30_000;
    while (performance.now() < deadline) {
      const now = workerPids(servers);
      if (now.length >= 2 && !now.includes(victim)) return now;
      await lib.sleep(200);
    }
    return null;
  })();
  console.log(`  ${at()} s: ${replaced ? `replaced (workers ${replaced.join(", ")})` : "NOT replaced within 30 s"}`);
  await lib.sleep(10_000);
  windows.at(-1).to = performance.now();
  windows.at(-1).inFlight = inFlightAt(killAt);
  // Each failure around the kill: when it was sent against the kill, and whether it was a second try.
  windows.at(-1).failures = records
    .filter((r) => r.status === 0 && r.started + r.ms >= killAt - 1000 && r.started < windows.at(-1).to)
    .map((r) => {
      const ms = (t) => `${t >= killAt ? "+" : ""}${(t - killAt).toFixed(0)} ms`;
      return `${r.path.replace(/\d+/g, "N")} sent ${ms(r.firstSent ?? r.started)}${r.retried ? `, again ${ms(r.started)} after a reset` : ""}, failed ${ms(r.started + r.ms)}`;
    });
  windows.at(-1).recovered = Boolean(replaced);

  // 2. PostgreSQL restarted.
  const pgDownAt = performance.now();
  mark("PostgreSQL restarted (down 5 s)", pgDownAt);
  pgCtl(infra.pgDir, "stop");
  console.log(`  ${at()} s: PostgreSQL stopped`);
  await lib.sleep(5_000);
  pgCtl(infra.pgDir, "start");
  const pgUpAt = performance.now();
  console.log(`  ${at()} s: PostgreSQL started`);
  const recovered = await healthy();
  const recoveredAt = performance.now();
  console.log(
    `  ${at()} s: ${recovered ? "pages answer again" : "NO recovery within 120 s"} (${f((recoveredAt - pgUpAt) / 1000)} s after the start)`,
  );
  await lib.sleep(10_000);
  Object.assign(windows.at(-1), { to: performance.now(), downUntil: pgUpAt, recovered, recoverySeconds: (recoveredAt - pgUpAt) / 1000 });

  // 3. Redis stopped.
  const redisAt = performance.now();
  mark("Redis stopped", redisAt);
  const logBefore = servers.log.length;
  spawnSync("bash", [path.join(lib.ROOT, "scripts/test-redis.sh"), "stop", infra.redisDir]);
  console.log(`  ${at()} s: Redis stopped`);
  await lib.sleep(20_000);
  const redisLines = servers.log.slice(logBefore).filter((l) => /redis|counter|sign-in/i.test(l));
  Object.assign(windows.at(-1), { to: performance.now(), logLines: redisLines.length, logSample: [...new Set(redisLines)].slice(0, 4) });

  stop = true;
  await arrivals;
  await Promise.all(visits);
  await stopServers(servers);
  if (process.env.FAULTS_LOG) (await import("node:fs")).writeFileSync(process.env.FAULTS_LOG, servers.log.join("\n"));

  const before = summarize(
    records.filter((r) => r.started < killAt),
    (killAt - started) / 1000,
  );
  const results = windows.map((w) => {
    const inside = records.filter((r) => r.started + r.ms >= w.from && r.started < w.to);
    const s = summarize(inside, (w.to - w.from) / 1000);
    const whileDown = w.downUntil
      ? summarize(
          inside.filter((r) => r.started < w.downUntil),
          1,
        )
      : null;
    const afterRecovery = w.downUntil
      ? summarize(
          inside.filter((r) => r.started >= w.from + (w.downUntil - w.from) + w.recoverySeconds * 1000),
          1,
        )
      : null;
    return { ...w, summary: s, whileDown, afterRecovery };
  });
  return { rate, before, results };
}

// ---------------------------------------------------------------------------------------------------------

async function main() {
  lib.checkBuild();
  const load0 = loadavg();
  console.log(
    `npm run bench:day: ${SHAPE} shape, ${CUSTOMERS.toLocaleString("en")} customers${QUICK ? " (--quick)" : ""}, ` +
      `think time ${THINK_MS / 1000} s (mean), ports ${BASE_PORT}–${BASE_PORT + 2}; ${cpus().length} cores, load average ${load0.map((x) => x.toFixed(2)).join(" ")}`,
  );
  const infra = { dataDir: lib.tempDir("portal-bench-day-") };
  if (SHAPE === "production" || opts.postgres) {
    const pg = startPostgres();
    infra.databaseUrl = pg.url;
    infra.pgDir = pg.dir;
  }
  if (SHAPE === "production") {
    const redis = startRedis();
    infra.redisUrl = redis.url;
    infra.redisDir = redis.dir;
  }
  const counts = seed(infra.databaseUrl ? { DATABASE_URL: infra.databaseUrl } : { DATA_DIR: infra.dataDir });
  infra.users = [
    ...Array.from({ length: counts.residential }, (_, i) => `r${i + 1}@scale.example`),
    ...Array.from({ length: counts.business }, (_, i) => `b${i + 1}@scale.example`),
  ];
  console.log(`Seeded (${elapsed()}): ${counts.residential} residential users, ${counts.business} business contacts`);

  const naiveBuild = opts["no-naive"] ? { dir: null, reason: "--no-naive" } : lib.prepareNaive();
  const output = {
    date: new Date().toISOString(),
    shape: SHAPE,
    customers: CUSTOMERS,
    quick: QUICK,
    cores: cpus().length,
    loadBefore: load0,
  };

  if (opts.faults) {
    output.faults = await faults(infra);
    printFaults(output.faults);
  } else {
    output.passwordCheckMs = passwordCheckMs();
    const runs = [await rampPortal("default", infra, {})];
    let naive = null;
    if (naiveBuild.dir) {
      const server = await lib.startNaive(naiveBuild.dir, PORTS.naive);
      await naiveStep({ base: server.base, rate: RATES[0], pid: server.pid });
      // The naive page goes further than the portal: its steps start at the portal's highest step held (the
      // CPU per view is compared at the same offered rate) and rise past the portal's last until p99 passes.
      const from = runs[0].best?.rate ?? RATES[0];
      console.log(`\nNaive page (${elapsed()}): the steps from ${from}/s, ${NAIVE_STEP_SECONDS} s each (the first 2 s not measured)`);
      const steps = [];
      for (const rate of naiveRates(from)) {
        const s = await naiveStep({ base: server.base, rate, pid: server.pid });
        steps.push(s);
        console.log(stepLine(s));
        if (!held(s)) break;
      }
      await lib.stop(server.child);
      naive = { steps, best: best(steps) };
    } else console.log(`\nNOTE: ${naiveBuild.reason}`);
    output.runs = runs;
    output.naive = naive;
    printSummary(runs, naive, output.passwordCheckMs);
  }
  output.loadAfter = loadavg();
  await lib.stopAll();
  if (opts.json) {
    writeFileSync(opts.json, JSON.stringify(output, null, 2));
    console.log(`\nRaw figures written to ${opts.json}`);
  }
  console.log(`\nTotal ${elapsed()}; load average ${output.loadAfter.map((x) => x.toFixed(2)).join(" ")}`);
}

function printSummary(runs, naive, checkMs) {
  const n = naive?.best;
  console.log(
    `\nHighest page views per second held at p99 ≤ ${P99_LIMIT_MS} ms with no errors (${SHAPE} shape, ${CUSTOMERS.toLocaleString("en")} customers; ` +
      `naive page in this run: ${n ? `${f(n.viewsPerSecond)} views/s, ${f(n.cpu.naive, 2)} ms CPU per view` : "–"}):\n`,
  );
  const rows = [
    [
      "run",
      "views/s",
      "× naive",
      "p99 ms",
      "sign-ins p50/p99 ms",
      "portal CPU/view",
      "×",
      "API CPU/view",
      "×",
      "PostgreSQL CPU/view",
      "load",
    ],
  ];
  for (const r of runs) {
    const b = r.best;
    const ratio = (x) => (b && n && n.viewsPerSecond > 0 && Number.isFinite(x) ? `${(x / n.viewsPerSecond).toFixed(2)}×` : "–");
    // CPU per view against the naive page's at the same offered rate (a process's idle work weighs more per view at a low rate).
    const nSame = naive?.steps.find((s) => s.rate === b?.rate);
    const cpuRatio = (x) => (nSame && Number.isFinite(x) ? `${(x / nSame.cpu.naive).toFixed(2)}×` : "–");
    rows.push(
      b
        ? [
            r.label,
            f(b.viewsPerSecond),
            ratio(b.viewsPerSecond),
            f(b.p99, 0),
            `${f(b.signInP50, 0)}/${f(b.signInP99, 0)}`,
            f(b.cpu.portal, 2),
            cpuRatio(b.cpu.portal),
            f(b.cpu.api, 2),
            cpuRatio(b.cpu.api),
            f(b.cpu.postgres, 2),
            f(b.load, 2),
          ]
        : [r.label, "none held", "", "", "", "", "", "", "", "", ""],
    );
  }
  console.log(lib.table(rows, { align: ["l"] }));
  // What the deliberate cost of signing in leaves of the machine: each session signs in once.
  const b = runs[0].best;
  if (b && b.views > 0 && Number.isFinite(checkMs)) {
    const perView = b.signIns / b.views;
    const hashing = perView * checkMs;
    const ceiling = (cpus().length * 1000) / hashing;
    console.log(
      `\nSign-in password checks: ${f(checkMs, 1)} ms of CPU each on this machine (scrypt, costly by design), ` +
        `${f(perView, 3)} per page view at ${f(b.viewsPerSecond)} views/s: ${f(hashing, 2)} ms of every view's CPU ` +
        `(${f((100 * hashing) / b.cpu.api, 0)} % of the API's). On ${cpus().length} cores the checks alone allow at most ` +
        `${f(ceiling)} views/s${n ? ` (${(ceiling / n.viewsPerSecond).toFixed(2)}× the naive page)` : ""}, whatever the rest costs.`,
    );
  }
  // Every run at the same offered rate (the highest step that all measured): p99 and CPU per view side by side.
  const common = Math.min(...runs.map((r) => r.steps.length));
  if (runs.length > 1 && common > 0) {
    const at = runs[0].steps[common - 1].rate;
    const nAt = naive?.steps.find((s) => s.rate === at);
    console.log(
      `\nAt ${at} page views/s offered (every run; naive page at that rate: p99 ${f(nAt?.p99, 0)} ms, ${f(nAt?.cpu.naive, 2)} ms CPU per view):\n`,
    );
    const same = [["run", "views/s", "p50 ms", "p99 ms", "errors", "portal CPU/view", "API CPU/view", "both", "load"]];
    for (const r of runs) {
      const s = r.steps[common - 1];
      same.push([
        r.label,
        f(s.viewsPerSecond),
        f(s.p50, 0),
        f(s.p99, 0),
        String(s.errors),
        f(s.cpu.portal, 2),
        f(s.cpu.api, 2),
        f((s.cpu.portal ?? 0) + (s.cpu.api ?? 0), 2),
        f(s.load, 2),
      ]);
    }
    console.log(lib.table(same, { align: ["l"] }));
  }
  console.log(
    "(views/s: HTML documents answered 200 or 304 per second, measured; p99 over every GET, redirects included; sign-ins (the password check) apart;" +
      " CPU per view: all the process's CPU, sign-ins and posts included, over the views of the highest step held, × the naive page's at the same offered rate)",
  );
}

function printFaults(r) {
  console.log(
    `\nFaults under the day workload (${r.rate} page views/s offered; before the first fault: ${r.before.views} views, ${r.before.errors} errors, p99 ${f(r.before.p99, 0)} ms):\n`,
  );
  const rows = [["fault", "requests", "failed", "how", "notes"]];
  for (const w of r.results) {
    const how = Object.entries(w.summary.errorsBy)
      .map(([k, c]) => `${c}× ${k}`)
      .join(", ");
    let notes = "";
    if (w.victim)
      notes =
        `${w.inFlight} requests in flight at the kill (on both workers); ${w.recovered ? "replaced" : "NOT replaced"}` +
        (w.failures.length ? `; failed: ${w.failures.join("; ")}` : "");
    if (w.downUntil)
      notes = `while down: ${w.whileDown.errors} failed (${
        Object.entries(w.whileDown.errorsBy)
          .map(([k, c]) => `${c}× ${k}`)
          .join(", ") || "none"
      }); ${w.recovered ? `pages again ${f(w.recoverySeconds)} s after the start` : "NO recovery"}; after: ${w.afterRecovery.errors} failed`;
    if (w.logLines !== undefined) notes = `${w.logLines} log lines about it: ${w.logSample.join(" | ")}`;
    rows.push([w.name, String(w.summary.requests + w.summary.signIns + w.summary.posts), String(w.summary.errors), how || "–", notes]);
  }
  console.log(lib.table(rows, { align: ["l", "r", "r", "l", "l"] }));
}

main().catch(async (error) => {
  console.error(`\nbench:day failed: ${error.stack ?? error}`);
  await lib.stopAll();
  process.exit(1);
});
