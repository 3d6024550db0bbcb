/**
 * The cookie session: an httpOnly, SameSite=Lax cookie (Secure in production) that holds the access
 * token, the refresh token and flash notifications. The portal keeps no server-side state.
 *
 * The cookie is encrypted and authenticated (JWE, dir + A256GCM, jose): nobody who sees it (a proxy
 * log, a browser extension, a stolen backup) can read the 30-day refresh token out of it, and nobody
 * can change it. The key is derived from SESSION_SECRET (HKDF-SHA-256). Several secrets separated by
 * commas rotate keys: the first encrypts, each one still opens cookies written with it (the key id
 * in the JWE header says which). A cookie that does not open is no session: sign in again.
 *
 * sessionMiddleware reads it once per request and writes it back (Set-Cookie) only when it changed.
 */
import { createHash, hkdfSync } from "node:crypto";
import { parse as parseCookies, serialize as serializeCookie, type SerializeOptions } from "cookie";
import { CompactEncrypt, compactDecrypt, decodeJwt, decodeProtectedHeader } from "jose";
import {
  createContext,
  createSession,
  type MiddlewareFunction,
  type RouterContextProvider,
  type Session,
  type SessionStorage,
} from "react-router";
import { getConfig, secureCookies } from "./config.server.ts";

import type { Notification, NotificationType } from "./notifications.ts";
import { logEvent } from "./logger.server.ts";

interface SessionData {
  accessToken: string;
  refreshToken: string;
  /** The signed-in user's account list, kept for the access token's life (see auth.server.ts `getAccount`). */
  accounts: unknown;
  /** A sign-in link opened while someone else is signed in, waiting for their answer (routes/auth-flows/sso.tsx). */
  pendingSwitch: PendingSwitch;
  /** Accounts the user removed themselves from during this session: their pages say so (auth.server.ts requireCustomer). */
  leftAccounts: LeftAccount[];
  /** A right password of a user with two-step verification on, waiting for a code (routes/login-two-step.tsx). */
  pendingTwoStep: PendingTwoStep;
  /** Recovery codes just made, shown by their page until the customer has saved them (routes/profile/two-step-codes.tsx). */
  recoveryCodes: KeptRecoveryCodes;
}

/**
 * Recovery codes the API made (turning two-step verification on, or new ones), which the API gives only
 * once: the codes page shows them again (a reload, a switch of language) until the customer says they
 * saved them, or until `until`, whichever comes first. Only for the user they were made for (`sub`, the
 * access token's subject then). About 200 bytes of the cookie, for a quarter of an hour at most.
 */
interface KeptRecoveryCodes {
  codes: string[];
  sub: string;
  /** Time (ms since the epoch) after which they are no longer shown. */
  until: number;
}

/** How long recovery codes stay viewable on their page after they were made (unless saved before). */
export const RECOVERY_CODES_KEPT_MS = 15 * 60_000;

/**
 * Between the password and the code: the API's two-step token (single purpose, bound to the user, a few
 * minutes), never a session. Nothing but the code step reads it: a browser holding it is not signed in.
 */
export interface PendingTwoStep {
  token: string;
  /** Whose password was right (the code step's sign-in limits count per username). */
  username: string;
  /** Where to go once signed in (a path of this site). */
  cameFrom: string;
  /** Time (ms since the epoch) after which the password is asked again. */
  until: number;
}

/** An account the signed-in user removed themselves from. */
export interface LeftAccount {
  id: number;
  name: string;
}

/** The most accounts remembered as left (the cookie stays small). */
const MAX_LEFT_ACCOUNTS = 10;

/** The session a single sign-on link made, kept until the signed-in customer says whether to switch to it. */
export interface PendingSwitch {
  accessToken: string;
  refreshToken: string;
  /** Whom the link signs in (username). */
  incoming: string;
  /** Who was signed in when the link was opened: username, and id (the access token's `sub`). */
  current: string;
  currentSub: string;
  /** Where the link leads (a path of this site). */
  cameFrom: string;
  /** Time (ms since the epoch) after which the question is no longer asked. */
  until: number;
}
interface FlashData {
  notifications: Notification[];
  /** A code step past its time: its username, for the sign-in page to fill in once. */
  signInAgainAs: string;
}

export type PortalSession = Session<SessionData, FlashData>;

export const SESSION_COOKIE = "__session";
const DEVELOPMENT_SECRET = "development-only-session-secret-not-for-production";

interface SessionKey {
  kid: string;
  key: Uint8Array;
  /** The key imported into WebCrypto once (jose would import raw bytes again on every seal and open). */
  cryptoKey?: Promise<CryptoKey>;
}

