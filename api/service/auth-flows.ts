/**
 * /auth links sent by e-mail: password recovery and the first activation of a new customer.
 *
 * Links carry a random token (32 bytes, base64url) of which only the SHA-256 hash is stored. A link
 * is single use: using it sets used_at and withdraws the user's other links of the same purpose.
 * Recovery links last 1 hour, activation links 14 days. Asking for a recovery link answers the same
 * whether or not the username exists; a user without a password yet (never activated) is sent a new
 * activation link instead, and at most 3 links a user are sent in any hour.
 */
import { createHash, randomBytes } from "node:crypto";
import { Router } from "express";
import {
  ActivateAccountRequest,
  ForgotPasswordRequest,
  RecoverPasswordRequest,
  type ActivateAccountAnswer,
  type ActivationLinkAnswer,
  type LegalDocument,
  type RecoveryLinkAnswer,
} from "../contract/auth-flows.ts";
import type { Db } from "../db/client.ts";
import type { ServiceContext } from "./context.ts";
import { ApiError, notFound, unprocessable } from "./errors.ts";
import { clientOf, parseInput, route, jsonGet } from "./http.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";

export const RECOVERY_LINK_MINUTES = 60;
export const ACTIVATION_LINK_DAYS = 14;
/** Recovery and activation e-mails sent to one user in any hour, at most. */
export const LINK_EMAILS_PER_HOUR = 3;

// --- Secrets shared by the flows of this module, OAuth and orders ---------------------------------------

/** A new unguessable secret: 32 random bytes, base64url (43 characters). */
export const newSecret = () => randomBytes(32).toString("base64url");
/** How secrets are stored: SHA-256, hex. (They are random, so a slow hash adds nothing.) */
export const hashSecret = (value: string) => createHash("sha256").update(value).digest("hex");
/** Whether a path or body value could be one of our tokens at all (else it answers 404 at once). */
export const looksLikeToken = (value: unknown): value is string => typeof value === "string" && /^[A-Za-z0-9_-]{16,200}$/.test(value);

/** m***@example.com: enough for the owner to recognise, nothing for anyone else. */
export function maskUsername(username: string): string {
  const at = username.lastIndexOf("@");
  const local = at === -1 ? username : username.slice(0, at);
  const domain = at === -1 ? "" : username.slice(at);
  return `${local.slice(0, 1)}***${domain}`;
}

type Language = "en" | "fr";

interface LegalRow {
  id: string;
  version: string;
  title: string;
  title_fr: string;
  effective_on: string;
  sections: { heading: Record<Language, string>; body: Record<Language, string> }[];
}

/** A legal document in one language. */
export function legalDocumentOf(row: LegalRow, lang: Language): LegalDocument {
  return {
    document_id: row.id,
    version: row.version,
    title: lang === "fr" ? row.title_fr : row.title,
    effective_on: row.effective_on,
    language: lang,
    sections: row.sections.map((s) => ({ heading: s.heading[lang], body: s.body[lang] })),
  };
}

/** The portal's terms of use in effect on a day. */
async function currentTerms(db: Db, today: string): Promise<LegalRow> {
  const row = await db.one<LegalRow>(
    `SELECT id, version, title, title_fr, effective_on, sections FROM legal_documents
      WHERE kind = 'portal_terms' AND effective_on <= $1 ORDER BY effective_on DESC LIMIT 1`,
    [today],
  );
  if (!row) throw new ApiError(503, "No terms of use are in effect");
  return row;
}

// --- Links ----------------------------------------------------------------------------------------------

type Purpose = "password_recovery" | "account_activation";

interface LinkRow {
  id: number;
  user_id: number;
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
  username: string;
  first_name: string;
  password_hash: string | null;
}

async function findLink(db: Db, purpose: Purpose, token: unknown, lock = false): Promise<LinkRow | undefined> {
  if (!looksLikeToken(token)) return undefined;
  return db.one<LinkRow>(
    `SELECT t.id, t.user_id, t.expires_at, t.used_at, t.revoked_at, u.username, u.first_name, u.password_hash
       FROM account_tokens t JOIN users u ON u.id = t.user_id
      WHERE t.token_hash = $1 AND t.purpose = $2${lock ? " FOR UPDATE OF t" : ""}`,
    [hashSecret(token), purpose],
  );
}

function linkStatus(link: LinkRow, purpose: Purpose, now: Date): "valid" | "expired" | "used" {
  // An account that already has a password has been activated, whichever way.
  if (link.used_at || (purpose === "account_activation" && link.password_hash)) return "used";
  if (link.revoked_at || link.expires_at.getTime() <= now.getTime()) return "expired";
  return "valid";
}

