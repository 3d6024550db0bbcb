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
 * No ETag (and Cache-Control: private, no-store as before) for: pages with notifications waiting, answers
 * other than 200, answers that set a cookie or have a Cache-Control of their own, pages of live data
 * (router, home network, business monitoring and power: they change with time alone), pages made for
 * one view (markFreshView: a payment form's idempotency key), files, the 404 page, and when the revision
 * cannot be read. Pages with an ETag answer Cache-Control: private, no-cache: the browser keeps them but
 * asks every time. Public pages that show nothing of the visitor are tagged for visitors who are not
 * signed in (visitorPageMiddleware), and so are pages of e-mailed links (linkPageMiddleware). Nothing is
 * kept in the portal's memory (decision 140): a first view is rendered.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { LRUCache } from "lru-cache";
import { createContext, RouterContextProvider, type MiddlewareFunction } from "react-router";
import { analyticsState } from "./analytics.server.ts";
import { layerOff } from "#common/cache-layers";
import { api, type ApiClient } from "./api.server.ts";
import { ACTIVE_CUSTOMER_COOKIE, claimsOf, isExpired, makesActive } from "./auth.server.ts";
import { getConfig, type Config } from "./config.server.ts";
import { readCookie } from "./cookies.server.ts";
import { detectLanguage, getLanguage } from "./i18n.server.ts";
import { requestInfoContext, type RequestInfo } from "./request-info.ts";
import { readRevision } from "./revision-reads.server.ts";
import { hasFormDraft } from "./form-draft.server.ts";
import { getTokens, hasNotifications, openSession } from "./session.server.ts";

/** What pages with an ETag answer: kept by this browser only, and never shown without asking. */
export const REVALIDATE = "private, no-cache";

/** Files (CSV, PDF) and the live diagnostics address (made for one connection): never tagged. */
const UNTAGGED = /\.(csv|pdf)$|\/pdf$|^\/internet\/router\/[^/]+\/diagnostics$/;

/** Pages whose data changes with time alone (live router state, traffic and monitoring windows ending now): never tagged. */
const LIVE = [/^\/internet\/router(\/|$)/, /^\/internet\/view(\/|$)/, /^\/cabinet-spaces(\/|$)/, /^\/wifi\/[^/]+\/network(\/|$)/];

const freshKeys = createContext<string[]>([]);

/** The page being rendered carries this key, made for this view only (a payment form's idempotency key): it is never tagged. */
export function markFreshView(context: Readonly<RouterContextProvider>, key: string): void {
  const provider = context as RouterContextProvider;
  provider.set(freshKeys, [...provider.get(freshKeys), key]);
}

const isFreshView = (context: Readonly<RouterContextProvider>): boolean => context.get(freshKeys).length > 0;

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
  if (!header || layerOff("304")) return [];
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
  const page = pageOf(request, context);
  if (UNTAGGED.test(page) || hasNotifications(context) || LIVE.some((pattern) => pattern.test(page))) return next();
  const raw = (params as { customerId?: string }).customerId;
  const tag = await userTag(request, context, accountParam(raw));
  // Not signed in, not the user's account (403), a session the API ended (401), no API: the page decides, untagged.
  if (!tag) return next();
  doors.set(page, { visitor: false, customerId: raw });
  return answer(request, context, tag, next);
};

/** The route's `customerId` when it is an account id (a malformed one is left to the page: 404). */
const accountParam = (raw: string | undefined) => (raw && /^\d{1,12}$/.test(raw) ? raw : undefined);

/**
 * The page's path. A client navigation's data is named as React Router names it to the middlewares
 * (`.data` taken off, `/_root.data` as `/`, no trailing slash), so that the door, which sees the address
 * as sent, finds the same page and computes the same tag.
 */
function pageOf(request: Request, context: Readonly<RouterContextProvider>): string {
  const { pathname } = new URL(request.url);
  if (!context.get(requestInfoContext).dataRequest) return pathname;
  const page = pathname.replace(/\.data$/, "");
  if (page === "/_root") return "/";
  return page.length > 1 && page.endsWith("/") ? page.slice(0, -1) : page;
}

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
    const read = await readRevision(api(context, request), accessToken, customerId);
    if (read) info.revision = { for: readFor, value: read.revision, user: read.user };
    revision = read?.revision;
  }
  if (revision === undefined) return undefined;
  return pageTag(request, context, [String(user), customerId ? "" : (readCookie(request, ACTIVE_CUSTOMER_COOKIE) ?? ""), revision]);
}

