/**
 * Queries that do not grow with the provider. On a scale-seeded PostgreSQL database (SCALE_TEST_CUSTOMERS
 * generated customers, 20,000 by default, analyzed), a generated residential customer and business
 * contacts use every endpoint the portal calls (the contract checker's pass over every GET, then the
 * writes: payments, autopay, pauses and requests, WiFi and router settings, contacts, tickets, profile),
 * and the settling job runs; every statement the API ran meanwhile is EXPLAINed with its own parameters,
 * and, since the API runs them as prepared statements, as the generic plan PostgreSQL may keep for any.
 * No plan may read a table of more than 10,000 rows sequentially: such a read costs more with every
 * customer the provider adds. The generated rows' references are checked first (docs/decisions/091).
 *
 * Runs with TEST_DATABASE_URL (npm test runs this project then): it creates and drops a database of its own.
 */
import { randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import express from "express";
import { escapeLiteral } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi, type ApiService } from "../../api/index.ts";
import { openDb, type Db, type Row } from "../../api/db/client.ts";
import { migrate } from "../../api/db/migrate.ts";
import { seedDemo } from "../../api/db/seed/index.ts";
import { SCALE, scaleLayout, seedScale } from "../../api/db/seed/scale.ts";
import { checkBackend, conformanceFailures, type ConformanceReport } from "#contract/conformance";
import { ROUTER_PAGE_INCLUDES } from "#contract/router-page";
import { brokenReferences } from "../support/foreign-keys.ts";
import { samplePng } from "../support/sample-files.ts";

const url = process.env.TEST_DATABASE_URL;
if (!url) throw new Error("The scale project runs on PostgreSQL: set TEST_DATABASE_URL (scripts/test-postgres.sh)");

const CUSTOMERS = Number(process.env.SCALE_TEST_CUSTOMERS ?? 20_000);
const SEED = 1;
const SEED_DAY = "2026-11-15";
const NOW = new Date(`${SEED_DAY}T15:00:00Z`);
/** A table larger than this must not be read whole. */
const LARGE = 10_000;
const DATABASE = "portal_scale_test";
/** What account c.id owes, less what is on its way (cents): the writes below pay a little of it. */
const OWING = `((SELECT sum(total_cents) FROM invoices i WHERE i.customer_id = c.id)
                - coalesce((SELECT sum(amount_cents) FROM payments p WHERE p.customer_id = c.id AND p.status <> 'declined'), 0))`;

interface Statement {
  sql: string;
  params: unknown[];
}

/** The Db the API uses, noting every statement it runs (inside transactions too). */
function recording(db: Db, log: Statement[]): Db {
  const wrap = (inner: Db): Db => ({
    kind: inner.kind,
    query<T = Row>(sql: string, params: unknown[] = []) {
      log.push({ sql, params });
      return inner.query<T>(sql, params);
    },
    one<T = Row>(sql: string, params: unknown[] = []) {
      log.push({ sql, params });
      return inner.one<T>(sql, params);
    },
    exec: (sql) => inner.exec(sql),
    transaction: (fn) => inner.transaction((tx) => fn(wrap(tx))),
    copyRows: (table, columns, lines) => inner.copyRows(table, columns, lines),
    close: () => inner.close(),
  });
  return wrap(db);
}

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Index Cond"?: string;
  Plans?: PlanNode[];
}

/**
 * The tables a plan reads whole: sequential scans, and index scans without a condition (an index read
 * end to end for its order costs as much as the table).
 */
let prepared = 0;

/**
 * The plan PostgreSQL may keep for a prepared statement whatever its parameters: the API runs every
 * statement with parameters as a named prepared statement (api/db/client.ts), and after five runs
 * plan_cache_mode = auto may choose this generic plan over planning each call with its own values.
 */
