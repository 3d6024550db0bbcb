/**
 * Answers of reads kept until the next write (Db.writeGeneration, PGlite only: the database belongs to
 * this process, so every write passes through it) and for at most KEPT_MS of the service's clock (what
 * changes with time alone, such as a session's expiry or a payment maturing, shows that much later).
 * Used where every portal page asks the same thing again: the token's session check and GET /revision.
 * On PostgreSQL other processes write too: every read goes to the database.
 */
import type { Db } from "./client.ts";

/** How long (service clock) a kept answer is given without reading. */
export const KEPT_MS = 1000;
/** Kept answers at most; past it they are all forgotten at once. */
const KEPT_MAX = 10_000;

export class KeptReads<T> {
  private kept = new Map<string, { value: T; at: number }>();
  private generation: number | undefined;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  /** The answer of `load` for this key, read now or kept from a read after which nothing was written. */
  async read(key: string, load: () => Promise<T>): Promise<T> {
    const generation = this.db.writeGeneration?.();
    const now = this.now().getTime();
    if (generation !== undefined && generation === this.generation) {
      const hit = this.kept.get(key);
      if (hit && now >= hit.at && now - hit.at < KEPT_MS) return hit.value;
    }
    const value = await load();
    // Kept only when no write started or ended while it was read.
    if (generation !== undefined && this.db.writeGeneration?.() === generation) {
      if (generation !== this.generation || this.kept.size >= KEPT_MAX) this.kept = new Map();
      this.generation = generation;
      this.kept.set(key, { value, at: now });
    }
    return value;
  }
}
