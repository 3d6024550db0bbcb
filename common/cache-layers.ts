/**
 * CACHE_LAYERS_OFF: a measuring switch (README, "Configuration"; docs/cache-layers.md). Each caching layer
 * is optional for correctness (docs/architecture.md, "Caching layers"); naming it here turns it off in this
 * process, so that `npm run bench:day -- --without LAYER` can measure what it earns. Read once, at start.
 */
export const CACHE_LAYERS = ["304", "door", "gathered-reads", "kept-reads", "session-cookies"] as const;
export type CacheLayer = (typeof CACHE_LAYERS)[number];

/** The layers a comma-separated list names, or the words it has that name none. */
export function parseCacheLayers(text: string | undefined): { off: Set<CacheLayer>; unknown: string[] } {
  const off = new Set<CacheLayer>();
  const unknown: string[] = [];
  for (const word of (text ?? "").split(",").map((w) => w.trim().toLowerCase())) {
    if (!word) continue;
    if ((CACHE_LAYERS as readonly string[]).includes(word)) off.add(word as CacheLayer);
    else unknown.push(word);
  }
  return { off, unknown };
}

let current: Set<CacheLayer> | undefined;

/** Whether CACHE_LAYERS_OFF names this layer (the server checks the variable's words at start: config.server.ts). */
export function layerOff(layer: CacheLayer): boolean {
  current ??= parseCacheLayers(process.env.CACHE_LAYERS_OFF).off;
  return current.has(layer);
}
