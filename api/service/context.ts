import type { SignInLimiter } from "#common/sign-in-limits";
import type { Db } from "../db/client.ts";
import type { FileStore } from "./file-store.ts";
import type { LinkSigner } from "./notify-links.ts";
import type { Tokens } from "./tokens.ts";
import type { SecretBox } from "./two-step-secrets.ts";

/** What every resource module of the service is built from. */
export interface ServiceContext {
  db: Db;
  tokens: Tokens;
  /** Where uploaded files' bytes are kept (file-store.ts). */
  files: FileStore;
  /** The service's clock; tests move it. */
  now: () => Date;
  /** How long a router restart takes (ROUTER_RESTART_SECONDS; router-restart.ts). */
  routerRestartSeconds: number;
  /** Limits of POST /auth/access-token with credentials: the portal's model (common/sign-in-limits.ts). */
  signIn: SignInLimiter;
  /** Seals and opens two-step secrets (TWO_STEP_KEY; two-step-secrets.ts). */
  twoStepSecrets: SecretBox;
  /** Signs and checks the unsubscribe links of notification mail (a key derived from TWO_STEP_KEY; notify-links.ts). */
  links: LinkSigner;
  /** Whether development-only endpoints answer (GET /dev/outbox): NODE_ENV is not production. */
  devEndpoints: boolean;
  /** Peers whose X-Forwarded-For names the client (the portal, a proxy); loopback by default. */
  trustForwardedFrom: string[];
}

export const LOOPBACK = ["127.0.0.1", "::1", "::ffff:127.0.0.1"];

/** Today's date (UTC) of the service's clock, YYYY-MM-DD. */
export const todayOf = (ctx: ServiceContext) => ctx.now().toISOString().slice(0, 10);

/** Cents (integer, as stored) to dollars (as answered). */
export const dollars = (cents: number) => Math.round(cents) / 100;

/**
 * SQL of an instant (a timestamptz column) as the answers write it, `new Date(…).toISOString()`'s form
 * ("2026-11-22T00:00:00.000Z"), made by the database in any session time zone: hundreds of samples read
 * this way need no date parsing in the API (pg's date parsing alone was an eighth of the API's CPU on
 * the cabinet page).
 */
export const isoInstant = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A statement and its parameters. */
export interface Statement {
  sql: string;
  params: unknown[];
}

/**
 * Reads that a call needs together, made in one statement (one round trip to the database instead of one
 * each: on PostgreSQL a statement costs the API and the database a socket write and a wake-up each way,
 * more than a small read itself). The answer is `first`'s row with one more column per other read: its
 * rows as JSON (`rows`: a list, empty when none, in the order its ORDER BY gives: the aggregate reads the
 * read's rows as they come) or its one row (`row`: null when none). Their parameters are numbered after
 * those before them. Inside JSON, timestamps are ISO strings (`new Date` reads them), not Dates.
 */
export function together(first: Statement, more: Record<string, Statement & { as: "rows" | "row" }>): Statement {
  const params = [...first.params];
  const columns = Object.entries(more).map(([name, read]) => {
    const offset = params.length;
    params.push(...read.params);
    const sql = read.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
    return read.as === "row"
      ? `(SELECT row_to_json(r) FROM (${sql}) r) AS ${name}`
      : `COALESCE((SELECT json_agg(r) FROM (${sql}) r), '[]') AS ${name}`;
  });
  return { sql: `SELECT f.*${columns.map((column) => `, ${column}`).join("")} FROM (${first.sql}) f`, params };
}

export interface AddressColumns {
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  province: string | null;
  postal_code: string | null;
}

export const addressOf = (row: AddressColumns) => ({
  line1: row.address_line1 ?? "",
  line2: row.address_line2 ?? null,
  city: row.city ?? "",
  province: row.province ?? "",
  postal_code: row.postal_code ?? "",
});

/** An internet service's plan, in the request's language (GET /residential-internet, GET /wifi). */
export const planOf = (row: { name: string; name_fr: string; details: Record<string, unknown> }, lang: string) => ({
  name: lang === "fr" ? row.name_fr : row.name,
  download_mbps: Number(row.details.download_mbps ?? 0),
  upload_mbps: Number(row.details.upload_mbps ?? 0),
});

/**
 * An address as lines separated by "\n", as the commercial screens show it: street, unit, then
 * municipality, province and postal code on one line (Canada Post style).
 */
export const addressLines = (row: AddressColumns) =>
  [row.address_line1, row.address_line2, [row.city, row.province, row.postal_code].filter(Boolean).join(" ")]
    .filter((part) => part && String(part).trim())
    .join("\n");
