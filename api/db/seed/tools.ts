/** Small tools for a deterministic seed: a seeded random source and batch inserts (dates: #common/calendar). */
import type { Db } from "../client.ts";

/** mulberry32: the same seed gives the same sequence on every machine. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
  };
}
export type Random = ReturnType<typeof seededRandom>;

/** Inserts rows (objects with the same keys) in batches, answering the rows' `returning` column if asked. */
export async function insert(db: Db, table: string, rows: Record<string, unknown>[], returning?: string) {
  const out: Record<string, unknown>[] = [];
  if (!rows.length) return out;
  const columns = Object.keys(rows[0]);
  const batch = Math.max(1, Math.floor(30_000 / columns.length));
  for (let start = 0; start < rows.length; start += batch) {
    const chunk = rows.slice(start, start + batch);
    const params: unknown[] = [];
    const values = chunk.map((row) => {
      const slots = columns.map((column) => {
        const value = row[column];
        params.push(
          value !== null && typeof value === "object" && !(value instanceof Date) && !Array.isArray(value) ? JSON.stringify(value) : value,
        );
        return `$${params.length}`;
      });
      return `(${slots.join(", ")})`;
    });
    const sql = `INSERT INTO ${table} (${columns.join(", ")}) VALUES ${values.join(", ")}${returning ? ` RETURNING ${returning}` : ""}`;
    out.push(...(await db.query(sql, params)));
  }
  return out;
}
