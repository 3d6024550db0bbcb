/**
 * Counters of rate limits (the sign-in limits of the portal and its API, server/sign-in-limits.ts):
 * express-rate-limit stores, in memory by default, in Redis when REDIS_URL is set so that several
 * processes share them. One Redis client per URL per process, connected on first use; a Redis that
 * does not answer makes the counter fail open for that request (logged), never the page.
 */
import { MemoryStore, type ClientRateLimitInfo, type Options, type Store } from "express-rate-limit";
import { RedisStore, type RedisReply } from "rate-limit-redis";
import { createClient } from "redis";
import { logEvent } from "../app/lib/logger.server.ts";

type Client = ReturnType<typeof createClient>;
const clients = new Map<string, Client>();

function redisClient(url: string): Client {
  let client = clients.get(url);
  if (!client) {
    client = createClient({ url, socket: { connectTimeout: 2000, reconnectStrategy: (retries) => Math.min(retries * 200, 2000) } });
    client.on("error", (error: Error) => logEvent("redis.error", { reason: error.message }));
    void client.connect().catch((error: Error) => logEvent("redis.connect-failed", { reason: error.message }));
    clients.set(url, client);
  }
  return client;
}

/** Closes the Redis clients (tests, shutdown). */
export async function closeCounterClients(): Promise<void> {
  const all = [...clients.values()];
  clients.clear();
  await Promise.all(all.map((client) => client.close().catch(() => undefined)));
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
        sendCommand: (...args: string[]) => redisClient(redisUrl).sendCommand(args) as Promise<RedisReply>,
      })
    : new MemoryStore();
  store.init?.({ windowMs } as Options);
  return store;
}

/** A counter read and written by hand (the sign-in limits count where the password is checked, not per URL). */
export class Counter {
  private readonly store: Store;
  constructor(private readonly options: CounterOptions) {
    this.store = counterStore(options);
  }

  /** The key's hits in its window; undefined for none (Redis answers a missing key with no number). */
  async hits(key: string): Promise<ClientRateLimitInfo | undefined> {
    const info = await this.store.get?.(key);
    return info && Number.isFinite(info.totalHits) && info.totalHits > 0 ? info : undefined;
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    return this.store.increment(key);
  }

  async reset(key: string): Promise<void> {
    await this.store.resetKey(key);
  }

  /** When the window of a key ends (a guess of one window when the store does not say). */
  resetTimeOf(info: ClientRateLimitInfo | undefined): Date {
    return info?.resetTime ?? new Date(Date.now() + this.options.windowMs);
  }

  shutdown(): void {
    void this.store.shutdown?.();
  }
}
