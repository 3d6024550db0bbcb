/**
 * What `npm run bench` (scripts/bench.mjs) and `npm run lighthouse` (scripts/lighthouse.mjs) share: starting
 * and stopping the servers they measure (each in its own process group, all stopped on exit or failure),
 * signing in the demo users, the list of screens, and the naive reference page of issue 14.
 */
import { execFileSync, spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, renameSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { AUTH, DEMO_PASSWORD, SCREENS, USERS } from "./screens.mjs";

export { DEMO_PASSWORD, SCREENS, USERS };

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const TICKS_PER_SECOND = 100; // Linux USER_HZ
/**
 * The naive React Router 7 + remix-i18next page the issue measures against: `shared/` beside the repository
 * (beside the main checkout when this is a git worktree), or BENCH_NAIVE_DIR.
 */
export const NAIVE_SOURCE = process.env.BENCH_NAIVE_DIR || findNaive();
function findNaive() {
  const beside = (dir) => path.resolve(dir, "../shared/bench/naive-rr7");
  if (existsSync(beside(ROOT))) return beside(ROOT);
  try {
    const common = execFileSync("git", ["rev-parse", "--path-format=absolute", "--git-common-dir"], { cwd: ROOT, encoding: "utf8" }).trim();
    if (existsSync(beside(path.dirname(common)))) return beside(path.dirname(common));
  } catch {
    // not a git checkout
  }
  return beside(ROOT);
}

/** Headers a browser sends with a page request (a bot's User-Agent would change how React Router streams). */
export const BROWSER_HEADERS = {
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "accept-language": "en-CA,en;q=0.9",
  "accept-encoding": "gzip, deflate, br, zstd",
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
};

// ---------------------------------------------------------------------------------------------------------
// Processes: every child in a process group of its own, all of them stopped on exit, on Ctrl-C and on failure.

const children = new Set();
const tempDirs = new Set();
let cleanedUp = false;

/** Stops every process group this script started (SIGTERM, then SIGKILL for those still there) and removes temp dirs. */
export async function stopAll() {
  const running = [...children];
  children.clear();
  for (const child of running) killGroup(child, "SIGTERM");
  const deadline = Date.now() + 5000;
  while (running.some((c) => groupAlive(c)) && Date.now() < deadline) await sleep(100);
  for (const child of running) if (groupAlive(child)) killGroup(child, "SIGKILL");
}

function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // gone already
  }
}
function groupAlive(child) {
  try {
    process.kill(-child.pid, 0);
    return true;
  } catch {
    return false;
  }
}

function cleanupSync() {
  if (cleanedUp) return;
  cleanedUp = true;
  for (const child of children) killGroup(child, "SIGKILL");
  children.clear();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
}
process.on("exit", cleanupSync);
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping the servers`);
    cleanupSync();
    process.exit(130);
  });
}

/** A temporary directory removed when the script ends. */
export function tempDir(prefix) {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  tempDirs.add(dir);
  return dir;
}
export function removeTempDir(dir) {
  rmSync(dir, { recursive: true, force: true });
  tempDirs.delete(dir);
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts `command args` in a process group of its own. Its output is kept (the last 8 KB) to explain a
 * failure; `onExit` is told when it stops before stopAll().
 */
export function start(name, command, args, { cwd = ROOT, env = {} } = {}) {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  child.label = name;
  child.output = "";
  const keep = (chunk) => {
    child.output = (child.output + chunk).slice(-8192);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  child.exited = new Promise((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
  child.exited.then(({ code, signal }) => {
    // A server that stops while it is being measured: say so, with what it printed last.
    if (children.has(child)) console.error(`\n${name} stopped unexpectedly (${code ?? signal}); its last output:\n${child.output}`);
  });
  children.add(child);
  return child;
}

/** Stops one child started by start() (its whole process group). */
export async function stop(child) {
  if (!children.has(child)) return;
  children.delete(child);
  killGroup(child, "SIGTERM");
  const deadline = Date.now() + 5000;
  while (groupAlive(child) && Date.now() < deadline) await sleep(100);
  if (groupAlive(child)) killGroup(child, "SIGKILL");
}

/** Waits until `url` answers (below 500), failing at once when `child` stops first. */
export async function waitFor(url, child, timeoutMs = 180_000) {
  let ended = null;
  child.exited.then((how) => (ended = how));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (ended) throw new Error(`${child.label} stopped (${ended.code ?? ended.signal}) before answering:\n${child.output}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
      await res.arrayBuffer();
      if (res.status < 500) return;
    } catch {
      // not up yet
    }
    await sleep(250);
  }
  throw new Error(`${url} (${child.label}) did not come up within ${timeoutMs / 1000} s:\n${child.output}`);
}