/**
 * Public pages that show nothing of a visitor but the address, language and analytics choice (sign-in,
 * forgotten password, privacy, welcome), for visitors who are not signed in and have no notification
 * waiting: tagged like signed-in pages, on a tag without user or revision. Set on each of those
 * routes (`export const middleware = [visitorPageMiddleware]`); pages that show what the API says about a
 * link (orders, activation, password recovery) are not among them.
 */
export const visitorPageMiddleware: MiddlewareFunction<Response> = ({ request, context }, next) =>
  visitorAnswer(request, context, next, { visitor: true });

/** Whether someone is signed in (or can be again: a refresh token). */
function signedIn(context: Readonly<RouterContextProvider>): boolean {
  const { accessToken, refreshToken } = getTokens(context);
  return Boolean(accessToken || refreshToken);
}

/**
 * A visitor's page (public or link: `door` says which): for a GET or HEAD by someone not signed in with
 * no notification waiting, tagged as its kind is, and recorded for the door.
 */
async function visitorAnswer(
  request: Request,
  context: Readonly<RouterContextProvider>,
  next: () => Promise<Response>,
  door: Door,
): Promise<Response> {
  // A form's typed values waiting for a sign-in (form-draft.server.ts): the sign-in page says so, for this browser only.
  if ((request.method !== "GET" && request.method !== "HEAD") || signedIn(context) || hasNotifications(context) || hasFormDraft(request)) {
    return next();
  }
  const tag = await visitorTag(request, context, door);
  if (!tag) return next();
  doors.set(pageOf(request, context), door);
  return answer(request, context, tag, next);
}

/** The tag of a visitor's page of this kind, or undefined when this view is not tagged (a link page that cannot say). */
async function visitorTag(request: Request, context: Readonly<RouterContextProvider>, door: Door): Promise<string | undefined> {
  if (door.link) return linkTag(request, context, door.link);
  return pageTag(request, context, ["a visitor"]);
}

/**
 * What a link page shows of the visitor's link: the token kept for the page and what the API says about
 * it (`ApiClient.digest` of the call the page's loader makes); null when
 * none is kept (the page then says the link does not work, the same for every visitor); undefined for a
 * view that is never kept (the token is still in the address: the loader takes it out and redirects).
 */
export type LinkSource = (
  request: Request,
  params: Readonly<Record<string, string | undefined>>,
) => { token: string; said: (client: ApiClient) => Promise<string> } | null | undefined;

interface LinkPage {
  source: LinkSource;
  params: Readonly<Record<string, string | undefined>>;
}

/**
 * Pages of links sent by e-mail (password recovery, activation, orders, agreement) show what the API says
 * about their link, and nothing of the visitor but the address, language and analytics choice: for
 * visitors who are not signed in and have no notification waiting, they are tagged on a tag
 * made of the API's answer about the link (read again on every view, as a signed-in page reads its
 * revision) and the link's token. An answer that changed (the link used, expired, the order confirmed)
 * gives another tag. Set on each of those routes with the route's own read of its link, which its loader
 * uses too (`export const middleware = [linkPageMiddleware(link)]`).
 */
export function linkPageMiddleware(source: LinkSource): MiddlewareFunction<Response> {
  return ({ request, context, params }, next) =>
    visitorAnswer(request, context, next, { visitor: true, link: { source, params: { ...params } } });
}

/** The tag of a link page for a visitor, or undefined for a view never tagged (or when the API cannot say). */
async function linkTag(
  request: Request,
  context: Readonly<RouterContextProvider>,
  { source, params }: LinkPage,
): Promise<string | undefined> {
  const link = source(request, params);
  if (link === undefined) return undefined;
  if (link === null) return pageTag(request, context, ["a visitor", "no link"]);
  let said: string;
  try {
    said = await link.said(api(context, request, { public: true }));
  } catch {
    // The API refused or is down (or sends elsewhere): the page decides, untagged.
    return undefined;
  }
  return pageTag(request, context, ["a visitor", "link", link.token, said]);
}

