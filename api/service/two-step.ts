/**
 * Two-step verification (contract: api/contract/two-step.ts; migration 0021; docs/sign-in-security.md).
 *
 * - The secret: 160 random bits (otpauth's Secret), TOTP SHA-1, 6 digits, 30 s (what every
 *   authenticator app reads from a QR code), sealed at rest (two-step-secrets.ts). A code is accepted
 *   one step either side of the service clock's, and only for a time step after the last accepted one
 *   (`two_step_checks.last_step`, moved in the same statement that accepts it): a code is never
 *   accepted twice, even by two requests at once.
 * - Recovery codes: ten, 50 bits each, kept as SHA-256 of a per-code salt and the code; each works once
 *   (marked used in the statement that accepts it).
 * - Signing in: POST /auth/access-token answers a two-step token (tokens.ts: its own key and type, five
 *   minutes, bound to the password and the secret), which only POST /auth/two-step takes. Wrong codes
 *   count in the sign-in limits like wrong passwords (the key `two-step:<username>`), and each user has
 *   at most TWO_STEP_FAILURES_PER_USER tries that fail per window from every address (claimed before
 *   the code is checked, so concurrent tries cannot exceed it), then 429 until the window's end.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { Router, type Request, type Response } from "express";
import { Secret, TOTP } from "otpauth";
import { COUNTED_HEADER } from "#common/sign-in-limits";
import { logEvent } from "#common/logger";
import {
  RECOVERY_ALPHABET,
  RECOVERY_CODE_COUNT,
  TWO_STEP_FAILURES_PER_USER,
  TWO_STEP_TOKEN_SECONDS,
  TwoStepConfirmRequest,
  TwoStepPasswordRequest,
  TwoStepSignInRequest,
  isCodeFormat,
  isRecoveryCodeFormat,
  normalizeCode,
  normalizeRecoveryCode,
  type RecoveryCodesAnswer,
  type TwoStepRequiredAnswer,
  type TwoStepSetup,
  type TwoStepSetupAnswer,
  type TwoStepSignInAnswer,
  type TwoStepStatusAnswer,
} from "../contract/two-step.ts";
import type { Db } from "../db/client.ts";
import type { ServiceContext } from "./context.ts";
import { ApiError, unprocessable } from "./errors.ts";
import { clientAddress, clientOf, currentUser, parseInput, route } from "./http.ts";
import { verifyPassword } from "./passwords.ts";
import type { SecretBox } from "./two-step-secrets.ts";

/** How the apps compute codes (RFC 6238's defaults, which every app reads). */
const TOTP_PARAMETERS = { algorithm: "SHA1", digits: 6, period: 30 } as const;
/** Steps accepted either side of the clock's (a phone a little ahead or behind, a code typed as it changed). */
const WINDOW = 1;

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

const totpOf = (secret: string) => new TOTP({ ...TOTP_PARAMETERS, secret: Secret.fromBase32(secret) });

/** The time step a code matches at this moment, or null. */
export function matchingStep(secret: string, code: string, at: Date): number | null {
  const totp = totpOf(secret);
  const delta = totp.validate({ token: normalizeCode(code), timestamp: at.getTime(), window: WINDOW });
  return delta === null ? null : totp.counter({ timestamp: at.getTime() }) + delta;
}

/** The code an app shows at this moment (tests, the demo's documentation). */
export const codeAt = (secret: string, at: Date) => totpOf(secret).generate({ timestamp: at.getTime() });

