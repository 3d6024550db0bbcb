/**
 * Rendered pages (and .data answers) kept in memory under the tag that conditional.server.ts computes for
 * them (docs/architecture.md, "Conditional answers"). The tag already names everything a page is made of
 * (build, configuration, address, user or "a visitor", language, active account, analytics choice, today's
 * date, the API's revision of the user and the account), so a kept page is served again only to the same
 * user, for the same address, while none of that changed: a write through any portal process raises the
 * API's revision, which gives the next view another tag.
 *
 * What belongs to one answer is cut out when a page is kept and made anew on the way out: the CSP nonce
 * of its render (the new request's nonce goes in its place) and the idempotency keys of a page made for
 * one view (a payment form: newIdempotencyKey; each answer gets keys of its own, the same key wherever
 * the page repeats it). RENDER_CACHE_MB sizes the cache (0: none); least-recently used pages leave first,
 * none outlives RENDER_CACHE_TTL (a tag that nobody asks for again), and live pages keep a shorter time.
 *
 * Requests for a tag that is being rendered wait for that render instead of rendering it again
 * (`keptOrWait`): ten tabs, or a burst of customers on a public page, cost one render.
 */
import { randomUUID } from "node:crypto";
import { constants as zlibConstants, crc32, deflateRawSync } from "node:zlib";
import { LRUCache } from "lru-cache";
import Negotiator from "negotiator";
import { createContext, type RouterContextProvider } from "react-router";
import { getConfig, type Config } from "./config.server.ts";

interface Kept {
  status: number;
  headers: [string, string][];
  /** The body (UTF-8) cut at each hole; `holes[i]` lies between `parts[i]` and `parts[i + 1]`. */
  parts: Buffer[];
  /** Their length together. */
  bytes: number;
  /** 0: the CSP nonce; n ≥ 1: the n-th idempotency key of the render. */
  holes: number[];
  /** How many idempotency keys the page holds (a page made for one view when > 0). */
  keys: number;
  /**
   * The parts compressed once, each on its own (raw deflate ending at a full flush, so that nothing refers
   * back past it; the last one final): a gzip answer is these with the holes between them as stored
   * blocks, so a kept page is not compressed again on every view.
   */
  deflated: Buffer[];
}

const RENDER_CACHE_TTL = 15 * 60_000;
/** Headers that belong to one answer, not to the page. */
const OWN_HEADERS = new Set(["content-length", "set-cookie", "etag", "cache-control", "date"]);

/**
 * Pages that say an address does not exist (404s for visitors) are kept apart, in a few megabytes of
 * their own and for a few minutes: anyone can ask for any number of addresses that do not exist, and
 * those pages must never push customers' pages out of memory.
 */
const MISSING_MB = 4;
const MISSING_TTL = 5 * 60_000;

let cache: { config: Config; pages: LRUCache<string, Kept> | null; missing: LRUCache<string, Kept> | null } | undefined;
/** Tags being rendered now, and the end of each render. */
const rendering = new Map<string, Promise<unknown>>();

function store(missing = false): LRUCache<string, Kept> | null {
  const config = getConfig();
  if (cache?.config !== config) {
    const megabytes = config.RENDER_CACHE_MB;
    const lru = (mb: number, ttl: number) =>
      new LRUCache<string, Kept>({
        maxSize: mb * 1024 * 1024,
        // The body's bytes, and a little for the entry itself.
        sizeCalculation: (kept) => kept.bytes + kept.deflated.reduce((sum, part) => sum + part.length, 0) + 256 + 64 * kept.parts.length,
        ttl,
      });
    cache =
      megabytes > 0
        ? { config, pages: lru(megabytes, RENDER_CACHE_TTL), missing: lru(Math.min(megabytes, MISSING_MB), MISSING_TTL) }
        : { config, pages: null, missing: null };
  }
  return missing ? cache.missing : cache.pages;
}

/** Forgets every kept page (tests; a new configuration does it too). */
export function clearRenderCache(): void {
  cache = undefined;
}

const freshKeys = createContext<string[]>([]);

/** The page being rendered carries this key, made for this view only: it is never tagged, and kept only with the key cut out. */
export function markFreshView(context: Readonly<RouterContextProvider>, key: string): void {
  const provider = context as RouterContextProvider;
  provider.set(freshKeys, [...provider.get(freshKeys), key]);
}

export const isFreshView = (context: Readonly<RouterContextProvider>): boolean => context.get(freshKeys).length > 0;

/** What a kept page is served as. */
export interface KeptAnswer {
  response: Response;
  /** Made for one view (new idempotency keys in it): never tagged. */
  fresh: boolean;
}

/**
 * Whether a request's Accept-Encoding takes gzip (negotiator, as Express and compression read it):
 * named with a weight above 0, or not named and `*` taken; a gzip named with q=0 is refused whatever `*`
 * says, and no header means no gzip.
 */
export function acceptsGzip(acceptEncoding: string | null): boolean {
  if (!acceptEncoding) return false;
  return new Negotiator({ headers: { "accept-encoding": acceptEncoding } }).encoding(["gzip"]) === "gzip";
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);

/** A deflate stored block holding `data` (at most 65,535 bytes), starting and ending on a byte boundary. */
function storedBlock(data: Buffer): Buffer {
  const block = Buffer.allocUnsafe(5 + data.length);
  block[0] = 0; // not final, stored; the rest of the byte is padding
  block.writeUInt16LE(data.length, 1);
  block.writeUInt16LE(~data.length & 0xffff, 3);
  data.copy(block, 5);
  return block;
}

