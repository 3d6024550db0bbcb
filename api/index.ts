/**
 * Starts the reference API: opens the database (PGlite under dataDir, or DATABASE_URL), applies
 * migrations, seeds the demo on first start, and answers an Express router to mount at /api/v1.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Router } from "express";
import { openDb, type Db, type OpenDbOptions } from "./db/client.ts";
import { migrate } from "./db/migrate.ts";
import { isSeeded, seedDemo } from "./db/seed/index.ts";
import { createApiRouter } from "./service/index.ts";
import { SignInLimiter, type SignInSettings } from "#common/sign-in-limits";
import { LOOPBACK } from "./service/context.ts";
import { DiskFileStore } from "./service/file-store.ts";
import { moveContentsToStore } from "./service/files.ts";
import { Tokens } from "./service/tokens.ts";
import { LinkSigner } from "./service/notify-links.ts";
import { DEVELOPMENT_TWO_STEP_KEY, SecretBox } from "./service/two-step-secrets.ts";
import { SETTLE_INTERVAL_MS, startSettling } from "./service/settle.ts";
import { ROUTER_RESTART_SECONDS } from "./contract/router-restart.ts";
import { startMailRelay, type MailRelayOptions } from "./service/mail-relay.ts";

export interface ApiOptions extends OpenDbOptions {
  /** Seed the demo data into an empty database (default true). */
  seed?: boolean;
  /** Signing key of access tokens; by default one is generated once and kept in the database. */
  jwtSecret?: string;
  /** The service clock (tests). */
  now?: () => Date;
  /** An already open database (tests). */
  db?: Db;
  /**
   * The sign-in limits of the token endpoint: the portal's own model when the portal embeds the API
   * (server.ts), else one of the service's own, built from `limits` (defaults: DEFAULT_SIGN_IN_SETTINGS,
   * counters in memory).
   */
  signIn?: SignInLimiter;
  limits?: Partial<SignInSettings>;
  /** Peers whose X-Forwarded-For names the client (default: loopback). */
  trustForwardedFrom?: string[];
  /**
   * TWO_STEP_KEY's material, which seals two-step secrets (comma-separated keys, the first seals):
   * `twoStepKeyMaterial` of two-step-secrets.ts; the development key by default (tests).
   */
  twoStepKey?: string;
  /**
   * Whether development-only endpoints answer (GET /dev/outbox): by default, when NODE_ENV is not
   * "production" (docs/notifications.md).
   */
  devEndpoints?: boolean;
  /** How long a router restart takes, in seconds (default ROUTER_RESTART_SECONDS of the contract, 120). */
  routerRestartSeconds?: number;
  /** How often the process settles what time made due (pauses, pending payments, PAD states); default 60 s. */
  settleIntervalMs?: number;
  /**
   * Where uploaded files are kept: `<dataDir>/uploads` by default (PGlite and PostgreSQL alike); without
   * a dataDir (tests), a temporary directory removed on close.
   */
  filesDir?: string;
  /** Send the outbox through SMTP (api/service/mail-relay.ts); without it, mail stays in the table. */
  mail?: Pick<MailRelayOptions, "smtpUrl" | "from" | "portalUrl" | "intervalMs">;
}

/** Incoming files older than this at start were left by a process that stopped mid-upload. */
const STALE_INCOMING_MS = 60 * 60_000;

export interface ApiService {
  router: Router;
  db: Db;
  /** The store of uploaded files. */
  files: DiskFileStore;
  /** What start-up did, for logs and the benchmark. */
  startup: { migrations: string[]; seeded: boolean; milliseconds: number };
  /** Settles what came due now (the job also runs at start and every settleIntervalMs). */
  settle(): Promise<unknown>;
  /** Sends the outbox's due mail now (with `mail`): how many were sent; 0 without a relay. */
  sendMail(): Promise<number>;
  close(): Promise<void>;
}

export async function startApi(options: ApiOptions = {}): Promise<ApiService> {
  const started = performance.now();
  const now = options.now ?? (() => new Date());
  // A key that does not parse stops the start, before the database is opened.
  const twoStepSecrets = new SecretBox(options.twoStepKey ?? DEVELOPMENT_TWO_STEP_KEY);
  // Unsubscribe links are signed with a key of their own derived from the same material.
  const links = new LinkSigner(options.twoStepKey ?? DEVELOPMENT_TWO_STEP_KEY);
  const db = options.db ?? (await openDb(options));
  const migrations = await migrate(db);
  let seeded = false;
  if (options.seed !== false && !(await isSeeded(db))) {
    const at = now();
    await seedDemo(db, { today: at.toISOString().slice(0, 10), now: at, twoStepSecrets });
    seeded = true;
  }
  const secret = options.jwtSecret ?? (await settingOrCreate(db, "jwt_secret", () => randomBytes(32).toString("base64url")));
  const tokens = new Tokens(db, secret, now);
  // Served alone, the API keeps counters of its own: a portal in front of it (API_BASE_URL) counts in its own model.
  const signIn = options.signIn ?? new SignInLimiter(options.limits, { prefix: "api-sign-in" });
  const ownFilesDir = options.filesDir ?? (options.dataDir ? undefined : mkdtempSync(path.join(tmpdir(), "api-uploads-")));
  const files = new DiskFileStore(options.filesDir ?? ownFilesDir ?? path.resolve(options.dataDir!, "uploads"));
  await files.sweepIncoming(STALE_INCOMING_MS);
  await moveContentsToStore(db, files);
  const router = createApiRouter({
    db,
    tokens,
    files,
    now,
    signIn,
    twoStepSecrets,
    links,
    devEndpoints: options.devEndpoints ?? process.env.NODE_ENV !== "production",
    trustForwardedFrom: options.trustForwardedFrom ?? LOOPBACK,
    routerRestartSeconds: options.routerRestartSeconds ?? ROUTER_RESTART_SECONDS,
  });
  // Reads never write: what time alone changes is settled here, once now and then on a schedule.
  const settling = startSettling(db, links, now, options.settleIntervalMs ?? SETTLE_INTERVAL_MS);
  await settling.first;
  const relay = options.mail ? startMailRelay({ ...options.mail, db, now }) : undefined;
  return {
    router,
    db,
    files,
    startup: { migrations, seeded, milliseconds: Math.round(performance.now() - started) },
    settle: settling.run,
    sendMail: () => relay?.run() ?? Promise.resolve(0),
    async close() {
      await settling.stop();
      await relay?.stop();
      if (!options.signIn) signIn.shutdown();
      await db.close();
      if (ownFilesDir && !options.filesDir) rmSync(ownFilesDir, { recursive: true, force: true });
    },
  };
}

async function settingOrCreate(db: Db, key: string, create: () => string): Promise<string> {
  await db.query("INSERT INTO app_settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING", [key, create()]);
  const row = await db.one<{ value: string }>("SELECT value FROM app_settings WHERE key = $1", [key]);
  return row!.value;
}
