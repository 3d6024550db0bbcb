/**
 * GET /revision and the triggers behind it (migration 0011): every kind of write raises the revision of
 * the account (or user) whose pages show it, and only theirs; a user reaches only their accounts; the
 * answer costs one query and writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { RevisionAnswer } from "#contract/dashboard";
import { onlyReads } from "../../api/db/client.ts";
import { KEPT_MS } from "../../api/db/kept-reads.ts";
import { createTestApi, type TestApi } from "./support/api.ts";

let api: TestApi;
let resi: string;
let family: string;
let business: string;

const MAYA = 100101;
const HOUSE = 100201;
const CONDO = 100202;

beforeAll(async () => {
  api = await createTestApi();
  [resi, family, business] = await api.signInAll("resi@example.com", "family@example.com", "business@example.com");
});
afterAll(() => api.close());

async function revision(token: string, customerId?: number): Promise<RevisionAnswer> {
  const { status, body } = await api.call("GET", "/revision", { token, query: customerId ? { customer_id: customerId } : {} });
  expect(status).toBe(200);
  return RevisionAnswer.parse(body);
}

/** The revisions of these views before and after `write`: which changed. */
async function changedBy(write: () => Promise<unknown>, views: Record<string, () => Promise<RevisionAnswer>>) {
  const before = Object.fromEntries(await Promise.all(Object.entries(views).map(async ([name, view]) => [name, await view()])));
  await write();
  const changed: string[] = [];
  for (const [name, view] of Object.entries(views)) if ((await view()).revision !== before[name].revision) changed.push(name);
  return changed.sort();
}

/** How many statements of `db[method]` whose SQL contains `marker` ran, until `restore()`. */
function statementsNaming(method: "one" | "query", marker: string) {
  const spy = vi.spyOn(api.db, method);
  return {
    count: () => spy.mock.calls.filter(([sql]) => String(sql).includes(marker)).length,
    restore: () => spy.mockRestore(),
  };
}

/** The statements run until `restore()`; a transaction (a write) throws, naming `what`. */
function readsOnly(what: string) {
  const statements: string[] = [];
  const { query, one, transaction } = api.db;
  api.db.query = ((sql: string, params?: unknown[]) => (statements.push(sql), query.call(api.db, sql, params))) as typeof query;
  api.db.one = ((sql: string, params?: unknown[]) => (statements.push(sql), one.call(api.db, sql, params))) as typeof one;
  api.db.transaction = (() => {
    throw new Error(`${what} must not write`);
  }) as typeof transaction;
  return { statements, restore: () => Object.assign(api.db, { query, one, transaction }) };
}

const views = () => ({
  maya: () => revision(resi, MAYA),
  house: () => revision(family, HOUSE),
  condo: () => revision(family, CONDO),
  familyAll: () => revision(family),
  business: () => revision(business),
});

