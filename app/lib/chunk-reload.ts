/**
 * Spec section 8: a failed chunk load reloads the page, at most once a minute. The time of the last such
 * reload is kept in sessionStorage (this tab, across its reloads). docs/decisions/070-failed-code-downloads.md.
 */
export const CHUNK_RELOAD_KEY = "chunk-reload-at";
export const CHUNK_RELOAD_MS = 60_000;

/** Whether an error is a module that failed to download (Chromium, Firefox and Safari word it differently). */
export function isChunkError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : "";
  return /dynamically imported module|Importing a module script failed|error loading dynamically|Unable to preload/i.test(message);
}

/** Whether a failed download may reload the page now; if so, the time is remembered. */
export function claimReload(now = Date.now()): boolean {
  try {
    const last = Number(sessionStorage.getItem(CHUNK_RELOAD_KEY) ?? 0);
    if (now - last < CHUNK_RELOAD_MS) return false;
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(now));
    return true;
  } catch {
    // No storage (a privacy mode): never reload, so a page cannot reload itself in a loop.
    return false;
  }
}