/** Throws when something already listens on the port (a leftover server would be measured instead). */
export function assertPortFree(port) {
  if (listeningInode(port)) throw new Error(`port ${port} is in use: stop what listens there or set BENCH_PORT to another base port`);
}

function listeningInode(port) {
  const hex = `:${port.toString(16).toUpperCase().padStart(4, "0")}`;
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text = "";
    try {
      text = readFileSync(table, "utf8");
    } catch {
      continue;
    }
    const row = text
      .split("\n")
      .slice(1)
      .map((l) => l.trim().split(/\s+/))
      .find((f) => f[1]?.endsWith(hex) && f[3] === "0A");
    if (row) return row[9];
  }
  return null;
}

/** The process listening on a port (tsx runs node as a child of its own, so this is not the spawned pid). */
export function pidOnPort(port) {
  const inode = listeningInode(port);
  if (!inode) throw new Error(`no process listens on ${port}`);
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    let fds = [];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        if (readlinkSync(`/proc/${pid}/fd/${fd}`) === `socket:[${inode}]`) return Number(pid);
      } catch {
        // closed meanwhile
      }
    }
  }
  throw new Error(`no process of ours listens on ${port}`);
}

/**
 * CPU time of a process (user + system, all its threads), in ms: the sum of its threads' run time in
 * /proc/<pid>/task/<tid>/schedstat (nanoseconds), or /proc/<pid>/stat (10 ms ticks) where that is missing.
 * The ticks of /proc/<pid>/stat would need hundreds of requests per batch to tell 1 ms from 1.5 ms; the
 * two agree to within 0.1% over a run (node's threads live as long as the process).
 */
export function cpuMs(pid) {
  try {
    let ns = 0;
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
      } catch {
        // the thread ended meanwhile
      }
    }
    if (ns > 0) return ns / 1e6;
  } catch {
    // no schedstat on this kernel: fall back to the ticks
  }
  if (!existsSync(`/proc/${pid}/stat`)) throw new Error(`process ${pid} is gone: a measured server stopped (see above)`);
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND) * 1000;
}

/** Each process alive now: its pid and the fields of /proc/<pid>/stat after its name (state, parent, group, …). */
export function processes() {
  const all = [];
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      all.push([Number(pid), readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ")]);
    } catch {
      // gone
    }
  }
  return all;
}

/** A PostgreSQL server's processes on this machine: its postmaster and the postmaster's children (backends, workers). */
export function postgresPids(postmaster) {
  return [postmaster, ...processes().flatMap(([pid, fields]) => (Number(fields[1]) === postmaster ? [pid] : []))];
}

/**
 * The postmaster of the PostgreSQL server at `url`, when it runs on this machine (the parent of the backend
 * that answers a connection), else undefined: its CPU can then not be read here.
 */
export async function postmasterOf(url) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { rows } = await client.query("SELECT pg_backend_pid() AS pid");
    const parent = Number(readFileSync(`/proc/${rows[0].pid}/stat`, "utf8").split(") ")[1].split(" ")[1]);
    return parent > 1 ? parent : undefined;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
}

/** CPU (ms) of each of `pids` alive now, by pid (a process that ended is left out). */
export function cpuOfPids(pids) {
  const cpu = new Map();
  for (const pid of pids) {
    try {
      cpu.set(pid, cpuMs(pid));
    } catch {
      // ended meanwhile
    }
  }
  return cpu;
}

/** The CPU a group of processes spent between two readings of cpuOfPids (a process started meanwhile counts whole). */
export function cpuSpent(before, after) {
  let ms = 0;
  for (const [pid, now] of after) ms += now - (before.get(pid) ?? 0);
  return ms;
}

// ---------------------------------------------------------------------------------------------------------
// The portal and the reference API.

/** The reference API refuses to start in production without a key for two-step secrets: one per run. */
export const API_SECRETS = { TWO_STEP_KEY: randomBytes(32).toString("base64url") };

export const RELAXED_LIMITS = {
  SIGN_IN_FAILURES_PER_IP: "100000",
  SIGN_IN_ATTEMPTS_PER_IP: "100000",
  SIGN_IN_LIMIT_PER_USERNAME: "100000",
};
const TSX = path.join(ROOT, "node_modules/.bin/tsx");

/** The build the portal serves: BUILD_DIR or build/, which must exist (`npm run build` first). */
export function checkBuild() {
  const buildDir = process.env.BUILD_DIR || "build";
  if (!existsSync(path.join(ROOT, buildDir, "server/index.js"))) {
    throw new Error(`no production build in ${buildDir}/: run \`npm run build\` first`);
  }
  return buildDir;
}

