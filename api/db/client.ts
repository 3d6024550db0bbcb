/**
 * One database interface for the reference API, over PGlite (embedded, the default) or a PostgreSQL
 * server (DATABASE_URL). Both speak the same SQL, so the service's queries are written once.
 */
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { logEvent } from "#common/logger";
import { dbSpan } from "#common/tracing";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type * as PgModule from "pg";
import type { PoolClient } from "pg";

export type Row = Record<string, unknown>;

export interface Db {
  /** Runs one statement with $1-style parameters and answers its rows. */
  query<T = Row>(sql: string, params?: unknown[]): Promise<T[]>;
  /** The first row, or undefined. */
  one<T = Row>(sql: string, params?: unknown[]): Promise<T | undefined>;
  /** Runs several statements separated by semicolons (migrations, seed scripts). */
  exec(sql: string): Promise<void>;
  /** Runs fn in one transaction: everything it writes lands, or nothing does. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /**
   * Bulk load (the scale seed): COPY rows into a table, each a line of PostgreSQL's text format (columns
   * separated by tabs, `\N` for null, ending in a newline). PostgreSQL streams them (COPY FROM STDIN);
   * PGlite reads them as one blob.
   */
  copyRows(
    table: string,
    columns: readonly string[],
    lines: Iterable<string | Uint8Array> | AsyncIterable<string | Uint8Array>,
  ): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole database as a tarball, for test templates. */
  dump?(): Promise<Blob>;
  /**
   * PGlite only (the database belongs to this process, so every write passes here): a number raised
   * before and after every statement or transaction that may write, or undefined while one runs. A read
   * whose number is the same before and after saw no write land meanwhile; what it read is still what
   * the database holds while the number stays the same (GET /revision keeps its answers that way).
   */
  writeGeneration?(): number | undefined;
  readonly kind: "pglite" | "postgres";
}

export interface OpenDbOptions {
  /** postgres://… to use a PostgreSQL server; otherwise PGlite under dataDir. */
  databaseUrl?: string;
  /** Directory of the embedded database; undefined keeps it in memory (tests). */
  dataDir?: string;
  /** An in-memory PGlite started from a dump of another one (tests start from a seeded template). */
  loadDataDir?: Blob;
}

export async function openDb(options: OpenDbOptions): Promise<Db> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir, options.loadDataDir);
}

/** DATE as 'YYYY-MM-DD', NUMERIC and BIGINT as numbers, the same from both drivers. */
const PARSERS: Record<number, (value: string) => unknown> = {
  1082: (value) => value,
  1700: (value) => Number(value),
  20: (value) => Number(value),
};

/** A statement that only reads: a SELECT (or WITH … SELECT) naming no writing verb, lock or sequence. */
const READ_ONLY = /^\s*(select|with)\b/i;
const WRITING_WORD = /\b(insert|update|delete|truncate|merge|copy|nextval|setval|lock|for\s+share|call|do)\b/i;
export const onlyReads = (sql: string): boolean => READ_ONLY.test(sql) && !WRITING_WORD.test(sql);

/** Statements kept prepared at most (their SQL is the service's own, so the set is small and fixed). */
const MAX_PREPARED = 1000;