/** A new recovery code: ten letters of RECOVERY_ALPHABET, shown as two groups of five. */
function newRecoveryCode(): string {
  let code = "";
  for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** The stored form of a recovery code: a salt and the SHA-256 of salt and normalized code. */
export function hashRecoveryCode(code: string, salt = randomBytes(16).toString("base64url")) {
  return { salt, code_hash: sha256(`${salt}:${normalizeRecoveryCode(code)}`) };
}

/** Replaces a user's recovery codes with these (within the caller's transaction). */
export async function storeRecoveryCodes(db: Db, userId: number, codes: string[], now: Date): Promise<void> {
  await db.query("DELETE FROM two_step_recovery_codes WHERE user_id = $1", [userId]);
  for (const code of codes) {
    const { salt, code_hash } = hashRecoveryCode(code);
    await db.query("INSERT INTO two_step_recovery_codes (user_id, salt, code_hash, created_at) VALUES ($1, $2, $3, $4)", [
      userId,
      salt,
      code_hash,
      now,
    ]);
  }
}

/** Seals and stores a secret already confirmed, with recovery codes (the demo seed, within its transaction). */
export async function storeEnabledSecret(db: Db, box: SecretBox, userId: number, secret: string, codes: string[], now: Date) {
  await db.query("INSERT INTO two_step_secrets (user_id, secret_sealed, created_at, enabled_at) VALUES ($1, $2, $3, $3)", [
    userId,
    box.seal(secret, userId),
    now,
  ]);
  await storeRecoveryCodes(db, userId, codes, now);
}

interface SecretRow {
  secret_sealed: string;
  enabled_at: Date | null;
}

/** What a two-step token is bound to: the password and the secret in force (a change of either ends it). */
const bindingOf = (passwordHash: string | null, secretSealed: string) => sha256(`${passwordHash ?? ""}|${secretSealed}`).slice(0, 32);

/** Answered by POST /auth/access-token for a right password when two-step verification is on. */
export async function twoStepRequired(ctx: ServiceContext, userId: number, passwordHash: string | null, secretSealed: string) {
  const answer: TwoStepRequiredAnswer = {
    two_step_required: true,
    two_step_token: await ctx.tokens.signTwoStep(userId, bindingOf(passwordHash, secretSealed)),
    expires_in: TWO_STEP_TOKEN_SECONDS,
  };
  return answer;
}

/**
 * Turns two-step verification off for a user, whatever their password (support, after checking who
 * is asking: docs/sign-in-security.md): the secret and the recovery codes are deleted and every session
 * of the user ends. Answers whether it was on (set up or confirmed).
 */
export async function turnOffForSupport(db: Db, username: string, now: Date): Promise<"off" | "was-not-on" | "no-such-user"> {
  return db.transaction(async (tx) => {
    const user = await tx.one<{ id: number }>("SELECT id FROM users WHERE username = $1", [username.trim().toLowerCase()]);
    if (!user) return "no-such-user";
    const removed = await tx.query("DELETE FROM two_step_secrets WHERE user_id = $1 RETURNING user_id", [user.id]);
    await tx.query("DELETE FROM two_step_recovery_codes WHERE user_id = $1", [user.id]);
    await tx.query("DELETE FROM two_step_checks WHERE user_id = $1", [user.id]);
    await tx.query("UPDATE auth_sessions SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL", [user.id, now]);
    return removed.length ? "off" : "was-not-on";
  });
}

/** The user's secret in clear, sealed again with the current key when an older one opened it; 503 when no key opens it. */
async function openSecret(ctx: ServiceContext, userId: number, sealed: string): Promise<string> {
  const opened = ctx.twoStepSecrets.open(sealed, userId);
  if (!opened) {
    logEvent("api.two-step.secret-unreadable", { userId }, { level: "error", msg: "no TWO_STEP_KEY opens this user's two-step secret" });
    throw new ApiError(503, "Two-step verification is unavailable; try again later");
  }
  if (!opened.current) {
    await ctx.db.query("UPDATE two_step_secrets SET secret_sealed = $3 WHERE user_id = $1 AND secret_sealed = $2", [
      userId,
      sealed,
      ctx.twoStepSecrets.seal(opened.secret, userId),
    ]);
  }
  return opened.secret;
}

/** Accepts a step after the last accepted one, in one statement: false for a code already used. */
async function acceptStep(db: Db, userId: number, step: number): Promise<boolean> {
  const row = await db.one(
    `INSERT INTO two_step_checks AS c (user_id, last_step) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET last_step = $2 WHERE c.last_step IS NULL OR c.last_step < $2
     RETURNING user_id`,
    [userId, step],
  );
  return Boolean(row);
}

/** POST /auth/two-step: the second step of signing in (public: the two-step token is the credential). */
export function twoStepPublicRoutes(ctx: ServiceContext): Router {
  const router = Router();

  router.post(
    "/auth/two-step",
    route(async (req, res) => {
      const input = parseInput(TwoStepSignInRequest, req.body ?? {});
      const claims = await ctx.tokens.verifyTwoStep(input.two_step_token);
      const expired = () => new ApiError(401, "The two-step sign-in is over; sign in again");
      if (!claims) throw expired();
      const user = await ctx.db.one<{ username: string; password_hash: string | null } & SecretRow>(
        `SELECT u.username, u.password_hash, t.secret_sealed, t.enabled_at
           FROM users u JOIN two_step_secrets t ON t.user_id = u.id AND t.enabled_at IS NOT NULL
          WHERE u.id = $1`,
        [claims.userId],
      );
      if (!user || bindingOf(user.password_hash, user.secret_sealed) !== claims.binding) throw expired();

      const code = input.code?.trim() ? input.code : undefined;
      const recovery = input.recovery_code?.trim() ? input.recovery_code : undefined;
      if (code === undefined && recovery === undefined) throw unprocessable({ code: ["code.required"] }, "A code is required");

      // The sign-in limits, as for a password (the portal counted its own request already).
      const key = `two-step:${user.username}`;
      const address = clientAddress(req, ctx.trustForwardedFrom);
      const counted = countedByPortal(ctx, req);
      if (!counted) {
        const verdict = await ctx.signIn.attempt(key, address);
        if (verdict.blockedUntil) {
          tooMany(res, verdict.blockedUntil, ctx.now());
          return;
        }
        if (verdict.delayMs) await new Promise((resolve) => setTimeout(resolve, verdict.delayMs));
      }
      // This user's tries from every address: claimed first, given back when the code was right.
      const windowMs = ctx.signIn.windowMs;
      const blockedUntil = await claimTry(ctx.db, claims.userId, ctx.now(), windowMs);
      if (blockedUntil) {
        logEvent("api.two-step.limited", { userId: claims.userId }, { level: "info" });
        tooMany(res, blockedUntil, ctx.now());
        return;
      }
      const fail = async (errors: Record<string, string[]>) => {
        if (!counted) await ctx.signIn.failed(key, address);
        return unprocessable(errors, "The code is not right");
      };

      if (code !== undefined) {
        if (!isCodeFormat(code)) throw await fail({ code: ["code.invalid"] });
        const secret = await openSecret(ctx, claims.userId, user.secret_sealed);
        const step = matchingStep(secret, code, ctx.now());
        if (step === null) throw await fail({ code: ["code.invalid"] });
        if (!(await acceptStep(ctx.db, claims.userId, step))) throw await fail({ code: ["code.used"] });
        await giveBackTry(ctx.db, claims.userId);
        if (!counted) await ctx.signIn.succeeded(key, address);
        const answer: TwoStepSignInAnswer = await ctx.tokens.issue(claims.userId, clientOf(req, ctx.trustForwardedFrom));
        res.json(answer);
        return;
      }

      const typed = recovery!;
      if (!isRecoveryCodeFormat(typed)) throw await fail({ recovery_code: ["recovery_code.invalid"] });
      const used = await useRecoveryCode(ctx.db, claims.userId, typed, ctx.now());
      if (!used) throw await fail({ recovery_code: ["recovery_code.invalid"] });
      await giveBackTry(ctx.db, claims.userId);
      if (!counted) await ctx.signIn.succeeded(key, address);
      logEvent("api.two-step.recovery-code-used", { userId: claims.userId, left: used.left }, { level: "info" });
      const answer: TwoStepSignInAnswer = {
        ...(await ctx.tokens.issue(claims.userId, clientOf(req, ctx.trustForwardedFrom))),
        recovery_codes_left: used.left,
      };
      res.json(answer);
    }),
  );

  return router;
}

/** Whether a user's two-step verification is on, since when, and how many recovery codes are left. */
export async function twoStepStatus(db: Db, userId: number): Promise<TwoStepStatusAnswer["two_step"]> {
  const row = await db.one<{ enabled_at: Date | null; left: number }>(
    `SELECT t.enabled_at,
            (SELECT count(*)::int FROM two_step_recovery_codes r WHERE r.user_id = $1 AND r.used_at IS NULL) AS left
       FROM two_step_secrets t WHERE t.user_id = $1 AND t.enabled_at IS NOT NULL`,
    [userId],
  );
  return row
    ? { enabled: true, enabled_at: row.enabled_at!.toISOString(), recovery_codes_left: row.left }
    : { enabled: false, enabled_at: null, recovery_codes_left: 0 };
}

/** The signed-in user's own two-step settings (behind authentication). */
export function twoStepRoutes(ctx: ServiceContext): Router {
  const router = Router();
  const box = ctx.twoStepSecrets;
  const setupOf = (secret: string): TwoStepSetup => ({ secret, ...TOTP_PARAMETERS });
  const passwordOf = async (userId: number) =>
    (await ctx.db.one<{ password_hash: string | null }>("SELECT password_hash FROM users WHERE id = $1", [userId]))?.password_hash;

  router.get(
    "/profile-settings/two-step",
    route(async (req, res) => {
      const answer: TwoStepStatusAnswer = { two_step: await twoStepStatus(ctx.db, currentUser(req).userId) };
      res.json(answer);
    }),
  );

  router.get(
    "/profile-settings/two-step/setup",
    route(async (req, res) => {
      const { userId } = currentUser(req);
      const row = await ctx.db.one<SecretRow>("SELECT secret_sealed, enabled_at FROM two_step_secrets WHERE user_id = $1", [userId]);
      const answer: TwoStepSetupAnswer = {
        setup: row && !row.enabled_at ? setupOf(await openSecret(ctx, userId, row.secret_sealed)) : null,
      };
      res.json(answer);
    }),
  );

  router.post(
    "/profile-settings/two-step/setup",
    route(async (req, res) => {
      const { userId } = currentUser(req);
      const secret = new Secret({ size: 20 }).base32;
      const stored = await ctx.db.one(
        `INSERT INTO two_step_secrets AS t (user_id, secret_sealed, created_at) VALUES ($1, $2, $3)
         ON CONFLICT (user_id) DO UPDATE SET secret_sealed = $2, created_at = $3 WHERE t.enabled_at IS NULL
         RETURNING user_id`,
        [userId, box.seal(secret, userId), ctx.now()],
      );
      if (!stored) throw unprocessable({ _form: ["_form.already_enabled"] }, "Two-step verification is on already");
      res.json({ success: true, setup: setupOf(secret) });
    }),
  );

  router.post(
    "/profile-settings/two-step",
    route(async (req, res) => {
      const { userId, sessionId } = currentUser(req);
      const row = await ctx.db.one<SecretRow>("SELECT secret_sealed, enabled_at FROM two_step_secrets WHERE user_id = $1", [userId]);
      if (row?.enabled_at) throw unprocessable({ _form: ["_form.already_enabled"] }, "Two-step verification is on already");
      const { code } = parseInput(TwoStepConfirmRequest, req.body ?? {});
      if (!row) throw unprocessable({ _form: ["_form.no_setup"] }, "Start the setup first");
      const secret = await openSecret(ctx, userId, row.secret_sealed);
      const now = ctx.now();
      const step = matchingStep(secret, code, now);
      if (step === null) throw unprocessable({ code: ["code.invalid"] }, "The code is not right");
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      const turnedOn = await ctx.db.transaction(async (tx) => {
        // The secret confirmed is the one read (a setup started again meanwhile is not turned on).
        const updated = await tx.one(
          "UPDATE two_step_secrets SET enabled_at = $3 WHERE user_id = $1 AND secret_sealed = $2 AND enabled_at IS NULL RETURNING user_id",
          [userId, row.secret_sealed, now],
        );
        if (!updated) return false;
        await storeRecoveryCodes(tx, userId, codes, now);
        // The confirming code is used: it cannot sign in as well.
        await tx.query(
          `INSERT INTO two_step_checks (user_id, last_step, failures) VALUES ($1, $2, 0)
           ON CONFLICT (user_id) DO UPDATE SET last_step = $2, failures = 0, failures_since = NULL`,
          [userId, step],
        );
        // Whoever else held a session of this user (with the password alone) is signed out.
        await tx.query("UPDATE auth_sessions SET revoked_at = $3 WHERE user_id = $1 AND id <> $2 AND revoked_at IS NULL", [
          userId,
          sessionId,
          now,
        ]);
        return true;
      });
      if (!turnedOn) throw unprocessable({ _form: ["_form.no_setup"] }, "The setup changed; start again");
      const answer: RecoveryCodesAnswer = { success: true, recovery_codes: codes };
      res.json(answer);
    }),
  );

  /** The password of the signed-in user, checked with their two-step verification on (422 otherwise). */
  async function requirePasswordAndTwoStep(req: Request): Promise<number> {
    const { userId } = currentUser(req);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const enabled = await ctx.db.one("SELECT 1 FROM two_step_secrets WHERE user_id = $1 AND enabled_at IS NOT NULL", [userId]);
    if (!enabled) throw unprocessable({ _form: ["_form.not_enabled"] }, "Two-step verification is off");
    const { password } = parseInput(TwoStepPasswordRequest, body);
    if (!(await verifyPassword(password, await passwordOf(userId)))) {
      throw unprocessable({ password: ["password.incorrect"] }, "The password is not right");
    }
    return userId;
  }

  router.post(
    "/profile-settings/two-step/recovery-codes",
    route(async (req, res) => {
      const userId = await requirePasswordAndTwoStep(req);
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      await ctx.db.transaction((tx) => storeRecoveryCodes(tx, userId, codes, ctx.now()));
      const answer: RecoveryCodesAnswer = { success: true, recovery_codes: codes };
      res.json(answer);
    }),
  );

  router.post(
    "/profile-settings/two-step/disable",
    route(async (req, res) => {
      const userId = await requirePasswordAndTwoStep(req);
      await ctx.db.transaction(async (tx) => {
        await tx.query("DELETE FROM two_step_secrets WHERE user_id = $1", [userId]);
        await tx.query("DELETE FROM two_step_recovery_codes WHERE user_id = $1", [userId]);
      });
      res.json({ success: true });
    }),
  );

  return router;
}

/** Whether the portal that shares this process's sign-in model counted the request already (auth.ts). */
function countedByPortal(ctx: ServiceContext, req: Request): boolean {
  const peer = req.socket.remoteAddress ?? "";
  return ctx.trustForwardedFrom.includes(peer) && ctx.signIn.countedByPortal(req.get(COUNTED_HEADER));
}

function tooMany(res: Response, until: Date, now: Date): void {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  res.status(429).set("Retry-After", String(seconds)).json({ success: false, message: "Too many codes tried; try again later" });
}

/**
 * Claims one try of a user's codes in the current window: null when it may go on, else when the window
 * ends. A window starts with the first try after the last one ended; tries that succeed are given back.
 */
async function claimTry(db: Db, userId: number, now: Date, windowMs: number): Promise<Date | null> {
  const windowStart = new Date(now.getTime() - windowMs);
  const row = await db.one<{ failures: number; failures_since: Date }>(
    `INSERT INTO two_step_checks AS c (user_id, failures, failures_since) VALUES ($1, 1, $2)
     ON CONFLICT (user_id) DO UPDATE SET
       failures = CASE WHEN c.failures_since IS NULL OR c.failures_since <= $3 THEN 1 ELSE c.failures + 1 END,
       failures_since = CASE WHEN c.failures_since IS NULL OR c.failures_since <= $3 THEN $2 ELSE c.failures_since END
     RETURNING failures, failures_since`,
    [userId, now, windowStart],
  );
  if (row && row.failures > TWO_STEP_FAILURES_PER_USER) return new Date(new Date(row.failures_since).getTime() + windowMs);
  return null;
}

async function giveBackTry(db: Db, userId: number): Promise<void> {
  await db.query("UPDATE two_step_checks SET failures = greatest(failures - 1, 0) WHERE user_id = $1", [userId]);
}

/** Uses a recovery code of the user if it is one not used yet: how many are left then, or null. */
async function useRecoveryCode(db: Db, userId: number, typed: string, now: Date): Promise<{ left: number } | null> {
  const rows = await db.query<{ id: number; salt: string; code_hash: string }>(
    "SELECT id, salt, code_hash FROM two_step_recovery_codes WHERE user_id = $1 AND used_at IS NULL ORDER BY id",
    [userId],
  );
  const match = rows.find((row) => {
    const expected = Buffer.from(row.code_hash, "hex");
    const actual = Buffer.from(hashRecoveryCode(typed, row.salt).code_hash, "hex");
    return timingSafeEqual(expected, actual);
  });
  if (!match) return null;
  const used = await db.one("UPDATE two_step_recovery_codes SET used_at = $2 WHERE id = $1 AND used_at IS NULL RETURNING id", [
    match.id,
    now,
  ]);
  if (!used) return null;
  const left = await db.one<{ left: number }>(
    "SELECT count(*)::int AS left FROM two_step_recovery_codes WHERE user_id = $1 AND used_at IS NULL",
    [userId],
  );
  return { left: left?.left ?? 0 };
}
