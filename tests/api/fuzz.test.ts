/**
 * Property-based fuzzing of every write endpoint of the API (fast-check) on a real database: random
 * content types, bodies up to past the limits, control characters, deep nesting, random and real path
 * parameters. Every answer must be below 500, show no stack trace, SQL or file path, and a refused
 * request (4xx) must change no row.
 *
 * npm test runs a fixed seed and a bounded count; FUZZ_RUNS=200 (per endpoint) and FUZZ_SEED=<n> go
 * further.
 */
import { request as httpRequest } from "node:http";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "#contract/index";
import type { Endpoint } from "#contract/endpoint";
import { createTestApi, type TestApi } from "./support/api.ts";

const RUNS = Number(process.env.FUZZ_RUNS ?? 3);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const LEAK =
  /\bat \S+ \(|"stack"|\bSELECT\b|\bINSERT INTO\b|\bUPDATE \w+ SET\b|syntax error|\/work\/|node_modules|\.ts:\d+|PGlite|postgres/i;

let api: TestApi;
let token: string;
let realParams: Record<string, string[]>;
let tables: string[];
const largeTables = new Set<string>();

beforeAll(async () => {
  api = await createTestApi();
  token = await api.signIn("resi@example.com");
  const ids = async (sql: string) => (await api.db.query<{ id: unknown }>(sql)).map((row) => String(row.id));
  realParams = {
    id: ["100101"],
    customerId: ["100101"],
    serviceId: await ids("SELECT id FROM services WHERE customer_id = 100101 ORDER BY id LIMIT 3"),
    packageId: await ids("SELECT id FROM packages WHERE customer_id = 100101 ORDER BY id LIMIT 2"),
    contactId: await ids("SELECT id FROM contacts WHERE customer_id = 100101 ORDER BY id LIMIT 2"),
    ticketNumber: await ids("SELECT ticket_number AS id FROM support_tickets WHERE customer_id = 100101 ORDER BY id LIMIT 3"),
  };
  tables = (
    await api.db.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1",
    )
  ).map((row) => row.name);
  for (const t of tables) {
    const [{ rows }] = await api.db.query<{ rows: number }>(`SELECT count(*)::int AS rows FROM "${t}"`);
    if (rows > 5_000) largeTables.add(t);
  }
}, 60_000);
afterAll(() => api.close());

/**
 * A digest of every row of every table: equal before and after means nothing changed. The large tables
 * (the samples of bandwidth and power) count their rows and sum their row versions instead of hashing
 * every row's text, which took most of the time: a row inserted, deleted or updated changes either.
 */
async function fingerprint(): Promise<string> {
  const parts = tables.map((t) =>
    largeTables.has(t)
      ? `SELECT '${t}' AS t, count(*) || ':' || coalesce(sum(xmin::text::bigint), 0) AS h FROM "${t}" x`
      : `SELECT '${t}' AS t, md5(coalesce(string_agg(md5(x::text), ',' ORDER BY md5(x::text)), '')) AS h FROM "${t}" x`,
  );
  const rows = await api.db.query<{ t: string; h: string }>(parts.join(" UNION ALL "));
  return rows.map((row) => `${row.t}:${row.h}`).join("|");
}

/**
 * The fingerprint once the database is at rest: a previous request of the run may still be writing
 * after its answer (an e-mail row, say), which must not count against the next one.
 */
async function settledFingerprint(): Promise<string> {
  let last = await fingerprint();
  for (let i = 0; i < 20; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const now = await fingerprint();
    if (now === last) return now;
    last = now;
  }
  return last;
}

const controlText = fc
  .tuple(fc.string({ maxLength: 20 }), fc.integer({ min: 0, max: 0x1f }), fc.string({ maxLength: 20 }))
  .map(([a, code, b]) => `${a}${String.fromCharCode(code)}${b}`);
const anyText = fc.oneof(fc.string({ maxLength: 60 }), fc.string({ unit: "binary", maxLength: 60 }), controlText, fc.constant(""));
/** Arrays nested `depth` deep, built only when the body is encoded (fast-check prints it short). */
class Deep {
  constructor(readonly depth: number) {}
  toJSON(): unknown {
    return JSON.parse("[".repeat(this.depth) + "]".repeat(this.depth));
  }
  [fc.toStringMethod]() {
    return `nested(${this.depth})`;
  }
}
const deep = fc.integer({ min: 1, max: 3000 }).map((depth) => new Deep(depth));
const value = fc.oneof(anyText, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(anyText, { maxLength: 4 }), deep);

function fieldNames(endpoint: Endpoint): string[] {
  const shape = (endpoint.body as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

const bodyOf = (endpoint: Endpoint) =>
  fc.oneof(
    // The endpoint's own fields with random values (the likeliest to reach deep into a handler).
    fc.record(Object.fromEntries(fieldNames(endpoint).map((name) => [name, value])), { requiredKeys: [] }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 12 }), controlText), value, { maxKeys: 6 }),
    // Past the body limits.
    fc.integer({ min: 150, max: 400 }).map((kb) => ({ [fieldNames(endpoint)[0] ?? "note"]: "A".repeat(kb * 1024) })),
  );

