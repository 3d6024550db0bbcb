/**
 * How the API client reaches /api/v1: the HTTP exchange under ApiClient, which keeps everything else
 * (headers, parsing, the spec's failure mapping). Three transports answer the same contract:
 *
 *  - `poolTransport`: an external API (API_BASE_URL), through a keep-alive undici pool per origin
 *    (`request()`, no WHATWG fetch), through the API's circuit breaker (api-breaker.server.ts);
 *  - `inProcessTransport`: the embedded reference API of this process, dispatched to its Express router
 *    without a socket (light-my-request; no compression), as a loopback client (127.0.0.1) so the API
 *    trusts the X-Forwarded-For that the portal sends for its sign-in limits, as over HTTP;
 *  - `fetchTransport`: global fetch, which the test suites use (msw intercepts fetch, not undici).
 *
 * Every transport rejects when there is no answer (refused, aborted, or none within the exchange's
 * `timeoutMs`: what is left of the page's time, api-budget.server.ts); ApiClient maps that.
 */
import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import express, { type Router } from "express";
import { inject } from "light-my-request";
import { Pool, type Dispatcher } from "undici";

export interface ApiExchange {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body?: string | FormData;
  /** The page request's signal: aborting the page aborts the call (none for a call made for several pages). */
  signal?: AbortSignal;
  /** The answer (its body read) within this, else the call rejects: what is left of the page's time. */
  timeoutMs: number;
}

export interface ApiAnswer {
  status: number;
  /** The body as text (JSON answers). */
  text(): Promise<string>;
  /** The answer as a web Response (file downloads, streamed to the browser). */
  response(): Response;
  /** One header of the answer (a 429's Retry-After), its first value. */
  header(name: string): string | undefined;
}

/** A header of Node's raw headers (lower-case names), its first value. */
function headerOf(raw: IncomingHttpHeaders | OutgoingHttpHeaders, name: string): string | undefined {
  const value = raw[name.toLowerCase()];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined ? undefined : String(first);
}

export type ApiTransport = (exchange: ApiExchange) => Promise<ApiAnswer>;

function toHeaders(raw: IncomingHttpHeaders | OutgoingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, String(item));
  }
  return headers;
}

/**
 * A form as a multipart body (encoded as fetch would, a boundary in its type), streamed: its files are
 * read as the body is sent (from disk, for the portal's uploads: form-uploads.server.ts), never whole.
 */
function encodeForm(form: FormData): { type: string; stream: Readable } {
  const encoded = new Response(form);
  return {
    type: encoded.headers.get("content-type")!,
    stream: Readable.fromWeb(encoded.body! as WebReadableStream),
  };
}

