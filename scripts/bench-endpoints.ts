/**
 * Whether the reference API's GET endpoints grow with the provider (issue 28: "every GET endpoint's API CPU
 * and p50 at 200,000 customers within 1.25× of the demo data"). On the PostgreSQL server of DATABASE_URL it
 * makes two databases: one with the demo data alone, one with the demo data and N generated customers (the
 * scale seed, `npm run db:seed`), then serves each with its own API process (scripts/api-server.ts). The
 * contract checker's pass (#contract/conformance) finds, for each demo user, one address of every GET
 * endpoint that answers 200; each address is then asked of both APIs in turn, the same customer's data on
 * both, so that only the size of the tables differs; an endpoint a page asks with a query (its includes, a
 * chart's points: PAGE_QUERIES) is measured with it too. Prints, per endpoint, the API's CPU per call
 * (/proc/<pid>/task/…/schedstat) and the p50 of both, their ratio and whether it is within the target.
 *
 *   DATABASE_URL=postgres://… npm run bench:endpoints -- [--customers 200000] [--calls 200] [--rounds 2]
 *     [--only /billing,/status] [--keep] [--reuse]
 *
 * The two databases (`<name>_bench_demo`, `<name>_bench_scale`) are dropped at the end, unless --keep;
 * --reuse measures a kept scale database again instead of seeding a new one.
 */
import { spawnSync } from "node:child_process";
import { commandLine } from "./command-line.mjs";
import { Pool } from "undici";
import pg from "pg";
import { checkBackend } from "#contract/conformance";
import { SERVICES_INCLUDES, PROFILE_INCLUDES } from "#contract/accounts";
import { ENDPOINT_INCLUDES } from "#contract/business-network";
import { DASHBOARD_INCLUDES } from "#contract/dashboard";
import { RESIDENTIAL_INTERNET_INCLUDES } from "#contract/home-network";
import { ROUTER_PAGE_INCLUDES } from "#contract/router-page";
import { API_SECRETS, DEMO_PASSWORD, RELAXED_LIMITS, cpuMs, pidOnPort, start, stopAll, waitFor } from "./bench-lib.mjs";

const { values } = commandLine(import.meta.url, "npm run bench:endpoints --", {
  options: {
    customers: { type: "string", default: "200000" },
    calls: { type: "string", default: "200" },
    rounds: { type: "string", default: "2" },
    only: { type: "string" },
    keep: { type: "boolean", default: false },
    reuse: { type: "boolean", default: false },
  },
});
const CUSTOMERS = Number(values.customers);
const CALLS = Number(values.calls);
const ROUNDS = Number(values.rounds);
const CONCURRENCY = 4;
const TARGET = 1.25;
const USERS = ["resi@example.com", "family@example.com", "business@example.com"];
const ONLY = values.only?.split(",").filter(Boolean) ?? [];

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error("DATABASE_URL: the PostgreSQL server to measure on (a database of its own is made for each shape)");
  process.exit(2);
}
if (!Number.isInteger(CUSTOMERS) || CUSTOMERS < 1 || !Number.isInteger(CALLS) || CALLS < 10 || !Number.isInteger(ROUNDS) || ROUNDS < 1) {
  console.error("--customers ≥ 1, --calls ≥ 10, --rounds ≥ 1");
  process.exit(2);
}

const started = performance.now();
const at = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;
const base = new URL(databaseUrl);
const nameOf = (shape: string) => `${base.pathname.slice(1) || "postgres"}_bench_${shape}`;
const urlOf = (shape: string) => Object.assign(new URL(databaseUrl), { pathname: `/${nameOf(shape)}` }).toString();

