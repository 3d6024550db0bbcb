/**
 * Reads of the API that page requests arriving together make, sent as one call.
 *
 * Reads asked for while this process handles one batch of arriving requests (one turn of its event
 * loop) wait until that turn's I/O callbacks are done (setImmediate), then go out together: reads with
 * the same key are one read whose answer every request that asked for it gets; one read goes alone,
 * several in one call of the API's batch endpoint (a read that the batch cannot carry goes alone). Under
 * load, many visitors' pages cost the portal one round trip to the API (a socket write and read, a
 * parse) instead of one each.
 *
 * Exact: a read starts after every request that waits for it has arrived, so it sees everything written
 * before any of them, as a read of its own would; reads are never shared across turns, not even with a
 * read still under way. Used for the revision of signed-in pages (revision-reads.server.ts) and the
 * answers about e-mailed links of link pages (link-reads.server.ts).
 */
import { layerOff } from "#common/cache-layers";

export interface Gathering<R, V> {
  /** Reads with the same key are one read. */
  key(read: R): string;
  /** Whether the batch endpoint takes this read (else it goes alone). */
  fitsBatch(read: R): boolean;
  /** Reads in one batch at most. */
  max: number;
  /** One read alone (a rejection reaches the requests that wait for it). */
  one(read: R): Promise<V>;
  /** Several reads in one call: their answers, in order (a rejection reaches all of them). */
  many(reads: R[]): Promise<V[]>;
}

interface Waiting<R, V> {
  read: R;
  waiters: { resolve: (value: V) => void; reject: (error: unknown) => void }[];
}

/** The function that asks for a read, gathered with the others of its turn as `how` says. */
export function gatherReads<R, V>(how: Gathering<R, V>): (read: R) => Promise<V> {
  // CACHE_LAYERS_OFF=gathered-reads (a measuring switch): each read goes alone, when it is asked for.
  if (layerOff("gathered-reads")) return (read) => how.one(read);
  let gathering: Map<string, Waiting<R, V>> | undefined;

  const answer = (waiting: Waiting<R, V>, value: Promise<V>) =>
    value.then(
      (v) => waiting.waiters.forEach((w) => w.resolve(v)),
      (error: unknown) => waiting.waiters.forEach((w) => w.reject(error)),
    );

  function send(): void {
    const all = [...(gathering?.values() ?? [])];
    gathering = undefined;
    const batched = all.length > 1 ? all.filter((waiting) => how.fitsBatch(waiting.read)) : [];
    const inBatch = new Set(batched);
    for (const waiting of all) if (!inBatch.has(waiting)) void answer(waiting, how.one(waiting.read));
    for (let i = 0; i < batched.length; i += how.max) {
      const group = batched.slice(i, i + how.max);
      if (group.length === 1) {
        void answer(group[0], how.one(group[0].read));
        continue;
      }
      const values = how.many(group.map((waiting) => waiting.read));
      const nth = (j: number) => values.then((all) => all[j]);
      group.forEach((waiting, j) => answer(waiting, nth(j)));
    }
  }

  return (read) => {
    if (!gathering) {
      gathering = new Map();
      // After the I/O callbacks of this turn, the requests that arrived in it included.
      setImmediate(send);
    }
    const key = how.key(read);
    let waiting = gathering.get(key);
    if (!waiting) gathering.set(key, (waiting = { read, waiters: [] }));
    const { waiters } = waiting;
    return new Promise<V>((resolve, reject) => waiters.push({ resolve, reject }));
  };
}
