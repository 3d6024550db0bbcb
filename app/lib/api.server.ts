/**
 * The /api/v1 client. Every call of the portal goes through here:
 *
 *  - base URL: API_BASE_URL, or the embedded reference API of this process;
 *  - a bearer token on every call except public ones; Accept-Language of the page;
 *  - forms sent as multipart form data with snake_case field names;
 *  - answers parsed with their contract schema;
 *  - the spec's section 8 mapping of failures:
 *      401 -> the session is cleared and the customer goes to /login?came_from=<current path>
 *             (not from public pages or the root, and never from /login itself);
 *      403 -> the forbidden page;  404 -> the not-found page (or null where a page is silent);
 *      422 -> ApiFieldErrors, which actions map onto their form;
 *      an answer without data, with success: false or not matching the contract, or another status
 *          -> "Something went wrong on server side" (status 502);
 *      no answer (refused, timed out), the page's time for the API spent, or the API's circuit breaker
 *          open -> "service unavailable" (status 503);
 *  - an answer carrying a `redirect` field becomes a 302 to it;
 *  - one time limit for all the calls of a page request (API_TIMEOUT_MS, api-budget.server.ts), and the
 *    circuit breaker of an external API (api-breaker.server.ts).
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { endpointKey, endpoints, type ContractEndpoint, type Endpoint } from "#contract/index";
import { apiCallSpan } from "#common/tracing";
import { apiBreaker, isBreakerOpen } from "./api-breaker.server.ts";
import { ApiBudget, BudgetSpentError } from "./api-budget.server.ts";
import { embeddedApi, inProcessTransport, poolTransport, type ApiAnswer, type ApiTransport } from "./api-transport.server.ts";
import { apiBaseUrl, getConfig } from "./config.server.ts";
import { getLanguage } from "./i18n.server.ts";
import { logEvent } from "./logger.server.ts";
import { metrics } from "./metrics.server.ts";
import { requestInfoContext } from "./request-info.ts";
import { isPublicPath, loginUrl } from "./public-paths.ts";
import { clearSession, getTokens } from "./session.server.ts";
import { pageUrl } from "./page-url.ts";

export type FormValue = string | number | boolean | Blob | null | undefined | (string | number | Blob)[];

/** Field errors of a 422 answer: snake_case field -> error codes (see api/contract). */
export class ApiFieldErrors extends Error {
  constructor(readonly errors: Record<string, string[]>) {
    super("The API refused some fields");
  }
}

/** What an error page or action needs to know about a failed call. */
export type FailureKind = "server" | "unavailable" | "forbidden" | "not-found" | "rate-limited";
export interface FailureData {
  kind: FailureKind;
  /** The request id (server/http-log.ts) the error page shows as the customer's reference. */
  reference?: string;
}

const failure = (kind: FailureKind, status: number, reference: string | undefined) =>
  data<FailureData>(reference ? { kind, reference } : { kind }, { status });

export function isFailure(error: unknown, kind?: FailureKind): error is { data: FailureData; init: ResponseInit | null } {
  if (!error || typeof error !== "object" || !("data" in error)) return false;
  const payload = (error as { data: unknown }).data as FailureData | undefined;
  return Boolean(payload && typeof payload === "object" && "kind" in payload && (!kind || payload.kind === kind));
}

/** camelCase or kebab-case to snake_case; snake_case stays as it is. */
export const snakeCase = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/-/g, "_")
    .toLowerCase();

export function toMultipart(values: Record<string, FormValue>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    const name = snakeCase(key);
    for (const item of Array.isArray(value) ? value : [value]) {
      form.append(name, item instanceof Blob ? item : String(item));
    }
  }
  return form;
}

/** How long a double submit waits for the first one's answer: up to 10 tries, 300 ms apart. */
const CONFLICT_RETRIES = 10;
const CONFLICT_RETRY_MS = 300;

type Query = Record<string, string | number | boolean | undefined | null>;

interface CallOptions {
  query?: Query;
  /** Multipart form body (snake_case names). */
  form?: Record<string, FormValue>;
  /** JSON body. */
  json?: unknown;
  /** Extra request headers (Idempotency-Key…). */
  headers?: Record<string, string>;
  /** Answer null instead of the not-found page (order summary, agreement). */
  silentNotFound?: boolean;
  /** The contract's name of the endpoint ("GET /billing/{id}/summary"), for log lines and metrics; set by `call`. */
  endpoint?: string;
}

// --- Typed calls: an endpoint of api/contract named "METHOD /path", its answer type from the contract ---

