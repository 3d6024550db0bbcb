/**
 * Access tokens (JWT, HS256, claims sub, sid, exp) and refresh tokens (opaque, stored hashed).
 * Signing out revokes the session row, which ends its access tokens at once as well.
 *
 * Refresh tokens rotate: each use answers a new one and retires the old. A retired token presented
 * again is treated as stolen and ends the session (both the thief's and the owner's copies stop
 * working), except within REFRESH_GRACE_SECONDS of its rotation, when it answers the same successor:
 * two requests of one browser that renewed at the same moment must not sign the customer out. The
 * successor is derived from the token (HMAC), so the answer in the grace is the same without storing
 * any token in clear.
 */
import { createHash, createHmac, randomBytes, randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { SignJWT, jwtVerify } from "jose";
import type { Db } from "../db/client.ts";
import { databaseUnavailable } from "../db/client.ts";
import { KeptReads } from "../db/kept-reads.ts";
import { logEvent } from "#common/logger";
import { TWO_STEP_TOKEN_SECONDS } from "../contract/auth.ts";
import { recordActivity } from "./activity-log.ts";
import { networkOf } from "./network.ts";

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_DAYS = 30;
export const REFRESH_GRACE_SECONDS = 30;

/** Who asks for a session: the browser's User-Agent and the client's address (as the API trusts it, http.ts clientOf). */
export interface SessionClient {
  userAgent?: string | null;
  address?: string | null;
}

/** The longest User-Agent kept (browsers send 100 to 300 characters). */
const USER_AGENT_MAX = 512;

export interface TokenPair {
  token: string;
  refresh_token: string;
}

/** What a two-step token says: whose password was right, and the state of their sign-in it was issued for. */
export interface TwoStepClaims {
  userId: number;
  binding: string;
}

/** The JWT type of two-step tokens: access-token checks refuse it (another key, too). */
const TWO_STEP_TYP = "two-step+jwt";

export interface AccessClaims {
  userId: number;
  sessionId: string;
}

/** An account the signed-in user is an activated contact of, as authentication loads it. */
export interface PrincipalAccount {
  customer_id: number;
  contact_id: number;
  roles: ("authoritative" | "billing" | "notify" | "support")[];
  contract_name: string;
  is_residential: boolean;
  is_billing_authoritative: boolean;
  credit_card_allowed: boolean;
}

/** The signed-in user of a request: their session is live; their username and accounts, read with it. */
export interface Principal extends AccessClaims {
  username: string;
  /**
   * By contract name, then id; null for a user with more than PRINCIPAL_ACCOUNTS_MAX (a business contact's
   * hundreds), whose calls read the one account they name (http.ts `requireCustomer`).
   */
  accounts: PrincipalAccount[] | null;
}

/**
 * Accounts the session check reads with the session at most: the usual user's calls need no statement of
 * their own for authorization, and a contact of hundreds does not read them all on every call.
 */
export const PRINCIPAL_ACCOUNTS_MAX = 20;

type PrincipalRow = { username: string } & { [K in keyof PrincipalAccount]: PrincipalAccount[K] | null };

const hash = (value: string) => createHash("sha256").update(value).digest("hex");

/** Access tokens whose signature was checked, kept so that the next request with one skips the HMAC. */
const VERIFIED_TOKENS_KEPT = 10_000;

/** The request's bearer token (Authorization: Bearer …), if it sent one. */
export const bearerOf = (req: IncomingMessage): string | undefined => /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "")?.[1];

/**
 * SQL: the session (id, user) exists, was not signed out and has not expired at `now`; the parameters
 * are placeholders of the caller's statement ("$1"…).
 */
export function liveSession(sessionId: string, userId: string, now: string): string {
  return `EXISTS (SELECT 1 FROM auth_sessions WHERE id = ${sessionId} AND user_id = ${userId} AND revoked_at IS NULL AND expires_at > ${now})`;
}

export class Tokens {
  private readonly key: Uint8Array;
  /** Signs two-step tokens only: derived from the secret, so no two-step token passes as an access token. */
  private readonly twoStepKey: Uint8Array;
  /** The verification key, imported once (importing it on every check cost as much as the check). */
  private readonly verifyKey: Promise<CryptoKey>;
  /** Tokens with a good signature (same bytes, same key): their claims and expiry. */
  private readonly verified = new Map<string, AccessClaims & { exp: number }>();
  /** The session check's rows, kept until the next write (PGlite: ../db/kept-reads.ts); signing out is one. */
  private readonly sessions: KeptReads<PrincipalRow[]>;

  constructor(
    private readonly db: Db,
    secret: string,
    private readonly now: () => Date,
  ) {
    this.key = new TextEncoder().encode(secret);
    this.twoStepKey = new Uint8Array(createHmac("sha256", this.key).update("two-step-token-v1").digest());
    this.sessions = new KeptReads<PrincipalRow[]>(db, now);
    this.verifyKey = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
  }

