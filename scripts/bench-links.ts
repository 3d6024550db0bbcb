/**
 * The benchmark's e-mailed links: a demo database (DATA_DIR, or DATABASE_URL as the API the benchmark starts
 * uses it; created and seeded if new) given more links
 * like the demo ones, so that each connection of a link page's batches opens a link of its own, as the
 * visitors of such pages each have theirs (scripts/bench-lib.mjs `linkCopies`).
 *
 *   DATA_DIR=… node --import tsx scripts/bench-links.ts '{"demo-token": ["copy-1", "copy-2"], …}'
 *
 * A copy is the demo link's row (the same account, contact or order, purpose and expiry) under another
 * token; the link tables keep only the tokens' SHA-256. Nothing else changes.
 */
import { createHash } from "node:crypto";
import { startApi } from "../api/index.ts";

const TABLES = ["account_tokens", "order_tokens", "contact_activations"];
const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

const copies = JSON.parse(process.argv[2] ?? "{}") as Record<string, string[]>;
const api = await startApi({
  dataDir: process.env.DATA_DIR ?? ".data",
  databaseUrl: process.env.DATABASE_URL || undefined,
  settleIntervalMs: 3_600_000,
});
try {
  for (const [token, others] of Object.entries(copies)) {
    let copied = false;
    for (const table of TABLES) {
      const columns = (
        await api.db.query<{ column_name: string }>(
          "SELECT column_name FROM information_schema.columns WHERE table_name = $1 AND column_name NOT IN ('id', 'token_hash')",
          [table],
        )
      ).map((c) => c.column_name);
      if (!(await api.db.one(`SELECT 1 FROM ${table} WHERE token_hash = $1`, [sha256(token)]))) continue;
      for (const other of others) {
        await api.db.query(
          `INSERT INTO ${table} (${columns.join(", ")}, token_hash) SELECT ${columns.join(", ")}, $2 FROM ${table} WHERE token_hash = $1`,
          [sha256(token), sha256(other)],
        );
      }
      copied = true;
    }
    if (!copied) throw new Error(`no demo link has the token ${token}`);
  }
} finally {
  await api.close();
}
