/**
 * What the app sees of the sign-in limits: server.ts builds the one model (server/sign-in-limits.ts),
 * shares it with the embedded API's token endpoint, and hands it to the app in the load context
 * (docs/decisions/020-one-sign-in-limit-model.md). The app never builds one of its own.
 *
 * server.ts and the built app each bundle their own copy of this module, so the context object is kept
 * on globalThis under a registered symbol, as request-info.ts does.
 */
import { createContext, type RouterContext, type RouterContextProvider } from "react-router";

export interface SignInVerdict {
  /** Refused until then (the form says how many minutes). */
  blockedUntil: Date | null;
  /** How long to wait before checking the password (a username others are guessing). */
  delayMs: number;
}

export interface SignInLimits {
  /** The window of every counter. */
  readonly windowMs: number;
  /** Counts an attempt of this address and says whether it may go on, and after what delay. */
  attempt(username: string, address: string): Promise<SignInVerdict>;
  /** A wrong password: counted for the address, the pair and the username. */
  failed(username: string, address: string): Promise<void>;
  /** The owner got in from this address: their own failures there are forgiven (others' are not). */
  succeeded(username: string, address: string): Promise<void>;
  /**
   * Counts a post of another account page (asking for a recovery link, using one, activating) as a
   * failure of the address would count: when the address may try again, or null.
   */
  countAddress(address: string): Promise<Date | null>;
  /** Requests of another kind for one key (recovery e-mails per username): refused past the pair limit. */
  keyBlockedUntil(key: string): Promise<Date | null>;
  countKey(key: string): Promise<void>;
  /**
   * Headers of the portal's own token request (POST /auth/access-token) once it counted the attempt:
   * the embedded API, which shares this model, does not count or delay it again. Empty when the API is
   * another one.
   */
  readonly countedHeaders: Readonly<Record<string, string>>;
}

const KEY = Symbol.for("lakeshore-portal.sign-in-limits");
const holder = globalThis as unknown as Record<symbol, RouterContext<SignInLimits | null> | undefined>;

export const signInLimitsContext: RouterContext<SignInLimits | null> = (holder[KEY] ??= createContext<SignInLimits | null>(null));

/** The sign-in limits server.ts handed to this request. */
export function signInLimits(context: Readonly<RouterContextProvider>): SignInLimits {
  const limits = context.get(signInLimitsContext);
  if (!limits) throw new Error("No sign-in limits in the load context (server.ts hands them to the app)");
  return limits;
}

/** Whole minutes until a date, at least 1. */
export const minutesUntil = (date: Date) => Math.max(1, Math.ceil((date.getTime() - Date.now()) / 60_000));

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
