/**
 * The scale seed (npm run db:seed): the same provider from the same seed number, another from another,
 * every reference right although rows load without per-row checks, and generated people who sign in
 * with the demo password and see their accounts. Small, on a copy of the suite's demo database (PGlite,
 * or PostgreSQL with TEST_DATABASE_URL), batches smaller than the customers so that references cross
 * batches (tests/scale checks the query plans on 20,000 customers on PostgreSQL).
 */
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../api/db/client.ts";
import { SCALE, SCALE_INCIDENTS, scaleLayout, seedScale } from "../../api/db/seed/scale.ts";
import { startApi } from "../../api/index.ts";
import { brokenReferences } from "../support/foreign-keys.ts";
import { openTestDb } from "./support/api.ts";
import { NOW, SEED_DAY } from "./support/constants.ts";

const CUSTOMERS = 160;
const layout = scaleLayout(CUSTOMERS, 1);
const opened: { db: Db; drop: () => Promise<void> }[] = [];
/** Seed 1, for the tests that read it. */
let db: Db;

/** A database with the demo data (the same for every seed below) and the generated customers of a seed. */
async function generated(seed: number): Promise<Db> {
  const copy = await openTestDb();
  opened.push(copy);
  const { db } = copy;
  await seedScale(db, { customers: CUSTOMERS, seed, today: SEED_DAY, batch: 40 });
  return db;
}

/** The tables the scale seed writes most of. */
const GENERATED = [
  "users",
  "auth_sessions",
  "customers",
  "contacts",
  "packages",
  "services",
  "wifi_networks",
  "routers",
  "network_devices",
  "dhcp_leases",
  "set_top_boxes",
  "invoices",
  "invoice_lines",
  "payments",
  "autopay_cards",
  "support_tickets",
  "network_endpoints",
  "ip_blocks",
  "cabinet_circuits",
  "incidents",
  "incident_areas",
  "incident_services",
];

/** A digest of each of those tables' rows. */
async function digests(db: Db): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const name of GENERATED) {
    const row = await db.one<{ digest: string; n: number }>(
      `SELECT md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS digest, count(*)::int AS n FROM ${name} t`,
    );
    out[name] = `${row!.n}:${row!.digest}`;
  }
  return out;
}

beforeAll(async () => {
  db = await generated(1);
}, 120_000);

afterAll(async () => {
  for (const copy of opened) {
    await copy.db.close().catch(() => undefined);
    await copy.drop();
  }
});

