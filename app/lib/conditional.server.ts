/**
 * Conditional answers (docs/architecture.md, "Conditional answers"): a signed-in page, or its data
 * (.data), that has not changed since this browser last got it answers "304 Not Modified" without
 * running a loader or rendering anything. The one caching layer of the portal: nothing is kept in its
 * memory (docs/decisions/140-no-kept-pages.md, 142-one-caching-seam.md).
 *
 * A route says what it is in its `handle` (`PageHandle.cache`, page-handle.ts): "account" (the default of every signed-in
 * page) is tagged; "live" (its data changes with time alone: the router, traffic and monitoring windows
 * ending now) and "never" (made for one view: a payment form's idempotency key) are not. server.ts reads
 * the declarations from the build (`pageCacheOf`, page-handle.ts) and hands them over with the request (RequestInfo).
 *
 * The ETag is a hash of everything a page is made of besides its code's input data: the build, the
 * address, the user, the language, the active account (pages without an account in their address
 * show it), the analytics choice, the portal's configuration (feature flags…), today's date (Toronto
 * and UTC), and the API's revision of the user and of the account (GET /revision, raised by the API on
 * every write, so a change made through another portal process, or by anything else, counts too).
 * The revision is read before the page's loaders: a change landing in between gives a page newer than
 * its tag, which the next revision read replaces.
 *
 * No ETag (and Cache-Control: private, no-store as before) for: pages with notifications waiting or given
 * back what was typed in them (form-draft.server.ts), answers
 * other than 200, answers that set a cookie or have a Cache-Control of their own (files), pages declared
 * "live" or "never", and when the revision cannot be read (an API without GET /revision). Pages with an
 * ETag answer Cache-Control: private, no-cache: the browser keeps them but asks every time.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { MiddlewareFunction, RouterContextProvider } from "react-router";
import { analyticsState } from "./analytics.server.ts";
import { api } from "./api.server.ts";
import { ACTIVE_CUSTOMER_COOKIE, claimsOf } from "./auth.server.ts";
import { getConfig, type Config } from "./config.server.ts";
import { readCookie } from "./cookies.server.ts";
import { formDraftOf } from "./form-draft.server.ts";
import { getLanguage } from "./i18n.server.ts";
import { routePattern } from "./page-handle.ts";
import { requestInfoContext } from "./request-info.ts";
import { readRevision } from "./revision-reads.server.ts";
import { getTokens, hasNotifications } from "./session.server.ts";
import { torontoToday } from "../schemas/values.ts";
import { pageUrl } from "./page-url.ts";

/** What pages with an ETag answer: kept by this browser only, and never shown without asking. */
export const REVALIDATE = "private, no-cache";

/** The build: a hash of the server bundle this module is part of (identical in every process that runs it). */
const BUILD = (() => {
  try {
    return createHash("sha256")
      .update(readFileSync(fileURLToPath(import.meta.url)))
      .digest("base64url")
      .slice(0, 16);
  } catch {
    return "unknown";
  }
})();

const configHashes = new WeakMap<Config, string>();
function configHash(config: Config): string {
  let hash = configHashes.get(config);
  if (!hash) {
    hash = createHash("sha256").update(JSON.stringify(config)).digest("base64url").slice(0, 16);
    configHashes.set(config, hash);
  }
  return hash;
}

let today = { until: 0, value: "" };
/** Today in Toronto and in UTC (both are used by pages), recomputed at most once a second. */
function days(now = Date.now()): string {
  if (now >= today.until) today = { until: now + 1000, value: `${torontoToday(now)}/${new Date(now).toISOString().slice(0, 10)}` };
  return today.value;
}

/** The tags of an If-None-Match header, without their weak marker (weak comparison). */
function requestedTags(request: Request): string[] {
  const header = request.headers.get("If-None-Match");
  if (!header) return [];
  return header.split(",").map((tag) => tag.trim().replace(/^W\//, ""));
}

/** Whether this answer may carry the ETag computed before it was made. */
function cacheable(response: Response): boolean {
  return (
    response.status === 200 &&
    !response.headers.has("Set-Cookie") &&
    !response.headers.has("Cache-Control") &&
    !response.headers.has("X-Remix-Redirect")
  );
}

/** The signed-in layout's middleware (routes/_app.tsx): 304 for a page the browser has, else the page, tagged when it may be. */
export const conditionalMiddleware: MiddlewareFunction<Response> = async ({ request, context, params, pattern }, next) => {
  if (request.method !== "GET" && request.method !== "HEAD") return next();
  const info = context.get(requestInfoContext);
  const cache = info.pageCache?.(routePattern(pattern)) ?? "account";
  // A page given back what was typed in it (a form draft) is made for this view alone.
  if (cache !== "account" || hasNotifications(context) || formDraftOf(context)) return next();
  const raw = (params as { customerId?: string }).customerId;
  const tag = await userTag(request, context, raw && /^\d{1,12}$/.test(raw) ? raw : undefined);
  // Not signed in, not the user's account (403), a session the API ended (401), no API: the page decides, untagged.
  if (!tag) return next();
  const etag = `W/${tag}`;
  if (requestedTags(request).includes(tag)) {
    info.cacheOutcome = "304";
    return new Response(null, { status: 304, headers: { ETag: etag, "Cache-Control": REVALIDATE } });
  }
  const response = await next();
  if (!cacheable(response)) return response;
  if (request.method === "GET") info.cacheOutcome = "rendered";
  try {
    response.headers.set("ETag", etag);
    response.headers.set("Cache-Control", REVALIDATE);
  } catch {
    // The headers of a fetched response are immutable: it goes untagged.
  }
  return response;
};

/**
 * The tag of a signed-in page (user, active account or the one in the address, the API's revision), or
 * undefined when there is none: no valid access token, or no revision (403, 401, API down).
 */
async function userTag(
  request: Request,
  context: Readonly<RouterContextProvider>,
  customerId: string | undefined,
): Promise<string | undefined> {
  const { accessToken } = getTokens(context);
  const user = accessToken ? claimsOf(accessToken)?.sub : undefined;
  if (!accessToken || user === undefined) return undefined;
  const info = context.get(requestInfoContext);
  const readFor = `${String(user)}/${customerId ?? ""}`;
  let revision = info.revision?.for === readFor ? info.revision.value : undefined;
  if (revision === undefined) {
    const read = await readRevision(api(context, request), customerId);
    if (read) info.revision = { for: readFor, value: read.revision, user: read.user };
    revision = read?.revision;
  }
  if (revision === undefined) return undefined;
  const config = getConfig();
  const { pathname, search } = pageUrl(request);
  return `"${createHash("sha256")
    .update(
      [
        BUILD,
        configHash(config),
        // React Router gives a page's .data request the page's own address: the kind is told apart here.
        (info.dataRequest ? "data " : "page ") + pathname + search,
        getLanguage(context),
        JSON.stringify(analyticsState(request, config)),
        days(),
        String(user),
        customerId ? "" : (readCookie(request, ACTIVE_CUSTOMER_COOKIE) ?? ""),
        revision,
      ].join("\n"),
    )
    .digest("base64url")
    .slice(0, 27)}"`;
}
