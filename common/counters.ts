/**
 * Counters of rate limits (the sign-in limits of the portal and its API, common/sign-in-limits.ts):
 * express-rate-limit stores, in memory by default, in Redis when REDIS_URL is set so that several
 * processes share them. One Redis client per URL per process, connected on first use; while Redis does
 * not answer, counters are kept in the process's memory instead (said once in the log, and once when
 * Redis answers again): the limits hold per process, and no page waits for Redis.
 */
import { MemoryStore, type ClientRateLimitInfo, type Options, type Store } from "express-rate-limit";
import { RedisStore, type RedisReply } from "rate-limit-redis";
import { createClient } from "redis";
import { logEvent } from "./logger.ts";

type Client = ReturnType<typeof createClient>;

/** A Redis client and whether it answers (false from its first error until it is ready again). */
interface Link {
  client: Client;
  down: boolean;
}
const links = new Map<string, Link>();

/** The longest a count waits for Redis before it is counted in this process instead. */
const REDIS_WAIT_MS = 2000;

function markDown(link: Link, error: unknown): void {
  if (link.down) return;
  link.down = true;
  // Sign-in limits are counted in this process until Redis answers again.
  logEvent("redis.down", { reason: String((error as Error)?.message ?? error) });
}

function linkTo(url: string): Link {
  let link = links.get(url);
  if (!link) {
    const client = createClient({ url, socket: { connectTimeout: 2000, reconnectStrategy: (retries) => Math.min(retries * 200, 2000) } });
    const made = { client, down: false } as Link;
    // Said once when Redis stops answering and once when it answers again, not at every reconnection.
    client.on("error", (error: Error) => markDown(made, error));
    client.on("ready", () => {
      if (!made.down) return;
      made.down = false;
      logEvent("redis.up", {});
    });
    void client.connect().catch((error: Error) => markDown(made, error));
    links.set(url, (link = made));
  }
  return link;
}

/** Closes the Redis clients (tests, shutdown). */
export async function closeCounterClients(): Promise<void> {
  const all = [...links.values()];
  links.clear();
  // A client still trying to connect is let go at once (close() would wait for it).
  await Promise.all(all.map(({ client }) => (client.isReady ? client.close() : Promise.resolve(client.destroy())).catch(() => undefined)));
}

export interface CounterOptions {
  /** Keeps counters of different limits apart in a shared Redis. */
  prefix: string;
  windowMs: number;
  /** Unset: counters in this process's memory. */
  redisUrl?: string;
}

/** An express-rate-limit store for one limit. */
export function counterStore({ prefix, windowMs, redisUrl }: CounterOptions): Store {
  const store: Store = redisUrl
    ? new RedisStore({
        prefix: `rl:${prefix}:`,
        sendCommand: (...args: string[]) => linkTo(redisUrl).client.sendCommand(args) as Promise<RedisReply>,
      })
    : new MemoryStore();
  // (RedisStore loads its scripts here; a client closed before it connected rejects them: nothing to do then.)
  void Promise.resolve(store.init?.({ windowMs } as Options)).catch(() => undefined);
  return store;
}

/**
 * A counter read and written by hand (the sign-in limits count where the password is checked, not per URL).
 * With Redis: while Redis does not answer (stopped, unreachable, slower than REDIS_WAIT_MS), counted in this
 * process's memory instead, as without REDIS_URL; shared again once Redis answers.
 */
export class Counter {
  private readonly store: Store;
  private readonly local: Store | undefined;
  private readonly link: Link | undefined;
  constructor(private readonly options: CounterOptions) {
    this.store = counterStore(options);
    if (options.redisUrl) {
      this.link = linkTo(options.redisUrl);
      this.local = counterStore({ ...options, redisUrl: undefined });
    }
  }

  /** The operation on Redis, or on this process's counters while Redis does not answer. */
  private async run<T>(operation: (store: Store) => T | Promise<T>): Promise<T> {
    const { link, local } = this;
    if (!link || !local) return await operation(this.store);
    if (link.down) return await operation(local);
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        Promise.resolve(operation(this.store)),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${REDIS_WAIT_MS} ms`)), REDIS_WAIT_MS);
        }),
      ]);
    } catch (error) {
      markDown(link, error);
      return await operation(local);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The key's hits in its window; undefined for none (Redis answers a missing key with no number). */
  async hits(key: string): Promise<ClientRateLimitInfo | undefined> {
    const info = await this.run(async (store) => store.get?.(key));
    return info && Number.isFinite(info.totalHits) && info.totalHits > 0 ? info : undefined;
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    return this.run((store) => store.increment(key));
  }

  async reset(key: string): Promise<void> {
    await this.run((store) => store.resetKey(key));
  }

  /** When the window of a key ends (a guess of one window when the store does not say). */
  resetTimeOf(info: ClientRateLimitInfo | undefined): Date {
    return info?.resetTime ?? new Date(Date.now() + this.options.windowMs);
  }

  shutdown(): void {
    void this.store.shutdown?.();
    void this.local?.shutdown?.();
  }
}