describe("GET /revision", () => {
  it("answers the user's revision with one account's or all of theirs", async () => {
    const one = await revision(family, CONDO);
    const all = await revision(family);
    expect(one.user).toBe(all.user);
    expect(all.customer).toBeGreaterThanOrEqual(one.customer);
    expect(one.revision).not.toBe(all.revision);
  });

  it("answers 401 without a token, 403 for another user's account, an unknown one and a malformed id, alike", async () => {
    expect((await api.call("GET", "/revision")).status).toBe(401);
    for (const id of [String(CONDO), "999999", "abc", "-1"]) {
      const { status } = await api.call("GET", "/revision", { token: resi, query: { customer_id: id } });
      expect(status, id).toBe(403);
    }
  });

  it("costs one statement, the token's session check included, and writes nothing", async () => {
    const start = api.clock.now;
    // Past anything an earlier test left kept (PGlite): this ask must read.
    api.clock.now = new Date(start.getTime() + KEPT_MS);
    const queries = readsOnly("GET /revision");
    try {
      const first = await revision(family, CONDO);
      expect(queries.statements).toHaveLength(1);
      expect((await revision(family, CONDO)).revision).toBe(first.revision);
    } finally {
      queries.restore();
      api.clock.now = start;
    }
  });

  it("answers 401 for a session signed out, expired or never made, even for an account of the user's", async () => {
    const signedOut = await api.signIn("resi@example.com");
    expect((await api.call("GET", "/revision", { token: signedOut, query: { customer_id: String(MAYA) } })).status).toBe(200);
    expect((await api.call("GET", "/auth/logout", { token: signedOut })).status).toBe(200);
    for (const query of [{ customer_id: String(MAYA) }, {}, { customer_id: "abc" }] as Record<string, string>[]) {
      expect((await api.call("GET", "/revision", { token: signedOut, query })).status, JSON.stringify(query)).toBe(401);
    }
    const expired = await api.signIn("resi@example.com");
    const { sid } = JSON.parse(Buffer.from(expired.split(".")[1], "base64url").toString()) as { sid: string };
    await api.db.query("UPDATE auth_sessions SET expires_at = $2 WHERE id = $1", [sid, new Date(api.clock.now.getTime() - 1000)]);
    expect((await api.call("GET", "/revision", { token: expired })).status).toBe(401);
    expect((await api.call("GET", "/revision", { token: `${resi}x` })).status).toBe(401);
  });

  it("on PGlite an answer is kept until anything is written or a second passes; on PostgreSQL every ask reads", async () => {
    const reads = statementsNaming("one", "FROM revisions");
    const start = api.clock.now;
    const kept = api.db.kind === "pglite";
    try {
      // Past anything an earlier test left kept.
      api.clock.now = new Date(start.getTime() + KEPT_MS);
      const first = await revision(family, CONDO);
      expect((await revision(family, CONDO)).revision).toBe(first.revision);
      expect(reads.count()).toBe(kept ? 1 : 2);
      // Someone else's write (another user's name) changes nothing of this answer, but it is read again.
      await api.call("PUT", "/profile-settings", {
        token: resi,
        json: { first_name: "Maya", last_name: "Singh", preferred_language: "en" },
      });
      expect((await revision(family, CONDO)).revision).toBe(first.revision);
      expect(reads.count()).toBe(kept ? 2 : 3);
      // A write of this account, straight into the database: the next answer has it.
      await api.db.query("UPDATE customers SET contract_name = contract_name WHERE id = $1", [CONDO]);
      const changed = await revision(family, CONDO);
      expect(changed.revision).not.toBe(first.revision);
      // A second later (service clock) it is read again even without a write.
      await revision(family, CONDO);
      expect(reads.count()).toBe(kept ? 3 : 5);
      api.clock.now = new Date(start.getTime() + 2 * KEPT_MS);
      expect((await revision(family, CONDO)).revision).toBe(changed.revision);
      expect(reads.count()).toBe(kept ? 4 : 6);
    } finally {
      reads.restore();
      api.clock.now = start;
    }
  });

  it("asks that arrive together share one read, on PGlite and on PostgreSQL", async () => {
    const one = api.db.one.bind(api.db);
    // The revision read takes a moment, so that the ten asks all arrive while it is under way.
    const spy = vi.spyOn(api.db, "one").mockImplementation((async (sql: string, params?: unknown[]) => {
      if (String(sql).includes("FROM revisions")) await new Promise((resolve) => setTimeout(resolve, 100));
      return one(sql, params);
    }) as typeof api.db.one);
    const start = api.clock.now;
    try {
      api.clock.now = new Date(start.getTime() + 3 * KEPT_MS);
      const answers = await Promise.all(Array.from({ length: 10 }, () => revision(family, CONDO)));
      expect(new Set(answers.map((answer) => answer.revision)).size).toBe(1);
      const reads = spy.mock.calls.filter(([sql]) => String(sql).includes("FROM revisions")).length;
      expect(reads).toBe(1);
    } finally {
      spy.mockRestore();
      api.clock.now = start;
    }
  });

  it("changes with the service's calendar day and when a pending payment matures", async () => {
    const start = api.clock.now;
    try {
      const before = await revision(resi, MAYA);
      api.clock.now = new Date(start.getTime() + 60_000);
      expect((await revision(resi, MAYA)).revision).toBe(before.revision);
      await api.db.query(
        `INSERT INTO payments (customer_id, paid_at, amount_cents, method, type, status, transaction_id)
         VALUES ($1, $2, 1000, 'credit_card', 'one_time', 'pending', 'REV-TEST')`,
        [MAYA, new Date(start.getTime() - 23 * 3600_000)],
      );
      const pending = await revision(resi, MAYA);
      // An hour later the payment has matured: a page read now would show it settled.
      api.clock.now = new Date(start.getTime() + 3600_000 + 60_000);
      // (Access tokens last 15 minutes: a new one at the new time.)
      const matured = await revision(await api.signIn("resi@example.com"), MAYA);
      expect(matured.revision).not.toBe(pending.revision);
      api.clock.now = new Date(start.getTime() + 2 * 3600_000);
      const later = await api.signIn("resi@example.com");
      expect((await revision(later, MAYA)).revision).toBe(matured.revision);
      api.clock.now = new Date(start.getTime() + 86_400_000);
      expect((await revision(await api.signIn("resi@example.com"), MAYA)).revision).not.toBe(matured.revision);
    } finally {
      api.clock.now = start;
    }
  });
});

