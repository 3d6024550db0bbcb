/**
 * The rendered pages (and .data answers) of signed-in customers, kept in memory under the ETag that
 * conditional.server.ts computes for them (docs/architecture.md, "Conditional answers"). The tag already
 * names everything a page is made of (build, configuration, address, user, language, active account,
 * analytics choice, today's date, the API's revision of the user and the account), so a kept page is
 * served again only to the same user, for the same address, while none of that changed: a write through
 * any portal process raises the API's revision, which gives the next view another tag.
 *
 * The CSP nonce of the render that made a page is cut out when it is kept and the new request's nonce is
 * put in its place on the way out. Pages made for one view only (a payment form's idempotency key) are
 * never kept: their loader calls markFreshView. RENDER_CACHE_MB sizes the cache (0: none); least-recently
 * used pages leave first, and none outlives RENDER_CACHE_TTL (a tag that nobody asks for again).
 */
import { LRUCache } from "lru-cache";
import { createContext, type RouterContextProvider } from "react-router";
import { getConfig, type Config } from "./config.server.ts";

interface Kept {
  status: number;
  headers: [string, string][];
  /** The body cut at each occurrence of the render's nonce. */
  parts: string[];
}

const RENDER_CACHE_TTL = 15 * 60_000;
/** Headers that belong to one answer, not to the page. */
const OWN_HEADERS = new Set(["content-length", "set-cookie", "etag", "cache-control", "date"]);

let cache: { config: Config; pages: LRUCache<string, Kept> | null } | undefined;

function store(): LRUCache<string, Kept> | null {
  const config = getConfig();
  if (cache?.config !== config) {
    const megabytes = config.RENDER_CACHE_MB;
    const pages =
      megabytes > 0
        ? new LRUCache<string, Kept>({
            maxSize: megabytes * 1024 * 1024,
            // UTF-16 in memory: two bytes a character, and a little for the entry itself.
            sizeCalculation: (kept) => kept.parts.reduce((sum, part) => sum + part.length * 2, 256),
            ttl: RENDER_CACHE_TTL,
          })
        : null;
    cache = { config, pages };
  }
  return cache.pages;
}

/** Forgets every kept page (tests; a new configuration does it too). */
export function clearRenderCache(): void {
  cache = undefined;
}

const freshView = createContext<boolean>(false);

/** The page being rendered carries something made for this view only: it is neither tagged nor kept. */
export function markFreshView(context: Readonly<RouterContextProvider>): void {
  (context as RouterContextProvider).set(freshView, true);
}

export const isFreshView = (context: Readonly<RouterContextProvider>): boolean => context.get(freshView);

/** The page kept under this tag, with this request's nonce, or undefined. */
export function keptAnswer(tag: string, nonce: string): Response | undefined {
  const kept = store()?.get(tag);
  if (!kept) return undefined;
  return new Response(kept.parts.join(nonce), { status: kept.status, headers: kept.headers });
}

/** Keeps an answer under its tag and gives back one to send (the original's body is read here). Without a nonce to cut out, nothing is kept. */
export async function keepAnswer(tag: string, nonce: string, response: Response): Promise<Response> {
  const cache = store();
  if (!cache || !response.body) return response;
  const body = await response.text();
  const headers = [...response.headers].filter(([name]) => !OWN_HEADERS.has(name.toLowerCase()));
  if (nonce) cache.set(tag, { status: response.status, headers, parts: body.split(nonce) });
  const answer = new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  answer.headers.delete("Content-Length");
  return answer;
}
