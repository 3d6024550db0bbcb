/**
 * Transactions of the database layer (api/db/client.ts): statements that a caller sends together inside
 * one (Promise.all) run one after another on its connection, each with its own answer. On PostgreSQL the
 * pg client is never handed a query while another runs on it: pg queues such a query today but deprecates
 * it (removed in pg 9), and the contacts' invitation and the router's checks send reads together.
 */
import { createRequire } from "node:module";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Db } from "../../api/db/client.ts";
import { openTestDb } from "./support/api.ts";

let db: Db;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ db, drop } = await openTestDb());
});

afterAll(async () => {
  await db.close();
  await drop();
});

/** On PostgreSQL, the statements pg's client was handed while it was still running another. */
function watchOverlaps(): { overlapping: string[]; stop: () => void } {
  const overlapping: string[] = [];
  if (db.kind !== "postgres") return { overlapping, stop: () => undefined };
  // The pg module the API requires (the same module instance): its clients' query, watched.
  const { Client } = createRequire(import.meta.url)("pg") as {
    Client: { prototype: { query: (...args: unknown[]) => unknown } };
  };
  const query = Client.prototype.query;
  Client.prototype.query = function (this: { _activeQuery?: unknown; _queryQueue?: unknown[] }, ...args: unknown[]) {
    const first = args[0] as string | { text?: string };
    // What pg checks before its deprecation notice: a query under way or waiting on this client.
    if (this._activeQuery || this._queryQueue?.length) overlapping.push(typeof first === "string" ? first : String(first?.text));
    return query.apply(this, args);
  };
  return { overlapping, stop: () => (Client.prototype.query = query) };
}

it("runs the statements sent together inside a transaction one at a time, each with its own answer", async () => {
  const watch = watchOverlaps();
  try {
    const answers = await db.transaction((tx) =>
      Promise.all([
        tx.one<{ n: number }>("SELECT 1 AS n FROM pg_sleep(0.05)"),
        tx.one<{ n: number }>("SELECT $1::integer AS n", [2]),
        tx.query<{ n: number }>("SELECT generate_series(3, 4) AS n"),
      ]),
    );
    expect(answers).toEqual([{ n: 1 }, { n: 2 }, [{ n: 3 }, { n: 4 }]]);
  } finally {
    watch.stop();
  }
  expect(watch.overlapping).toEqual([]);
});

it("rolls back all of it when one of the statements sent together fails, and the next transaction works", async () => {
  await db.exec("CREATE TABLE IF NOT EXISTS tx_probe (n integer)");
  // The statement after the failing one is still under way when Promise.all rejects: ROLLBACK waits for it.
  const watch = watchOverlaps();
  try {
    await expect(
      db.transaction((tx) =>
        Promise.all([
          tx.query("INSERT INTO tx_probe VALUES (1)"),
          tx.query("SELECT 1 / 0"),
          tx.query("INSERT INTO tx_probe SELECT 2 FROM pg_sleep(0.05)"),
        ]),
      ),
    ).rejects.toThrow(/division by zero/);
  } finally {
    watch.stop();
  }
  expect(watch.overlapping).toEqual([]);
  expect(await db.query("SELECT n FROM tx_probe")).toEqual([]);
  await db.transaction((tx) => tx.query("INSERT INTO tx_probe VALUES (3)"));
  expect(await db.query("SELECT n FROM tx_probe")).toEqual([{ n: 3 }]);
});
