/**
 * Imports a module with Node's source maps off for it. tsx turns them on for the whole process, and
 * gives every module it loads an inline map; Node then keeps that map, and parses it whole the first
 * time a stack is formatted. For the portal's server build (one file of about 1.3 MB, which has no
 * source of its own to map back to) that was some 70 MB of the heap: strings and a list per mapping,
 * marked again by every full garbage collection (docs/performance-log.md, ninth session). Maps stay on
 * for everything else (server.ts and the TypeScript it imports).
 */
export async function importUnmapped<T>(file: string): Promise<T> {
  const mapped = process.sourceMapsEnabled;
  process.setSourceMapsEnabled(false);
  try {
    return (await import(file)) as T;
  } finally {
    process.setSourceMapsEnabled(mapped);
  }
}