const CONTENT_TYPES = [
  "application/json",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "text/plain",
  "application/xml",
  "application/json; charset=latin1",
  "",
] as const;

function encode(type: string, body: Record<string, unknown>): { body: BodyInit; type: string } {
  if (type.startsWith("application/json")) return { body: JSON.stringify(body), type };
  if (type === "application/x-www-form-urlencoded") {
    const form = new URLSearchParams();
    for (const [key, item] of Object.entries(body)) form.append(key, typeof item === "string" ? item : JSON.stringify(item));
    return { body: form.toString(), type };
  }
  if (type === "multipart/form-data") {
    const boundary = "fuzzBoundary7MA4YWxk";
    const parts = Object.entries(body).map(
      ([key, item]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${key.replace(/"/g, "")}"${typeof item === "string" && item.length % 3 === 0 ? `; filename="${item.slice(0, 20)}.pdf"` : ""}\r\n\r\n${typeof item === "string" ? item : JSON.stringify(item)}\r\n`,
    );
    // Sometimes the closing boundary is missing: a malformed body.
    const closing = Object.keys(body).length % 2 ? `--${boundary}--\r\n` : "";
    return { body: parts.join("") + closing, type: `multipart/form-data; boundary=${boundary}` };
  }
  return { body: JSON.stringify(body), type };
}

/** One request on a connection of its own (no keep-alive races between a refused upload and the next). */
function send(method: string, url: string, headers: Record<string, string>, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      { method, headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)) }, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

const writes = endpoints.filter((endpoint) => endpoint.method !== "get");

describe("fuzzing every write endpoint", () => {
  it("covers every write endpoint of the contract", () => {
    expect(writes.length).toBeGreaterThanOrEqual(40);
  });

  for (const endpoint of writes) {
    const names = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    // A fixed seed gives the same requests again, so a real failure fails the retry too; under a fully
    // loaded machine a refused request was twice seen with a row changed that a rerun did not change.
    it(
      `${endpoint.method.toUpperCase()} ${endpoint.path}: never 5xx, never a leak, nothing changed when refused`,
      { timeout: 120_000, retry: 1 },
      async () => {
        const params = fc.record(
          Object.fromEntries(
            names.map((name) => [
              name,
              fc.oneof(
                fc.constantFrom(...(realParams[name] ?? ["1"])),
                fc.string({ maxLength: 12 }),
                controlText,
                fc.integer().map(String),
              ),
            ]),
          ),
        );
        await fc.assert(
          fc.asyncProperty(
            params,
            fc.constantFrom(...CONTENT_TYPES),
            bodyOf(endpoint),
            fc.boolean(),
            async (values, type, body, withToken) => {
              const path = endpoint.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(String(values[name])));
              const encoded = encode(type, body as Record<string, unknown>);
              const headers: Record<string, string> = { "Idempotency-Key": `fuzz-${Math.random().toString(36).slice(2)}` };
              if (encoded.type) headers["Content-Type"] = encoded.type;
              if (withToken || endpoint.auth === "bearer") headers.Authorization = `Bearer ${token}`;
              const before = await settledFingerprint();
              const size = typeof encoded.body === "string" ? encoded.body.length : 0;
              let response: { status: number; text: string };
              try {
                response = await send(endpoint.method.toUpperCase(), `${api.baseUrl}${path}`, headers, encoded.body as string);
              } catch (error) {
                // A body past the limit is refused before it is all read: the connection closes under
                // the upload, so the client sees a reset instead of the 413. Nothing may have changed.
                const code = (error as { code?: string }).code;
                if (size > 200 * 1024 && (code === "ECONNRESET" || code === "EPIPE" || code === "UND_ERR_SOCKET")) {
                  expect(await fingerprint()).toBe(before);
                  return;
                }
                throw new Error(`${endpoint.method} ${path} ${encoded.type} (${size} bytes): ${(error as Error).message} ${code ?? ""}`);
              }
              const { text } = response;
              expect(response.status, `${endpoint.method} ${path} ${type}: ${text.slice(0, 200)}`).toBeLessThan(500);
              expect(text).not.toMatch(LEAK);
              if (response.status >= 400) {
                const after = await fingerprint();
                const changed = after
                  .split("|")
                  .filter((table) => !before.split("|").includes(table))
                  .map((table) => table.split(":")[0]);
                expect(changed, `${endpoint.method} ${path} answered ${response.status} but changed rows`).toEqual([]);
              }
            },
          ),
          { numRuns: RUNS, seed: SEED + writes.indexOf(endpoint), endOnFailure: true },
        );
      },
    );
  }
});
