/**
 * Access tokens (JWT, HS256, claims sub, sid, exp) and refresh tokens (opaque, stored hashed).
 * Signing out revokes the session row, which ends its access tokens at once as well.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { SignJWT, jwtVerify } from "jose";
import type { Db } from "../db/client.ts";

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_DAYS = 30;

export interface TokenPair {
  token: string;
  refresh_token: string;
}

export interface AccessClaims {
  userId: number;
  sessionId: string;
}

const hash = (value: string) => createHash("sha256").update(value).digest("hex");

export class Tokens {
  private readonly key: Uint8Array;

  constructor(
    private readonly db: Db,
    secret: string,
    private readonly now: () => Date,
  ) {
    this.key = new TextEncoder().encode(secret);
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

  /** Starts a session for a user who just proved who they are. */
  async issue(userId: number): Promise<TokenPair> {
    const sessionId = randomUUID();
    const refreshToken = randomBytes(32).toString("base64url");
    const expires = new Date(this.now().getTime() + REFRESH_TOKEN_DAYS * 86_400_000);
    await this.db.query("INSERT INTO auth_sessions (id, user_id, refresh_token_hash, expires_at) VALUES ($1, $2, $3, $4)", [
      sessionId,
      userId,
      hash(refreshToken),
      expires,
    ]);
    return { token: await this.sign(userId, sessionId), refresh_token: refreshToken };
  }

  /** A new access token for a live refresh token; the refresh token itself stays valid. */
  async refresh(refreshToken: string): Promise<TokenPair | null> {
    const row = await this.db.one<{ id: string; user_id: number }>(
      `SELECT id, user_id FROM auth_sessions
        WHERE refresh_token_hash = $1 AND revoked_at IS NULL AND expires_at > $2`,
      [hash(refreshToken), this.now()],
    );
    if (!row) return null;
    return { token: await this.sign(row.user_id, row.id), refresh_token: refreshToken };
  }

  /** Verifies signature, expiry and that the session was not signed out. */
  async verify(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ["HS256"],
        currentDate: this.now(),
      });
      const userId = Number(payload.sub);
      const sessionId = typeof payload.sid === "string" ? payload.sid : "";
      if (!Number.isInteger(userId) || !sessionId) return null;
      const live = await this.db.one(
        "SELECT 1 FROM auth_sessions WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL AND expires_at > $3",
        [sessionId, userId, this.now()],
      );
      return live ? { userId, sessionId } : null;
    } catch {
      return null;
    }
  }

  async revoke(sessionId: string): Promise<void> {
    await this.db.query("UPDATE auth_sessions SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL", [sessionId, this.now()]);
  }
}
