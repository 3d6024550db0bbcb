/**
 * The authenticator secrets of two-step verification, sealed at rest: AES-256-GCM (node:crypto) with a
 * key derived by HKDF-SHA-256 from TWO_STEP_KEY, the user's id as additional data (a sealed secret
 * copied to another user's row does not open), a random 96-bit IV per seal. Stored as
 * `v1.<key id>.<iv>.<tag>.<ciphertext>` (base64url): the database never holds the base32 secret.
 *
 * Several keys, comma-separated, rotate: the first seals, every one still opens (the key id says
 * which); a secret opened with an older key is sealed again with the first when it is next used.
 *
 * Where the key comes from (`twoStepKeyMaterial`): TWO_STEP_KEY when set; unset, development and tests
 * use a fixed development key, and production refuses to start, except the embedded demo (server.ts,
 * PGlite or DATABASE_URL), which generates a key once and keeps it in DATA_DIR like its session secret
 * (docs/decisions/190-two-step-secrets-at-rest.md).
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Development and tests only: a key everyone can read protects nothing. */
export const DEVELOPMENT_TWO_STEP_KEY = "development-only-two-step-key-not-for-production";

/** The shortest key material accepted (characters), as for SESSION_SECRET. */
export const TWO_STEP_KEY_MIN_LENGTH = 32;

/** The file of the embedded demo's generated key, in DATA_DIR. */
export const TWO_STEP_KEY_FILE = "two-step-key";

const VERSION = "v1";

interface SealingKey {
  id: string;
  key: Buffer;
}

const keyOf = (material: string): SealingKey => ({
  id: createHash("sha256").update(`kid:${material}`).digest("base64url").slice(0, 12),
  key: Buffer.from(hkdfSync("sha256", material, "lakeshore-api", "two-step-secret-v1", 32)),
});

/** Comma-separated key material, each at least TWO_STEP_KEY_MIN_LENGTH characters: the first seals. */
export function parseKeyMaterial(value: string): string[] {
  const keys = value
    .split(",")
    .map((key) => key.trim())
    .filter(Boolean);
  if (!keys.length || keys.some((key) => key.length < TWO_STEP_KEY_MIN_LENGTH)) {
    throw new Error(`TWO_STEP_KEY: every key must be at least ${TWO_STEP_KEY_MIN_LENGTH} characters`);
  }
  return keys;
}

export class SecretBox {
  private readonly keys: SealingKey[];

  /** `material`: TWO_STEP_KEY's value (comma-separated keys, the first seals). */
  constructor(material: string) {
    this.keys = parseKeyMaterial(material).map(keyOf);
  }

  /** Seals a user's secret with the first key. */
  seal(secret: string, userId: number): string {
    const [current] = this.keys;
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", current.key, iv);
    cipher.setAAD(Buffer.from(`user:${userId}`));
    const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
    return [VERSION, current.id, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), sealed.toString("base64url")].join(
      ".",
    );
  }

  /**
   * The secret, and whether it was sealed with the first key (else it should be sealed again); null
   * when no key opens it (another key, another user's row, changed bytes).
   */
  open(sealed: string, userId: number): { secret: string; current: boolean } | null {
    const [version, id, iv, tag, data] = sealed.split(".");
    const index = this.keys.findIndex((key) => key.id === id);
    if (version !== VERSION || index === -1 || !iv || !tag || data === undefined) return null;
    try {
      const decipher = createDecipheriv("aes-256-gcm", this.keys[index].key, Buffer.from(iv, "base64url"));
      decipher.setAAD(Buffer.from(`user:${userId}`));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      const secret = Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
      return { secret, current: index === 0 };
    } catch {
      return null;
    }
  }
}

export class TwoStepKeyMissing extends Error {}

/**
 * TWO_STEP_KEY's material for a process: the variable when set; unset, the development key outside
 * production; in production, the embedded demo's key kept in `dataDir` (created when missing, and the
 * development key after it, so that a demo database first seeded in development still opens), or, for
 * an API without a demo data directory (`embeddedDemo` false), a refusal to start.
 */
export function twoStepKeyMaterial(options: {
  configured: string | undefined;
  production: boolean;
  embeddedDemo: boolean;
  dataDir: string;
}): string {
  const { configured, production, embeddedDemo, dataDir } = options;
  if (configured) return configured;
  const file = path.resolve(dataDir, TWO_STEP_KEY_FILE);
  if (!production) {
    // A data directory a production demo ran on keeps the key its secrets were sealed with.
    return existsSync(file) ? `${DEVELOPMENT_TWO_STEP_KEY},${readFileSync(file, "utf8").trim()}` : DEVELOPMENT_TWO_STEP_KEY;
  }
  if (!embeddedDemo) throw new TwoStepKeyMissing("TWO_STEP_KEY is required in production (the key that seals two-step secrets)");
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(48).toString("base64url"), { mode: 0o600 });
  }
  return `${readFileSync(file, "utf8").trim()},${DEVELOPMENT_TWO_STEP_KEY}`;
}