/** Global fetch, with the page's signal and a timeout signal (the suites' transport: msw intercepts it). */
export const fetchTransport: ApiTransport = async ({ method, url, headers, body, signal, timeoutMs }) => {
  const timeout = AbortSignal.timeout(timeoutMs);
  const response = await fetch(url, { method, headers, body, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
  return {
    status: response.status,
    text: () => response.text(),
    response: () => response,
    header: (name) => response.headers.get(name) ?? undefined,
  };
};

const pools = new Map<string, Pool>();

/** Idle keep-alive connections close after this long (the API's own keep-alive timeout is longer). */
const KEEP_ALIVE_MS = 4_000;

/** A connection attempt gives up after this long (each call's own time limit aborts its wait sooner). */
const CONNECT_TIMEOUT_MS = 10_000;

function poolFor(origin: string): Pool {
  let pool = pools.get(origin);
  if (!pool) {
    // Each request sets its own headers and body timeouts: what is left of its page's time.
    pool = new Pool(origin, { connections: 64, keepAliveTimeout: KEEP_ALIVE_MS, connect: { timeout: CONNECT_TIMEOUT_MS } });
    pools.set(origin, pool);
  }
  return pool;
}

/** The calls under way of a page (its request's signal), and the one listener on that signal that aborts them. */
interface PageCalls {
  calls: Set<AbortController>;
  abort: () => void;
}
const callsOfPage = new WeakMap<AbortSignal, PageCalls>();

/**
 * A call's own signal: aborted with the page's, or once `timeoutMs` passed (to the millisecond). The calls
 * of a page share one listener on the page's signal, there while any of them is under way: a page of many
 * calls at once (a contact's e-mail choices, an account each) made Node warn of a listener leak past ten.
 * `done` takes the timer and the call away, and the listener with the page's last call, so that a page's
 * signal keeps nothing of the calls it made once they are over.
 */
function callSignal(page: AbortSignal | undefined, timeoutMs: number): { signal: AbortSignal; done: () => void } {
  const limit = new AbortController();
  let shared: PageCalls | undefined;
  if (page?.aborted) limit.abort(page.reason);
  else if (page) {
    shared = callsOfPage.get(page);
    if (!shared) {
      const calls = new Set<AbortController>();
      const abort = () => {
        callsOfPage.delete(page);
        for (const call of calls) call.abort(page.reason);
        calls.clear();
      };
      shared = { calls, abort };
      callsOfPage.set(page, shared);
      page.addEventListener("abort", abort, { once: true });
    }
    shared.calls.add(limit);
  }
  const done = () => {
    clearTimeout(timer);
    if (page && shared?.calls.delete(limit) && shared.calls.size === 0) {
      page.removeEventListener("abort", shared.abort);
      if (callsOfPage.get(page) === shared) callsOfPage.delete(page);
    }
  };
  const timer = setTimeout(() => {
    done();
    limit.abort(new Error(`no answer within ${timeoutMs} ms`));
  }, timeoutMs);
  return { signal: limit.signal, done };
}

/**
 * An external API through a keep-alive pool: the answer, its body included, within timeoutMs (one timer
 * per call, to the millisecond: undici's own timeouts tick about once a second and stay as a backstop);
 * a file handed on as a stream then has no pause longer than that.
 */
export const poolTransport: ApiTransport = async ({ method, url, headers, body, signal, timeoutMs }) => {
  let payload: string | Readable | undefined;
  const sent = { ...headers };
  if (body instanceof FormData) {
    const encoded = encodeForm(body);
    sent["content-type"] = encoded.type;
    payload = encoded.stream;
  } else payload = body;
  const { signal: limit, done } = callSignal(signal, timeoutMs);
  let answer: Dispatcher.ResponseData;
  try {
    answer = await poolFor(url.origin).request({
      method: method as "GET",
      path: url.pathname + url.search,
      headers: sent,
      body: payload,
      signal: limit,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
  } catch (error) {
    done();
    throw error;
  }
  return {
    status: answer.statusCode,
    header: (name) => headerOf(answer.headers, name),
    text: () => answer.body.text().finally(done),
    response: () => {
      done();
      return new Response(answer.statusCode === 204 || answer.statusCode === 304 ? null : (Readable.toWeb(answer.body) as ReadableStream), {
        status: answer.statusCode,
        headers: toHeaders(answer.headers),
      });
    },
  };
};

/** Closes the pools' idle connections (graceful shutdown). */
export async function closePools(): Promise<void> {
  await Promise.all([...pools.values()].map((pool) => pool.close()));
  pools.clear();
}

type Dispatch = (req: IncomingMessage, res: ServerResponse) => void;

let embeddedDispatch: Dispatch | undefined;

/**
 * A new Express app that light-my-request may be given. Given an Express app, light-my-request re-parents
 * the prototypes of the app's request and response to its own fakes; on a plain app those are Express's
 * shared prototypes, which would break every real response of the process (a server's, a test's). This
 * app gets private copies, the only ones patched.
 */
export function injectableApp(): express.Express {
  const app = express();
  const own = <T extends object>(proto: T): T =>
    Object.create(Object.getPrototypeOf(proto) as object, Object.getOwnPropertyDescriptors(proto)) as T;
  const link = { configurable: true, enumerable: true, writable: true, value: app };
  app.request = Object.create(own(express.request), { app: link }) as typeof app.request;
  app.response = Object.create(own(express.response), { app: link }) as typeof app.response;
  return app;
}

/** The embedded API as an Express app of its own, serving /api/v1 without compression, for `inProcessTransport`. */
export function embeddedApiApp(router: Router): express.Express {
  const app = injectableApp();
  app.disable("x-powered-by");
  app.use("/api/v1", router);
  return app;
}

/** server.ts: the embedded API's request handler (`embeddedApiApp`). */
export function registerEmbeddedApi(dispatch: Dispatch | undefined): void {
  embeddedDispatch = dispatch;
}

export function embeddedApi(): Dispatch | undefined {
  return embeddedDispatch;
}

/** The embedded API of this process, without a socket: the same router, headers and answers as over HTTP. */
export function inProcessTransport(dispatch: Dispatch): ApiTransport {
  return async ({ method, url, headers, body, signal, timeoutMs }) => {
    let payload: string | Readable | undefined;
    const sent: Record<string, string> = { ...headers, host: url.host };
    if (body instanceof FormData) {
      const encoded = encodeForm(body);
      sent["content-type"] = encoded.type;
      payload = encoded.stream;
    } else payload = body;
    // light-my-request keeps a listener on the signal it is given for as long as its request stream lives
    // (for a GET whose body the API never reads, for ever): it gets this call's own, which dies with the call.
    const call = callSignal(signal, timeoutMs);
    const stopped = new Promise<never>((_, reject) => {
      if (call.signal.aborted) reject(call.signal.reason as Error);
      else call.signal.addEventListener("abort", () => reject(call.signal.reason as Error), { once: true });
    });
    try {
      const answer = await Promise.race([
        inject(dispatch, {
          method: method as "GET",
          url: url.pathname + url.search,
          headers: sent,
          payload,
          remoteAddress: "127.0.0.1",
          validate: false,
          signal: call.signal,
        }),
        stopped,
      ]);
      return {
        status: answer.statusCode,
        header: (name) => headerOf(answer.headers, name),
        text: async () => answer.payload,
        response: () =>
          new Response(answer.statusCode === 204 || answer.statusCode === 304 ? null : new Uint8Array(answer.rawPayload), {
            status: answer.statusCode,
            headers: toHeaders(answer.headers),
          }),
      };
    } finally {
      call.done();
      // An answer that came before the whole form was read (a refusal): the rest is not sent.
      if (payload instanceof Readable) payload.destroy();
    }
  };
}
