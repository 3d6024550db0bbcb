/**
 * The sign-in limits, one model for the portal's sign-in action and for the API's token endpoint
 * (POST /auth/access-token, which the embedded API serves to the world at /api/v1). server.ts builds one
 * and hands it to both, so an attempt counts the same wherever it is made. Per window:
 *
 *  - per address, failures (`failuresPerAddress`): wrong passwords from the address, whatever the
 *    usernames, and posts of the other account pages (recovery, activation); past it the address waits
 *    for the window's end;
 *  - per address, attempts (`attemptsPerAddress`, much higher): every attempt, right or wrong, against
 *    floods; a successful sign-in uses up nothing else, so an office or a family behind one address
 *    keeps signing in;
 *  - per username and address, failures (`failuresPerPair`): then that pair waits. Someone guessing
 *    another person's password from their own address locks out only themselves; the owner's success
 *    there forgives the pair;
 *  - per username, failures from every address: never a refusal. Past `failuresPerPair` of them, each
 *    try of that username waits before its password is checked (250 ms, doubling, at most
 *    `maxDelayMs`): guesses from many addresses slow down, and the owner, from an address that has not
 *    been guessing, still gets in.
 *
 * Addresses are counted as express-rate-limit keys them (an IPv6 address by its /56, which one
 * subscriber holds whole). Counters live in Redis when `redisUrl` is set (common/counters.ts), shared by
 * every process; in this process's memory otherwise. A counter store that does not answer lets the
 * attempt through (logged): it never keeps every customer out.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import { ipKeyGenerator } from "express-rate-limit";
import { Counter } from "./counters.ts";
import { logEvent } from "./logger.ts";

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

export interface SignInSettings {
  failuresPerAddress: number;
  attemptsPerAddress: number;
  failuresPerPair: number;
  maxDelayMs: number;
  windowMs: number;
  redisUrl?: string;
}

export const DEFAULT_SIGN_IN_SETTINGS: SignInSettings = {
  failuresPerAddress: 30,
  attemptsPerAddress: 300,
  failuresPerPair: 8,
  maxDelayMs: 4000,
  windowMs: 15 * 60_000,
};

const FIRST_DELAY_MS = 250;

/** The wait before checking a password of a username with this many failures from every address. */
export function delayAfter(
  failures: number,
  { failuresPerPair, maxDelayMs }: Pick<SignInSettings, "failuresPerPair" | "maxDelayMs">,
): number {
  if (!(failures >= failuresPerPair)) return 0;
  return Math.min(maxDelayMs, FIRST_DELAY_MS * 2 ** Math.min(failures - failuresPerPair, 30));
}

/** The header of the portal's own token requests (see `countedHeaders`). */
export const COUNTED_HEADER = "x-sign-in-counted";

const warn = (what: string) => (error: unknown) =>
  logEvent("sign-in.limits-error", { what, reason: (error as Error)?.message ?? String(error) });

export class SignInLimiter implements SignInLimits {
  readonly settings: SignInSettings;
  readonly countedHeaders: Readonly<Record<string, string>>;
  private readonly key: Buffer | null;
  private readonly attempts: Counter;
  private readonly addressFailures: Counter;
  private readonly pairFailures: Counter;
  private readonly usernameFailures: Counter;
  private readonly other: Counter;

  /**
   * `embeddedApi`: this process's API shares the model, so the portal's own token requests carry a
   * key only this instance knows (never sent to another API). `prefix` keeps the counters of a model
   * apart from others in a shared Redis (an API served alone has its own).
   */
  constructor(
    settings: Partial<SignInSettings> = {},
    { embeddedApi = false, prefix = "sign-in" }: { embeddedApi?: boolean; prefix?: string } = {},
  ) {
    this.settings = { ...DEFAULT_SIGN_IN_SETTINGS, ...settings };
    const { windowMs, redisUrl } = this.settings;
    const counter = (name: string) => new Counter({ prefix: `${prefix}:${name}`, windowMs, redisUrl });
    this.attempts = counter("attempts");
    this.addressFailures = counter("address-failures");
    this.pairFailures = counter("pair-failures");
    this.usernameFailures = counter("username-failures");
    this.other = counter("key");
    const key = embeddedApi ? randomBytes(24) : null;
    this.key = key;
    this.countedHeaders = key ? { [COUNTED_HEADER]: key.toString("base64url") } : {};
  }

  get windowMs(): number {
    return this.settings.windowMs;
  }

  private static username(username: string) {
    return username.trim().toLowerCase().slice(0, 254);
  }

  private static address(address: string) {
    return ipKeyGenerator(address);
  }

  private static pair(username: string, address: string) {
    return `${SignInLimiter.address(address)}|${SignInLimiter.username(username)}`;
  }

  async attempt(username: string, address: string): Promise<SignInVerdict> {
    const { attemptsPerAddress, failuresPerAddress, failuresPerPair } = this.settings;
    try {
      const [attempts, fromAddress, pair, user] = await Promise.all([
        this.attempts.increment(SignInLimiter.address(address)),
        this.addressFailures.hits(SignInLimiter.address(address)),
        this.pairFailures.hits(SignInLimiter.pair(username, address)),
        this.usernameFailures.hits(SignInLimiter.username(username)),
      ]);
      if (attempts.totalHits > attemptsPerAddress) return { blockedUntil: this.attempts.resetTimeOf(attempts), delayMs: 0 };
      if (fromAddress && fromAddress.totalHits >= failuresPerAddress) {
        return { blockedUntil: this.addressFailures.resetTimeOf(fromAddress), delayMs: 0 };
      }
      if (pair && pair.totalHits >= failuresPerPair) return { blockedUntil: this.pairFailures.resetTimeOf(pair), delayMs: 0 };
      return { blockedUntil: null, delayMs: delayAfter(user?.totalHits ?? 0, this.settings) };
    } catch (error) {
      warn("rate-limit counters unavailable")(error);
      return { blockedUntil: null, delayMs: 0 };
    }
  }

  async failed(username: string, address: string): Promise<void> {
    await Promise.all([
      this.addressFailures.increment(SignInLimiter.address(address)),
      this.pairFailures.increment(SignInLimiter.pair(username, address)),
      this.usernameFailures.increment(SignInLimiter.username(username)),
    ]).catch(warn("could not count a failure"));
  }

  async succeeded(username: string, address: string): Promise<void> {
    await this.pairFailures.reset(SignInLimiter.pair(username, address)).catch(warn("could not forgive a pair"));
  }

  async countAddress(address: string): Promise<Date | null> {
    try {
      const hits = await this.addressFailures.increment(SignInLimiter.address(address));
      return hits.totalHits > this.settings.failuresPerAddress ? this.addressFailures.resetTimeOf(hits) : null;
    } catch (error) {
      warn("rate-limit counters unavailable")(error);
      return null;
    }
  }

  async keyBlockedUntil(key: string): Promise<Date | null> {
    const hits = await this.other.hits(key).catch(() => undefined);
    return hits && hits.totalHits >= this.settings.failuresPerPair ? this.other.resetTimeOf(hits) : null;
  }

  async countKey(key: string): Promise<void> {
    await this.other.increment(key).catch(warn("could not count a request"));
  }

  /** Whether a token request carries this instance's key: the portal counted it already. */
  countedByPortal(value: string | undefined): boolean {
    if (!this.key || !value) return false;
    const presented = Buffer.from(value, "base64url");
    return presented.length === this.key.length && timingSafeEqual(presented, this.key);
  }

  shutdown(): void {
    for (const counter of [this.attempts, this.addressFailures, this.pairFailures, this.usernameFailures, this.other]) counter.shutdown();
  }
}