/** Locks a link for use; refuses it (404 / 422 token.*) unless it is valid. */
async function takeLink(tx: Db, purpose: Purpose, token: unknown, now: Date): Promise<LinkRow> {
  const link = await findLink(tx, purpose, token, true);
  if (!link) throw notFound("Link");
  const status = linkStatus(link, purpose, now);
  if (status !== "valid") throw unprocessable({ token: [`token.${status}`] }, `The link was already ${status}`);
  await tx.query("UPDATE account_tokens SET used_at = $2 WHERE id = $1", [link.id, now]);
  await tx.query(
    "UPDATE account_tokens SET revoked_at = $3 WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL AND revoked_at IS NULL",
    [link.user_id, purpose, now],
  );
  return link;
}

interface LinkUser {
  id: number;
  username: string;
  first_name: string;
  preferred_language: Language;
  password_hash: string | null;
}

const EMAILS: Record<Purpose, Record<Language, { subject: string; body: (name: string, username: string, link: string) => string }>> = {
  password_recovery: {
    en: {
      subject: "Reset your password",
      body: (name, username, link) =>
        `Hello ${name},\n\nSomeone asked to reset the password of your account ${username}. To choose a new password, open this link within 1 hour:\n\n${link}\n\nThe link works once. If you did not ask for this, ignore this e-mail: your password stays as it is.`,
    },
    fr: {
      subject: "Réinitialisez votre mot de passe",
      body: (name, username, link) =>
        `Bonjour ${name},\n\nQuelqu’un a demandé à réinitialiser le mot de passe de votre compte ${username}. Pour choisir un nouveau mot de passe, ouvrez ce lien dans l’heure :\n\n${link}\n\nLe lien ne fonctionne qu’une fois. Si vous n’avez rien demandé, ignorez ce courriel : votre mot de passe reste le même.`,
    },
  },
  account_activation: {
    en: {
      subject: "Activate your account",
      body: (name, username, link) =>
        `Hello ${name},\n\nYour account ${username} is ready. To choose your password and sign in for the first time, open this link within 14 days:\n\n${link}\n\nThe link works once.`,
    },
    fr: {
      subject: "Activez votre compte",
      body: (name, username, link) =>
        `Bonjour ${name},\n\nVotre compte ${username} est prêt. Pour choisir votre mot de passe et vous connecter une première fois, ouvrez ce lien dans les 14 jours :\n\n${link}\n\nLe lien ne fonctionne qu’une fois.`,
    },
  },
};

const LINK_PATH: Record<Purpose, string> = {
  password_recovery: "/recover-password/",
  account_activation: "/activate-account/",
};

/**
 * Creates a link for a user and queues its e-mail, unless the user was already sent
 * LINK_EMAILS_PER_HOUR links in the last hour. Answers whether it was queued.
 */
