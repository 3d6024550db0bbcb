/**
 * Calls a route's loader or action in isolation, through the same middlewares the app runs (language,
 * cookie session, and the route's own, such as requireUserMiddleware), with a request built here.
 * The answer is what the browser would get: status, headers (Location, Set-Cookie) and data.
 */
import { RouterContextProvider, type MiddlewareFunction, type RouterContext } from "react-router";
import { i18nMiddleware } from "../../app/lib/i18n.server.ts";
import { requestInfoContext, type RequestInfo } from "../../app/lib/request-info.ts";
import { getTokens, sessionCookieFor, sessionMiddleware, takeNotifications } from "../../app/lib/session.server.ts";
import type { SignInLimits } from "#common/sign-in-limits";
import { signInLimitsContext } from "../../app/lib/sign-in-limits.ts";
import { testSignInLimits } from "./sign-in-limits.ts";
import { REFRESH_TOKEN, accessToken } from "../mocks/fixtures.ts";

// Route modules type their own arguments (from +types); any loader or action fits here.
type Handler = (args: any) => unknown;

export interface RouteCall {
  /** Path and query, such as "/dashboard/100101?lng=fr". */
  url: string;
  method?: "GET" | "POST" | "PUT" | "DELETE";
  /** Form fields of a POST, sent urlencoded as a browser sends a form without files. */
  form?: Record<string, string>;
  /** Fields and files of a POST, sent as multipart/form-data (a form with enctype="multipart/form-data"). */
  multipart?: Record<string, string | File | (string | File)[]>;
  /** Any other body, as it is: with headers["Content-Type"], for posts a browser would not send (a stream for one sent as it is read). */
  body?: string | ReadableStream<Uint8Array>;
  params?: Record<string, string | undefined>;
  /** The route pattern React Router would give the middlewares (default: the path itself). */
  pattern?: string;
  cookie?: string;
  headers?: Record<string, string>;
  /** The route's own middleware (the root's language and session ones always run first). */
  middleware?: MiddlewareFunction<Response>[];
  requestInfo?: Partial<RequestInfo>;
  /** The sign-in limits server.ts would hand over (default: the test's own, tests/support/sign-in-limits.ts). */
  signInLimits?: SignInLimits;
}

export interface RouteResult<T = unknown> {
  status: number;
  headers: Headers;
  /** What the loader or action answered (or threw), unwrapped from data() / Response JSON. */
  data: T;
  /** The body of the answer the browser gets (empty for a loader's plain data). */
  body: string;
  /** The redirect target, if any. */
  location: string | null;
  /** Whether the handler threw (a redirect or an error response). */
  thrown: boolean;
  setCookies: string[];
}

function isDataWithInit(value: unknown): value is { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null } {
  return Boolean(value && typeof value === "object" && (value as { type?: string }).type === "DataWithResponseInit");
}