/**
 * The reference API in a process of its own, and the production portal against it (API_BASE_URL), on a
 * fresh demo database. With `links` (n > 1), the database also holds n - 1 copies of each demo link
 * (`linkCopy`; scripts/bench-links.ts), for `resolveScreens({ links })`. Returns their bases and the pids
 * that do the work.
 */
export async function startPortalWithApi({ apiPort, portalPort, renderedPort, links = 1 }) {
  assertPortFree(apiPort);
  assertPortFree(portalPort);
  if (renderedPort) assertPortFree(renderedPort);
  const dataDir = tempDir("portal-bench-api-");
  if (links > 1) {
    const copies = Object.fromEntries(Object.values(AUTH).map((token) => [token, copiesOf(token, links)]));
    execFileSync(TSX, ["scripts/bench-links.ts", JSON.stringify(copies)], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir },
      stdio: "inherit",
    });
  }
  const api = start("reference API", TSX, ["scripts/api-server.ts"], {
    env: { ...RELAXED_LIMITS, ...API_SECRETS, PORT: String(apiPort), DATA_DIR: dataDir, NODE_ENV: "production" },
  });
  await waitFor(`http://127.0.0.1:${apiPort}/api/v1/openapi.json`, api);
  const portalEnv = {
    ...RELAXED_LIMITS,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    API_BASE_URL: `http://127.0.0.1:${apiPort}/api/v1`,
    // One secret for both portals: a session made on one is read by the other.
    SESSION_SECRET: "benchmark-session-secret-0123456789abcdef",
    DATA_DIR: dataDir,
  };
  const portal = start("portal", TSX, ["server.ts"], { env: { ...portalEnv, PORT: String(portalPort) } });
  // A second portal for first views, so that their batches never share a process's warm state with the others.
  const rendered = renderedPort
    ? start("portal for first views", TSX, ["server.ts"], { env: { ...portalEnv, PORT: String(renderedPort) } })
    : null;
  await waitFor(`http://127.0.0.1:${portalPort}/healthz`, portal);
  if (rendered) await waitFor(`http://127.0.0.1:${renderedPort}/healthz`, rendered);
  return {
    base: `http://127.0.0.1:${portalPort}`,
    portal,
    api,
    portalPid: pidOnPort(portalPort),
    apiPid: pidOnPort(apiPort),
    rendered: rendered ? { base: `http://127.0.0.1:${renderedPort}`, process: rendered, pid: pidOnPort(renderedPort) } : null,
    dataDir,
  };
}

/** The default of `npm run serve`: the portal with its embedded API (no API_BASE_URL), on its own DATA_DIR. */
export async function startEmbeddedPortal({ port }) {
  assertPortFree(port);
  const dataDir = tempDir("portal-bench-embedded-");
  const portal = start("portal (embedded API)", TSX, ["server.ts"], {
    env: { ...RELAXED_LIMITS, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), DATA_DIR: dataDir, API_BASE_URL: "" },
  });
  await waitFor(`http://127.0.0.1:${port}/healthz`, portal);
  return { base: `http://127.0.0.1:${port}`, portal, portalPid: pidOnPort(port), dataDir };
}

/** Signs a demo user in over HTTP, as a browser posts the form; returns the Cookie header of the session. */
export async function signIn(base, username) {
  const res = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", "user-agent": BROWSER_HEADERS["user-agent"] },
    body: new URLSearchParams({ username, password: DEMO_PASSWORD }),
  });
  await res.arrayBuffer();
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (res.status !== 302 && res.status !== 303) throw new Error(`signing in ${username} answered ${res.status}, not a redirect`);
  if (!cookie) throw new Error(`signing in ${username} set no cookie`);
  return cookie;
}

/**
 * `n` sessions of one user, as `n` customers each in their own browser: the connections of a batch each
 * send their own session (a portal that shares work between requests of one session would otherwise be
 * measured on a case that customers do not make). Signed in 4 at a time.
 */
export async function signInSessions(base, username, n) {
  const cookies = [];
  for (let i = 0; i < n; i += 4) {
    cookies.push(...(await Promise.all(Array.from({ length: Math.min(4, n - i) }, () => signIn(base, username)))));
  }
  return cookies;
}

/**
 * A page's cookies for each of these sessions: the page's own (`cookie`, opened with another session) with
 * that session's cookies instead, the page then opened once with it and what it sets kept, as a browser does.
 */