async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<Db> {
  const { PGlite, protocol, parse } = await import("@electric-sql/pglite");
  let dir: string | undefined;
  if (dataDir) {
    dir = path.resolve(dataDir, "pglite");
    mkdirSync(dir, { recursive: true });
  }
  const pg = await PGlite.create({
    ...(dir ? { dataDir: dir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    parsers: PARSERS,
  });

  /*
   * Statements with parameters run as named prepared statements: PGlite's query() parses, describes and
   * plans the SQL again on every call, in six trips into the database; a prepared statement is planned
   * once and then runs in one trip (bind, describe, execute, sync), about 3 to 4 times cheaper.
   * They are used under PGlite's own locks, as query() does: outside a transaction they wait for
   * transactions to end; inside one they run in it.
   */
  const send = protocol.serialize;
  const concat = (parts: Uint8Array[]) => {
    const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
    let offset = 0;
    for (const part of parts) {
      out.set(part, offset);
      offset += part.length;
    }
    return out;
  };
  const prepared = new Map<string, { name: string; types: number[] }>();
  const prepare = async (sql: string) => {
    const name = `s${prepared.size + 1}`;
    const { messages } = await pg.execProtocol(concat([send.parse({ name, text: sql }), send.describe({ type: "S", name }), send.sync()]), {
      syncToFs: false,
    });
    const statement = { name, types: parse.parseDescribeStatementResults(messages) };
    prepared.set(sql, statement);
    return statement;
  };
  const runPrepared = async <T>(sql: string, params: unknown[], inTransaction: boolean): Promise<T[]> => {
    const statement = prepared.get(sql) ?? (await prepare(sql));
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const serialize = pg.serializers[statement.types[i]];
      return serialize ? serialize(param) : String(param);
    });
    const { messages } = await pg.execProtocol(
      concat([
        send.bind({ statement: statement.name, values: values as string[] }),
        send.describe({ type: "P" }),
        send.execute({}),
        send.sync(),
      ]),
      { syncToFs: !inTransaction },
    );
    return parse.parseResults(messages, pg.parsers)[0].rows as T[];
  };
  const preparedQuery = <T>(sql: string, params: unknown[], inTransaction: boolean): Promise<T[]> => {
    const run = () => pg._runExclusiveQuery(() => runPrepared<T>(sql, params, inTransaction));
    return inTransaction ? run() : pg._runExclusiveTransaction(run);
  };

  // Db.writeGeneration: raised around everything that may write (a whole transaction counts as one).
  let generation = 0;
  let writing = 0;
  const writes = async <T>(run: () => Promise<T>): Promise<T> => {
    generation++;
    writing++;
    try {
      return await run();
    } finally {
      writing--;
      generation++;
    }
  };

  type Queryable = Pick<typeof pg, "query" | "exec">;
  const wrap = (q: Queryable, inTransaction: boolean): Db => {
    const read = async <T>(sql: string, params: unknown[]): Promise<T[]> => {
      if (params.length && (prepared.has(sql) || prepared.size < MAX_PREPARED)) return preparedQuery<T>(sql, params, inTransaction);
      return (await q.query<T>(sql, params)).rows;
    };
    const rows = <T>(sql: string, params: unknown[]): Promise<T[]> =>
      inTransaction || onlyReads(sql) ? read<T>(sql, params) : writes(() => read<T>(sql, params));
    const db: Db = {
      kind: "pglite",
      // Each statement a span inside a traced request (common/tracing.ts; pg's come from its instrumentation).
      query: <T = Row>(sql: string, params: unknown[] = []) => dbSpan(sql, () => rows<T>(sql, params)),
      async one<T = Row>(sql: string, params: unknown[] = []) {
        return (await dbSpan(sql, () => rows<T>(sql, params)))[0];
      },
      async exec(sql: string) {
        await dbSpan(sql, () => (inTransaction ? q.exec(sql) : writes(() => q.exec(sql))));
      },
      async transaction<T>(fn: (tx: Db) => Promise<T>) {
        if (inTransaction) return fn(db);
        return writes(() => pg.transaction((tx) => fn(wrap(tx, true))));
      },
      async copyRows(table, columns, lines) {
        const parts: (string | Uint8Array)[] = [];
        for await (const line of lines) parts.push(line);
        if (!parts.length) return;
        const sql = `COPY ${table} (${columns.join(", ")}) FROM '/dev/blob'`;
        const blob = new Blob(parts as BlobPart[]);
        if (inTransaction) await q.query(sql, [], { blob });
        else await writes(() => q.query(sql, [], { blob }));
      },
      writeGeneration: () => (writing ? undefined : generation),
      async close() {
        if (!inTransaction) await pg.close();
      },
      async dump() {
        return (await pg.dumpDataDir("none")) as Blob;
      },
    };
    return db;
  };
  return wrap(pg, false);
}

