/**
 * Signed unsubscribe links (docs/notifications.md): a JWT (HS256, jose) naming the user, the account and
 * the kind of mail, valid UNSUBSCRIBE_LINK_DAYS. Its key is derived by HKDF-SHA-256 from TWO_STEP_KEY's
 * material (the API's one configured server secret) with a purpose of its own, so it opens nothing else;
 * with several keys the first signs and every one verifies, as for two-step secrets
 * (docs/decisions/200-unsubscribe-links.md).
 */
import { hkdfSync } from "node:crypto";
import { SignJWT, jwtVerify } from "jose";
import { NotificationKind } from "../contract/notifications.ts";
import { parseKeyMaterial } from "./two-step-secrets.ts";

/** How long an unsubscribe link works after its mail was queued. */
export const UNSUBSCRIBE_LINK_DAYS = 365;
const TYP = "unsubscribe+jwt";

export interface UnsubscribeClaims {
  userId: number;
  customerId: number;
  kind: NotificationKind;
}

export class LinkSigner {
  private readonly keys: Uint8Array[];

  /** `material`: TWO_STEP_KEY's value (comma-separated keys, the first signs). */
  constructor(material: string) {
    this.keys = parseKeyMaterial(material).map(
      (key) => new Uint8Array(hkdfSync("sha256", key, "lakeshore-api", "unsubscribe-link-v1", 32)),
    );
  }

  /** A token for the link of a mail queued at `now`. */
  sign(claims: UnsubscribeClaims, now: Date): Promise<string> {
    const issued = Math.floor(now.getTime() / 1000);
    return new SignJWT({ cid: claims.customerId, kind: claims.kind })
      .setProtectedHeader({ alg: "HS256", typ: TYP })
      .setSubject(String(claims.userId))
      .setIssuedAt(issued)
      .setExpirationTime(issued + UNSUBSCRIBE_LINK_DAYS * 86_400)
      .sign(this.keys[0]);
  }

  /** The claims of a token one of the keys signed and that has not expired at `now`; else null. */
  async verify(token: string, now: Date): Promise<UnsubscribeClaims | null> {
    for (const key of this.keys) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ["HS256"],
          typ: TYP,
          currentDate: now,
          requiredClaims: ["sub", "exp"],
        });
        const userId = Number(payload.sub);
        const customerId = Number(payload.cid);
        const kind = NotificationKind.safeParse(payload.kind);
        if (!Number.isSafeInteger(userId) || !Number.isSafeInteger(customerId) || !kind.success) return null;
        return { userId, customerId, kind: kind.data };
      } catch {
        // Another key, or not ours at all.
      }
    }
    return null;
  }
}