describe("the triggers behind it", () => {
  it("an account's change raises that account's revision only, through the API", async () => {
    const changed = await changedBy(
      () =>
        api.call("PUT", `/account-details/${CONDO}`, {
          token: family,
          json: {
            address_line1: "77 Harbour Square",
            city: "Toronto",
            province: "ON",
            postal_code: "M5J 2S2",
            paperless_billing: true,
            correspondence_language: "en",
          },
        }),
      views(),
    );
    expect(changed).toEqual(["condo", "familyAll"]);
  });

  it("a user's change (their name) raises theirs and their accounts', nobody else's", async () => {
    const changed = await changedBy(
      () =>
        api.call("PUT", "/profile-settings", {
          token: family,
          json: { first_name: "Jordan", last_name: "Gagnon-Tremblay", preferred_language: "en" },
        }),
      views(),
    );
    expect(changed).toEqual(["condo", "familyAll", "house"]);
  });

  it("a contact's roles raise the account's and that user's revisions", async () => {
    const changed = await changedBy(
      () => api.db.query("UPDATE contacts SET roles = roles WHERE customer_id = $1 AND user_id IS NOT NULL", [HOUSE]),
      views(),
    );
    expect(changed).toEqual(["condo", "familyAll", "house"]);
  });

  it("rows of an account, or reached through its services and invoices, raise its revision only", async () => {
    const paths: [string, string][] = [
      ["wifi_networks", "service_id IN (SELECT id FROM services WHERE customer_id = $1)"],
      ["routers", "service_id IN (SELECT id FROM services WHERE customer_id = $1)"],
      ["invoice_lines", "invoice_id IN (SELECT id FROM invoices WHERE customer_id = $1)"],
      ["payments", "customer_id = $1"],
      ["packages", "customer_id = $1"],
    ];
    for (const [table, where] of paths) {
      const [{ count }] = await api.db.query<{ count: string }>(`SELECT count(*)::text AS count FROM ${table} WHERE ${where}`, [MAYA]);
      expect(Number(count), table).toBeGreaterThan(0);
      const touched = await changedBy(async () => {
        const [first] = await api.db.query<{ column: string }>(
          "SELECT column_name AS column FROM information_schema.columns WHERE table_name = $1 ORDER BY ordinal_position LIMIT 1",
          [table],
        );
        await api.db.query(`UPDATE ${table} SET ${first.column} = ${first.column} WHERE ${where}`, [MAYA]);
      }, views());
      expect(touched, table).toEqual(["maya"]);
    }
  });

  it("inserting and deleting raise it too", async () => {
    const inserted = await changedBy(
      () =>
        api.db.query(
          `INSERT INTO payments (customer_id, paid_at, amount_cents, method, type, status, transaction_id)
           VALUES ($1, now(), 500, 'credit_card', 'one_time', 'successful', 'REV-INSERT')`,
          [MAYA],
        ),
      views(),
    );
    expect(inserted).toEqual(["maya"]);
    const deleted = await changedBy(() => api.db.query("DELETE FROM payments WHERE transaction_id = 'REV-INSERT'"), views());
    expect(deleted).toEqual(["maya"]);
  });

  it("the catalogue (TV channels) raises everyone's", async () => {
    const changed = await changedBy(() => api.db.query("UPDATE tv_channels SET name = name"), views());
    expect(changed).toEqual(["business", "condo", "familyAll", "house", "maya"]);
  });

  it("every table has a revisions trigger, except sign-in and job bookkeeping that no page shows", async () => {
    const untracked = [
      "autopay_charge_progress",
      "auth_refresh_history",
      "auth_sessions",
      "account_tokens",
      "email_outbox",
      "idempotency_keys",
      "oauth_access_tokens",
      "oauth_authorization_codes",
      "oauth_clients",
      "order_tokens",
      "revisions",
      "schema_migrations",
      "sso_tokens",
      "support_ticket_links",
      "two_step_checks",
    ];
    const tables = await api.db.query<{ name: string; tracked: boolean }>(
      `SELECT t.table_name AS name,
              EXISTS (SELECT 1 FROM information_schema.triggers g
                       WHERE g.event_object_table = t.table_name AND g.trigger_name LIKE t.table_name || '_revisions%') AS tracked
         FROM information_schema.tables t
        WHERE t.table_schema = 'public' AND t.table_type = 'BASE TABLE'`,
    );
    const missing = tables.filter((t) => !t.tracked && !untracked.includes(t.name)).map((t) => t.name);
    expect(missing).toEqual([]);
  });
});

