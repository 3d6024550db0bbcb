/**
 * `npm run two-step:off -- <username>` (scripts/two-step-off.ts), run as support runs it, on a database
 * of its own (a PGlite directory made from the seeded one, or a PostgreSQL database from the template):
 * it turns the customer's two-step verification off and ends their sessions, says so, and answers by its
 * exit status when there was nothing to do.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { openDb, type Db } from "../../api/db/client.ts";
import { DEMO_TWO_STEP } from "../../api/db/seed/index.ts";
import { TEMPLATE_DATABASE, adminUrl } from "./support/constants.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
let env: Record<string, string>;
let cleanup: () => Promise<void>;

/** A database of the script's own, and the environment that points it there. */
beforeAll(async () => {
  const source = inject("apiDatabase");
  if (source.kind === "pglite") {
    const dir = mkdtempSync(path.join(tmpdir(), "two-step-off-"));
    const db = await openDb({ dataDir: dir, loadDataDir: new Blob([readFileSync(source.dumpPath)]) });
    await db.close();
    env = { DATA_DIR: dir, DATABASE_URL: "" };
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
    return;
  }
  const name = `portal_two_step_off_${randomBytes(6).toString("hex")}`;
  const admin = await openDb({ databaseUrl: adminUrl(source.url) });
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
  const url = new URL(source.url);
  url.pathname = `/${name}`;
  env = { DATABASE_URL: url.toString() };
  cleanup = async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.close();
  };
}, 60_000);
afterAll(() => cleanup?.());

async function run(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/two-step-off.ts", ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env, LOG_LEVEL: "silent" },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** Reads the script's database after it ran (PGlite: one process at a time, so only between runs). */
async function withDb<T>(read: (db: Db) => Promise<T>): Promise<T> {
  const db = await openDb({ databaseUrl: env.DATABASE_URL || undefined, dataDir: env.DATA_DIR });
  try {
    return await read(db);
  } finally {
    await db.close();
  }
}

describe("npm run two-step:off", () => {
  it("turns it off for the customer named, ends their sessions, and says so", async () => {
    await withDb((db) =>
      db.query(
        "INSERT INTO auth_sessions (id, user_id, refresh_token_hash, expires_at) VALUES ('support-test', $1, $2, now() + interval '1 day')",
        [DEMO_TWO_STEP.userId, "f".repeat(64)],
      ),
    );
    const { code, stdout } = await run(DEMO_TWO_STEP.username);
    expect(code).toBe(0);
    expect(stdout).toContain(`Two-step verification of ${DEMO_TWO_STEP.username} is off`);
    const after = await withDb(async (db) => ({
      secret: await db.one("SELECT 1 FROM two_step_secrets WHERE user_id = $1", [DEMO_TWO_STEP.userId]),
      codes: await db.one("SELECT 1 FROM two_step_recovery_codes WHERE user_id = $1", [DEMO_TWO_STEP.userId]),
      live: await db.one("SELECT 1 FROM auth_sessions WHERE user_id = $1 AND revoked_at IS NULL", [DEMO_TWO_STEP.userId]),
    }));
    expect(after).toEqual({ secret: undefined, codes: undefined, live: undefined });
  }, 60_000);

  it("changes nothing for a customer without it (exit 1), an unknown name or none (exit 2)", async () => {
    const without = await run("resi@example.com");
    expect(without.code).toBe(1);
    expect(without.stdout).toContain("resi@example.com did not have two-step verification on: nothing changed.");
    const unknown = await run("nobody@example.com");
    expect(unknown.code).toBe(2);
    expect(unknown.stdout).toContain("No sign-in is named nobody@example.com");
    const none = await run();
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("Usage: npm run two-step:off -- <username>");
  }, 60_000);
});