async function openPostgres(databaseUrl: string): Promise<Db> {
  // Required, not imported: when traced, instrumentation-pg patches it at this require, whenever tracing
  // started (an import of a module already loaded would pass it by).
  const pgLib = createRequire(import.meta.url)("pg") as typeof PgModule;
  const { from: copyFrom } = await import("pg-copy-streams");
  for (const [oid, parse] of Object.entries(PARSERS)) pgLib.types.setTypeParser(Number(oid), parse);
  const pool = new pgLib.Pool({ connectionString: databaseUrl, max: 10 });
  // An idle connection the server ends (restart, DROP DATABASE … WITH (FORCE)) must not crash the
  // process: the pool drops it and opens another when needed.
  pool.on("error", (error: Error & { code?: string }) => {
    if (error.code !== "57P01") logEvent("db.idle-connection-lost", { pgCode: error.code, reason: error.message });
  });
  // Fail fast with a clear message when the server cannot be reached.
  const probe = await pool.connect();
  probe.release();

  type Client = PoolClient;
  // Statements with parameters run as named prepared statements: each connection parses one once, and
  // after five runs PostgreSQL may keep its generic plan (plan_cache_mode = auto) instead of planning it
  // for every call, which was two thirds of its CPU per page (decision 224; the scale test checks those
  // plans). Names are per process, one per SQL text.
  const names = new Map<string, string>();
  const nameOf = (sql: string) => {
    let name = names.get(sql);
    if (!name && names.size < MAX_PREPARED) names.set(sql, (name = `s${names.size + 1}`));
    return name;
  };
  const wrap = (client: Client | null): Db => {
    const send = (sql: string, params?: unknown[]) => {
      const name = params?.length ? nameOf(sql) : undefined;
      return name ? (client ?? pool).query({ name, text: sql, values: params }) : (client ?? pool).query(sql, params);
    };
    // A transaction's statements go one after another on its one connection: those a caller sends
    // together (Promise.all) wait here for the one before, as pg's own queue made them wait, which pg
    // deprecates (removed in pg 9).
    let previous: Promise<unknown> = Promise.resolve();
    const run = (sql: string, params?: unknown[]) => {
      if (!client) return send(sql, params);
      const next = previous.then(() => send(sql, params));
      previous = next.catch(() => undefined);
      return next;
    };
    const db: Db = {
      kind: "postgres",
      async query<T = Row>(sql: string, params: unknown[] = []) {
        return (await run(sql, params)).rows as T[];
      },
      async one<T = Row>(sql: string, params: unknown[] = []) {
        return (await run(sql, params)).rows[0] as T | undefined;
      },
      async exec(sql: string) {
        await run(sql);
      },
      async transaction<T>(fn: (tx: Db) => Promise<T>) {
        if (client) return fn(db);
        const conn = await pool.connect();
        // BEGIN, COMMIT and ROLLBACK wait their turn too: a statement sent beside one that failed may
        // still be under way when the transaction rolls back.
        const tx = wrap(conn);
        try {
          await tx.exec("BEGIN");
          const result = await fn(tx);
          await tx.exec("COMMIT");
          return result;
        } catch (error) {
          await tx.exec("ROLLBACK").catch(() => undefined);
          throw error;
        } finally {
          conn.release();
        }
      },
      async copyRows(table, columns, lines) {
        const conn = client ?? (await pool.connect());
        try {
          const stream = conn.query(copyFrom(`COPY ${table} (${columns.join(", ")}) FROM STDIN`));
          await pipeline(Readable.from(lines), stream);
        } finally {
          if (!client) conn.release();
        }
      },
      async close() {
        if (!client) await pool.end();
      },
    };
    return db;
  };
  return wrap(null);
}

/** Node's codes of a connection refused, reset or timed out. */
const CONNECTION_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EHOSTUNREACH", "EAI_AGAIN"]);
/** pg's messages of a connection lost or not made (they carry no code). */
const CONNECTION_MESSAGES = /Connection terminated|connection error|timeout exceeded when trying to connect/i;

/**
 * Whether an error says the database does not answer (PostgreSQL restarting, stopped, unreachable) rather
 * than that a statement failed: SQLSTATE class 08 (connection exception), 57P01–57P03 (shut down, crashed,
 * starting up), a refused or lost connection. The API answers these 503 (errors.ts).
 */
export function databaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  if (error instanceof AggregateError) return error.errors.some(databaseUnavailable);
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === "string" && (CONNECTION_CODES.has(code) || /^08/.test(code) || /^57P0[123]$/.test(code))) return true;
  return typeof message === "string" && CONNECTION_MESSAGES.test(message);
}