export async function openWithSessions(base, pathname, cookie, sessions) {
  const opened = [];
  for (const session of sessions) opened.push(await openPage(base, pathname, mergeCookies(cookie, session)));
  return opened;
}

/** A Cookie header with the pairs of `over` (a Cookie header, or a list of pairs) in place of those of the same name. */
export function mergeCookies(cookie, over) {
  const jar = new Map((cookie ? cookie.split("; ") : []).map((c) => [c.split("=")[0], c]));
  for (const pair of Array.isArray(over) ? over : over.split("; ")) jar.set(pair.split("=")[0], pair);
  return [...jar.values()].join("; ");
}

export async function signInAll(base) {
  const cookies = {};
  for (const [who, username] of Object.entries(USERS)) cookies[who] = await signIn(base, username);
  return cookies;
}

// ---------------------------------------------------------------------------------------------------------
// The screens (scripts/screens.mjs) and the demo links' copies made by scripts/bench-links.ts.

/** Another link like the demo link of `token` (the i-th copy, from 1), made by scripts/bench-links.ts. */
const linkCopy = (token, i) => `${token}-copy-${i}`;
const copiesOf = (token, n) => Array.from({ length: n - 1 }, (_, i) => linkCopy(token, i + 1));

/** Opens a page as a browser does and gives back the cookies it then holds (those the page set included). */
export async function openPage(base, pathname, cookie) {
  const res = await fetch(`${base}${pathname}`, { redirect: "manual", headers: { ...BROWSER_HEADERS, ...(cookie ? { cookie } : {}) } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`GET ${pathname} answered ${res.status}, not 200`);
  return withCookies(cookie, res);
}

/** Adds the cookies a response sets to a Cookie header, as a browser keeps them. */
function withCookies(cookie, res) {
  return mergeCookies(
    cookie,
    res.headers.getSetCookie().map((set) => set.split(";")[0]),
  );
}

/** The `.data` URL the client router asks for when it navigates to `pathname`. */
export function dataUrl(pathname) {
  const [p, q] = pathname.split("?");
  const data = p === "/" ? "/_root.data" : `${p.replace(/\/$/, "")}.data`;
  return q ? `${data}?${q}` : data;
}

/**
 * A page opened as a browser does, through `via` (a link the portal trades for a cookie and a redirect)
 * when given: its address, its cookies, and what went wrong (undefined when it answered `expected`, as
 * HTML and as `.data`).
 */
async function openScreen(base, { via, path: pathname, cookie, expected }) {
  const headers = (c) => ({ ...BROWSER_HEADERS, ...(c ? { cookie: c } : {}) });
  if (via) {
    const res = await fetch(`${base}${via}`, { redirect: "manual", headers: BROWSER_HEADERS });
    await res.arrayBuffer();
    pathname = res.headers.get("location");
    if (res.status !== 302 || !pathname?.startsWith("/"))
      return { problem: `GET ${via} answered ${res.status}, not a redirect to the page` };
    cookie = withCookies(cookie, res);
  }
  const page = await fetch(`${base}${pathname}`, { redirect: "manual", headers: headers(cookie) });
  await page.arrayBuffer();
  if (page.status !== expected) {
    const location = page.headers.get("location");
    return { problem: `GET ${pathname} answered ${page.status}${location ? ` → ${location}` : ""}, not ${expected}` };
  }
  cookie = withCookies(cookie, page);
  const data = await fetch(`${base}${dataUrl(pathname)}`, { redirect: "manual", headers: headers(cookie) });
  await data.arrayBuffer();
  if (data.status !== expected) return { problem: `GET ${dataUrl(pathname)} answered ${data.status}, not ${expected}` };
  return { path: pathname, cookie };
}

/**
 * Resolves the screen list (ids found in pages), checks that every page answers its expected status as
 * HTML and as `.data`, and throws naming every one that does not. `only` keeps the screens whose name or
 * path contains one of its words. With `links` (n > 1; the API started with as many), a link page gets a
 * cookie for each of n links (the demo link and its copies): its screen's `cookie` is then their list, one
 * per connection of a batch.
 */
export async function resolveScreens(base, cookies, { only = [], links = 1 } = {}) {
  const matches = (s) => only.some((w) => s.name.includes(w) || (s.path ?? s.via).includes(w));
  const wanted = only.length ? SCREENS.filter(matches) : SCREENS;
  if (!wanted.length) throw new Error(`no screen matches ${only.join(", ")}; screens: ${SCREENS.map((s) => s.name).join(", ")}`);
  const problems = [];
  const screens = [];
  for (const screen of wanted) {
    const expected = screen.status ?? 200;
    const first = await openScreen(base, { via: screen.via, path: screen.path, cookie: screen.user ? cookies[screen.user] : "", expected });
    if (first.problem) {
      problems.push(`${screen.name}: ${first.problem}`);
      continue;
    }
    let cookie = first.cookie;
    const token = screen.via && Object.values(AUTH).find((t) => screen.via.includes(t));
    if (token && links > 1) {
      cookie = [first.cookie];
      for (const copy of copiesOf(token, links)) {
        const opened = await openScreen(base, { via: screen.via.replace(token, copy), cookie: "", expected });
        if (opened.problem) problems.push(`${screen.name} (${copy}): ${opened.problem}`);
        else cookie.push(opened.cookie);
      }
    }
    screens.push({ name: screen.name, path: first.path, user: screen.user ?? null, cookie, status: expected });
  }
  if (problems.length) throw new Error(`these screens do not answer as expected:\n  ${problems.join("\n  ")}`);
  return screens;
}

// ---------------------------------------------------------------------------------------------------------
// The naive reference page (../shared/bench/naive-rr7): installed and built once into
// node_modules/.cache/naive-rr7/<hash of its package-lock.json and sources>, then served from there.

function naiveKey(source) {
  const hash = createHash("sha256");
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (["node_modules", "build", ".react-router"].includes(entry.name)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(path.relative(source, full)).update(readFileSync(full));
    }
  };
  walk(source);
  return hash.digest("hex").slice(0, 16);
}