/** The CRC-32 of `data` continued from `crc` (an empty part adds nothing: Node's crc32 answers 0 for an empty buffer that zlib has used). */
const crcOf = (data: Buffer, crc: number) => (data.length ? crc32(data, crc) : crc);

/** A gzip member of the kept page with these values in its holes. */
function gzipAnswer(kept: Kept, values: Buffer[]): Buffer {
  const stored = values.map(storedBlock);
  const pieces: Buffer[] = [GZIP_HEADER, kept.deflated[0]];
  let crc = crcOf(kept.parts[0], 0);
  let length = kept.bytes;
  for (let i = 0; i < kept.holes.length; i++) {
    const hole = kept.holes[i];
    pieces.push(stored[hole], kept.deflated[i + 1]);
    crc = crcOf(kept.parts[i + 1], crcOf(values[hole], crc));
    length += values[hole].length;
  }
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  pieces.push(trailer);
  return Buffer.concat(pieces);
}

/** A kept page as bytes to send: status, headers (no Cache-Control or ETag: the caller decides) and body. */
export interface KeptBytes {
  status: number;
  headers: [string, string][];
  body: Buffer;
  /** Made for one view (new idempotency keys in it): never tagged. */
  fresh: boolean;
}

/**
 * The page kept under this tag, with this request's nonce and keys of its own, or undefined; gzipped
 * (from its parts compressed when it was kept) when the request takes gzip.
 */
export function keptBytes(tag: string, nonce: string, acceptEncoding: string | null = null): KeptBytes | undefined {
  const kept = store()?.get(tag) ?? store(true)?.get(tag);
  if (!kept) return undefined;
  // Bytes, not a string: the body is neither checked nor encoded again on its way out.
  const values = [Buffer.from(nonce)];
  for (let key = 0; key < kept.keys; key++) values.push(Buffer.from(randomUUID()));
  const fresh = kept.keys > 0;
  if (acceptsGzip(acceptEncoding)) {
    const headers: [string, string][] = [...kept.headers, ["Content-Encoding", "gzip"], ["Vary", "Accept-Encoding"]];
    return { status: kept.status, headers, body: gzipAnswer(kept, values), fresh };
  }
  const pieces: Buffer[] = [kept.parts[0]];
  let length = kept.bytes;
  for (let i = 0; i < kept.holes.length; i++) {
    const value = values[kept.holes[i]];
    pieces.push(value, kept.parts[i + 1]);
    length += value.length;
  }
  // Vary as a compressed answer would: the same address answers other bytes to a browser that takes gzip.
  return { status: kept.status, headers: [...kept.headers, ["Vary", "Accept-Encoding"]], body: Buffer.concat(pieces, length), fresh };
}

/** `keptBytes` as a Response (React Router's middleware). */
export function keptAnswer(tag: string, nonce: string, acceptEncoding: string | null = null): KeptAnswer | undefined {
  const kept = keptBytes(tag, nonce, acceptEncoding);
  if (!kept) return undefined;
  // A list of their own (some Headers implementations, the test environment's, keep the list they are given).
  const headers = new Headers();
  for (const [name, value] of kept.headers) headers.append(name, value);
  return { response: new Response(kept.body as Uint8Array<ArrayBuffer>, { status: kept.status, headers }), fresh: kept.fresh };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Keeps an answer under its tag (for `ttl` ms, or the cache's own time; a `missing` page in the store of
 * its own) and gives back one to send (the original's body is read here). Without a nonce to cut out,
 * nothing is kept.
 */
export async function keepAnswer(
  tag: string,
  context: Readonly<RouterContextProvider>,
  nonce: string,
  response: Response,
  ttl?: number,
  missing = false,
): Promise<Response> {
  const cache = store(missing);
  if (!cache || !response.body) return response;
  const body = await response.text();
  const headers = [...response.headers].filter(([name]) => !OWN_HEADERS.has(name.toLowerCase()));
  const keys = context.get(freshKeys);
  if (nonce) {
    const cuts = [nonce, ...keys];
    const pieces = body.split(new RegExp(`(${cuts.map(escape).join("|")})`));
    const parts: Buffer[] = [];
    const holes: number[] = [];
    pieces.forEach((piece, i) => (i % 2 === 0 ? parts.push(Buffer.from(piece)) : holes.push(cuts.indexOf(piece))));
    const bytes = parts.reduce((sum, part) => sum + part.length, 0);
    const deflated = parts.map((part, i) =>
      deflateRawSync(part, { level: 6, finishFlush: i === parts.length - 1 ? zlibConstants.Z_FINISH : zlibConstants.Z_FULL_FLUSH }),
    );
    cache.set(tag, { status: response.status, headers, parts, bytes, holes, keys: keys.length, deflated }, ttl ? { ttl } : undefined);
  }
  const answer = new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  answer.headers.delete("Content-Length");
  return answer;
}

/**
 * The page kept under this tag; else, when another request is rendering it, that render's page once it
 * is kept; else `done`: the caller renders the page, and later requests for the tag wait until it calls
 * `done` (once its answer is kept, or known not to be keepable).
 */
export async function keptOrWait(tag: string, nonce: string, acceptEncoding: string | null): Promise<KeptAnswer | { done: () => void }> {
  const kept = keptAnswer(tag, nonce, acceptEncoding);
  if (kept) return kept;
  const pending = rendering.get(tag);
  if (pending && store()) {
    await pending;
    const after = keptAnswer(tag, nonce, acceptEncoding);
    if (after) return after;
  }
  let done!: () => void;
  const settled = new Promise<void>((resolve) => (done = resolve));
  if (!rendering.has(tag)) rendering.set(tag, settled);
  return {
    done: () => {
      if (rendering.get(tag) === settled) rendering.delete(tag);
      done();
    },
  };
}