/** Runs SQL on the server's own database (to make and drop the two). */
async function admin(sql: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

const env = { ...RELAXED_LIMITS, ...API_SECRETS, NODE_ENV: "production", LOG_LEVEL: "warn" };
for (const shape of values.reuse ? ["demo"] : ["demo", "scale"]) {
  await admin(`DROP DATABASE IF EXISTS ${nameOf(shape)} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${nameOf(shape)}`);
}
// The demo alone is what the API seeds into an empty database when it starts; the scale seed makes the same demo and N customers.
if (!values.reuse) {
  console.log(`${at()}: seeding ${CUSTOMERS.toLocaleString("en")} customers (npm run db:seed) …`);
  const seeded = spawnSync("node_modules/.bin/tsx", ["scripts/db-seed.ts", "--customers", String(CUSTOMERS)], {
    env: { ...process.env, ...env, DATABASE_URL: urlOf("scale") },
    stdio: "inherit",
  });
  if (seeded.status !== 0) throw new Error(`the scale seed ended (${seeded.status ?? seeded.signal})`);
}
console.log(`${at()}: starting the two APIs`);
const apis = await Promise.all(
  (["demo", "scale"] as const).map(async (shape, index) => {
    const port = 4431 + index;
    const child = start(`API (${shape})`, "node_modules/.bin/tsx", ["scripts/api-server.ts"], {
      env: { ...env, PORT: String(port), DATABASE_URL: urlOf(shape) },
    });
    await waitFor(`http://127.0.0.1:${port}/api/v1/openapi.json`, child);
    return {
      shape,
      base: `http://127.0.0.1:${port}/api/v1`,
      pid: pidOnPort(port),
      pool: new Pool(`http://127.0.0.1:${port}`, { connections: CONCURRENCY }),
    };
  }),
);
{
  // The planner's statistics of a freshly seeded database, as on a provider's.
  for (const shape of ["demo", "scale"]) {
    const client = new pg.Client({ connectionString: urlOf(shape) });
    await client.connect();
    await client.query("ANALYZE");
    await client.end();
  }
}

async function tokenOf(api: (typeof apis)[number], username: string): Promise<string> {
  const answer = await fetch(`${api.base}/auth/access-token`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  const body = (await answer.json()) as { token?: string };
  if (!body.token) throw new Error(`${username} could not sign in to the ${api.shape} API (${answer.status})`);
  return body.token;
}

/** `calls` GETs of one address at CONCURRENCY: the API's CPU, every latency and the answer's size. */
async function measure(api: (typeof apis)[number], path: string, token: string, calls: number) {
  const latencies: number[] = [];
  let bytes = 0;
  let next = 0;
  const cpu0 = cpuMs(api.pid);
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < calls) {
        next++;
        const t0 = performance.now();
        const answer = await api.pool.request({ method: "GET", path: `/api/v1${path}`, headers: { authorization: `Bearer ${token}` } });
        bytes = (await answer.body.arrayBuffer()).byteLength;
        latencies.push(performance.now() - t0);
        if (answer.statusCode !== 200) throw new Error(`${api.shape} GET ${path}: ${answer.statusCode}`);
      }
    }),
  );
  return { cpu: cpuMs(api.pid) - cpu0, latencies, bytes };
}

/**
 * The queries the portal's pages send (decisions 227–244: a page's data in one call, charts made by the API),
 * each measured as an address of its own besides the checker's plain one: every part an endpoint may
 * include, and the charts' points.
 */