describe("what the database client counts as a write (Db.writeGeneration)", () => {
  it("reads only SELECT and WITH statements that name no writing verb, lock or sequence", () => {
    expect(onlyReads("SELECT id, updated_at FROM customers WHERE id = $1")).toBe(true);
    expect(onlyReads("  with t AS (SELECT 1) SELECT * FROM t")).toBe(true);
    for (const sql of [
      "UPDATE customers SET name = $1",
      "INSERT INTO payments VALUES ($1)",
      "WITH gone AS (DELETE FROM pauses RETURNING id) SELECT count(*) FROM gone",
      "SELECT id FROM payments WHERE id = $1 FOR UPDATE",
      "SELECT nextval('invoice_numbers')",
      "SELECT * FROM pauses FOR SHARE",
      "VACUUM",
    ]) {
      expect(onlyReads(sql), sql).toBe(false);
    }
  });

  it("on PGlite, is raised by every write and transaction, stays the same over reads, and is unknown while a write runs", async () => {
    if (api.db.kind !== "pglite") {
      expect(api.db.writeGeneration).toBeUndefined();
      return;
    }
    const generation = () => api.db.writeGeneration!();
    const before = generation();
    await api.db.query("SELECT count(*) FROM customers");
    await api.db.one("SELECT id FROM customers WHERE id = $1", [MAYA]);
    expect(generation()).toBe(before);
    await api.db.query("UPDATE customers SET contract_name = contract_name WHERE id = $1", [MAYA]);
    const afterWrite = generation();
    expect(afterWrite).toBeGreaterThan(before!);
    let during: number | undefined = -1;
    await api.db.transaction(async (tx) => {
      await tx.query("SELECT 1");
      during = api.db.writeGeneration!();
    });
    expect(during).toBeUndefined();
    expect(generation()).toBeGreaterThan(afterWrite!);
  });
});

describe("statements with parameters", () => {
  it("are prepared once per connection and run by name after, on PGlite and on PostgreSQL", async () => {
    const sql = "SELECT $1::integer + 1 AS next";
    const prepared = await api.db.transaction(async (tx) => {
      expect(await tx.query(sql, [1])).toEqual([{ next: 2 }]);
      expect(await tx.query(sql, [41])).toEqual([{ next: 42 }]);
      return tx.query<{ name: string }>("SELECT name FROM pg_prepared_statements WHERE statement = $1", [sql]);
    });
    expect(prepared).toHaveLength(1);
  });
});

