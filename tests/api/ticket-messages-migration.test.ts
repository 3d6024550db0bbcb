/**
 * Migration 0020 (ticket conversations) on a database that already holds tickets: every ticket ends up
 * with its opening message, every attachment with the message it came with, the customer's messages
 * with their writer, and closed tickets with the moment they were closed.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import { openDb, type Db } from "../../api/db/client.ts";
import { migrate, readMigrations } from "../../api/db/migrate.ts";
import { adminUrl } from "./support/constants.ts";

let db: Db;
let drop: () => Promise<void>;

beforeAll(async () => {
  const source = inject("apiDatabase");
  if (source.kind === "pglite") {
    db = await openDb({});
    drop = () => db.close();
  } else {
    // An empty database of its own on the same server (the suite's template is migrated already).
    const name = `portal_api_migration_${randomBytes(6).toString("hex")}`;
    const admin = await openDb({ databaseUrl: adminUrl(source.url) });
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(source.url);
    url.pathname = `/${name}`;
    db = await openDb({ databaseUrl: url.toString() });
    drop = async () => {
      await db.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    };
  }
  const all = readMigrations();
  await migrate(
    db,
    all.filter((m) => m.version < "0020"),
  );
}, 60_000);
afterAll(() => drop?.());

describe("migration 0020_ticket_messages", () => {
  it("ties files to the opening message, writes a missing one, names the customer's writer and dates the closing", async () => {
    await db.query(`INSERT INTO users (id, username, first_name, last_name) VALUES (1, 'maya@example.com', 'Maya', 'Singh')`);
    await db.query(
      `INSERT INTO customers (id, contract_name, account_number, is_residential, address_line1, city, postal_code, customer_since)
       VALUES (100101, 'Maya Singh', 'LF-1', true, '1 Main St', 'Toronto', 'M4M 1A1', '2024-01-01')`,
    );
    const file = async (name: string) =>
      (await db.one<{ id: number }>(
        `INSERT INTO uploaded_files (customer_id, purpose, file_name, media_type, size_bytes, content, sha256)
         VALUES (100101, 'support_attachment', $1, 'application/pdf', 4, '\\x25504446', $2) RETURNING id`,
        [name, "a".repeat(64)],
      ))!.id;
    const ticket = async (subject: string, status: string, updatedAt: string) =>
      (await db.one<{ id: number }>(
        `INSERT INTO support_tickets (customer_id, opened_by, category, subject, description, status, created_at, updated_at)
         VALUES (100101, 1, 'internet', $1, 'It is slow.', $2, '2026-10-01T10:00:00Z', $3) RETURNING id`,
        [subject, status, updatedAt],
      ))!.id;
    const talked = await ticket("With messages", "in_progress", "2026-10-02T10:00:00Z");
    await db.query(
      `INSERT INTO support_ticket_updates (ticket_id, created_at, author_kind, author_name, body) VALUES
         ($1, '2026-10-01T10:00:00Z', 'customer', 'Maya Singh', 'It is slow.'),
         ($1, '2026-10-02T10:00:00Z', 'agent', 'Alex', 'We are on it.')`,
      [talked],
    );
    await db.query("INSERT INTO support_ticket_attachments (ticket_id, file_id) VALUES ($1, $2)", [talked, await file("a.pdf")]);
    // A ticket without any message (never written by the API, but possible in data of before).
    const bare = await ticket("Without messages", "closed", "2026-10-05T08:00:00Z");
    await db.query("INSERT INTO support_ticket_attachments (ticket_id, file_id) VALUES ($1, $2)", [bare, await file("b.pdf")]);

    expect(await migrate(db)).toContain("0020_ticket_messages");

    const messages = await db.query<{
      ticket_id: number;
      author_kind: string;
      author_name: string;
      author_user_id: number | null;
      body: string;
    }>("SELECT ticket_id, author_kind, author_name, author_user_id, body FROM support_ticket_updates ORDER BY ticket_id, created_at, id");
    expect(messages).toEqual([
      { ticket_id: talked, author_kind: "customer", author_name: "Maya Singh", author_user_id: 1, body: "It is slow." },
      { ticket_id: talked, author_kind: "agent", author_name: "Alex", author_user_id: null, body: "We are on it." },
      { ticket_id: bare, author_kind: "customer", author_name: "Maya Singh", author_user_id: 1, body: "It is slow." },
    ]);
    const files = await db.query<{ ticket_id: number; first: boolean }>(
      `SELECT a.ticket_id, a.update_id = (SELECT min(id) FROM support_ticket_updates u WHERE u.ticket_id = a.ticket_id) AS first
         FROM support_ticket_attachments a ORDER BY a.ticket_id`,
    );
    expect(files).toEqual([
      { ticket_id: talked, first: true },
      { ticket_id: bare, first: true },
    ]);
    const closed = await db.query<{ id: number; closed_at: Date | null }>("SELECT id, closed_at FROM support_tickets ORDER BY id");
    expect(closed.map((t) => [t.id, t.closed_at && new Date(t.closed_at).toISOString()])).toEqual([
      [talked, null],
      [bare, "2026-10-05T08:00:00.000Z"],
    ]);
    // From now on the rules hold: a closed ticket has its closing time, an agent no sign-in.
    await expect(db.query("UPDATE support_tickets SET status = 'closed' WHERE id = $1", [talked])).rejects.toThrow();
    await expect(db.query("UPDATE support_ticket_updates SET author_user_id = 1 WHERE author_kind = 'agent'")).rejects.toThrow();
  });
});