const PAGE_QUERIES: Record<string, string[]> = {
  "/residential-dashboard/{customerId}": [`include=${DASHBOARD_INCLUDES.join(",")}`],
  "/services/{customerId}": [`include=${SERVICES_INCLUDES.join(",")}`],
  "/residential-internet/{packageId}": [`include=${RESIDENTIAL_INTERNET_INCLUDES.join(",")}`],
  "/router/{serviceId}/cpe-info": [`include=${ROUTER_PAGE_INCLUDES.join(",")}`],
  "/profile-settings": [`include=${PROFILE_INCLUDES.join(",")}`],
  "/internet/{id}/endpoint": [`include=${ENDPOINT_INCLUDES.join(",")}&points=480`],
  "/internet/{id}/bandwidth": ["points=480"],
  "/cabinet-spaces/{serviceId}/power-usage": ["points=480"],
};

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const rows: { user: string; endpoint: string; cpu: [number, number]; p50: [number, number]; bytes: [number, number] }[] = [];
for (const username of USERS) {
  const report = await checkBackend({ baseUrl: apis[0].base, username, password: DEMO_PASSWORD });
  const addresses = report.endpoints
    .map((entry) => ({ endpoint: entry.path, path: entry.calls.find((call) => call.status === 200)?.path }))
    .flatMap((e) => [
      e,
      ...(e.path ? (PAGE_QUERIES[e.endpoint] ?? []) : []).map((query) => ({
        endpoint: `${e.endpoint}?${query}`,
        path: `${e.path}?${query}`,
      })),
    ])
    .filter(
      (e): e is { endpoint: string; path: string } => Boolean(e.path) && (!ONLY.length || ONLY.some((p) => e.endpoint.startsWith(p))),
    );
  const tokens = await Promise.all(apis.map((api) => tokenOf(api, username)));
  console.log(`${at()}: ${username}: ${addresses.length} endpoints`);
  for (const { endpoint, path } of addresses) {
    const totals = apis.map(() => ({ cpu: 0, latencies: [] as number[], bytes: 0 }));
    for (const [index, api] of apis.entries()) await measure(api, path, tokens[index], 20);
    for (let round = 0; round < ROUNDS; round++) {
      // Alternating which goes first, so that neither always meets the other's leftovers.
      const order = round % 2 ? [1, 0] : [0, 1];
      for (const index of order) {
        const { cpu, latencies, bytes } = await measure(apis[index], path, tokens[index], CALLS);
        totals[index].cpu += cpu;
        totals[index].bytes = bytes;
        totals[index].latencies.push(...latencies);
      }
    }
    rows.push({
      user: username.replace("@example.com", ""),
      endpoint,
      cpu: [totals[0].cpu / (CALLS * ROUNDS), totals[1].cpu / (CALLS * ROUNDS)],
      p50: [median(totals[0].latencies), median(totals[1].latencies)],
      bytes: [totals[0].bytes, totals[1].bytes],
    });
  }
}

const f = (n: number, d = 2) => n.toFixed(d);
console.log(
  `\nThe reference API on PostgreSQL, demo data alone against the demo data and ${CUSTOMERS.toLocaleString("en")} generated customers` +
    `: the same users and addresses, ${CALLS} calls × ${ROUNDS} rounds at ${CONCURRENCY} connections each.` +
    `\nCPU: the API process's, ms per call; p50: ms; KB: the answer's size. Target: scale ≤ ${TARGET}× the demo's, both.` +
    `\n"larger answer": the scale seed's answer is longer (a list of the whole provider's, such as its incidents), not only its tables larger.\n`,
);
const header = ["user", "GET endpoint", "CPU demo", "CPU scale", "×", "p50 demo", "p50 scale", "×", "KB demo", "KB scale", ""];
const table = rows.map((r) => {
  const cpuRatio = r.cpu[1] / r.cpu[0];
  const p50Ratio = r.p50[1] / r.p50[0];
  return [
    r.user,
    r.endpoint,
    f(r.cpu[0], 3),
    f(r.cpu[1], 3),
    `${f(cpuRatio)}×`,
    f(r.p50[0]),
    f(r.p50[1]),
    `${f(p50Ratio)}×`,
    f(r.bytes[0] / 1024, 1),
    f(r.bytes[1] / 1024, 1),
    cpuRatio <= TARGET && p50Ratio <= TARGET ? "" : r.bytes[1] > r.bytes[0] * 1.1 ? "OVER, larger answer" : "OVER",
  ];
});
const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)));
for (const row of [header, ...table])
  console.log(row.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  "));
const over = table.filter((row) => row[10]);
const cpuRatios = rows.map((r) => r.cpu[1] / r.cpu[0]);
const p50Ratios = rows.map((r) => r.p50[1] / r.p50[0]);
console.log(
  `\n${rows.length} endpoint calls; CPU × ${f(Math.min(...cpuRatios))}–${f(Math.max(...cpuRatios))}, p50 × ${f(Math.min(...p50Ratios))}–${f(Math.max(...p50Ratios))}; ` +
    `${over.length ? `${over.length} over ${TARGET}×: ${over.map((row) => `${row[0]} ${row[1]}${row[10] === "OVER" ? "" : " (larger answer)"}`).join(", ")}` : `all within ${TARGET}×`} (${at()})`,
);

for (const api of apis) await api.pool.close();
await stopAll();
if (!values.keep) for (const shape of ["demo", "scale"]) await admin(`DROP DATABASE IF EXISTS ${nameOf(shape)} WITH (FORCE)`);
process.exit(0);