type KeyOf<E> = E extends { method: infer M extends string; path: infer P extends string } ? `${Uppercase<M>} ${P}` : never;
/** Every endpoint the contract has, as the portal names it: "GET /billing/{id}/summary". */
export type ApiEndpoint = KeyOf<ContractEndpoint>;
type EndpointAt<K extends ApiEndpoint> = ContractEndpoint extends infer E
  ? E extends ContractEndpoint
    ? KeyOf<E> extends K
      ? E
      : never
    : never
  : never;
/** The answer of an endpoint, as its contract schema parses it. */
export type AnswerOf<K extends ApiEndpoint> = z.infer<EndpointAt<K>["answer"]>;
type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never;
type ParamsOf<K extends ApiEndpoint> = { [N in ParamNames<K>]: string | number };
type NeedsIdempotencyKey<K extends ApiEndpoint> = EndpointAt<K> extends { headers: readonly { name: "Idempotency-Key" }[] } ? true : false;

/** Options of a typed call: the path's parameters, and an Idempotency-Key where the contract asks for one. */
export type TypedCallOptions<K extends ApiEndpoint> = Omit<CallOptions, "headers"> & { headers?: Record<string, string> } & ([
    ParamNames<K>,
  ] extends [never]
    ? { params?: undefined }
    : { params: ParamsOf<K> }) &
  (NeedsIdempotencyKey<K> extends true ? { idempotencyKey: string } : { idempotencyKey?: undefined });

const byKey = new Map<string, Endpoint>(endpoints.map((e) => [endpointKey(e), e]));