async function genericPlan(db: Db, { sql, params }: Statement): Promise<PlanNode> {
  const text = (value: unknown): string =>
    value instanceof Date
      ? value.toISOString()
      : Array.isArray(value)
        ? `{${value.map((item) => (item === null ? "NULL" : `"${text(item).replace(/["\\]/g, "\\$&")}"`)).join(",")}}`
        : typeof value === "object"
          ? JSON.stringify(value)
          : String(value);
  const literal = (value: unknown) => (value === null || value === undefined ? "NULL" : escapeLiteral(text(value)));
  const name = `generic_plan_${++prepared}`;
  return db.transaction(async (tx) => {
    await tx.exec("SET LOCAL plan_cache_mode = force_generic_plan");
    await tx.exec(`PREPARE ${name} AS ${sql}`);
    const [row] = await tx.query<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(
      `EXPLAIN (FORMAT JSON) EXECUTE ${name}(${params.map(literal).join(", ")})`,
    );
    await tx.exec(`DEALLOCATE ${name}`);
    return row["QUERY PLAN"][0].Plan;
  });
}

function wholeReads(node: PlanNode, partial: Set<string>, found: { table: string; how: string }[] = []) {
  const type = node["Node Type"];
  if (/Seq Scan/.test(type) && node["Relation Name"]) found.push({ table: node["Relation Name"], how: "sequential scan" });
  // A partial index (pending payments, say) holds only the few rows it is for.
  if (/^Index (Only )?Scan$/.test(type) && !node["Index Cond"] && node["Relation Name"] && !partial.has(node["Index Name"]!)) {
    found.push({ table: node["Relation Name"], how: `whole index ${node["Index Name"]}` });
  }
  for (const child of node.Plans ?? []) wholeReads(child, partial, found);
  return found;
}

const databaseUrl = (name: string) => {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
};

let admin: Db;
let db: Db;
let api: ApiService;
let server: ReturnType<ReturnType<typeof express>["listen"]>;
let base: string;
const clock = { now: new Date(NOW) };
const log: Statement[] = [];

