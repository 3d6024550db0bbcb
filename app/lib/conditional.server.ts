/**
 * Conditional answers (docs/architecture.md, "Conditional answers"): a signed-in page, or its data
 * (.data), that has not changed since this browser last got it answers "304 Not Modified" without
 * running a loader or rendering anything.
 *
 * The ETag is a hash of everything a page is made of besides its code's input data: the build, the
 * address, the user, the language, the active account (pages without an account in their address
 * show it), the analytics choice, the portal's configuration (feature flags…), today's date (Toronto
 * and UTC), and the API's revision of the user and of the account (GET /revision, raised by the API on
 * every write, so a change made through another portal process, or by anything else, counts too).
 * The revision is read before the page's loaders: a change landing in between gives a page newer than
 * its tag, which the next revision read replaces.
 *
 * No ETag (and Cache-Control: private, no-store as before) for: public pages (this runs in the
 * signed-in layout), pages with notifications waiting, answers other than 200, answers that set a
 * cookie or have a Cache-Control of their own, pages of live data (router, home network, business
 * monitoring and power: they change with time alone), pages made for one view (markFreshView: a
 * payment form's idempotency key), and when the revision cannot be read. Pages with an ETag answer
 * Cache-Control: private, no-cache: the browser keeps them but asks every time. The portal keeps them too
 * (render-cache.server.ts): a request without the tag for a page rendered before is answered from
 * memory, with its own CSP nonce.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { decodeJwt } from "jose";
import type { MiddlewareFunction } from "react-router";
import { RevisionAnswer } from "../../api/contract/dashboard.ts";
import { analyticsState } from "./analytics.server.ts";
import { api } from "./api.server.ts";
import { ACTIVE_CUSTOMER_COOKIE } from "./auth.server.ts";
import { getConfig, type Config } from "./config.server.ts";
import { readCookie } from "./cookies.server.ts";
import { getLanguage } from "./i18n.server.ts";
import { isFreshView, keepAnswer, keptAnswer } from "./render-cache.server.ts";
import { requestInfoContext } from "./request-info.ts";
import { getTokens, hasNotifications } from "./session.server.ts";

/** What pages with an ETag answer: kept by this browser only, and never shown without asking. */
export const REVALIDATE = "private, no-cache";

/**
 * Pages whose data changes with time alone (live router state, traffic and monitoring windows ending
 * now) and files (CSV, PDF, diagnostics): always rendered.
 */
const LIVE = [
  /^\/internet\/router(\/|$)/,
  /^\/internet\/view(\/|$)/,
  /^\/cabinet-spaces(\/|$)/,
  /^\/wifi\/[^/]+\/network(\/|$)/,
  /\.(csv|pdf)$/,
  /\/pdf$/,
];

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

const torontoDay = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Toronto", year: "numeric", month: "2-digit", day: "2-digit" });
let today = { until: 0, value: "" };
/** Today in Toronto and in UTC (both are used by pages), recomputed at most once a second. */
function days(now = Date.now()): string {
  if (now >= today.until) today = { until: now + 1000, value: `${torontoDay.format(now)}/${new Date(now).toISOString().slice(0, 10)}` };
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

export const conditionalMiddleware: MiddlewareFunction<Response> = async ({ request, context, params }, next) => {
  if (request.method !== "GET" && request.method !== "HEAD") return next();
  const url = new URL(request.url);
  const page = url.pathname.replace(/\.data$/, "");
  if (LIVE.some((pattern) => pattern.test(page)) || hasNotifications(context)) return next();
  const { accessToken } = getTokens(context);
  let user: unknown;
  try {
    user = accessToken ? decodeJwt(accessToken).sub : undefined;
  } catch {
    user = undefined;
  }
  if (!accessToken || user === undefined) return next();

  const raw = (params as { customerId?: string }).customerId;
  const customerId = raw && /^\d{1,12}$/.test(raw) ? raw : undefined;
  let revision: string | undefined;
  try {
    const { status, body } = await api(context, request).fetch("GET", "/revision", { query: { customer_id: customerId } });
    const parsed = status === 200 ? RevisionAnswer.safeParse(body) : null;
    revision = parsed?.success ? parsed.data.revision : undefined;
  } catch {
    revision = undefined;
  }
  // Not the user's account (403), a session the API ended (401), no API: the page decides, untagged.
  if (revision === undefined) return next();

  const config = getConfig();
  const requestInfo = context.get(requestInfoContext);
  const tag = `"${createHash("sha256")
    .update(
      [
        BUILD,
        configHash(config),
        // React Router gives a page's .data request the page's own address: the kind is told apart here.
        (requestInfo.dataRequest ? "data " : "page ") + url.pathname + url.search,
        String(user),
        getLanguage(context),
        customerId ? "" : (readCookie(request, ACTIVE_CUSTOMER_COOKIE) ?? ""),
        JSON.stringify(analyticsState(request, config)),
        days(),
        revision,
      ].join("\n"),
    )
    .digest("base64url")
    .slice(0, 27)}"`;
  const etag = `W/${tag}`;

  if (requestedTags(request).includes(tag)) {
    return new Response(null, { status: 304, headers: { ETag: etag, "Cache-Control": REVALIDATE } });
  }
  // The same page rendered before (another tab, a browser that did not keep it): served again, not rendered.
  const nonce = requestInfo.cspNonce;
  const kept = request.method === "GET" ? keptAnswer(tag, nonce) : undefined;
  if (kept) return tagged(kept, etag);
  const response = await next();
  if (!cacheable(response) || isFreshView(context)) return response;
  if (request.method !== "GET") return tagged(response, etag);
  return tagged(await keepAnswer(tag, nonce, response), etag);
};

function tagged(response: Response, etag: string): Response {
  try {
    response.headers.set("ETag", etag);
    response.headers.set("Cache-Control", REVALIDATE);
    return response;
  } catch {
    // The headers of a fetched response are immutable: it goes untagged.
    return response;
  }
}