function resolve(key: string, params: Record<string, string | number> | undefined): { endpoint: Endpoint; method: string; path: string } {
  const endpoint = byKey.get(key);
  if (!endpoint) throw new Error(`No endpoint ${key} in api/contract`);
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === "") throw new Error(`${key}: the path parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
  return { endpoint, method: endpoint.method.toUpperCase(), path };
}

/** Request headers the contract requires of an endpoint, from the call's options. */
function contractHeaders(key: string, endpoint: Endpoint, options: { headers?: Record<string, string>; idempotencyKey?: string }) {
  const headers = { ...options.headers };
  if (options.idempotencyKey) headers["Idempotency-Key"] = options.idempotencyKey;
  for (const header of endpoint.headers ?? []) {
    if (header.required && !headers[header.name]) throw new Error(`${key} needs the ${header.name} header`);
  }
  return headers;
}

export interface ApiClientOptions {
  baseUrl: string;
  /** The bearer token; absent for public calls. */
  token?: string;
  language: string;
  /** The page request's time for the API (API_TIMEOUT_MS), for a client made without `budget`. */
  timeoutMs: number;
  /** The page request's time for the API, shared by all its clients and calls (api-budget.server.ts). */
  budget?: ApiBudget;
  /** The page request: its path goes into came_from, and aborting it aborts the call. */
  request: Request;
  /** Called before the redirect to sign-in that a 401 causes. */
  onUnauthorized?: () => void;
  /** How the call reaches the API (see api-transport.server.ts); `defaultTransport()` unless given. */
  transport?: ApiTransport;
  /** The page request's id (server/http-log.ts), sent as X-Request-Id so that the API's log line names it. */
  requestId?: string;
}

let chosenTransport: ApiTransport | undefined;
let inProcess: { dispatch: unknown; transport: ApiTransport } | undefined;

/** The test suites answer the API with msw, which intercepts fetch: they set fetchTransport here. */
export function setDefaultTransport(transport: ApiTransport | undefined): void {
  chosenTransport = transport;
}

/**
 * The embedded API of this process in-process when API_BASE_URL is unset and server.ts registered it;
 * otherwise a keep-alive pool, through the API's circuit breaker when server.ts made one.
 */
export function defaultTransport(): ApiTransport {
  if (chosenTransport) return chosenTransport;
  const dispatch = getConfig().API_BASE_URL ? undefined : embeddedApi();
  if (!dispatch) return apiBreaker()?.guard(poolTransport) ?? poolTransport;
  if (inProcess?.dispatch !== dispatch) inProcess = { dispatch, transport: inProcessTransport(dispatch) };
  return inProcess.transport;
}

export class ApiClient {
  private readonly budget: ApiBudget;

  constructor(private readonly options: ApiClientOptions) {
    this.budget = options.budget ?? new ApiBudget(options.timeoutMs);
  }

  /**
   * Calls an endpoint of the contract by its name, such as "GET /billing/{id}/summary": the path's
   * parameters are filled in, required headers checked, and the answer parsed with the contract's schema.
   */
  call<K extends ApiEndpoint>(key: K, options: TypedCallOptions<K> & { silentNotFound: true }): Promise<AnswerOf<K> | null>;
  call<K extends ApiEndpoint>(
    key: K,
    ...options: [ParamNames<K>] extends [never] ? [TypedCallOptions<K>?] : [TypedCallOptions<K>]
  ): Promise<AnswerOf<K>>;
  async call<K extends ApiEndpoint>(key: K, options: Partial<TypedCallOptions<K>> = {}) {
    const { endpoint, method, path } = resolve(key, options.params as Record<string, string | number> | undefined);
    const headers = contractHeaders(key, endpoint, options as { headers?: Record<string, string>; idempotencyKey?: string });
    return this.request(method, path, endpoint.answer, { ...options, headers, endpoint: key });
  }

  /**
   * Calls an endpoint whose answer is a file (an invoice PDF): the API's answer itself, to stream to the
   * browser. Failures map as for every call.
   */
  async download<K extends ApiEndpoint>(key: K, options: TypedCallOptions<K>): Promise<Response> {
    const { endpoint, method, path } = resolve(key, options.params as Record<string, string | number> | undefined);
    // The file itself streams to the browser; a refusal's body is read within the page's time.
    const { status, file, body } = await this.send(
      method,
      path,
      { ...options, headers: contractHeaders(key, endpoint, options), endpoint: key },
      async (answer) =>
        answer.status >= 200 && answer.status < 300
          ? { status: answer.status, file: answer.response(), body: null }
          : { status: answer.status, file: undefined, body: await readJson(answer) },
    );
    if (file) return file;
    this.refuse(method, path, status, body, options);
    throw failure("server", 502, this.options.requestId);
  }

  /** The language of the calls (Accept-Language). */
  get language(): string {
    return this.options.language;
  }

  /** A call by path and schema: the building block of `call`, for tests and calls outside the contract. */
  async request<S extends z.ZodType>(method: string, path: string, schema: S, options: CallOptions = {}): Promise<z.infer<S> | null> {
    let { status, body } = await this.fetch(method, path, options);
    // 409: the same Idempotency-Key is still being processed (a double submit); its answer comes shortly.
    for (let attempt = 0; status === 409 && options.headers?.["Idempotency-Key"] && attempt < CONFLICT_RETRIES; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, CONFLICT_RETRY_MS));
      ({ status, body } = await this.fetch(method, path, options));
    }
    const redirectTo = body && typeof body === "object" ? (body as { redirect?: unknown }).redirect : undefined;
    // Not "//host" nor "/\host", nor control characters (a browser drops a tab in "/\t/host").
    // eslint-disable-next-line no-control-regex
    const safeTarget = (to: string) => /^(\/(?![/\\])|https?:\/\/)/.test(to) && !/[\u0000-\u001f\u007f]/.test(to);
    if (typeof redirectTo === "string" && safeTarget(redirectTo)) throw redirect(redirectTo);
    if (status === 404 && options.silentNotFound) return null;
    if (status < 200 || status >= 300) this.refuse(method, path, status, body, options);
    if (body === null || (typeof body === "object" && (body as { success?: unknown }).success === false)) {
      logEvent("api.bad-answer", {
        endpoint: endpointOf(method, options),
        requestId: this.options.requestId,
        reason: "no data or success: false",
      });
      throw failure("server", 502, this.options.requestId);
    }
    const result = schema.safeParse(body);
    if (!result.success) {
      logEvent("api.bad-answer", {
        endpoint: endpointOf(method, options),
        requestId: this.options.requestId,
        reason: "does not match the contract",
        issues: result.error.issues.slice(0, 3).map((issue) => `${issue.path.join(".")}: ${issue.code}`),
      });
      throw failure("server", 502, this.options.requestId);
    }
    return result.data;
  }

  /** The raw answer, for the few calls that handle statuses themselves (sign-in). */
  async fetch(
    method: string,
    path: string,
    options: CallOptions = {},
  ): Promise<{ status: number; body: unknown; retryAfterSeconds?: number }> {
    return this.send(method, path, options, async (answer) => {
      // A 429's wait, in seconds (Retry-After as a number; a date is not what the API sends).
      const retryAfter = answer.status === 429 ? Number(answer.header("Retry-After")) : NaN;
      return {
        status: answer.status,
        body: await readJson(answer),
        ...(Number.isFinite(retryAfter) && retryAfter >= 0 ? { retryAfterSeconds: retryAfter } : {}),
      };
    });
  }

  /**
   * One exchange with the API within what is left of the page's time (its answer read by `read` within it
   * too), through the transport; no answer is "service unavailable" (503).
   */
  private async send<T = ApiAnswer>(
    method: string,
    path: string,
    options: CallOptions,
    read: (answer: ApiAnswer) => Promise<T> = async (answer) => answer as T,
  ): Promise<T> {
    const { baseUrl, token, language, request } = this.options;
    const url = new URL(baseUrl + path);
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
    }
    const headers: Record<string, string> = { Accept: "application/json", "Accept-Language": language, ...options.headers };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (this.options.requestId) headers["X-Request-Id"] = this.options.requestId;
    let body: string | FormData | undefined;
    if (options.form) body = toMultipart(options.form);
    else if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers["Content-Type"] = "application/json";
    }
    const transport = this.options.transport ?? defaultTransport();
    const endpoint = endpointOf(method, options);
    const started = performance.now();
    let status = 0;
    try {
      // One span per call (a no-op without tracing), whose context the API receives as `traceparent`.
      return await apiCallSpan({ method, endpoint: endpointPath(endpoint), url, requestId: this.options.requestId, headers }, (answered) =>
        this.budget.run(async (timeoutMs) =>
          read(
            await transport({
              method,
              url,
              headers,
              body,
              signal: request.signal,
              timeoutMs,
            }).then((answer) => (answered((status = answer.status)), answer)),
          ),
        ),
      );
    } catch (error) {
      if (request.signal.aborted) throw error;
      // No line per call while the breaker is open: it said so once (api-breaker.server.ts).
      const requestId = this.options.requestId;
      if (error instanceof BudgetSpentError) logEvent("api.not-called", { endpoint, requestId, reason: error.message });
      else if (!isBreakerOpen(error))
        logEvent("api.no-answer", { endpoint, requestId, reason: (error as Error).message }, { level: "error" });
      throw failure("unavailable", 503, this.options.requestId);
    } finally {
      apiCallObserved(endpoint, method, status, started);
    }
  }

  /** Throws what a refused call means for the customer (spec section 8). */
  private refuse(method: string, path: string, status: number, body: unknown, options: CallOptions): never {
    if (status === 401) {
      const { pathname, search } = pageUrl(this.options.request);
      if (pathname !== "/login" && pathname !== "/" && !isPublicPath(pathname)) {
        this.options.onUnauthorized?.();
        throw redirect(loginUrl(pathname + search));
      }
      throw failure("forbidden", 401, this.options.requestId);
    }
    if (status === 403) throw failure("forbidden", 403, this.options.requestId);
    if (status === 404 && !options.silentNotFound) throw failure("not-found", 404, this.options.requestId);
    if (status === 422) {
      const errors = (body as { errors?: Record<string, string[]> } | null)?.errors;
      throw new ApiFieldErrors(errors && typeof errors === "object" ? errors : { _form: ["invalid"] });
    }
    logEvent("api.refused", {
      endpoint: endpointOf(method, options),
      status,
      requestId: this.options.requestId,
      reason: (body as { message?: string } | null)?.message,
    });
    // Too many requests: a page shows "Something went wrong" (502); a form says to try again later.
    if (status === 429) throw failure("rate-limited", 502, this.options.requestId);
    throw status === 503 ? failure("unavailable", 503, this.options.requestId) : failure("server", 502, this.options.requestId);
  }
}

/** The endpoint's name in the contract ("GET /billing/{id}/summary"), never the path with its ids. */
const endpointOf = (method: string, options: CallOptions) => options.endpoint ?? `${method} (other)`;

/** The endpoint's path in the contract ("/billing/{id}/summary"), or "(other)". */
const endpointPath = (endpoint: string) => (endpoint.endsWith(" (other)") ? "(other)" : endpoint.slice(endpoint.indexOf(" ") + 1));

/** The API call duration histogram (metrics.server.ts); status 0: no answer. */
function apiCallObserved(endpoint: string, method: string, status: number, started: number): void {
  metrics().apiDuration.observe({ endpoint: endpointPath(endpoint), method, status: String(status) }, (performance.now() - started) / 1000);
}

async function readJson(answer: ApiAnswer): Promise<unknown> {
  const text = await answer.text().catch(() => "");
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

type Context = Readonly<RouterContextProvider>;

const ownBudgets = new WeakMap<object, ApiBudget>();

/** The page request's budget: the one server/app.ts made for it, else one of this context's own. */
export function budgetOf(context: Context, limitMs: number): ApiBudget {
  const info = context.get(requestInfoContext);
  if (info.budget) return info.budget;
  let budget = ownBudgets.get(context);
  if (!budget) ownBudgets.set(context, (budget = new ApiBudget(limitMs)));
  return budget;
}

/** The API client of a page request, signed in with the session's access token unless `public`. */
export function api(context: Context, request: Request, options: { public?: boolean; token?: string } = {}): ApiClient {
  const config = getConfig();
  return new ApiClient({
    baseUrl: apiBaseUrl(config),
    token: options.public ? undefined : (options.token ?? getTokens(context).accessToken),
    language: getLanguage(context),
    timeoutMs: config.API_TIMEOUT_MS,
    budget: budgetOf(context, config.API_TIMEOUT_MS),
    request,
    onUnauthorized: () => clearSession(context),
    requestId: context.get(requestInfoContext).requestId,
  });
}