function cryptoKeyOf(key: SessionKey): Promise<CryptoKey> {
  key.cryptoKey ??= crypto.subtle.importKey("raw", key.key as Uint8Array<ArrayBuffer>, "AES-GCM", false, ["encrypt", "decrypt"]);
  return key.cryptoKey;
}

/** One AES-256 key per secret, with a short public id (not the secret) to find it again. */
export function sessionKeys(secrets: string[]): SessionKey[] {
  return secrets.map((secret) => ({
    kid: createHash("sha256").update(`kid:${secret}`).digest("base64url").slice(0, 12),
    key: new Uint8Array(hkdfSync("sha256", secret, "lakeshore-portal", "session-cookie-v1", 32)),
  }));
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Encrypts with the first key. */
export async function seal(data: unknown, keys: SessionKey[]): Promise<string> {
  const [current] = keys;
  return new CompactEncrypt(encoder.encode(JSON.stringify(data)))
    .setProtectedHeader({ alg: "dir", enc: "A256GCM", kid: current.kid })
    .encrypt(await cryptoKeyOf(current));
}

/** Opens with the key the header names; anything that does not open answers null. */
export async function unseal(value: string, keys: SessionKey[]): Promise<Record<string, unknown> | null> {
  try {
    const { kid, alg, enc } = decodeProtectedHeader(value);
    const match = keys.find((candidate) => candidate.kid === kid);
    if (!match || alg !== "dir" || enc !== "A256GCM") return null;
    const { plaintext } = await compactDecrypt(value, await cryptoKeyOf(match), {
      keyManagementAlgorithms: ["dir"],
      contentEncryptionAlgorithms: ["A256GCM"],
    });
    const data: unknown = JSON.parse(decoder.decode(plaintext));
    return data && typeof data === "object" && !Array.isArray(data) ? (data as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

let storage: SessionStorage<SessionData, FlashData> | undefined;

/** A cookie session storage whose cookie is a JWE (see the module's comment). */
function encryptedCookieStorage(secrets: string[], cookie: SerializeOptions): SessionStorage<SessionData, FlashData> {
  const keys = sessionKeys(secrets);
  return {
    async getSession(cookieHeader) {
      const value = cookieHeader ? parseCookies(cookieHeader)[SESSION_COOKIE] : undefined;
      const data = value ? await unseal(value, keys) : null;
      return createSession<SessionData, FlashData>((data ?? {}) as unknown as SessionData);
    },
    async commitSession(session, options) {
      const value = await seal(session.data, keys);
      if (value.length > 3800) logEvent("session.cookie-large", { bytes: value.length });
      return serializeCookie(SESSION_COOKIE, value, { ...cookie, ...options });
    },
    async destroySession(_session, options) {
      return serializeCookie(SESSION_COOKIE, "", { ...cookie, ...options, expires: new Date(0), maxAge: undefined });
    },
  };
}

/** The secrets of SESSION_SECRET (a fixed one in development and tests). */
function sessionSecrets(): string[] {
  const config = getConfig();
  const secret = config.SESSION_SECRET;
  if (!secret) {
    if (config.NODE_ENV === "production") throw new Error("SESSION_SECRET is not set");
    // Development and tests only: a fixed secret is good enough for cookies that never leave this machine.
  }
  return (secret ?? DEVELOPMENT_SECRET)
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
}

function sessionStorage(): SessionStorage<SessionData, FlashData> {
  if (storage) return storage;
  storage = encryptedCookieStorage(sessionSecrets(), { path: "/", httpOnly: true, sameSite: "lax", secure: secureCookies(getConfig()) });
  return storage;
}

let valueKeys: SessionKey[] | undefined;
/**
 * Another cookie of the portal sealed like the session (JWE with the session's keys): what the browser
 * keeps for the portal but must neither read nor change (a form's typed values, form-draft.server.ts).
 * `purpose` is sealed with it and checked on opening, so one such cookie never passes for another.
 */
export async function sealValue(purpose: string, value: unknown): Promise<string> {
  valueKeys ??= sessionKeys(sessionSecrets());
  return seal({ purpose, value }, valueKeys);
}

/** Opens a value sealed by `sealValue` for the same purpose; anything else answers null. */
export async function openValue(purpose: string, sealed: string): Promise<unknown> {
  valueKeys ??= sessionKeys(sessionSecrets());
  const opened = await unseal(sealed, valueKeys);
  return opened?.purpose === purpose ? opened.value : null;
}

class SessionHolder {
  changed = false;
  destroyed = false;
  /** Notifications taken for display during this request. */
  taken: Notification[] = [];
  constructor(readonly session: PortalSession) {}
}

const sessionContext = createContext<SessionHolder | null>(null);

/** Opens the request's session cookie into the context (the middleware below). */
export async function openSession(request: Request, context: Readonly<RouterContextProvider>): Promise<SessionHolder> {
  const holder = new SessionHolder(await sessionStorage().getSession(request.headers.get("Cookie")));
  context.set(sessionContext, holder);
  return holder;
}

export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const holder = await openSession(request, context);
  const response = await next();
  // A page that redirects shows nothing: its notifications wait for the page it redirects to.
  if (holder.taken.length && response.status >= 300 && response.status < 400 && !holder.destroyed) {
    const pending = (holder.session.get("notifications") as Notification[] | undefined) ?? [];
    holder.session.flash("notifications", [...holder.taken, ...pending]);
    holder.changed = true;
  }
  if (holder.destroyed) {
    response.headers.append("Set-Cookie", await sessionStorage().destroySession(holder.session));
  } else if (holder.changed) {
    response.headers.append("Set-Cookie", await sessionStorage().commitSession(holder.session));
  }
  return response;
};

type Context = Readonly<RouterContextProvider>;

function holderOf(context: Context): SessionHolder {
  const holder = context.get(sessionContext);
  if (!holder) throw new Error("sessionMiddleware did not run for this request");
  return holder;
}

export function getTokens(context: Context): { accessToken?: string; refreshToken?: string } {
  const { session } = holderOf(context);
  return { accessToken: session.get("accessToken"), refreshToken: session.get("refreshToken") };
}

export function setTokens(context: Context, tokens: { accessToken: string; refreshToken: string }): void {
  const holder = holderOf(context);
  holder.session.set("accessToken", tokens.accessToken);
  holder.session.set("refreshToken", tokens.refreshToken);
  holder.session.unset("pendingTwoStep");
  holder.destroyed = false;
  holder.changed = true;
}

/** What the session keeps besides the tokens (the account list): read, replaced, or forgotten (undefined). */
export function getKept(context: Context): unknown {
  return holderOf(context).session.get("accounts");
}

export function setKept(context: Context, value: unknown): void {
  const holder = holderOf(context);
  if (value === undefined) {
    if (!holder.session.has("accounts")) return;
    holder.session.unset("accounts");
  } else holder.session.set("accounts", value);
  holder.changed = true;
}

/** The sign-in a link would make, waiting for the signed-in customer's answer. */
export function getPendingSwitch(context: Context): PendingSwitch | undefined {
  return holderOf(context).session.get("pendingSwitch");
}

export function setPendingSwitch(context: Context, value: PendingSwitch | undefined): void {
  const holder = holderOf(context);
  if (value === undefined) {
    if (!holder.session.has("pendingSwitch")) return;
    holder.session.unset("pendingSwitch");
  } else holder.session.set("pendingSwitch", value);
  holder.changed = true;
}

/** The sign-in waiting for a code of the user's app, while it lasts. */
export function getPendingTwoStep(context: Context): PendingTwoStep | undefined {
  const pending = holderOf(context).session.get("pendingTwoStep");
  return pending && typeof pending.until === "number" && pending.until > Date.now() ? pending : undefined;
}

/**
 * A code step past its time: where the customer was heading (to sign in again for), forgotten on the
 * way; its username waits for the sign-in page (`takeSignInAgainAs`).
 */
export function endedTwoStep(context: Context): { cameFrom?: string } | undefined {
  const holder = holderOf(context);
  const pending: unknown = holder.session.get("pendingTwoStep");
  if (!pending || typeof pending !== "object") return undefined;
  setPendingTwoStep(context, undefined);
  if ("username" in pending && typeof pending.username === "string") holder.session.flash("signInAgainAs", pending.username);
  return { cameFrom: "cameFrom" in pending && typeof pending.cameFrom === "string" ? pending.cameFrom : undefined };
}

/** The username of a code step that ran out, once: the sign-in page fills it in. */
export function takeSignInAgainAs(context: Context): string | undefined {
  const holder = holderOf(context);
  if (!holder.session.has("signInAgainAs")) return undefined;
  const username = holder.session.get("signInAgainAs");
  holder.changed = true;
  return typeof username === "string" ? username : undefined;
}

export function setPendingTwoStep(context: Context, value: PendingTwoStep | undefined): void {
  const holder = holderOf(context);
  if (value === undefined) {
    if (!holder.session.has("pendingTwoStep")) return;
    holder.session.unset("pendingTwoStep");
  } else holder.session.set("pendingTwoStep", value);
  holder.changed = true;
}

/** The subject (user id) of the session's access token, or "" without one. */
function sessionSub(session: PortalSession): string {
  const token = session.get("accessToken");
  if (!token) return "";
  try {
    const { sub } = decodeJwt(token);
    return sub === undefined ? "" : String(sub);
  } catch {
    return "";
  }
}

/**
 * Keeps recovery codes just made for their page (post/redirect/get; never in an address), for the
 * signed-in user, until they are saved (`forgetRecoveryCodes`) or RECOVERY_CODES_KEPT_MS have passed.
 * New codes replace codes kept before.
 */
export function keepRecoveryCodes(context: Context, codes: string[]): void {
  const holder = holderOf(context);
  holder.session.set("recoveryCodes", { codes, sub: sessionSub(holder.session), until: Date.now() + RECOVERY_CODES_KEPT_MS });
  holder.changed = true;
}

/**
 * The recovery codes kept for their page, and until when, while they last and belong to the signed-in
 * user; codes kept past their time (or for someone else) are forgotten on the way.
 */
export function keptRecoveryCodes(context: Context): { codes: string[]; until: number } | undefined {
  const holder = holderOf(context);
  if (!holder.session.has("recoveryCodes")) return undefined;
  const kept: unknown = holder.session.get("recoveryCodes");
  if (
    kept &&
    typeof kept === "object" &&
    "codes" in kept &&
    Array.isArray(kept.codes) &&
    kept.codes.length > 0 &&
    kept.codes.every((code) => typeof code === "string") &&
    "until" in kept &&
    typeof kept.until === "number" &&
    kept.until > Date.now() &&
    "sub" in kept &&
    kept.sub === sessionSub(holder.session)
  ) {
    return { codes: kept.codes as string[], until: kept.until };
  }
  forgetRecoveryCodes(context);
  return undefined;
}

/** Forgets the kept recovery codes (the customer saved them, or two-step verification is off). */
export function forgetRecoveryCodes(context: Context): void {
  const holder = holderOf(context);
  if (!holder.session.has("recoveryCodes")) return;
  holder.session.unset("recoveryCodes");
  holder.changed = true;
}

/** The accounts the user removed themselves from during this session. */
export function getLeftAccounts(context: Context): LeftAccount[] {
  return holderOf(context).session.get("leftAccounts") ?? [];
}

/** Remembers that the user removed themselves from an account (the latest few). */
export function rememberLeftAccount(context: Context, account: LeftAccount): void {
  const holder = holderOf(context);
  const others = getLeftAccounts(context).filter((left) => left.id !== account.id);
  holder.session.set("leftAccounts", [...others, { id: account.id, name: account.name.slice(0, 120) }].slice(-MAX_LEFT_ACCOUNTS));
  holder.changed = true;
}

/** Signs out of the portal: the cookie is cleared on the way out. */
export function clearSession(context: Context, options: { keepNotifications?: boolean } = {}): void {
  const holder = holderOf(context);
  holder.session.unset("accessToken");
  holder.session.unset("refreshToken");
  holder.session.unset("accounts");
  holder.session.unset("pendingSwitch");
  holder.session.unset("leftAccounts");
  holder.session.unset("pendingTwoStep");
  holder.session.unset("recoveryCodes");
  // Signed out, with a word for the next page (the sign-in page saying why): the cookie stays, without the tokens.
  if (options.keepNotifications) holder.changed = true;
  else holder.destroyed = true;
}

let sequence = 0;

/** Queues a notification for the next page this browser shows (post/redirect/get). */
export function notify(context: Context, type: NotificationType, key: string, values?: Notification["values"]): void {
  const holder = holderOf(context);
  const queued = (holder.session.get("notifications") as Notification[] | undefined) ?? [];
  sequence = (sequence + 1) % 1_000_000;
  holder.session.flash("notifications", [...queued, { id: `${Date.now().toString(36)}-${sequence}`, type, key, values }]);
  holder.changed = true;
}

/** Whether notifications wait to be shown (a page that shows them is no page to answer "not modified"). */
export function hasNotifications(context: Context): boolean {
  return holderOf(context).session.has("notifications");
}

/** Takes the queued notifications (they are shown once). */
export function takeNotifications(context: Context): Notification[] {
  const holder = holderOf(context);
  if (!holder.session.has("notifications")) return [];
  holder.changed = true;
  holder.taken = (holder.session.get("notifications") as Notification[] | undefined) ?? [];
  return holder.taken;
}

/** Test helper: the Cookie header of a session holding these tokens. */
export async function sessionCookieFor(tokens: Partial<SessionData>): Promise<string> {
  const session = await sessionStorage().getSession();
  if (tokens.accessToken) session.set("accessToken", tokens.accessToken);
  if (tokens.refreshToken) session.set("refreshToken", tokens.refreshToken);
  const setCookie = await sessionStorage().commitSession(session);
  return setCookie.split(";")[0];
}

export function resetSessionStorage(): void {
  valueKeys = undefined;
  storage = undefined;
}