/**
 * What React Router's match of a page address told about it, recorded by the middlewares above each
 * time they tag a page: whether it is a visitor's page or a signed-in one, and the account in its
 * address (the route's `customerId`, as matched). The answer at the door uses it instead of matching the
 * address again; an address not seen yet goes to React Router.
 */
interface Door {
  visitor: boolean;
  customerId?: string;
  /** A link page: how it reads its link, with the route's parameters as matched. */
  link?: LinkPage;
}
const doors = new LRUCache<string, Door>({ max: 20_000 });

/** What the answer at the door sends: a 304 and its headers. */
export interface DoorAnswer {
  status: 304;
  headers: [string, string][];
}

/**
 * The answer at the door (server.ts calls it before React Router's request handler, docs/architecture.md
 * "Answers at the door"): a GET for a page address that React Router matched before, answered 304
 * exactly as the middlewares would answer it (the root's language and session, the signed-in layout's
 * checks, the tag), without React Router's route matching, request objects and middleware chain.
 * Undefined whenever any of those would do something else: an address not matched yet, `?lng=` (a
 * language cookie to set), notifications waiting, an access token to renew or missing, a visitor's page
 * for someone signed in, an account page that would become the active account, a tag the browser does
 * not have; React Router then answers (with the revision read here).
 */
export async function answerAtTheDoor(request: Request, info: RequestInfo): Promise<DoorAnswer | undefined> {
  if (request.method !== "GET") return undefined;
  const context = new RouterContextProvider(new Map([[requestInfoContext, info]]));
  const page = pageOf(request, context);
  const door = doors.get(page);
  if (!door || new URL(request.url).searchParams.has("lng") || !request.headers.has("If-None-Match")) return undefined;
  await detectLanguage(request, context);
  await openSession(request, context);
  if (hasNotifications(context) || hasFormDraft(request)) return undefined;
  let tag: string | undefined;
  if (door.visitor) {
    if (signedIn(context)) return undefined;
    tag = await visitorTag(request, context, door);
  } else {
    // requireUserMiddleware would renew the token (or send to sign in); followActiveAccountMiddleware would set a cookie.
    const { accessToken } = getTokens(context);
    if (!accessToken || isExpired(accessToken) || makesActive(request, door.customerId)) return undefined;
    tag = await userTag(request, context, accountParam(door.customerId));
  }
  if (!tag || !requestedTags(request).includes(tag)) return undefined;
  info.cacheOutcome = "304";
  return {
    status: 304,
    headers: [
      ["ETag", `W/${tag}`],
      ["Cache-Control", REVALIDATE],
    ],
  };
}

/** The ETag of a page: what every page is made of (build, configuration, address, language, analytics choice, day) and `own`. */
function pageTag(request: Request, context: Readonly<RouterContextProvider>, own: string[]): string {
  const config = getConfig();
  const { search } = new URL(request.url);
  return `"${createHash("sha256")
    .update(
      [
        BUILD,
        configHash(config),
        // React Router gives a page's .data request the page's own address: the kind is told apart here.
        (context.get(requestInfoContext).dataRequest ? "data " : "page ") + pageOf(request, context) + search,
        getLanguage(context),
        JSON.stringify(analyticsState(request, config)),
        days(),
        ...own,
      ].join("\n"),
    )
    .digest("base64url")
    .slice(0, 27)}"`;
}

/** 304 to a browser that has the page under this tag; else the page rendered, tagged when it may be (not made for one view). */
async function answer(
  request: Request,
  context: Readonly<RouterContextProvider>,
  tag: string,
  next: () => Promise<Response>,
): Promise<Response> {
  const etag = `W/${tag}`;
  const info = context.get(requestInfoContext);
  if (requestedTags(request).includes(tag)) {
    info.cacheOutcome = "304";
    return new Response(null, { status: 304, headers: { ETag: etag, "Cache-Control": REVALIDATE } });
  }
  const response = await next();
  if (!cacheable(response) || isFreshView(context)) return response;
  if (request.method === "GET") info.cacheOutcome = "rendered";
  return tagged(response, etag);
}

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
