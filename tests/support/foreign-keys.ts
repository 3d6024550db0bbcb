/**
 * Rows whose reference leads nowhere, for every foreign key of the schema: the scale seed loads without
 * per-row reference checks (as pg_restore --disable-triggers does), so its tests check them all after.
 */
import type { Db } from "../../api/db/client.ts";

export async function brokenReferences(db: Db): Promise<string[]> {
  const keys = await db.query<{ name: string; child: string; parent: string; columns: string[]; referenced: string[] }>(
    `SELECT c.conname AS name, c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent,
            ARRAY(SELECT a.attname::text FROM unnest(c.conkey) WITH ORDINALITY k(n, i)
                    JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n ORDER BY k.i) AS columns,
            ARRAY(SELECT a.attname::text FROM unnest(c.confkey) WITH ORDINALITY k(n, i)
                    JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.n ORDER BY k.i) AS referenced
       FROM pg_constraint c
      WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace
      ORDER BY 1`,
  );
  const broken: string[] = [];
  for (const key of keys) {
    // MATCH SIMPLE: a reference with a null column is not checked.
    const present = key.columns.map((column) => `c.${column} IS NOT NULL`).join(" AND ");
    const matches = key.columns.map((column, i) => `p.${key.referenced[i]} = c.${column}`).join(" AND ");
    const row = await db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${key.child} c WHERE ${present} AND NOT EXISTS (SELECT 1 FROM ${key.parent} p WHERE ${matches})`,
    );
    if (row!.n) broken.push(`${key.name}: ${row!.n} rows of ${key.child} without their ${key.parent}`);
  }
  return broken;
}