describe("the token's session check", () => {
  it("on PGlite is read once until anything is written or a second passes", async () => {
    const token = await api.signIn("resi@example.com");
    const checks = statementsNaming("query", "FROM auth_sessions s");
    try {
      for (let i = 0; i < 3; i++) expect((await api.call("GET", `/residential-dashboard/${MAYA}`, { token })).status).toBe(200);
      expect(checks.count()).toBe(api.db.kind === "pglite" ? 1 : 3);
      // Signing out writes: the token ends at once.
      expect((await api.call("GET", "/auth/logout", { token })).status).toBe(200);
      expect((await api.call("GET", `/residential-dashboard/${MAYA}`, { token })).status).toBe(401);
    } finally {
      checks.restore();
    }
  });

  it("is read once for calls made together (a page's calls), on PGlite and on PostgreSQL", async () => {
    const token = await api.signIn("resi@example.com");
    // A write first, so that nothing kept on PGlite answers: the calls below must read.
    await api.db.query("UPDATE customers SET contract_name = contract_name WHERE id = $1", [MAYA]);
    // The check takes a moment, so that the three calls all arrive while it is under way.
    const query = api.db.query.bind(api.db);
    const spy = vi.spyOn(api.db, "query").mockImplementation((async (sql: string, params?: unknown[]) => {
      if (String(sql).includes("FROM auth_sessions s")) await new Promise((resolve) => setTimeout(resolve, 50));
      return query(sql, params);
    }) as typeof api.db.query);
    const checks = {
      count: () => spy.mock.calls.filter(([sql]) => String(sql).includes("FROM auth_sessions s")).length,
      restore: () => spy.mockRestore(),
    };
    try {
      const statuses = await Promise.all([
        api.call("GET", `/status/${MAYA}`, { token }),
        api.call("GET", `/residential-dashboard/${MAYA}`, { token }),
        api.call("GET", `/residential-dashboard/${MAYA}/billing-details`, { token }),
      ]);
      expect(statuses.map((answer) => answer.status)).toEqual([200, 200, 200]);
      expect(checks.count()).toBe(1);
    } finally {
      checks.restore();
    }
  });
});

describe("the user's own counter, which the portal's kept account list follows", () => {
  /** leaving@example.com (Daniel Okafor): authoritative on 200310 and 200312, beside another authoritative contact. */
  let leaving: string;
  beforeAll(async () => {
    leaving = await api.signIn("leaving@example.com");
  });

  const userOf = async (token: string) => (await revision(token)).user;
  const accountsOf = async (token: string) =>
    ((await api.call("GET", "/dashboard", { token })).body as { customers: { customer_id: number; roles: string[] }[] }).customers;
  const contactOf = async (customerId: number, email: string) =>
    (await api.db.one<{ id: number }>("SELECT id FROM contacts WHERE customer_id = $1 AND email = $2", [customerId, email]))!.id;

  /** Whether `change` moved the user's counter of leaving@ (and not resi's, whom it does not concern). */
  async function moves(change: () => Promise<{ status: number }>) {
    const before = { leaving: await userOf(leaving), resi: await userOf(resi) };
    expect([200, 201]).toContain((await change()).status);
    return { leaving: (await userOf(leaving)) !== before.leaving, resi: (await userOf(resi)) !== before.resi };
  }

  it("moves when he is demoted on an account (his roles there change)", async () => {
    const daniel = await contactOf(200312, "leaving@example.com");
    const moved = await moves(() =>
      api.call("PUT", `/customer/200312/contact/${daniel}`, { token: leaving, json: { new_roles: ["billing"] } }),
    );
    expect(moved).toEqual({ leaving: true, resi: false });
    expect((await accountsOf(leaving)).find((c) => c.customer_id === 200312)?.roles).toEqual(["billing"]);
  });

  it("moves when he is removed from an account (here by himself, as in another session)", async () => {
    const daniel = await contactOf(200310, "leaving@example.com");
    const moved = await moves(() => api.call("DELETE", `/customer/200310/contact/${daniel}`, { token: leaving }));
    expect(moved).toEqual({ leaving: true, resi: false });
    expect((await accountsOf(leaving)).map((c) => c.customer_id)).not.toContain(200310);
  });

  it("moves when he is added to an account, once he accepts (his list changes then, not at the invitation)", async () => {
    const invited = await moves(() =>
      api.call("POST", "/customer/200301/contacts", {
        token: business,
        json: { first_name: "Daniel", last_name: "Okafor", email: "leaving@example.com", roles: ["support"] },
      }),
    );
    expect(invited).toEqual({ leaving: false, resi: false });
    const mail = await api.db.one<{ link_path: string }>(
      "SELECT link_path FROM email_outbox WHERE to_address = $1 AND template = 'contact_activation' ORDER BY id DESC LIMIT 1",
      ["leaving@example.com"],
    );
    // The link the e-mail carries is the API's path too; an existing sign-in accepts with its password.
    const accepted = await moves(() => api.call("POST", mail!.link_path, { json: { password: "Demo-Pass-2026" } }));
    expect(accepted).toEqual({ leaving: true, resi: false });
    expect((await accountsOf(leaving)).map((c) => c.customer_id)).toContain(200301);
  });
});