export async function sendLink(db: Db, user: LinkUser, purpose: Purpose, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Serialises concurrent requests for the same user, so the hourly limit holds.
    await tx.query("SELECT id FROM users WHERE id = $1 FOR UPDATE", [user.id]);
    const recent = await tx.one<{ count: number }>(
      "SELECT count(*)::int AS count FROM account_tokens WHERE user_id = $1 AND created_at > $2",
      [user.id, new Date(now.getTime() - 3_600_000)],
    );
    if ((recent?.count ?? 0) >= LINK_EMAILS_PER_HOUR) return false;
    const token = newSecret();
    const lifetime = purpose === "password_recovery" ? RECOVERY_LINK_MINUTES * 60_000 : ACTIVATION_LINK_DAYS * 86_400_000;
    await tx.query("INSERT INTO account_tokens (user_id, purpose, token_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)", [
      user.id,
      purpose,
      hashSecret(token),
      now,
      new Date(now.getTime() + lifetime),
    ]);
    const linkPath = LINK_PATH[purpose] + token;
    const email = EMAILS[purpose][user.preferred_language];
    await tx.query(
      `INSERT INTO email_outbox (to_address, template, language, subject, body_text, link_path, user_id, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        user.username,
        purpose,
        user.preferred_language,
        email.subject,
        email.body(user.first_name, user.username, `{{portal_url}}${linkPath}`),
        linkPath,
        user.id,
        now,
      ],
    );
    return true;
  });
}

/** Ends everything signed in as the user: portal sessions and client access tokens. */
async function endSessions(tx: Db, userId: number, now: Date) {
  await tx.query("UPDATE auth_sessions SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL", [userId, now]);
  await tx.query("UPDATE oauth_access_tokens SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL", [userId, now]);
}

export function authFlowRoutes(ctx: ServiceContext): Router {
  const router = Router();

  router.post(
    "/auth/forgot-password",
    route(async (req, res) => {
      const { username } = parseInput(ForgotPasswordRequest, req.body ?? {});
      const user = await ctx.db.one<LinkUser>(
        "SELECT id, username, first_name, preferred_language, password_hash FROM users WHERE username = $1",
        [username.toLowerCase()],
      );
      if (user) {
        await sendLink(ctx.db, user, user.password_hash ? "password_recovery" : "account_activation", ctx.now());
      }
      // The same answer for every username, known or not (no account enumeration).
      res.json({ success: true });
    }),
  );

  jsonGet(router, "/auth/recover-password/:token", async (req) => {
    const link = await findLink(ctx.db, "password_recovery", req.params.token);
    if (!link) throw notFound("Link");
    const status = linkStatus(link, "password_recovery", ctx.now());
    const answer: RecoveryLinkAnswer = {
      status,
      username: status === "valid" ? maskUsername(link.username) : null,
      expires_at: status === "valid" ? link.expires_at.toISOString() : null,
    };
    return answer;
  });

  router.post(
    "/auth/recover-password/:token",
    route(async (req, res) => {
      const token = req.params.token;
      const link = await findLink(ctx.db, "password_recovery", token);
      if (!link) throw notFound("Link");
      const status = linkStatus(link, "password_recovery", ctx.now());
      if (status !== "valid") throw unprocessable({ token: [`token.${status}`] }, `The link was already ${status}`);
      const input = parseInput(RecoverPasswordRequest, req.body ?? {});
      const newPassword = input.new_password!;
      await ctx.db.transaction(async (tx) => {
        const now = ctx.now();
        const taken = await takeLink(tx, "password_recovery", token, now);
        if (await verifyPassword(newPassword, taken.password_hash)) {
          throw unprocessable({ new_password: ["new_password.same_as_current"] }, "The new password is the current one");
        }
        await tx.query("UPDATE users SET password_hash = $2 WHERE id = $1", [taken.user_id, await hashPassword(newPassword)]);
        await endSessions(tx, taken.user_id, now);
      });
      res.json({ success: true });
    }),
  );

  jsonGet(router, "/auth/activate-account/:token", async (req) => {
    const link = await findLink(ctx.db, "account_activation", req.params.token);
    if (!link) throw notFound("Link");
    const now = ctx.now();
    const status = linkStatus(link, "account_activation", now);
    const terms = await currentTerms(ctx.db, now.toISOString().slice(0, 10));
    const answer: ActivationLinkAnswer = {
      status,
      username: status === "valid" ? maskUsername(link.username) : null,
      first_name: status === "valid" ? link.first_name : null,
      expires_at: status === "valid" ? link.expires_at.toISOString() : null,
      terms: legalDocumentOf(terms, req.lang),
    };
    return answer;
  });

  router.post(
    "/auth/activate-account/:token",
    route(async (req, res) => {
      const token = req.params.token;
      const link = await findLink(ctx.db, "account_activation", token);
      if (!link) throw notFound("Link");
      const status = linkStatus(link, "account_activation", ctx.now());
      if (status !== "valid") throw unprocessable({ token: [`token.${status}`] }, `The link was already ${status}`);
      const input = parseInput(ActivateAccountRequest, req.body ?? {});
      const passwordHash = await hashPassword(input.new_password!);
      const userId = await ctx.db.transaction(async (tx) => {
        const now = ctx.now();
        const taken = await takeLink(tx, "account_activation", token, now);
        const terms = await currentTerms(tx, now.toISOString().slice(0, 10));
        await tx.query("UPDATE users SET password_hash = $2 WHERE id = $1", [taken.user_id, passwordHash]);
        await tx.query("UPDATE contacts SET status = 'activated' WHERE user_id = $1 AND status = 'pending_activation'", [taken.user_id]);
        await tx.query(
          `INSERT INTO terms_acceptances (user_id, document_id, accepted_at) VALUES ($1, $2, $3)
           ON CONFLICT (user_id, document_id) DO NOTHING`,
          [taken.user_id, terms.id, now],
        );
        return taken.user_id;
      });
      const answer: ActivateAccountAnswer = { success: true, ...(await ctx.tokens.issue(userId, clientOf(req, ctx.trustForwardedFrom))) };
      res.json(answer);
    }),
  );

  return router;
}
