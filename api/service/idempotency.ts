/**
 * Requests that run once per Idempotency-Key (RFC draft "The Idempotency-Key HTTP Header Field"): the
 * money-moving endpoints (payments, autopay set-up) use it so that a form posted twice, or a retry after a
 * lost answer, charges or changes nothing twice.
 *
 * An endpoint reads the key (`idempotencyKey`), describes what the request asks (`fingerprint` of the
 * fields that matter, never card numbers or security codes), then hands its work to `idempotent`:
 *
 *   const request = { key: idempotencyKey(req), customerId, endpoint: `POST /x/${customerId}`, fingerprint: fingerprint(fields) };
 *   await idempotent(ctx, req, res, request, async (tx) => ({ status: 201, body: answer }));
 *
 * Keys are the user's (table idempotency_keys, one row per user and key) and are remembered
 * IDEMPOTENCY_KEY_DAYS days.
 */
import { createHash } from "node:crypto";
import type { Request, Response } from "express";
import type { Db } from "../db/client.ts";
import type { ServiceContext } from "./context.ts";
import { ApiError, unprocessable } from "./errors.ts";
import { currentUser } from "./http.ts";

/** How long an Idempotency-Key is remembered. */
export const IDEMPOTENCY_KEY_DAYS = 30;

/** What the work answers: stored with the key and answered again to a replay. */
export interface Outcome {
  status: number;
  body: unknown;
}

/** One request under a key: its account (locked while the work runs), its endpoint and what it asks. */
export interface IdempotentRequest {
  key: string;
  customerId: number;
  endpoint: string;
  fingerprint: string;
}

/** Thrown inside the transaction when another request holds the key: it is rolled back, then replayed. */
class KeyTaken extends Error {}

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** The Idempotency-Key header: required (400 without), visible ASCII, at most 255 characters. */
export function idempotencyKey(req: Request): string {
  const value = req.get("Idempotency-Key");
  if (value === undefined || value.trim() === "") {
    throw new ApiError(400, "An Idempotency-Key header is required", { idempotency_key: ["idempotency_key.required"] });
  }
  if (!IDEMPOTENCY_KEY.test(value.trim())) {
    throw new ApiError(400, "The Idempotency-Key header is not valid", { idempotency_key: ["idempotency_key.invalid"] });
  }
  return value.trim();
}

/** A stable digest of what a request asks (keys sorted). */
export function fingerprint(value: unknown): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v && typeof v === "object"
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
          )
        : v;
  return createHash("sha256")
    .update(JSON.stringify(canonical(value)))
    .digest("hex");
}

/**
 * Runs a money-moving request once per Idempotency-Key: a key seen before with the same request answers
 * the stored status and body again (header Idempotent-Replayed: true) without running anything; with
 * another request it is refused (422 idempotency_key.reused). The key is reserved, the work done and its
 * answer stored in one transaction, so a concurrent duplicate waits and then replays. Refusals thrown
 * by the work (business rules) roll back and are not stored.
 *
 * The transaction first locks the account's row (FOR UPDATE), so money-moving requests of one account run
 * one after the other whatever their keys, and the work sees what the one before it wrote. First: the
 * key's row references the account, and on PostgreSQL inserting it takes a key-share lock on the
 * account's row; two requests that each held that and then asked for FOR UPDATE would deadlock.
 */
export async function idempotent(
  ctx: ServiceContext,
  req: Request,
  res: Response,
  request: IdempotentRequest,
  work: (tx: Db) => Promise<Outcome>,
): Promise<void> {
  const userId = currentUser(req).userId;
  const now = ctx.now();
  // A duration, not a calendar sum: keys expire this long after the instant they were made.
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_KEY_DAYS * 86_400_000);
  const replay = async () => {
    const row = await ctx.db.one<{ endpoint: string; fingerprint: string; status_code: number; answer: unknown }>(
      `SELECT endpoint, fingerprint, status_code, answer FROM idempotency_keys
        WHERE user_id = $1 AND idempotency_key = $2 AND created_at >= $3 AND status_code IS NOT NULL`,
      [userId, request.key, cutoff],
    );
    if (!row) return false;
    if (row.endpoint !== request.endpoint || row.fingerprint !== request.fingerprint) {
      throw unprocessable({ idempotency_key: ["idempotency_key.reused"] }, "This Idempotency-Key was used for another request");
    }
    res.set("Idempotent-Replayed", "true").status(row.status_code).json(row.answer);
    return true;
  };
  if (await replay()) return;
  let outcome: Outcome;
  try {
    outcome = await ctx.db.transaction(async (tx) => {
      await tx.query("SELECT id FROM customers WHERE id = $1 FOR UPDATE", [request.customerId]);
      await tx.query("DELETE FROM idempotency_keys WHERE user_id = $1 AND created_at < $2", [userId, cutoff]);
      const reserved = await tx.one(
        `INSERT INTO idempotency_keys (user_id, idempotency_key, customer_id, endpoint, fingerprint, created_at)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (user_id, idempotency_key) DO NOTHING RETURNING 1 AS reserved`,
        [userId, request.key, request.customerId, request.endpoint, request.fingerprint, now],
      );
      if (!reserved) throw new KeyTaken();
      const result = await work(tx);
      await tx.query("UPDATE idempotency_keys SET status_code = $3, answer = $4 WHERE user_id = $1 AND idempotency_key = $2", [
        userId,
        request.key,
        result.status,
        JSON.stringify(result.body),
      ]);
      return result;
    });
  } catch (error) {
    if (error instanceof KeyTaken && (await replay())) return;
    if (error instanceof KeyTaken) throw new ApiError(409, "A request with this Idempotency-Key is still being processed");
    throw error;
  }
  res.status(outcome.status).json(outcome.body);
}

/**
 * `idempotent` when the request carries an Idempotency-Key, else the work once in a transaction of its own:
 * for endpoints where the key is optional (a support ticket opened, a reply sent), so that a form posted
 * twice by a browser without JavaScript adds one ticket or one message, and a client without keys still works.
 */
export async function idempotentIfKeyed(
  ctx: ServiceContext,
  req: Request,
  res: Response,
  request: Omit<IdempotentRequest, "key">,
  work: (tx: Db) => Promise<Outcome>,
): Promise<void> {
  if (req.get("Idempotency-Key") !== undefined) return idempotent(ctx, req, res, { ...request, key: idempotencyKey(req) }, work);
  const outcome = await ctx.db.transaction(work);
  res.status(outcome.status).json(outcome.body);
}
