/**
 * Lock waits under concurrent writes of different customers: do the revision counters (migration 0011)
 * become a hot row? On a scale-seeded PostgreSQL database (`npm run db:seed`):
 *
 *   DATABASE_URL=postgres://… npx tsx scripts/measure-lock-waits.ts [--payments 200] [--processes 4] [--rounds 2] [--port 55580]
 *
 * Starts `--processes` reference API processes (scripts/api-server.ts, ports from `--port` on, a pool of
 * 10 connections each), signs in the people of `--payments` generated residential accounts
 * that owe something, then posts one card payment for each account, all at once, `--rounds` times (the
 * first round inserts the accounts' revision rows, later ones update them). Meanwhile another connection
 * samples pg_stat_activity and pg_locks every few milliseconds. Prints the latencies, how often a
 * statement waited for a heavyweight lock (and on what) or a lightweight lock, and the revision rows.
 * It writes payments: run it on a database made for measuring.
 */
import { randomUUID } from "node:crypto";
import { spawn, type ChildProcess } from "node:child_process";
import { commandLine } from "./command-line.mjs";
import { openDb } from "../api/db/client.ts";
import { SCALE } from "../api/db/seed/scale.ts";

const { values } = commandLine(import.meta.url, "npx tsx scripts/measure-lock-waits.ts", {
  options: {
    payments: { type: "string", default: "200" },
    processes: { type: "string", default: "4" },
    rounds: { type: "string", default: "2" },
    port: { type: "string", default: "55580" },
  },
});
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error("DATABASE_URL: the scale-seeded PostgreSQL database to measure");
const count = Number(values.payments);
const processes = Number(values.processes);
const rounds = Number(values.rounds);

const db = await openDb({ databaseUrl });
const accounts = await db.query<{ customer_id: number; username: string }>(
  `SELECT c.id AS customer_id, u.username FROM customers c
     JOIN contacts k ON k.customer_id = c.id AND k.status = 'activated' AND 'authoritative' = ANY (k.roles)
     JOIN users u ON u.id = k.user_id
    WHERE c.id >= $1 AND c.is_residential AND NOT c.suspended_for_nonpayment
      AND (SELECT sum(total_cents) FROM invoices i WHERE i.customer_id = c.id)
          - coalesce((SELECT sum(amount_cents) FROM payments p WHERE p.customer_id = c.id AND p.status <> 'declined'), 0) > $2
      AND (SELECT count(*) FROM contacts o WHERE o.user_id = u.id) = 1
    ORDER BY c.id LIMIT $3`,
  [SCALE.firstId, 100 * rounds + 100, count],
);
if (accounts.length < count) throw new Error(`Only ${accounts.length} generated accounts owe enough: seed more customers`);

const children: ChildProcess[] = [];
const bases: string[] = [];
for (let i = 0; i < processes; i++) {
  const port = Number(values.port) + i;
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/api-server.ts"], {
    env: { ...process.env, PORT: String(port), DATABASE_URL: databaseUrl, LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`API process on port ${port} stopped (${code})`)));
    child.stdout!.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("Reference API on")) resolve();
    });
  });
  bases.push(`http://127.0.0.1:${port}/api/v1`);
}
const baseOf = (i: number) => bases[i % bases.length];

// Sign-ins (scrypt) a few at a time, before measuring.
const tokens: string[] = new Array(accounts.length);
for (let i = 0; i < accounts.length; i += 8) {
  await Promise.all(
    accounts.slice(i, i + 8).map(async (account, j) => {
      const response = await fetch(`${baseOf(i + j)}/auth/access-token`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ username: account.username, password: SCALE.password }),
      });
      if (!response.ok) throw new Error(`sign-in of ${account.username}: ${response.status}`);
      tokens[i + j] = (await response.json()).token;
    }),
  );
}

interface Sample {
  active: number;
  lockWaits: { what: string }[];
  lwlockWaits: string[];
}

async function round(n: number) {
  const sampler = await openDb({ databaseUrl: databaseUrl! });
  const samples: Sample[] = [];
  let sampling = true;
  const sampling$ = (async () => {
    while (sampling) {
      const [activity, waiting] = await Promise.all([
        sampler.query<{ wait_event_type: string | null; wait_event: string | null }>(
          `SELECT wait_event_type, wait_event FROM pg_stat_activity
            WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
        ),
        sampler.query<{ what: string }>(
          `SELECT l.locktype || ' ' || coalesce(l.relation::regclass::text, l.transactionid::text, '') || ' ' || l.mode AS what
             FROM pg_locks l WHERE NOT l.granted`,
        ),
      ]);
      samples.push({
        active: activity.length,
        lockWaits: waiting,
        lwlockWaits: activity.filter((a) => a.wait_event_type === "LWLock").map((a) => a.wait_event ?? ""),
      });
    }
  })();
  const started = performance.now();
  const latencies = await Promise.all(
    accounts.map(async (account, i) => {
      const t = performance.now();
      const response = await fetch(`${baseOf(i)}/billing/${account.customer_id}/payments`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${tokens[i]}`, "Idempotency-Key": randomUUID() },
        body: JSON.stringify({
          method: "credit_card",
          amount: 1,
          card_number: "4242 4242 4242 4242",
          expiry: "09/29",
          cvv: "123",
          cardholder_name: "Load Test",
        }),
      });
      if (response.status !== 201 && response.status !== 200)
        throw new Error(`payment of ${account.customer_id}: ${response.status} ${await response.text()}`);
      return performance.now() - t;
    }),
  );
  const elapsed = performance.now() - started;
  sampling = false;
  await sampling$;
  await sampler.close();

  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(0);
  const withLock = samples.filter((s) => s.lockWaits.length);
  const byWhat = new Map<string, number>();
  for (const s of samples) for (const w of s.lockWaits) byWhat.set(w.what, (byWhat.get(w.what) ?? 0) + 1);
  const lw = new Map<string, number>();
  for (const s of samples) for (const w of s.lwlockWaits) lw.set(w, (lw.get(w) ?? 0) + 1);
  const activeSamples = samples.filter((s) => s.active > 0);
  console.log(
    `round ${n}: ${accounts.length} payments of ${accounts.length} accounts through ${processes} API processes in ${elapsed.toFixed(0)} ms; ` +
      `latency p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms`,
  );
  console.log(
    `  ${samples.length} samples (${activeSamples.length} with statements running, up to ${Math.max(...samples.map((s) => s.active))} at once); ` +
      `waiting for a lock in ${withLock.length} (most at once ${Math.max(0, ...samples.map((s) => s.lockWaits.length))})`,
  );
  for (const [what, n] of [...byWhat].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(`    lock ${what}: in ${n} samples`);
  for (const [what, n] of [...lw].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(`    LWLock ${what}: in ${n} samples`);
}

for (let n = 1; n <= rounds; n++) await round(n);
const revisions = await db.one<{ rows: number; total: number }>(
  "SELECT count(*)::int AS rows, coalesce(sum(revision), 0)::int AS total FROM revisions WHERE scope = 'customer' AND id = ANY ($1)",
  [accounts.map((a) => a.customer_id)],
);
console.log(`revision rows of these accounts: ${revisions!.rows} (one each), revisions raised: ${revisions!.total}`);
for (const child of children) {
  child.removeAllListeners("exit");
  child.kill("SIGTERM");
}
await db.close();
