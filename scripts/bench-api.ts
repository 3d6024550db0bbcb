/**
 * The reference API's cost of one residential dashboard view: the calls the portal makes for it
 * (GET /dashboard, then GET /residential-dashboard/{id}, its billing details and the service status that
 * touches the account together; BENCH_WITHOUT_STATUS=1 leaves the last out), with the API
 * in a process of its own. Prints its CPU per view (from /proc/<pid>/stat), and the statements, write
 * statements and transactions per view (counted by a wrapper around the database).
 *
 *   npx tsx scripts/bench-api.ts [views=400] [concurrency=4]
 *
 * BENCH_API_PORT (default 4411) is the port; BENCH_CPU_PROF=file.cpuprofile writes a profile of the API process
 * during the measured views (open it in Chrome's DevTools or speedscope).
 * BENCH_SQL=1 lists the statements of one view.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const TICKS_PER_SECOND = 100; // Linux USER_HZ

if (process.argv[2] === "--serve") await serve();
else await drive();

/** The child: the API as scripts/api-server.ts serves it, over a database wrapper that counts. */
async function serve() {
  const { default: express } = await import("express");
  const { openDb } = await import("../api/db/client.ts");
  const { startApi } = await import("../api/index.ts");
  type Db = Awaited<ReturnType<typeof openDb>>;
  const stats = { statements: 0, writes: 0, transactions: 0, sql: new Map<string, number>() };
  const count = (sql: string) => {
    stats.statements++;
    if (/^\s*(INSERT|UPDATE|DELETE)\b/i.test(sql)) stats.writes++;
    const key = sql.replace(/\s+/g, " ").trim().slice(0, 160);
    stats.sql.set(key, (stats.sql.get(key) ?? 0) + 1);
  };
  const counted = (db: Db): Db => ({
    ...db,
    kind: db.kind,
    query: (sql, params) => (count(sql), db.query(sql, params)),
    one: (sql, params) => (count(sql), db.one(sql, params)),
    exec: (sql) => (count(sql), db.exec(sql)),
    transaction: (fn) => db.transaction((tx) => (stats.transactions++, fn(counted(tx)))),
    close: () => db.close(),
    ...(db.dump ? { dump: db.dump } : {}),
  });
  const db = counted(await openDb({ dataDir: process.env.DATA_DIR }));
  const api = await startApi({ db });
  const app = express();
  app.get("/__stats", (_req, res) => {
    res.json({ ...stats, sql: Object.fromEntries(stats.sql) });
    Object.assign(stats, { statements: 0, writes: 0, transactions: 0, sql: new Map() });
  });
  const { Session } = await import("node:inspector/promises");
  const inspector = new Session();
  inspector.connect();
  app.post("/__profile/start", async (_req, res) => {
    await inspector.post("Profiler.enable");
    await inspector.post("Profiler.start");
    res.end();
  });
  app.post("/__profile/stop", async (_req, res) => {
    const { profile } = await inspector.post("Profiler.stop");
    res.json(profile);
  });
  app.use("/api/v1", api.router);
  const server = app.listen(Number(process.env.PORT), "127.0.0.1", () => console.log("ready"));
  const stop = () => server.close(() => api.close().then(() => process.exit(0)));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

async function drive() {
  const views = Number(process.argv[2] ?? 400);
  const concurrency = Number(process.argv[3] ?? 4);
  const port = Number(process.env.BENCH_API_PORT ?? 4411);
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "api-bench-"));
  const profile = process.env.BENCH_CPU_PROF;
  const child = spawn(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url), "--serve"], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const stop = () => {
    if (child.exitCode === null) child.kill("SIGTERM");
  };
  process.on("exit", () => {
    stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("ready") && resolve());
    child.on("exit", (code) => reject(new Error(`the API ended (${code})`)));
  });
  const cpuTicks = () => {
    const f = readFileSync(`/proc/${child.pid}/stat`, "utf8").split(") ")[1].split(" ");
    return Number(f[11]) + Number(f[12]);
  };

  const signIn = await fetch(`${base}/api/v1/auth/access-token`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "resi@example.com", password: "Demo-Pass-2026" }),
  });
  const { token } = (await signIn.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}`, "accept-language": "en" };
  const get = async (url: string) => {
    const res = await fetch(`${base}/api/v1${url}`, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  };
  const view = async () => {
    await get("/dashboard");
    await Promise.all([
      get("/residential-dashboard/100101"),
      get("/residential-dashboard/100101/billing-details"),
      ...(process.env.BENCH_WITHOUT_STATUS ? [] : [get("/status/100101")]),
    ]);
  };
  const stats = async () =>
    (await (await fetch(`${base}/__stats`)).json()) as {
      statements: number;
      writes: number;
      transactions: number;
      sql: Record<string, number>;
    };

  // One view alone: what it runs.
  await stats();
  await view();
  const one = await stats();
  if (process.env.BENCH_SQL) for (const [sql, n] of Object.entries(one.sql)) console.log(`${String(n).padStart(3)}  ${sql}`);

  for (let i = 0; i < 100; i++) await view(); // warm up (JIT)
  await stats();
  if (profile) await fetch(`${base}/__profile/start`, { method: "POST" });
  const before = cpuTicks();
  const t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < views) await view();
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const cpuMs = ((cpuTicks() - before) / TICKS_PER_SECOND) * 1000;
  if (profile) writeFileSync(profile, await (await fetch(`${base}/__profile/stop`, { method: "POST" })).text());
  const load = await stats();
  console.log(
    `dashboard view: API CPU ${(cpuMs / views).toFixed(2)} ms/view   ${(views / seconds).toFixed(0)} views/s   ` +
      `statements ${one.statements} (under load ${(load.statements / views).toFixed(1)})   writes ${one.writes}   transactions ${one.transactions}`,
  );
  stop();
  await new Promise((r) => child.once("exit", r));
  process.exit(0);
}