beforeAll(async () => {
  admin = await openDb({ databaseUrl: databaseUrl("postgres") });
  await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DATABASE}`);
  db = await openDb({ databaseUrl: databaseUrl(DATABASE) });
  await migrate(db);
  await seedDemo(db, { today: SEED_DAY, now: NOW });
  await seedScale(db, { customers: CUSTOMERS, seed: SEED, today: SEED_DAY });

  api = await startApi({
    db: recording(db, log),
    seed: false,
    jwtSecret: "scale-test-secret",
    now: () => clock.now,
    limits: { failuresPerAddress: 100_000, attemptsPerAddress: 100_000, failuresPerPair: 100_000 },
    // The job runs when the test says (below), not on a timer.
    settleIntervalMs: 3_600_000,
  });
  const app = express();
  app.use("/api/v1", api.router);
  server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
}, 600_000);

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await api?.close();
  await admin?.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await admin?.close();
});

interface Answer {
  status: number;
  body: any;
}

async function call(
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const init: RequestInit = { method, headers: { ...headers, ...(token ? { Authorization: `Bearer ${token}` } : {}) } };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)["Content-Type"] = "application/json";
  }
  const response = await fetch(base + path, init);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

async function signIn(username: string): Promise<{ token: string; refresh: string }> {
  const { status, body } = await call("POST", "/auth/access-token", null, { username, password: SCALE.password });
  expect(status, `sign-in of ${username}`).toBe(200);
  return { token: body.token, refresh: body.refresh_token };
}

/** Each write must succeed: a refused one would leave the statements after its checks untried. */
function ok(answer: Answer, what: string) {
  expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBeGreaterThanOrEqual(200);
  expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  return answer.body;
}

describe(`the API's queries on ${CUSTOMERS.toLocaleString("en")} generated customers`, () => {
  it("start from generated rows whose every reference holds (they load without per-row checks)", async () => {
    expect(await brokenReferences(db)).toEqual([]);
  }, 300_000);

  it("answer every endpoint the portal calls, for generated customers", async () => {
    const layout = scaleLayout(CUSTOMERS, SEED);
    // A residential customer with internet and TV, and r50, who holds two accounts.
    const resident = (await db.one<{ customer_id: number; username: string; package_id: number; service_id: number }>(
      `SELECT c.id AS customer_id, u.username, p.id AS package_id, s.id AS service_id
         FROM customers c JOIN contacts k ON k.customer_id = c.id JOIN users u ON u.id = k.user_id
         JOIN packages p ON p.customer_id = c.id JOIN services s ON s.package_id = p.id AND s.category = 'internet'
        WHERE c.id >= $1 AND c.is_residential AND NOT c.suspended_for_nonpayment
          AND EXISTS (SELECT 1 FROM services t WHERE t.package_id = p.id AND t.category = 'tv')
          AND NOT EXISTS (SELECT 1 FROM service_pauses z WHERE z.customer_id = c.id)
          AND (SELECT count(*) FROM contacts o WHERE o.user_id = u.id) = 1
          AND ${OWING} > 1000
        ORDER BY c.id LIMIT 1`,
      [SCALE.firstId],
    ))!;
    // A business contact with a few accounts, among them dedicated internet and colocation (all its
    // GETs), and b1, who has the most (its account list).
    const small = (await db.one<{ username: string; first: number; accounts: number[] }>(
      `SELECT u.username, (array_agg(k.customer_id ORDER BY ${OWING.replaceAll("c.id", "k.customer_id")} DESC))[1] AS first,
              array_agg(k.customer_id) AS accounts
         FROM users u JOIN contacts k ON k.user_id = u.id
        WHERE u.id >= $1 AND u.username LIKE 'b%' AND u.username <> $2
        GROUP BY u.id, u.username
       HAVING count(*) BETWEEN 2 AND 8
          AND bool_or(EXISTS (SELECT 1 FROM services s WHERE s.customer_id = k.customer_id AND s.category = 'dedicated_internet'))
          AND bool_or(EXISTS (SELECT 1 FROM services s WHERE s.customer_id = k.customer_id AND s.category = 'colocation'))
          AND bool_or(${OWING.replaceAll("c.id", "k.customer_id")} > 1000)
        ORDER BY count(*), u.id LIMIT 1`,
      [SCALE.firstId, SCALE.businessUsername(1)],
    ))!;
    // A generated customer whose request came with a file (every third: api/db/seed/scale.ts), for its download.
    const withFile = (await db.one<{ username: string }>(
      `SELECT u.username FROM support_ticket_attachments a JOIN support_tickets t ON t.id = a.ticket_id
         JOIN users u ON u.id = t.opened_by
        WHERE t.id >= $1 AND u.username LIKE 'r%' ORDER BY t.id LIMIT 1`,
      [SCALE.firstId],
    ))!;
    const reports: ConformanceReport[] = [];
    for (const username of [resident.username, SCALE.residentialUsername(50), small.username, withFile.username]) {
      reports.push(await checkBackend({ baseUrl: base, username, password: SCALE.password }));
    }
    expect(conformanceFailures(reports)).toEqual([]);
    expect(reports[1].customers).toHaveLength(2);
    const biggest = await signIn(SCALE.businessUsername(1));
    const list = ok(await call("GET", "/dashboard", biggest.token), "b1's account list");
    expect(list.customers).toHaveLength(Math.min(SCALE.maxBusinessAccounts, layout.commercial));
    ok(await call("GET", "/profile-settings", biggest.token), "b1's profile");

    // The writes of a residential customer.
    const { customer_id: C, package_id: P, service_id: S } = resident;
    const me = await signIn(resident.username);
    const t = me.token;
    ok(await call("POST", "/auth/access-token", null, { refresh_token: me.refresh }), "refresh");
    ok(await call("GET", `/revision?customer_id=${C}`, t), "revision");
    // The pages that ask for their parts with one call (decisions 227 and 230).
    ok(await call("GET", `/residential-dashboard/${C}?include=billing_details,incidents`, t), "dashboard with its parts");
    ok(await call("GET", `/router/${S}/cpe-info?include=${ROUTER_PAGE_INCLUDES.join(",")}`, t), "router page");
    ok(await call("GET", `/account-details/${C}`, t), "account details");
    ok(await call("GET", `/services/${C}?include=past_pauses,pause_options`, t), "packages with their past pauses");
    ok(await call("GET", `/residential-tv/${P}`, t), "TV");
    ok(await call("GET", `/residential-internet/${P}?include=incidents`, t), "internet with its incidents");
    const tvService = (await db.one<{ id: number }>(
      "SELECT id FROM services WHERE package_id = $1 AND category = 'tv' ORDER BY id LIMIT 1",
      [P],
    ))!;
    ok(await call("GET", `/residential-tv/services/${tvService.id}`, t), "TV by service");
    const VISA = { card_number: "4242 4242 4242 4242", expiry: "09/29", cvv: "123", cardholder_name: "Scale Test" };
    // Pays all it owes (a pause needs nothing owing).
    const owing = ok(await call("GET", `/billing/${C}/summary`, t), "billing summary").balanceDetails.balance_owing;
    const paid = ok(
      await call(
        "POST",
        `/billing/${C}/payments`,
        t,
        { method: "credit_card", amount: owing, ...VISA },
        { "Idempotency-Key": randomUUID() },
      ),
      "payment",
    );
    // The payment outcome page's read: the one payment of its transaction.
    ok(await call("GET", `/billing/${C}/payments?transaction_id=${paid.payment.transaction_id}`, t), "the payment by its transaction");
    ok(await call("POST", `/billing/${C}/autopay/credit-card`, t, VISA, { "Idempotency-Key": randomUUID() }), "card autopay");
    ok(await call("DELETE", `/billing/${C}/autopay`, t), "stop card autopay");
    const pad = new FormData();
    for (const [name, value] of Object.entries({
      institution_number: "003",
      transit_number: "06232",
      account_number: "0012345678",
      account_holder: "Scale Test",
      branch_address: "18 Wychwood Ave, Toronto",
      agreement_accepted: "true",
    }))
      pad.append(name, value);
    pad.append("void_cheque", new Blob([new Uint8Array(samplePng())], { type: "image/png" }), "cheque.png");
    ok(await call("POST", `/billing/${C}/autopay/pad`, t, pad, { "Idempotency-Key": randomUUID() }), "PAD autopay");
    ok(await call("DELETE", `/billing/${C}/autopay-pad`, t), "stop PAD autopay");

    ok(await call("PUT", `/wifi/${P}`, t, { name_24ghz: "Scale-Test-WiFi" }), "WiFi");
    ok(
      await call("PUT", `/router/${S}/network-settings`, t, {
        lan_ip: "192.168.1.1",
        subnet_mask: "255.255.255.0",
        dhcp_start: "192.168.1.100",
        dhcp_end: "192.168.1.220",
        lease_time_seconds: 86_400,
      }),
      "LAN settings",
    );
    const rule = ok(
      await call("POST", `/router/${S}/port-forwarding-rules`, t, {
        description: "Scale test",
        protocol: "TCP",
        start_port: 18080,
        destination_address: "192.168.1.120",
        destination_port: 80,
      }),
      "port forwarding rule",
    );
    const ruleId = rule.rule.id;
    expect(ruleId, JSON.stringify(rule)).toBeDefined();
    ok(
      await call("PUT", `/router/${S}/port-forwarding-rules/${ruleId}`, t, {
        description: "Scale test 2",
        protocol: "UDP",
        start_port: 18081,
        destination_address: "192.168.1.120",
        destination_port: 81,
      }),
      "change the rule",
    );
    ok(await call("DELETE", `/router/${S}/port-forwarding-rules/${ruleId}`, t), "remove the rule");
    ok(
      await call("PUT", `/router/${S}/dhcp-reservation`, t, { mac_address: "02:00:00:00:00:42", ip_address: "192.168.1.42" }),
      "reservation",
    );
    ok(await call("DELETE", `/router/${S}/dhcp-reservation/02:00:00:00:00:42`, t), "remove the reservation");

    const pause = ok(
      await call("POST", `/services/${C}/scheduled-pause`, t, { package_ids: [P], start_date: "2027-01-01", months: 2 }),
      "pause",
    );
    const pauseId = pause.pause_ids[0];
    ok(await call("PUT", `/services/${C}/scheduled-pause/${pauseId}`, t, { start_date: "2027-02-01", months: 1 }), "change the pause");
    ok(await call("DELETE", `/services/${C}/scheduled-pause/${pauseId}`, t), "remove the pause");
    const move = ok(
      await call("POST", `/services/${C}/move-requests`, t, {
        package_id: P,
        move_date: "2027-01-20",
        address_line1: "12 Fort York Boulevard",
        address_line2: "Unit 905",
        city: "Toronto",
        province: "ON",
        postal_code: "M5V 3Z3",
      }),
      "move request",
    );
    ok(await call("DELETE", `/services/${C}/requests/${move.request_id}`, t), "withdraw the move");
    const cancel = ok(
      await call("POST", `/services/${C}/cancel-requests`, t, { package_id: P, cancel_date: "2026-12-31", reason: "price" }),
      "cancel request",
    );
    ok(await call("POST", `/services/${C}/reactivate-requests`, t, { package_id: P }), "reactivate");
    await call("DELETE", `/services/${C}/requests/${cancel.request_id}`, t);
    ok(await call("PUT", `/services/${C}/suspend`, t, { package_ids: [P] }), "suspend");
    ok(await call("PUT", `/services/${C}/reinstate`, t, { package_ids: [P] }), "reinstate");

    const ticket = new FormData();
    ticket.append("category", "internet");
    ticket.append("subject", "Slow upstairs");
    ticket.append("description", "Speeds drop in the upstairs bedroom.");
    ok(await call("POST", `/support/tickets/${C}`, t, ticket), "ticket");
    const added = ok(
      await call("POST", `/residential-customer/${C}/contacts`, t, {
        first_name: "Nina",
        last_name: "Test",
        email: "nina.test@scale.example",
        roles: ["support"],
      }),
      "contact",
    );
    const contactId = added.contact_id;
    ok(await call("PUT", `/customer/${C}/contact/${contactId}`, t, { new_roles: ["support", "billing"] }), "contact roles");
    ok(await call("POST", `/customer/${C}/contact/${contactId}/resend-activation`, t), "resend activation");
    ok(await call("DELETE", `/customer/${C}/contact/${contactId}`, t), "remove the contact");
    ok(
      await call("PUT", "/profile-settings", t, {
        first_name: "Scale",
        last_name: "Tester",
        phone: "(647) 555 0100",
        preferred_language: "fr",
      }),
      "profile",
    );
    ok(
      await call("PUT", `/account-details/${C}`, t, {
        address_line1: "77 Harbour Square",
        address_line2: "",
        city: "Toronto",
        province: "ON",
        postal_code: "M5J 2S2",
        paperless_billing: true,
        correspondence_language: "fr",
      }),
      "account details",
    );
    ok(await call("PUT", "/residential-dashboard/endTour", t, { skipped: true }), "end the tour");
    ok(
      await call("PUT", "/profile-settings/password", t, {
        current_password: SCALE.password,
        new_password: "Harbour-Lights-77",
        confirm_password: "Harbour-Lights-77",
      }),
      "password",
    );

    // A business contact's writes.
    const business = await signIn(small.username);
    const { first } = small;
    const b = business.token;
    ok(
      await call(
        "POST",
        `/billing/${first}/payments`,
        b,
        {
          method: "bank",
          amount: 5,
          institution_number: "004",
          transit_number: "12345",
          account_number: "1234567",
          account_holder: "Scale Test",
        },
        { "Idempotency-Key": randomUUID() },
      ),
      "business payment",
    );
    ok(
      await call("POST", `/customer/${first}/contacts`, b, {
        first_name: "Ops",
        last_name: "Team",
        email: "ops@scale.example",
        roles: ["notify"],
      }),
      "business contact",
    );
    const endpoint = (await db.one<{ service_id: number }>(
      "SELECT e.service_id FROM network_endpoints e JOIN services s ON s.id = e.service_id WHERE s.customer_id = ANY ($1::int[])",
      [small.accounts],
    ))!;
    ok(await call("PUT", `/internet/${endpoint.service_id}/endpoint`, b, { label: "Scale test" }), "endpoint settings");
    ok(await call("GET", `/internet/${endpoint.service_id}/endpoint?include=incidents`, b), "endpoint pages' details with their incidents");
    ok(await call("GET", "/auth/logout", t), "sign out");

    // A suspended customer's proof of payment, and a forgotten password.
    const suspended = (await db.one<{ customer_id: number; username: string }>(
      `SELECT c.id AS customer_id, u.username FROM customers c JOIN contacts k ON k.customer_id = c.id JOIN users u ON u.id = k.user_id
        WHERE c.id >= $1 AND c.suspended_for_nonpayment ORDER BY c.id LIMIT 1`,
      [SCALE.firstId],
    ))!;
    const proof = new FormData();
    proof.append("attachments", new Blob([new Uint8Array(samplePng())], { type: "image/png" }), "receipt.png");
    proof.append("note", "Paid at the bank yesterday.");
    ok(
      await call("POST", `/billing/${suspended.customer_id}/proof-of-payment`, (await signIn(suspended.username)).token, proof),
      "proof of payment",
    );
    ok(await call("POST", "/auth/forgot-password", null, { username: suspended.username }), "forgotten password");
    const mail = (await db.one<{ link_path: string }>("SELECT link_path FROM email_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1", [
      suspended.username,
    ]))!;
    const recovery = `/auth/recover-password/${mail.link_path.split("/").pop()}`;
    ok(await call("GET", recovery, null), "recovery link");
    ok(await call("POST", recovery, null, { new_password: "Harbour-Lights-78", confirm_password: "Harbour-Lights-78" }), "new password");

    // The settling job's pass of every minute (what came due: pending payments, pauses, PAD states).
    await api.settle();
  }, 600_000);

  it(`read no table of more than ${LARGE.toLocaleString("en")} rows sequentially`, async () => {
    const sizes = new Map(
      (
        await db.query<{ relname: string; rows: number }>(
          "SELECT relname, reltuples::bigint AS rows FROM pg_class WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace",
        )
      ).map((r) => [r.relname, Number(r.rows)]),
    );
    expect(sizes.get("customers")).toBeGreaterThan(LARGE);
    const partial = new Set(
      (await db.query<{ name: string }>("SELECT indexrelid::regclass::text AS name FROM pg_index WHERE indpred IS NOT NULL")).map(
        (r) => r.name,
      ),
    );

    // Each statement once per distinct parameters (a few of each), then its plan.
    const seen = new Map<string, Set<string>>();
    const statements: Statement[] = [];
    for (const s of log) {
      if (!/^\s*(select|with|insert|update|delete)\b/i.test(s.sql)) continue;
      const key = JSON.stringify(s.params);
      const keys = seen.get(s.sql) ?? new Set<string>();
      seen.set(s.sql, keys);
      if (keys.has(key) || keys.size >= 3) continue;
      keys.add(key);
      statements.push(s);
    }
    expect(seen.size).toBeGreaterThan(120);
    const offenders: string[] = [];
    const plans: string[] = [];
    for (const s of statements) {
      const [row] = await db.query<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(`EXPLAIN (FORMAT JSON) ${s.sql}`, s.params);
      const sql = s.sql.replace(/\s+/g, " ").trim();
      const plansOf: [string, PlanNode][] = [["", row["QUERY PLAN"][0].Plan]];
      if (s.params.length) plansOf.push([" (generic plan)", await genericPlan(db, s)]);
      for (const [which, plan] of plansOf) {
        const large = wholeReads(plan, partial).filter(({ table }) => (sizes.get(table) ?? 0) > LARGE);
        if (large.length) {
          offenders.push(
            `${[...new Set(large.map(({ table, how }) => `${table} (${sizes.get(table)} rows, ${how})`))].join(", ")}${which}: ${sql}`,
          );
        }
      }
      if (process.env.SCALE_TEST_PLANS) {
        const text = await db.query<{ "QUERY PLAN": string }>(`EXPLAIN ${s.sql}`, s.params);
        plans.push(`${sql}\n  -- ${JSON.stringify(s.params).slice(0, 300)}\n${text.map((r) => `  ${r["QUERY PLAN"]}`).join("\n")}\n`);
      }
    }
    // SCALE_TEST_PLANS=<file>: every statement with its parameters and plan, for reading.
    if (process.env.SCALE_TEST_PLANS) writeFileSync(process.env.SCALE_TEST_PLANS, plans.join("\n"));
    expect([...new Set(offenders)]).toEqual([]);
  }, 300_000);
});
