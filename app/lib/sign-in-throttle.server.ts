/**
 * Sign-in attempts per username: after SIGN_IN_LIMIT_PER_USERNAME failed attempts within the window,
 * that username is refused until the window ends, whichever address the attempts come from. (The
 * per-address limit is express-rate-limit's middleware in server.ts.) Counters are express-rate-limit's
 * MemoryStore: one process keeps its own; several processes would share a Redis store instead.
 */
import { MemoryStore, type Options } from "express-rate-limit";
import { getConfig } from "./config.server.ts";

export class SignInThrottle {
  private readonly store = new MemoryStore();

  constructor(
    private readonly limit: number,
    windowMs: number,
  ) {
    this.store.init({ windowMs } as Options);
  }

  private key(username: string) {
    return username.trim().toLowerCase();
  }

  /** When a blocked username may try again, or null when it may try now. */
  async blockedUntil(username: string): Promise<Date | null> {
    const info = await this.store.get(this.key(username));
    return info && info.totalHits >= this.limit ? (info.resetTime ?? new Date(Date.now() + 60_000)) : null;
  }

  async failed(username: string): Promise<void> {
    await this.store.increment(this.key(username));
  }

  async succeeded(username: string): Promise<void> {
    await this.store.resetKey(this.key(username));
  }

  shutdown(): void {
    this.store.shutdown();
  }
}

let throttle: SignInThrottle | undefined;

export function signInThrottle(): SignInThrottle {
  if (!throttle) {
    const config = getConfig();
    throttle = new SignInThrottle(config.SIGN_IN_LIMIT_PER_USERNAME, config.SIGN_IN_LIMIT_WINDOW_MINUTES * 60_000);
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