export async function callRoute<T = any>(handler: Handler, call: RouteCall): Promise<RouteResult<T>> {
  const url = new URL(call.url, "http://portal.test");
  const headers = new Headers(call.headers);
  if (call.cookie) headers.set("Cookie", call.cookie);
  let body: BodyInit | undefined;
  if (call.form) {
    body = new URLSearchParams(call.form);
    headers.set("Content-Type", "application/x-www-form-urlencoded");
  } else if (call.multipart) {
    const form = new FormData();
    for (const [name, value] of Object.entries(call.multipart)) {
      for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
    }
    // Serialised as a browser would, so the action reads a real multipart body with its boundary.
    const encoded = new Response(form);
    headers.set("Content-Type", encoded.headers.get("Content-Type")!);
    body = await encoded.arrayBuffer();
  } else if (call.body !== undefined) body = call.body;
  const posts = call.form || call.multipart || call.body !== undefined;
  const request = new Request(url, {
    method: call.method ?? (posts ? "POST" : "GET"),
    headers,
    body,
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
  const context = new RouterContextProvider(
    new Map<RouterContext<any>, unknown>([
      [
        requestInfoContext,
        { cspNonce: "test-nonce", clientAddress: "203.0.113.10", dataRequest: url.pathname.endsWith(".data"), ...call.requestInfo },
      ],
      [signInLimitsContext, call.signInLimits ?? testSignInLimits()],
    ]),
  );
  const chain: MiddlewareFunction<Response>[] = [i18nMiddleware, sessionMiddleware, ...(call.middleware ?? [])];
  let outcome: { value: unknown; thrown: boolean } = { value: undefined, thrown: false };

  const toResponse = (value: unknown): Response => {
    if (value instanceof Response) return value;
    if (isDataWithInit(value)) return new Response(null, value.init ?? undefined);
    return new Response(null, { status: 200 });
  };

  const run = async (index: number): Promise<Response> => {
    if (index < chain.length) {
      try {
        const args = { request, url, params: call.params ?? {}, context, pattern: call.pattern ?? url.pathname } as never;
        let downstream: Promise<Response> | undefined;
        const next = () => (downstream ??= run(index + 1));
        // A middleware that returns nothing lets the answer of the rest of the chain through.
        return (await chain[index](args, next)) ?? (await next());
      } catch (error) {
        outcome = { value: error, thrown: true };
        return toResponse(error);
      }
    }
    try {
      outcome = {
        value: await handler({ request, url, params: call.params ?? {}, context, pattern: call.pattern ?? url.pathname }),
        thrown: false,
      };
    } catch (error) {
      outcome = { value: error, thrown: true };
    }
    return toResponse(outcome.value);
  };

  const response = await run(0);
  let data: unknown = outcome.value;
  if (isDataWithInit(data)) data = data.data;
  else if (data instanceof Response) {
    // A middleware that read the page's body (kept it in memory) answered a copy: read that one.
    const text = await (data.bodyUsed ? response : data).clone().text();
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      data = text;
    }
  }
  return {
    status: response.status,
    headers: response.headers,
    data: data as T,
    body: response.bodyUsed ? "" : await response.clone().text(),
    location: response.headers.get("Location"),
    thrown: outcome.thrown,
    setCookies: response.headers.getSetCookie(),
  };
}

/** The Cookie header of a signed-in browser (a fresh access token, unless told otherwise). */
export async function signedInCookie(options: { expiredAccessToken?: boolean; withoutRefresh?: boolean } = {}): Promise<string> {
  return sessionCookieFor({
    accessToken: await accessToken(options.expiredAccessToken ? -60 : 900),
    refreshToken: options.withoutRefresh ? undefined : REFRESH_TOKEN,
  });
}

/**
 * The Cookie header the browser sends next: the cookies it had, updated by the Set-Cookie headers of
 * an answer (a cookie cleared with an empty value, Max-Age=0 or an Expires in the past is dropped).
 */
export function nextCookie(cookie: string | undefined, setCookies: string[]): string {
  const jar = new Map<string, string>();
  for (const pair of (cookie ?? "").split(";")) {
    const at = pair.indexOf("=");
    if (at > 0) jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
  for (const header of setCookies) {
    const [pair, ...attributes] = header.split(";");
    const at = pair.indexOf("=");
    const name = pair.slice(0, at).trim();
    const value = pair.slice(at + 1).trim();
    const expires = attributes.find((a) => /^\s*expires=/i.test(a));
    const maxAge = attributes.find((a) => /^\s*max-age=/i.test(a));
    const cleared =
      value === "" ||
      (maxAge !== undefined && Number(maxAge.split("=")[1]) <= 0) ||
      (expires !== undefined && new Date(expires.split("=")[1]).getTime() <= Date.now());
    if (cleared) jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

/** The tokens a Cookie header's session holds, read through the session middleware. */
export async function sessionTokens(cookie: string): Promise<{ accessToken?: string; refreshToken?: string }> {
  const result = await callRoute(({ context }: { context: RouterContextProvider }) => getTokens(context), { url: "/", cookie });
  return result.data as { accessToken?: string; refreshToken?: string };
}

/** The notifications the next page shows after an answer, its cookies kept (signed in as the fixture user). */
export async function notificationsAfter(result: RouteResult): Promise<{ key: string; type: string; values?: Record<string, unknown> }[]> {
  const next = await callRoute(({ context }: { context: RouterContextProvider }) => takeNotifications(context), {
    url: "/",
    cookie: nextCookie(await signedInCookie(), result.setCookies),
  });
  return (next.data as { key: string; type: string; values?: Record<string, unknown> }[]).map(({ key, type, values }) => ({
    key,
    type,
    values,
  }));
}
