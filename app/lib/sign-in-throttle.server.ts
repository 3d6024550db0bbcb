/**
 * Sign-in attempts, counted where the sign-in action runs (whatever URL reached it), so no spelling of
 * the path escapes them:
 *
 *  - per address: SIGN_IN_LIMIT_PER_IP attempts in the window, right or wrong;
 *  - per username and address: SIGN_IN_LIMIT_PER_USERNAME failures, then that pair waits for the
 *    window's end. Someone guessing another person's password from their own address locks out
 *    only themselves;
 *  - per username, from every address: SIGN_IN_LIMIT_PER_USERNAME_TOTAL failures (much higher), and
 *    past SIGN_IN_LIMIT_PER_USERNAME failures every further try of that username waits a little longer
 *    (doubling, at most SIGN_IN_MAX_DELAY_MS) before its password is checked.
 *
 * Counters live in Redis when REDIS_URL is set (server/counters.ts), shared by every portal process;
 * in this process's memory otherwise.
 */
import { Counter } from "../../server/counters.ts";
import { getConfig } from "./config.server.ts";

export interface SignInLimits {
  perAddress: number;
  perPair: number;
  perUsername: number;
  windowMs: number;
  maxDelayMs: number;
  redisUrl?: string;
}

export interface SignInVerdict {
  /** Refused until then (the form says how many minutes). */
  blockedUntil: Date | null;
  /** How long to wait before checking the password (a username under attack). */
  delayMs: number;
}

const FIRST_DELAY_MS = 250;

export class SignInThrottle {
  private readonly byAddress: Counter;
  private readonly byPair: Counter;
  private readonly byUsername: Counter;
  private readonly byKey: Counter;

  constructor(readonly limits: SignInLimits) {
    const { windowMs, redisUrl } = limits;
    this.byAddress = new Counter({ prefix: "sign-in:address", windowMs, redisUrl });
    this.byPair = new Counter({ prefix: "sign-in:pair", windowMs, redisUrl });
    this.byUsername = new Counter({ prefix: "sign-in:username", windowMs, redisUrl });
    this.byKey = new Counter({ prefix: "sign-in:key", windowMs, redisUrl });
  }

  private static username(username: string) {
    return username.trim().toLowerCase();
  }

  private static pair(username: string, address: string) {
    return `${address}|${SignInThrottle.username(username)}`;
  }

  /** Counts an attempt of this address and says whether it may go on, and after what delay. */
  async attempt(username: string, address: string): Promise<SignInVerdict> {
    const { perAddress, perPair, perUsername, maxDelayMs } = this.limits;
    try {
      const [fromAddress, pair, user] = await Promise.all([
        this.byAddress.increment(address),
        this.byPair.hits(SignInThrottle.pair(username, address)),
        this.byUsername.hits(SignInThrottle.username(username)),
      ]);
      if (fromAddress.totalHits > perAddress) return { blockedUntil: this.byAddress.resetTimeOf(fromAddress), delayMs: 0 };
      if (pair && pair.totalHits >= perPair) return { blockedUntil: this.byPair.resetTimeOf(pair), delayMs: 0 };
      const failures = user?.totalHits ?? 0;
      if (failures >= perUsername) return { blockedUntil: this.byUsername.resetTimeOf(user), delayMs: 0 };
      const delayMs = failures >= perPair ? Math.min(maxDelayMs, FIRST_DELAY_MS * 2 ** (failures - perPair)) : 0;
      return { blockedUntil: null, delayMs };
    } catch (error) {
      // A counter store that does not answer must not keep every customer out.
      console.warn("[sign-in] rate-limit counters unavailable:", (error as Error)?.message ?? error);
      return { blockedUntil: null, delayMs: 0 };
    }
  }

  /**
   * Counts a post of another account page (asking for a recovery link, using one, activating) against
   * the same per-address limit: when the address may try again, or null.
   */
  async countAddress(address: string): Promise<Date | null> {
    try {
      const hits = await this.byAddress.increment(address);
      return hits.totalHits > this.limits.perAddress ? this.byAddress.resetTimeOf(hits) : null;
    } catch (error) {
      console.warn("[sign-in] rate-limit counters unavailable:", (error as Error)?.message ?? error);
      return null;
    }
  }

  /** Requests of another kind for one key (recovery e-mails per username): refused past the pair limit. */
  async keyBlockedUntil(key: string): Promise<Date | null> {
    const hits = await this.byKey.hits(key).catch(() => undefined);
    return hits && hits.totalHits >= this.limits.perPair ? this.byKey.resetTimeOf(hits) : null;
  }

  async countKey(key: string): Promise<void> {
    await this.byKey.increment(key).catch(() => undefined);
  }

  async failed(username: string, address: string): Promise<void> {
    await Promise.all([
      this.byPair.increment(SignInThrottle.pair(username, address)),
      this.byUsername.increment(SignInThrottle.username(username)),
    ]).catch((error: unknown) => console.warn("[sign-in] could not count a failure:", (error as Error)?.message ?? error));
  }

  /** The owner got in from this address: their own failures there are forgiven (others' are not). */
  async succeeded(username: string, address: string): Promise<void> {
    await this.byPair.reset(SignInThrottle.pair(username, address)).catch(() => undefined);
  }

  shutdown(): void {
    this.byAddress.shutdown();
    this.byPair.shutdown();
    this.byUsername.shutdown();
    this.byKey.shutdown();
  }
}

let throttle: SignInThrottle | undefined;

export function signInThrottle(): SignInThrottle {
  if (!throttle) {
    const config = getConfig();
    throttle = new SignInThrottle({
      perAddress: config.SIGN_IN_LIMIT_PER_IP,
      perPair: config.SIGN_IN_LIMIT_PER_USERNAME,
      perUsername: config.SIGN_IN_LIMIT_PER_USERNAME_TOTAL,
      windowMs: config.SIGN_IN_LIMIT_WINDOW_MINUTES * 60_000,
      maxDelayMs: config.SIGN_IN_MAX_DELAY_MS,
      redisUrl: config.REDIS_URL,
    });
  }
  return throttle;
}

/** Tests start each case with fresh counters. */
export function resetSignInThrottle(): void {
  throttle?.shutdown();
  throttle = undefined;
}

/** Whole minutes until a date, at least 1. */
export const minutesUntil = (date: Date) => Math.max(1, Math.ceil((date.getTime() - Date.now()) / 60_000));

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