  /** Signature, algorithm and expiry of an access token (jose), remembered per token until it expires. */
  private async claimsOf(token: string): Promise<AccessClaims | null> {
    const nowSeconds = Math.floor(this.now().getTime() / 1000);
    let claims = this.verified.get(token);
    if (!claims) {
      const { payload } = await jwtVerify(token, await this.verifyKey, { algorithms: ["HS256"], currentDate: this.now() });
      const userId = Number(payload.sub);
      const sessionId = typeof payload.sid === "string" ? payload.sid : "";
      if (!Number.isInteger(userId) || !sessionId || typeof payload.exp !== "number") return null;
      claims = { userId, sessionId, exp: payload.exp };
      if (this.verified.size >= VERIFIED_TOKENS_KEPT) this.verified.clear();
      this.verified.set(token, claims);
    }
    // As jose checks it: expired from the second of `exp` on.
    if (claims.exp <= nowSeconds) return null;
    return { userId: claims.userId, sessionId: claims.sessionId };
  }

  private async sign(userId: number, sessionId: string): Promise<string> {
    const issuedAt = Math.floor(this.now().getTime() / 1000);
    return new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(String(userId))
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ACCESS_TOKEN_SECONDS)
      .sign(this.key);
  }

  /**
   * Starts a session for a user who just proved who they are, with the browser and network it was
   * asked from. A browser and network this user never signed in from before is a "new device": an
   * event in the activity log of each of their accounts, in the same transaction as the session.
   */
  async issue(userId: number, client: SessionClient = {}): Promise<TokenPair> {
    const sessionId = randomUUID();
    const refreshToken = randomBytes(32).toString("base64url");
    const now = this.now();
    const expires = new Date(now.getTime() + REFRESH_TOKEN_DAYS * 86_400_000);
    const userAgent = client.userAgent?.trim().slice(0, USER_AGENT_MAX) || null;
    const network = networkOf(client.address);
    await this.db.transaction(async (tx) => {
      const seen = userAgent
        ? await tx.one("SELECT 1 FROM auth_sessions WHERE user_id = $1 AND user_agent = $2 AND network IS NOT DISTINCT FROM $3 LIMIT 1", [
            userId,
            userAgent,
            network,
          ])
        : true;
      await tx.query(
        `INSERT INTO auth_sessions (id, user_id, refresh_token_hash, created_at, expires_at, user_agent, network, last_seen_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $4)`,
        [sessionId, userId, hash(refreshToken), now, expires, userAgent, network],
      );
      if (!seen) {
        const accounts = await tx.query<{ customer_id: number }>(
          "SELECT customer_id FROM contacts WHERE user_id = $1 AND status = 'activated'",
          [userId],
        );
        for (const { customer_id } of accounts) {
          await recordActivity(tx, now, customer_id, userId, "new_device_sign_in", {
            user_agent: userAgent!,
            ...(network ? { network } : {}),
          });
        }
      }
    });
    return { token: await this.sign(userId, sessionId), refresh_token: refreshToken };
  }

  /**
   * A two-step token (two-step.ts): the user's password was right, a code must follow within
   * TWO_STEP_TOKEN_SECONDS. `binding` names the state it is for (password and secret): a change of
   * either ends it. It opens nothing but POST /auth/two-step.
   */
  async signTwoStep(userId: number, binding: string): Promise<string> {
    const issuedAt = Math.floor(this.now().getTime() / 1000);
    return new SignJWT({ purpose: "two-step", bnd: binding })
      .setProtectedHeader({ alg: "HS256", typ: TWO_STEP_TYP })
      .setSubject(String(userId))
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + TWO_STEP_TOKEN_SECONDS)
      .sign(this.twoStepKey);
  }

  /** The claims of a live two-step token, or null (expired, changed, an access token, anything else). */
  async verifyTwoStep(token: string): Promise<TwoStepClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.twoStepKey, {
        algorithms: ["HS256"],
        typ: TWO_STEP_TYP,
        currentDate: this.now(),
      });
      const userId = Number(payload.sub);
      if (payload.purpose !== "two-step" || !Number.isInteger(userId) || typeof payload.bnd !== "string") return null;
      return { userId, binding: payload.bnd };
    } catch {
      return null;
    }
  }

  private successorOf(refreshToken: string): string {
    return createHmac("sha256", this.key).update(`refresh:${refreshToken}`).digest("base64url");
  }

  /**
   * A new access token and a new refresh token for a live refresh token, which is retired. A retired
   * one answers the same successor during the grace, and past it ends the session (null).
   */
  async refresh(refreshToken: string, client: SessionClient = {}): Promise<TokenPair | null> {
    const now = this.now();
    const network = networkOf(client.address);
    const presented = hash(refreshToken);
    const successor = this.successorOf(refreshToken);
    const rotated = await this.db.transaction(async (tx) => {
      const row = await tx.one<{ id: string; user_id: number }>(
        `UPDATE auth_sessions SET refresh_token_hash = $3, rotated_at = $2, last_seen_at = $2, network = coalesce($4, network)
          WHERE refresh_token_hash = $1 AND revoked_at IS NULL AND expires_at > $2
          RETURNING id, user_id`,
        [presented, now, hash(successor), network],
      );
      if (row) {
        await tx.query("INSERT INTO auth_refresh_history (refresh_token_hash, session_id, rotated_at) VALUES ($1, $2, $3)", [
          presented,
          row.id,
          now,
        ]);
      }
      return row;
    });
    if (rotated) return { token: await this.sign(rotated.user_id, rotated.id), refresh_token: successor };

    const retired = await this.db.one<{ session_id: string; user_id: number; rotated_at: Date; current: string; live: boolean }>(
      `SELECT h.session_id, s.user_id, h.rotated_at, s.refresh_token_hash AS current,
              (s.revoked_at IS NULL AND s.expires_at > $2) AS live
         FROM auth_refresh_history h JOIN auth_sessions s ON s.id = h.session_id
        WHERE h.refresh_token_hash = $1`,
      [presented, now],
    );
    if (!retired || !retired.live) return null;
    const withinGrace = now.getTime() - new Date(retired.rotated_at).getTime() <= REFRESH_GRACE_SECONDS * 1000;
    if (withinGrace && retired.current === hash(successor)) {
      return { token: await this.sign(retired.user_id, retired.session_id), refresh_token: successor };
    }
    // Presented after its rotation: someone else holds a copy. End the session for everyone.
    await this.revoke(retired.session_id);
    logEvent("api.refresh-token-reused", { sessionId: retired.session_id });
    return null;
  }

  /**
   * Signature and expiry only, for a caller that checks the session in its own statement with
   * liveSession() (GET /revision: one statement per call instead of two).
   */
  async claims(token: string): Promise<AccessClaims | null> {
    try {
      return await this.claimsOf(token);
    } catch {
      return null;
    }
  }

  /** Verifies signature, expiry and that the session was not signed out. */
  async verify(token: string): Promise<AccessClaims | null> {
    try {
      const claims = await this.claimsOf(token);
      if (!claims) return null;
      const { userId, sessionId } = claims;
      const live = await this.db.one(`SELECT 1 WHERE ${liveSession("$1", "$2", "$3")}`, [sessionId, userId, this.now()]);
      return live ? { userId, sessionId } : null;
    } catch (error) {
      // A database that does not answer is not a signed-out session: the request answers 503, not 401.
      if (databaseUnavailable(error)) throw error;
      return null;
    }
  }

  /**
   * verify() and, in the same statement, what nearly every call needs next: the user's username and the
   * accounts they are an activated contact of (with their roles), so that authorization and the account
   * list cost no query of their own; for more than PRINCIPAL_ACCOUNTS_MAX accounts, none.
   */
  async principal(token: string): Promise<Principal | null> {
    try {
      const claims = await this.claimsOf(token);
      if (!claims) return null;
      const rows = await this.sessions.read(`${claims.sessionId}:${claims.userId}`, () =>
        this.db.query<PrincipalRow>(
          // One account more than kept tells that there are more (then none is kept).
          `SELECT u.username, c.customer_id, c.id AS contact_id, c.roles, cu.contract_name, cu.is_residential,
                cu.is_billing_authoritative, cu.credit_card_allowed
           FROM auth_sessions s
           JOIN users u ON u.id = s.user_id
           LEFT JOIN LATERAL (SELECT id, customer_id, roles FROM contacts WHERE user_id = s.user_id AND status = 'activated'
                               LIMIT ${PRINCIPAL_ACCOUNTS_MAX + 1}) c ON true
           LEFT JOIN customers cu ON cu.id = c.customer_id
          WHERE s.id = $1 AND s.user_id = $2 AND s.revoked_at IS NULL AND s.expires_at > $3
          ORDER BY cu.contract_name, cu.id`,
          [claims.sessionId, claims.userId, this.now()],
        ),
      );
      if (!rows.length) return null;
      const accounts =
        rows.length > PRINCIPAL_ACCOUNTS_MAX
          ? null
          : rows
              .filter((row) => row.customer_id !== null && row.contract_name !== null)
              .map(({ username: _, ...account }) => account as PrincipalAccount);
      return { ...claims, username: rows[0].username, accounts };
    } catch (error) {
      if (databaseUnavailable(error)) throw error;
      return null;
    }
  }

  async revoke(sessionId: string): Promise<void> {
    await this.db.query("UPDATE auth_sessions SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL", [sessionId, this.now()]);
  }
}
