/**
 * Answers of reads kept until the next write (Db.writeGeneration, PGlite only: the database belongs to
 * this process, so every write passes through it) and for at most KEPT_MS of the service's clock (what
 * changes with time alone, such as a session's expiry or a payment maturing, shows that much later).
 * Used where every portal page asks the same thing again: the token's session check and GET /revision.
 * Requests that arrive while the same read is under way share it (a burst of 100 pages after a write
 * makes one read, not 100 queued on PGlite's single connection).
 * On PostgreSQL other processes write too: nothing is kept, but a request that arrives while the same read
 * is under way still shares it (a page's calls made together check their session once): its answer is
 * as fresh as the request's own would be, which could not start before it either.
 */
import type { Db } from "./client.ts";

/** How long (service clock) a kept answer is given without reading. */
export const KEPT_MS = 1000;
/** Kept answers at most; past it they are all forgotten at once. */
const KEPT_MAX = 10_000;

export class KeptReads<T> {
  private kept = new Map<string, { value: T; at: number }>();
  private generation: number | undefined;
  /** Reads under way, by key: a request for the same key meanwhile (no write between) shares the read. */
  private loading = new Map<string, { generation: number | undefined; answer: Promise<T> }>();

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    /** Kept answers at most (past it they are all forgotten at once). */
    private readonly max = KEPT_MAX,
  ) {}

  /** The answer of `load` for this key, read now or kept from a read after which nothing was written. */
  async read(key: string, load: () => Promise<T>): Promise<T> {
    const generation = this.db.writeGeneration?.();
    const now = this.now().getTime();
    if (generation !== undefined && generation === this.generation) {
      const hit = this.kept.get(key);
      if (hit && now >= hit.at && now - hit.at < KEPT_MS) return hit.value;
    }
    const pending = this.loading.get(key);
    if (pending && pending.generation === generation) return pending.answer;
    const answer = load();
    this.loading.set(key, { generation, answer });
    let value: T;
    try {
      value = await answer;
    } finally {
      if (this.loading.get(key)?.answer === answer) this.loading.delete(key);
    }
    // Kept only when no write started or ended while it was read (never on PostgreSQL).
    if (generation !== undefined && this.db.writeGeneration?.() === generation) {
      if (generation !== this.generation || this.kept.size >= this.max) this.kept = new Map();
      this.generation = generation;
      this.kept.set(key, { value, at: now });
    }
    return value;
  }
}