/**
 * The built naive app, or null (with the reason) when its source is absent or cannot be installed. Its first
 * install and build take about a minute; later runs reuse the cached copy.
 */
export function prepareNaive(log = console.log) {
  if (!existsSync(path.join(NAIVE_SOURCE, "package.json"))) {
    return { dir: null, reason: `the naive reference page is absent (${NAIVE_SOURCE}); absolute figures only` };
  }
  const cacheRoot = path.join(ROOT, "node_modules/.cache/naive-rr7");
  const dir = path.join(cacheRoot, naiveKey(NAIVE_SOURCE));
  if (existsSync(path.join(dir, "build/server/index.js"))) return { dir, cached: true };
  log(`Installing and building the naive reference page from ${NAIVE_SOURCE} (once; cached in ${path.relative(ROOT, dir)}) …`);
  const work = tempDir("naive-rr7-");
  try {
    cpSync(NAIVE_SOURCE, work, { recursive: true, filter: (src) => !/\/(node_modules|build|\.react-router)(\/|$)/.test(src) });
    execFileSync("chmod", ["-R", "u+w", work]);
    const npm = (args) => execFileSync("npm", args, { cwd: work, stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" });
    try {
      npm(["ci", "--no-audit", "--no-fund"]);
    } catch {
      // Its lockfile leaves out platform packages that this registry mirror lacks (docs/architecture.md,
      // "Dependencies and the package mirror"), so `npm ci` refuses it: install from the lockfile instead.
      npm(["install", "--no-audit", "--no-fund"]);
    }
    npm(["run", "build"]);
    rmSync(cacheRoot, { recursive: true, force: true });
    mkdirSync(cacheRoot, { recursive: true });
    renameSync(work, dir);
    tempDirs.delete(work);
    return { dir, cached: false };
  } catch (error) {
    removeTempDir(work);
    const detail = (error.stderr || error.stdout || error.message || "").toString().split("\n").slice(-15).join("\n");
    return { dir: null, reason: `the naive reference page could not be installed or built; absolute figures only:\n${detail}` };
  }
}

/**
 * Serves the built naive app (`npm start` of its README: NODE_ENV=production tsx server.ts): its page, and the
 * `.data` request its own browser code makes for it (it asks for data requests aware of trailing slashes, so
 * its home page's is `/_.data`, not the portal's `/_root.data`).
 */
export async function startNaive(dir, port) {
  assertPortFree(port);
  const child = start("naive page", path.join(dir, "node_modules/.bin/tsx"), ["server.ts"], {
    cwd: dir,
    env: { NODE_ENV: "production", PORT: String(port) },
  });
  await waitFor(`http://127.0.0.1:${port}/`, child);
  return { base: `http://127.0.0.1:${port}`, child, pid: pidOnPort(port), path: "/", dataPath: "/_.data" };
}

// ---------------------------------------------------------------------------------------------------------
// Output helpers.

export function table(rows, { align = [] } = {}) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  return rows
    .map((r) => r.map((c, i) => (align[i] === "l" ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join("  "))
    .join("\n");
}

/** A keep-alive agent for `concurrency` connections. */
export const agent = (concurrency) => new http.Agent({ keepAlive: true, maxSockets: concurrency, maxFreeSockets: concurrency });
