/**
 * Pages and their data (.data) are made whole before anything is sent (render-document.server.ts; the
 * loaders are done before a .data answer is written), so they are compressed here, once, in one call,
 * and sent with their length: one write of the headers and the body.
 *
 * Through the `compression` middleware each answer cost a compression stream, work handed to the thread
 * pool and back, and chunked writes: a 4 KB .data answer took 0.3 ms more of the portal's CPU with brotli
 * than without, where compressing it in one call takes 0.03 ms (docs/decisions/222-whole-answers.md).
 * The middleware stays for every other answer (files, the few pages Express itself answers); it leaves
 * these alone, as they arrive encoded.
 *
 * Brotli at quality 2 when the browser takes it (a 50 KB page: 0.2 ms, 13.6 KB; the default quality 4
 * takes twice the time for 5 % fewer bytes), gzip at its default level for the others; under 1 KB, or
 * with `Cache-Control: no-transform`, as it is.
 */
import Negotiator from "negotiator";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** Smaller answers are sent as they are: the `compression` middleware's default threshold. */
const THRESHOLD = 1024;
const ENCODINGS = ["br", "gzip", "identity"];
/** Between encodings the browser takes equally, brotli first. */
const PREFERRED = { preferred: ["br", "gzip"] };

/** negotiator's types omit the options its encodings() takes (the `compression` middleware passes them too). */
type Encodings = (available: string[], options: typeof PREFERRED) => string[];

/** The encoding of an answer to this request: the browser's choice among brotli, gzip and none. */
export function encodingFor(request: Request): string {
  const acceptEncoding = request.headers.get("Accept-Encoding");
  if (!acceptEncoding) return "identity";
  const negotiator = new Negotiator({ headers: { "accept-encoding": acceptEncoding } });
  return (negotiator.encodings as Encodings).call(negotiator, ENCODINGS, PREFERRED)[0] ?? "identity";
}

function compress(body: Uint8Array, encoding: string): Uint8Array<ArrayBuffer> {
  if (encoding === "br")
    return brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 2, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength },
    });
  return gzipSync(body);
}

/** The answer with its whole body, compressed for this request when that is worth it, and its length. */
export function wholeAnswer(request: Request, body: Uint8Array<ArrayBuffer> | string, headers: Headers, status: number): Response {
  const bytes = typeof body === "string" ? Buffer.from(body, "utf8") : body;
  let sent: Uint8Array<ArrayBuffer> = bytes;
  const noTransform = /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(headers.get("Cache-Control") ?? "");
  if (!noTransform && !headers.has("Content-Encoding")) {
    headers.append("Vary", "Accept-Encoding");
    const encoding = bytes.byteLength < THRESHOLD ? "identity" : encodingFor(request);
    if (encoding !== "identity") {
      sent = compress(bytes, encoding);
      headers.set("Content-Encoding", encoding);
    }
  }
  headers.set("Content-Length", String(sent.byteLength));
  return new Response(sent, { status, headers });
}
