/**
 * Two-step secrets at rest (api/service/two-step-secrets.ts): sealed with AES-256-GCM under TWO_STEP_KEY,
 * bound to their user, rotated by listing keys; and where the key comes from in each kind of process.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  DEVELOPMENT_TWO_STEP_KEY,
  SecretBox,
  TWO_STEP_KEY_FILE,
  TwoStepKeyMissing,
  twoStepKeyMaterial,
} from "../../api/service/two-step-secrets.ts";

const OLD = "an-older-two-step-key-of-at-least-32-characters";
const NEW = "the-current-two-step-key-of-at-least-32-characters";
const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

describe("SecretBox", () => {
  it("seals a secret so that neither it nor its bytes show, and opens it for its user only", () => {
    const box = new SecretBox(NEW);
    const sealed = box.seal(SECRET, 7);
    expect(sealed).toMatch(/^v1\.[\w-]{12}\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain(SECRET);
    expect(sealed).not.toContain(Buffer.from(SECRET).toString("base64url").slice(0, 12));
    expect(box.seal(SECRET, 7)).not.toBe(sealed);
    expect(box.open(sealed, 7)).toEqual({ secret: SECRET, current: true });
    // Moved to another user's row, it does not open.
    expect(box.open(sealed, 8)).toBeNull();
  });

  it("refuses changed bytes and another key", () => {
    const sealed = new SecretBox(NEW).seal(SECRET, 7);
    const parts = sealed.split(".");
    const data = Buffer.from(parts[4], "base64url");
    data[0] ^= 1;
    parts[4] = data.toString("base64url");
    expect(new SecretBox(NEW).open(parts.join("."), 7)).toBeNull();
    expect(new SecretBox(OLD).open(sealed, 7)).toBeNull();
    expect(new SecretBox(NEW).open("not sealed", 7)).toBeNull();
  });

  it("rotates: the first key seals, older ones still open (and say they are older)", () => {
    const sealedWithOld = new SecretBox(OLD).seal(SECRET, 7);
    const rotated = new SecretBox(`${NEW}, ${OLD}`);
    expect(rotated.open(sealedWithOld, 7)).toEqual({ secret: SECRET, current: false });
    expect(rotated.open(rotated.seal(SECRET, 7), 7)).toEqual({ secret: SECRET, current: true });
    expect(new SecretBox(NEW).open(rotated.seal(SECRET, 7), 7)).toEqual({ secret: SECRET, current: true });
  });

  it("refuses key material shorter than 32 characters", () => {
    expect(() => new SecretBox("short")).toThrow("at least 32 characters");
    expect(() => new SecretBox(`${NEW},short`)).toThrow("at least 32 characters");
  });
});

describe("twoStepKeyMaterial", () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });
  const dataDir = () => (dir = mkdtempSync(path.join(tmpdir(), "two-step-key-")));

  it("is TWO_STEP_KEY when set, in every kind of process", () => {
    for (const production of [true, false]) {
      for (const embeddedDemo of [true, false]) {
        expect(twoStepKeyMaterial({ configured: NEW, production, embeddedDemo, dataDir: dataDir() })).toBe(NEW);
      }
    }
  });

  it("is the development key outside production", () => {
    const at = dataDir();
    expect(twoStepKeyMaterial({ configured: undefined, production: false, embeddedDemo: true, dataDir: at })).toBe(
      DEVELOPMENT_TWO_STEP_KEY,
    );
    expect(existsSync(path.join(at, TWO_STEP_KEY_FILE))).toBe(false);
  });

  it("refuses to start an API in production without it", () => {
    expect(() => twoStepKeyMaterial({ configured: undefined, production: true, embeddedDemo: false, dataDir: dataDir() })).toThrow(
      TwoStepKeyMissing,
    );
  });

  it("for the production demo, is a key generated once in DATA_DIR, then the development key (a demo seeded in development opens)", () => {
    const at = dataDir();
    const first = twoStepKeyMaterial({ configured: undefined, production: true, embeddedDemo: true, dataDir: at });
    const kept = readFileSync(path.join(at, TWO_STEP_KEY_FILE), "utf8");
    expect(first).toBe(`${kept},${DEVELOPMENT_TWO_STEP_KEY}`);
    expect(kept.length).toBeGreaterThanOrEqual(32);
    expect(twoStepKeyMaterial({ configured: undefined, production: true, embeddedDemo: true, dataDir: at })).toBe(first);
    const sealedInDevelopment = new SecretBox(DEVELOPMENT_TWO_STEP_KEY).seal(SECRET, 3);
    expect(new SecretBox(first).open(sealedInDevelopment, 3)?.secret).toBe(SECRET);
    // Back in development on the same directory, what production sealed still opens.
    const development = twoStepKeyMaterial({ configured: undefined, production: false, embeddedDemo: true, dataDir: at });
    expect(new SecretBox(development).open(new SecretBox(first).seal(SECRET, 3), 3)?.secret).toBe(SECRET);
  });
});