describe("the scale seed", () => {
  it("makes the same rows from the same seed number, and other rows from another", async () => {
    const [again, other] = [await generated(1), await generated(2)];
    const [a, b, c] = [await digests(db), await digests(again), await digests(other)];
    expect(b).toEqual(a);
    for (const table of [
      "users",
      "customers",
      "contacts",
      "packages",
      "services",
      "invoices",
      "invoice_lines",
      "payments",
      "network_devices",
    ]) {
      expect(c[table], table).not.toEqual(a[table]);
    }
  }, 120_000);

  it("makes 95 % residential accounts and business contacts with up to 300 accounts, every reference right", async () => {
    expect(await brokenReferences(db)).toEqual([]);
    const counts = (await db.one<{ residential: number; commercial: number; users: number }>(
      `SELECT count(*) FILTER (WHERE is_residential)::int AS residential, count(*) FILTER (WHERE NOT is_residential)::int AS commercial,
              (SELECT count(*)::int FROM users WHERE id >= $1) AS users
         FROM customers WHERE id >= $1`,
      [SCALE.firstId],
    ))!;
    expect(counts).toEqual({ residential: 152, commercial: 8, users: 152 + layout.groups.length });
    expect(layout.groups).toEqual([8]);
    expect(scaleLayout(20_000, 1).groups[0]).toBe(SCALE.maxBusinessAccounts);
    expect(Math.max(...scaleLayout(200_000, 1).groups)).toBe(SCALE.maxBusinessAccounts);
    // Every residential account has a package with internet and its router; every account has bills.
    const missing = await db.one<{ routers: number; bills: number }>(
      `SELECT count(*) FILTER (WHERE c.is_residential AND NOT EXISTS (SELECT 1 FROM services s JOIN routers r ON r.service_id = s.id
                                                                    WHERE s.customer_id = c.id))::int AS routers,
              count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM invoices i WHERE i.customer_id = c.id))::int AS bills
         FROM customers c WHERE c.id >= $1`,
      [SCALE.firstId],
    );
    expect(missing).toEqual({ routers: 0, bills: 0 });
    // Two years of incidents, each touching an area or a generated circuit; four open on the seed day.
    const incidents = (await db.one<{ all: number; open: number; untouched: number; named: number }>(
      `SELECT count(*)::int AS all, count(*) FILTER (WHERE resolved_at IS NULL)::int AS open,
              count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM incident_areas a WHERE a.incident_id = i.id)
                                 AND NOT EXISTS (SELECT 1 FROM incident_services x WHERE x.incident_id = i.id))::int AS untouched,
              (SELECT count(*)::int FROM incident_services WHERE incident_id >= $1) AS named
         FROM incidents i WHERE i.id >= $1`,
      [SCALE.firstId],
    ))!;
    expect(incidents.open).toBe(SCALE_INCIDENTS.open);
    expect(incidents.untouched).toBe(0);
    expect(incidents.named).toBeGreaterThan(0);
    expect(incidents.all).toBe(SCALE_INCIDENTS.past + SCALE_INCIDENTS.open - (SCALE_INCIDENTS.past / 10 - incidents.named));
  }, 120_000);

  it("signs generated people in with the demo password, each seeing their accounts", async () => {
    const api = await startApi({ db, seed: false, jwtSecret: "scale-seed-test", now: () => NOW });
    const app = express();
    app.use("/api/v1", api.router);
    const server = app.listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
    try {
      const accountsOf = async (username: string) => {
        const signIn = await fetch(`${base}/auth/access-token`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ username, password: SCALE.password }),
        });
        expect(signIn.status, username).toBe(200);
        const { token } = await signIn.json();
        const dashboard = await fetch(`${base}/dashboard`, { headers: { Authorization: `Bearer ${token}` } });
        return ((await dashboard.json()).customers as { customer_id: number }[]).map((c) => c.customer_id);
      };
      expect(await accountsOf(SCALE.residentialUsername(1))).toEqual([SCALE.firstId]);
      // Every 50th person also holds the next account.
      expect((await accountsOf(SCALE.residentialUsername(50))).sort()).toEqual([SCALE.firstId + 49, SCALE.firstId + 50]);
      expect(await accountsOf(SCALE.businessUsername(1))).toHaveLength(8);
      expect(await accountsOf("resi@example.com")).toEqual([100101]);

      // A generated household in M4M sees the outage under way there.
      const household = (await db.one<{ username: string; customer_id: number }>(
        `SELECT u.username, c.id AS customer_id FROM customers c JOIN contacts k ON k.customer_id = c.id JOIN users u ON u.id = k.user_id
          WHERE c.id >= $1 AND c.is_residential
            AND EXISTS (SELECT 1 FROM packages p JOIN services s ON s.package_id = p.id
                         WHERE p.customer_id = c.id AND p.postal_code LIKE 'M4M%' AND p.status <> 'cancelled' AND s.category = 'internet')
          ORDER BY c.id LIMIT 1`,
        [SCALE.firstId],
      ))!;
      const signIn = await fetch(`${base}/auth/access-token`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ username: household.username, password: SCALE.password }),
      });
      const { token } = await signIn.json();
      const status = await fetch(`${base}/status/${household.customer_id}`, { headers: { Authorization: `Bearer ${token}` } });
      const { incidents } = (await status.json()) as { incidents: { incident_id: number; state: string }[] };
      expect(incidents).toContainEqual(expect.objectContaining({ incident_id: SCALE.firstId + SCALE_INCIDENTS.past, state: "current" }));
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await api.close();
    }
  }, 120_000);
});
