/**
 * Signing in and out, keeping the access token fresh, and the signed-in user's accounts.
 */
import { createHash } from "node:crypto";
import { decodeJwt } from "jose";
import { createContext, data, redirect, redirectDocument, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { AccessTokenAnswer, TwoStepRequiredAnswer } from "#contract/auth";
import { ErrorAnswer } from "#contract/common";
import { TwoStepSignInAnswer } from "#contract/two-step";
import { type DashboardAnswer, type Customer } from "#contract/dashboard";
import { api, budgetOf, isFailure } from "./api.server.ts";
import { getConfig } from "./config.server.ts";
import { preferenceCookie, readCookie } from "./cookies.server.ts";
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE, type Language } from "./i18n.ts";
import { getLanguage } from "./i18n.server.ts";
import { keepDraft, readPostedFields } from "./form-draft.server.ts";
import { isPublicPath, loginUrl } from "./public-paths.ts";
import { pageId } from "./page-ids.server.ts";
import { requestInfoContext } from "./request-info.ts";
import { signInLimits } from "./sign-in-limits.ts";
import { readRevision } from "./revision-reads.server.ts";
import {
  clearSession,
  getKept,
  getLeftAccounts,
  getTokens,
  notify,
  setKept,
  setPendingTwoStep,
  setTokens,
  type PendingTwoStep,
} from "./session.server.ts";
import type { NotificationValues } from "./notifications.ts";
import { logEvent } from "./logger.server.ts";
import { pageUrl } from "./page-url.ts";

type Context = Readonly<RouterContextProvider>;

/** Renew a little before exp, so a token does not lapse between two calls of one page. */
const EXPIRY_SKEW_SECONDS = 10;

/** Claims of the access tokens seen lately (decoding is a base64 and a JSON parse, twice a page otherwise). */
const claimsKept = new Map<string, { exp?: unknown; sub?: unknown } | null>();
const CLAIMS_KEPT = 2000;

/** The claims of a token (not verified: the API verifies it), or null when it is not a JWT. */
export function claimsOf(token: string): { exp?: unknown; sub?: unknown } | null {
  let claims = claimsKept.get(token);
  if (claims === undefined) {
    try {
      const { exp, sub } = decodeJwt(token);
      claims = { exp, sub };
    } catch {
      claims = null;
    }
    if (claimsKept.size >= CLAIMS_KEPT) claimsKept.clear();
    claimsKept.set(token, claims);
  }
  return claims;
}

export function isExpired(token: string, nowSeconds = Date.now() / 1000): boolean {
  const exp = claimsOf(token)?.exp;
  return typeof exp !== "number" || exp - EXPIRY_SKEW_SECONDS <= nowSeconds;
}

/**
 * What the API records of a new or renewed session (where you're signed in, routes/profile/sessions.tsx):
 * the client's address (for the API's limits too, and kept only as its network) and the browser's
 * User-Agent, sent as the portal's own. Sent with every call that starts or renews a session.
 */
export function sessionClientHeaders(context: Context, request: Request): Record<string, string> {
  const headers: Record<string, string> = { "X-Forwarded-For": context.get(requestInfoContext).clientAddress };
  const userAgent = request.headers.get("User-Agent");
  if (userAgent) headers["User-Agent"] = userAgent.slice(0, 512);
  return headers;
}

/** How a sign-in ended; refused for too many attempts, with the API's wait when it gave one. */
export type SignInResult = { outcome: "signed-in" | "two-step" | "invalid" } | { outcome: "throttled"; retryAfterSeconds?: number };

/**
 * Exchanges credentials for tokens and keeps them in the session. A user with two-step verification on
 * gets no session yet: the API's two-step token waits in the session for the code step ("two-step",
 * routes/login-two-step.tsx), with where to go next.
 */
export async function signIn(
  context: Context,
  request: Request,
  username: string,
  password: string,
  cameFrom = "/",
): Promise<SignInResult> {
  // The API limits token requests per client address too: it is told the customer's, not the portal's.
  // The embedded API shares the portal's sign-in limits and is told this attempt was counted already.
  const { status, body, retryAfterSeconds } = await api(context, request, { public: true }).fetch("POST", "/auth/access-token", {
    json: { username, password },
    headers: { ...sessionClientHeaders(context, request), ...signInLimits(context).countedHeaders },
  });
  if (status === 401 || status === 422) return { outcome: "invalid" };
  if (status === 429) return { outcome: "throttled", retryAfterSeconds };
  const twoStep = TwoStepRequiredAnswer.safeParse(body);
  if (status === 200 && twoStep.success) {
    const { two_step_token, expires_in } = twoStep.data;
    // Whatever session this browser held is over: only the code step reads the token.
    clearSession(context, { keepNotifications: true });
    setPendingTwoStep(context, { token: two_step_token, username, cameFrom, until: Date.now() + expires_in * 1000 });
    return { outcome: "two-step" };
  }
  const tokens = AccessTokenAnswer.safeParse(body);
  if (status !== 200 || !tokens.success) {
    throw new Error(`Sign-in answered ${status} without tokens`);
  }
  setPendingTwoStep(context, undefined);
  setTokens(context, { accessToken: tokens.data.token, refreshToken: tokens.data.refresh_token });
  return { outcome: "signed-in" };
}

export type TwoStepResult =
  | { outcome: "signed-in"; recoveryCodesLeft?: number }
  | { outcome: "invalid"; errors: Record<string, string[]> }
  | { outcome: "expired" }
  | { outcome: "throttled"; retryAfterSeconds?: number };

/**
 * The code step: the waiting two-step token and a code (or a recovery code) for the session, kept in
 * the session as after a password. "expired" when the token is over (sign in again).
 */
export async function completeTwoStep(
  context: Context,
  request: Request,
  pending: PendingTwoStep,
  fields: { code: string } | { recovery_code: string },
): Promise<TwoStepResult> {
  const { status, body, retryAfterSeconds } = await api(context, request, { public: true }).fetch("POST", "/auth/two-step", {
    json: { two_step_token: pending.token, ...fields },
    headers: { ...sessionClientHeaders(context, request), ...signInLimits(context).countedHeaders },
  });
  if (status === 401) {
    setPendingTwoStep(context, undefined);
    return { outcome: "expired" };
  }
  if (status === 429) return { outcome: "throttled", retryAfterSeconds };
  if (status === 422) {
    const refusal = ErrorAnswer.safeParse(body);
    return { outcome: "invalid", errors: (refusal.success && refusal.data.errors) || {} };
  }
  const tokens = TwoStepSignInAnswer.safeParse(body);
  if (status !== 200 || !tokens.success) throw new Error(`The two-step sign-in answered ${status} without tokens`);
  setTokens(context, { accessToken: tokens.data.token, refreshToken: tokens.data.refresh_token });
  return { outcome: "signed-in", recoveryCodesLeft: tokens.data.recovery_codes_left };
}

/**
 * The redirect after signing in (a password, or a password and a code): to `to`, in the profile's
 * preferred language from then on, until the customer switches. It passes once through the sign-in page
 * (`?check=cookies`), which sends a browser that kept the session cookie on to `to`, and tells one that
 * refused it why the customer is back there (app/routes/login.tsx).
 */
export async function signedInRedirect(context: Context, request: Request, to: string): Promise<Response> {
  const preferred = await preferredLanguage(context, request);
  to = throughCookieCheck(to);
  if (!preferred) return redirect(to);
  const headers = { "Set-Cookie": preferenceCookie(LANGUAGE_COOKIE, preferred, LANGUAGE_COOKIE_MAX_AGE) };
  // A page in another language than this one is a new document (the browser holds one language's texts).
  return preferred === getLanguage(context) ? redirect(to, { headers }) : redirectDocument(to, { headers });
}

/** The sign-in page on the way to `to`, checking that the browser kept the session cookie. */
export const throughCookieCheck = (to: string): string => `/login?${new URLSearchParams({ came_from: to, check: "cookies" })}`;

/** The signed-in user's preferred language (GET /profile-settings), or null when the API does not say. */
async function preferredLanguage(context: Context, request: Request): Promise<Language | null> {
  try {
    const { current_user } = await api(context, request).call("GET /profile-settings");
    return current_user.preferred_language;
  } catch (error) {
    if (!isFailure(error)) logEvent("sign-in.language-unread", { err: error }, { level: "error" });
    return null;
  }
}

/** Tells the API (which ends the session there), then clears the cookie. */
export async function signOut(context: Context, request: Request): Promise<void> {
  const { accessToken } = getTokens(context);
  if (accessToken) {
    await api(context, request)
      .call("GET /auth/logout")
      .catch((error: unknown) => logEvent("auth.sign-out-failed", { reason: (error as Error)?.message ?? String(error) }));
  }
  clearSession(context);
}

/** A fresh access token from the refresh token, or null when it is refused. */
async function renew(context: Context, request: Request, refreshToken: string): Promise<string | null> {
  const { status, body } = await api(context, request, { public: true }).fetch("POST", "/auth/access-token", {
    json: { refresh_token: refreshToken },
    headers: sessionClientHeaders(context, request),
  });
  const tokens = AccessTokenAnswer.safeParse(body);
  if (status !== 200 || !tokens.success) return null;
  setTokens(context, { accessToken: tokens.data.token, refreshToken: tokens.data.refresh_token });
  return tokens.data.token;
}

/** /login with this request's page in came_from (a data request, a client navigation, names the page without .data). */
function loginUrlFor(request: Request): string {
  const { pathname, search } = pageUrl(request);
  return loginUrl(pathname + search);
}

/**
 * A customer lookup (GET /dashboard, GET /dashboard/{id}) that failed: spec section 8 sends the customer
 * to sign in. The session ends (signing in again would otherwise lead straight back here) and the sign-in
 * page says why. That is when the API answered the lookup wrongly (5xx, no data, not the contract) or did
 * not answer it although it answered this request before (the revision read); when nothing of the API
 * answers (down, hung, its circuit breaker open), signing in could not work either: the page answers
 * "service unavailable" (503) and the session is kept for when it is back. Public pages (single sign-on)
 * keep their error page.
 * docs/decisions/071-failed-customer-lookup.md.
 */
function lookupFailed(context: Context, request: Request, error: unknown): unknown {
  // A public page that looks the user up (single sign-on) shows its error page, as for a 401 there.
  if (isPublicPath(pageUrl(request).pathname)) return error;
  // Without an answer: a lookup failure only when the API answered this request and the page's time is not spent.
  const apiAnswered = context.get(requestInfoContext).revision !== undefined && budgetOf(context, getConfig().API_TIMEOUT_MS).left() > 0;
  if (!isFailure(error, "server") && !(isFailure(error, "unavailable") && apiAnswered)) return error;
  logEvent("auth.lookup-failed", {}, { msg: "the customer lookup failed: the customer is sent to sign in" });
  clearSession(context, { keepNotifications: true });
  notify(context, "error", "notifications.lookupFailed");
  return redirect(loginUrlFor(request));
}

/**
 * Guards the signed-in area: no session sends the customer to /login?came_from=<path>; a missing or
 * expired access token is renewed from the refresh token, and if that fails, the same. A post that
 * finds the session over is not saved: what was typed waits for the customer's return (form-draft.server.ts).
 */
export const requireUserMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { accessToken, refreshToken } = getTokens(context);
  const toLogin = async () => {
    // A session to end; a browser that holds none (on its way through the code step, in another tab) keeps that step.
    if (accessToken || refreshToken) clearSession(context);
    const response = redirect(loginUrlFor(request));
    if (request.method === "GET" || request.method === "HEAD") return response;
    return keepDraft(response, pageUrl(request).pathname, await readPostedFields(request));
  };
  if (!accessToken || isExpired(accessToken)) {
    if (!refreshToken) throw await toLogin();
    const renewed = await renew(context, request, refreshToken);
    if (!renewed) throw await toLogin();
  }
  return next();
};

/**
 * Who is signed in, for a public page that must know (single sign-on): their id (`sub`) and username,
 * the access token renewed first when it has expired. Null when no one is, or the session is over (the
 * renewal or the API refuses it, 401); other failures are thrown.
 */
export async function signedInUser(context: Context, request: Request): Promise<{ sub: string; username: string } | null> {
  const { accessToken, refreshToken } = getTokens(context);
  if (!refreshToken) return null;
  const token = accessToken && !isExpired(accessToken) ? accessToken : await renew(context, request, refreshToken);
  const sub = token ? claimsOf(token)?.sub : undefined;
  if (sub === undefined || sub === null) return null;
  try {
    return { sub: String(sub), username: (await accountSummary(context, request)).username };
  } catch (error) {
    if (isFailure(error, "forbidden") && error.init?.status === 401) {
      clearSession(context);
      return null;
    }
    throw error;
  }
}

/**
 * The user's accounts as a request knows them: all of them (`complete`), or, for a list too long for the
 * session cookie, the first and those the session has seen since the list was fetched (the page's
 * account among them), with how many there are.
 */
export interface AccountSummary extends DashboardAnswer {
  /** How many accounts the user has. */
  count: number;
  complete: boolean;
}
type AccountList = { summary: AccountSummary; kept: boolean };
const accountContext = createContext<Promise<AccountList> | null>(null);
/** Requests that write: they neither keep a list nor leave one kept (`forgetAccountsAfterWrites`). */
const writing = new WeakSet<object>();

/**
 * The account list kept in the session cookie, compactly:
 * [token tag, user revision, username, [id, name, flags, roles]…, count]. It holds while both hold: the
 * access token it was fetched with (a renewed token fetches it again) and the user's own revision counter
 * that the API gave before it was fetched (GET /revision `user`, raised whenever one of the user's
 * contacts, their roles or their accounts change, whoever changed them): a contact removed, demoted or
 * added shows on every session's next page. It is also forgotten after every write of the signed-in area
 * (`forgetAccountsAfterWrites`) and fetched again when a page names an account that is not in it. Without
 * a revision (an API without GET /revision, or one that does not answer) no list is kept. A list too long
 * for the cookie (a business contact's hundreds of accounts) keeps the first account and those the
 * session has seen since, as many as fit: a page names one of those, or asks the API for that one
 * (GET /dashboard/{id}); only what needs them all (the account search) fetches them all.
 * docs/decisions/042-account-list-follows-revision.md, 247-long-account-lists-kept-in-part.md.
 */
type KeptAccount = [id: number, name: string, flags: number, roles: string[]];
type Kept = [tag: string, revision: number, username: string, customers: KeptAccount[], count: number];
const RESIDENTIAL = 1;
const BILLING_AUTHORITATIVE = 2;
const CARDS = 4;
/** Characters of the kept list at most (the sealed cookie grows by a third): well under the 4 KB of a cookie. */
export const KEPT_ACCOUNTS_MAX_CHARS = 1_500;

const tagOf = (token: string) => createHash("sha256").update(token).digest("base64url").slice(0, 16);

const keptAccount = (c: Customer): KeptAccount => [
  c.customer_id,
  c.contract_name,
  (c.isResidential ? RESIDENTIAL : 0) | (c.isBillingAuthoritative ? BILLING_AUTHORITATIVE : 0) | (c.credit_card_allowed ? CARDS : 0),
  c.roles,
];

const isKept = (value: unknown): value is Kept => Array.isArray(value) && value.length === 5 && Array.isArray(value[3]);

/** The kept list, its seen accounts dropped (the oldest first, never the first account) until it fits; undefined when nothing does. */
function fitted(value: Kept): Kept | undefined {
  const customers = [...value[3]];
  const size = () => JSON.stringify([...value.slice(0, 3), customers, value[4]]).length;
  while (customers.length > 1 && size() > KEPT_ACCOUNTS_MAX_CHARS) customers.splice(1, 1);
  return size() <= KEPT_ACCOUNTS_MAX_CHARS ? [value[0], value[1], value[2], customers, value[4]] : undefined;
}

function keep(context: Context, token: string, revision: number | undefined, answer: DashboardAnswer): void {
  if (writing.has(context)) return;
  if (revision === undefined) {
    setKept(context, undefined);
    return;
  }
  const all = answer.customers.map(keptAccount);
  const complete: Kept = [tagOf(token), revision, answer.username, all, all.length];
  if (JSON.stringify(complete).length <= KEPT_ACCOUNTS_MAX_CHARS) {
    setKept(context, complete);
    return;
  }
  // Too long: the first account, then those the session had seen that are still the user's.
  const before = getKept(context);
  const seen = new Set(isKept(before) ? before[3].map(([id]) => id) : []);
  const part = all.filter((account, index) => index === 0 || seen.has(account[0]));
  setKept(context, fitted([complete[0], revision, answer.username, part, all.length]));
}

function kept(context: Context, token: string, revision: number): AccountSummary | null {
  const value = getKept(context);
  if (!isKept(value) || value[0] !== tagOf(token) || value[1] !== revision) return null;
  return {
    username: value[2],
    count: value[4],
    complete: value[3].length === value[4],
    customers: value[3].map(([customer_id, contract_name, flags, roles]) => ({
      customer_id,
      contract_name,
      isResidential: (flags & RESIDENTIAL) !== 0,
      isBillingAuthoritative: (flags & BILLING_AUTHORITATIVE) !== 0,
      credit_card_allowed: (flags & CARDS) !== 0,
      roles: roles as Customer["roles"],
    })),
  };
}

/** An account of the user's a page named: added to a list kept in part, so that the next page finds it there. */
function keepSeen(context: Context, customer: Customer): void {
  const value = getKept(context);
  if (writing.has(context) || !isKept(value) || value[3].length >= value[4] || value[3].some(([id]) => id === customer.customer_id)) return;
  const more = fitted([value[0], value[1], value[2], [...value[3], keptAccount(customer)], value[4]]);
  if (more) setKept(context, more);
}

/**
 * The user's own revision counter: from the revision this request read for its page (conditional.server.ts),
 * else read now; undefined when the API does not tell it.
 */
async function userRevision(context: Context, request: Request, token: string): Promise<number | undefined> {
  const user = claimsOf(token)?.sub;
  const info = context.get(requestInfoContext);
  if (user !== undefined && info.revision?.for.startsWith(`${String(user)}/`)) return info.revision.user;
  const read = await readRevision(api(context, request, { token }), undefined);
  // The same read as a page without an account in its address makes: kept for the rest of the request.
  if (read && user !== undefined) info.revision = { for: `${String(user)}/`, value: read.revision, user: read.user };
  return read?.user;
}

async function accountList(context: Context, request: Request, fresh: boolean): Promise<AccountList> {
  const { accessToken } = getTokens(context);
  // Read before the list: a change landing in between gives a list newer than its revision, never older.
  const revision = accessToken ? await userRevision(context, request, accessToken) : undefined;
  const cached = !fresh && accessToken && revision !== undefined ? kept(context, accessToken, revision) : null;
  if (cached) return { summary: cached, kept: true };
  const answer = await api(context, request)
    .call("GET /dashboard")
    .catch((error: unknown) => {
      throw lookupFailed(context, request, error);
    });
  if (accessToken) keep(context, accessToken, revision, answer);
  return { summary: { ...answer, count: answer.customers.length, complete: true }, kept: false };
}

/** This request's account list: kept, or fetched once. */
function listOf(context: Context, request: Request): Promise<AccountList> {
  let pending = context.get(accountContext);
  if (!pending) (context as RouterContextProvider).set(accountContext, (pending = accountList(context, request, false)));
  return pending;
}

/**
 * The signed-in user's username and accounts as the session keeps them (all of them, or, for a list too
 * long for the cookie, some: `AccountSummary`); fetched once per request when nothing is kept.
 */
export async function accountSummary(context: Context, request: Request): Promise<AccountSummary> {
  return (await listOf(context, request)).summary;
}

/**
 * All the signed-in user's accounts and their username (GET /dashboard): from the session when it keeps
 * them all for this access token and the user's current revision, else fetched (once per request) and
 * kept. `fresh` fetches them again.
 */
export function getAccount(context: Context, request: Request, options: { fresh?: boolean } = {}): Promise<AccountSummary> {
  const before = options.fresh ? accountList(context, request, true) : listOf(context, request);
  const all = before.then((list) => (list.summary.complete ? list : accountList(context, request, true)));
  (context as RouterContextProvider).set(accountContext, all);
  return all.then((list) => list.summary);
}

const lookupContext = createContext<Map<number, Promise<Customer | undefined>> | null>(null);

/**
 * The customer lookup (GET /dashboard/{id}): one account of the user's, undefined when the API refuses it
 * (403: not theirs, or no such account; 404). Once per request and account.
 */
function lookUpCustomer(context: Context, request: Request, id: number): Promise<Customer | undefined> {
  let lookups = context.get(lookupContext);
  if (!lookups) (context as RouterContextProvider).set(lookupContext, (lookups = new Map()));
  let pending = lookups.get(id);
  if (!pending) {
    pending = api(context, request)
      .call("GET /dashboard/{id}", { params: { id } })
      .then(
        ({ customer }) => customer,
        (error: unknown) => {
          if (isFailure(error, "not-found") || (isFailure(error, "forbidden") && error.init?.status === 403)) return undefined;
          throw lookupFailed(context, request, error);
        },
      );
    lookups.set(id, pending);
  }
  return pending;
}

/**
 * The account of this id among the user's. When the list kept from an earlier request lacks it, the API
 * is asked for that one account (GET /dashboard/{id}): another's account (the usual case: an id typed or
 * changed in the address) costs one small call; one added elsewhere fetches the list again, for the
 * switcher. Of a list kept in part, an account found is kept among those seen.
 */
export async function findAccount(context: Context, request: Request, id: number): Promise<Customer | undefined> {
  const { summary, kept } = await listOf(context, request);
  const found = summary.customers.find((c) => c.customer_id === id);
  if (found) keepSeen(context, found);
  if (found || (summary.complete && !kept)) return found;
  const customer = await lookUpCustomer(context, request, id);
  if (!customer) return undefined;
  if (!summary.complete) {
    keepSeen(context, customer);
    return customer;
  }
  return (await getAccount(context, request, { fresh: true })).customers.find((c) => c.customer_id === id) ?? customer;
}

/**
 * The active account (`activeCustomer`), among those `which` accepts: the one the cookie names if it is
 * one of the user's, else the first. Of a list kept in part, the cookie's account is looked up alone and
 * the whole list fetched only when neither it nor the first account will do.
 */
export async function activeAccount(
  context: Context,
  request: Request,
  which: (customer: Customer) => boolean = () => true,
): Promise<Customer | undefined> {
  const summary = await accountSummary(context, request);
  if (!summary.complete) {
    const remembered = readCookie(request, ACTIVE_CUSTOMER_COOKIE);
    const named = remembered && /^\d{1,12}$/.test(remembered) ? await findAccount(context, request, Number(remembered)) : undefined;
    if (named && which(named)) return named;
    const first = summary.customers[0];
    if (first && which(first)) return first;
  }
  return activeCustomer(request, (await getAccount(context, request)).customers.filter(which));
}

/**
 * A write of the signed-in area (any method but GET and HEAD) may change the account list (switching
 * accounts, contacts and their roles): the kept list is forgotten once it is done.
 */
export const forgetAccountsAfterWrites: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (request.method === "GET" || request.method === "HEAD") return next();
  writing.add(context);
  try {
    return await next();
  } finally {
    setKept(context, undefined);
  }
};

/** The cookie that remembers the active account (3650 days). */
export const ACTIVE_CUSTOMER_COOKIE = "activeCustomerId";
export const ACTIVE_CUSTOMER_MAX_AGE = 3650 * 24 * 60 * 60;

/** The active account: the one the cookie names if it is one of the user's, else the first. */
export function activeCustomer(request: Request, customers: Customer[]): Customer | undefined {
  const remembered = Number(readCookie(request, ACTIVE_CUSTOMER_COOKIE));
  return customers.find((c) => c.customer_id === remembered) ?? customers[0];
}

/** The roles that may pay, set up automatic payments and send proof of payment. */
const PAYING_ROLES = ["authoritative", "billing"] as const;
/** Whether the signed-in contact may change this account's billing (else its billing pages are read-only). */
export const canManageBilling = (customer: Customer) => customer.roles.some((role) => (PAYING_ROLES as readonly string[]).includes(role));

export interface RequireCustomerOptions {
  /** Billing pages: the account must be billing-authoritative (others are billed through a parent account). */
  billing?: boolean;
  /** Pages that change billing: the contact needs the authoritative or billing role. */
  manageBilling?: boolean;
  /** Pages that take a credit card: the account must allow cards. */
  cards?: boolean;
}

/**
 * The account a page shows, from the route's `customerId` among the signed-in user's accounts: 404 for
 * an id that is not a number, 403 for an account that is not theirs (or, with `billing`, one that is
 * not billing-authoritative: `kind: "billed-elsewhere"`, which the error page explains). Routes name the
 * parameter `customerId` everywhere, so the layout always knows the account on screen.
 */
export async function requireCustomer(
  context: Context,
  request: Request,
  params: { customerId?: string },
  options: RequireCustomerOptions = {},
): Promise<Customer> {
  const id = pageId(params.customerId);
  const customer = await findAccount(context, request, id);
  if (!customer) {
    // An account the user removed themselves from (the back button after "Remove me"): say so.
    const left = getLeftAccounts(context).find((account) => account.id === id);
    if (left) throw data({ kind: "left-account", id: left.id, name: left.name }, { status: 403 });
    throw data({ kind: "forbidden" }, { status: 403 });
  }
  // An account billed through another has no billing pages: the page says so (a bookmark, an address typed).
  if ((options.billing || options.manageBilling) && !customer.isBillingAuthoritative)
    throw data({ kind: "billed-elsewhere", id: customer.customer_id, name: customer.contract_name }, { status: 403 });
  const refused = (options.manageBilling && !canManageBilling(customer)) || (options.cards && !customer.credit_card_allowed);
  if (refused) throw data({ kind: "forbidden" }, { status: 403 });
  return customer;
}

/**
 * What a page is about (a pause, a rule, a contact) no longer exists: it was removed, perhaps in this
 * very browser before the back button brought the customer here. Instead of a 404, the list it was
 * in, with a notice saying so (`key`, an info notification).
 */
export function goneTo(context: Context, to: string, key: string, values?: NotificationValues): never {
  notify(context, "info", key, values);
  throw redirect(to);
}

/**
 * For routes whose account id is optional (/contacts, /billing/autopay): the same page of the active
 * account (the activeCustomerId cookie, else the first), its query string kept. `to` builds the path
 * from an id. With `billing`, among the billing-authoritative accounts only; when none is, the active
 * account's dashboard with a notice that its bills come through a parent account.
 */
export async function redirectToActiveAccount(
  context: Context,
  request: Request,
  to: (id: number) => string,
  options: { billing?: boolean } = {},
): Promise<never> {
  const search = pageUrl(request).search;
  const active = await activeAccount(context, request, options.billing ? (c) => c.isBillingAuthoritative : undefined);
  if (active) throw redirect(to(active.customer_id) + search);
  const fallback = await activeAccount(context, request);
  if (!fallback) throw redirect("/");
  if (options.billing) notify(context, "info", "notifications.noBillingAccount");
  throw redirect(`/dashboard/${fallback.customer_id}${search}`);
}

/** Whether a page for this account (the route's `customerId`) would make it the active one: the cookie names another. */
export function makesActive(request: Request, customerId: string | undefined): customerId is string {
  return Boolean(customerId && /^\d{1,12}$/.test(customerId) && readCookie(request, ACTIVE_CUSTOMER_COOKIE) !== customerId);
}

/**
 * Viewing an account's page makes it the active account: the cookie follows the account on screen, so
 * the logo and / lead back to it. Runs in the signed-in layout, after the page.
 */
export const followActiveAccountMiddleware: MiddlewareFunction<Response> = async ({ request, context, params }, next) => {
  const response = await next();
  const raw = (params as { customerId?: string }).customerId;
  if (!makesActive(request, raw)) return response;
  const account = await findAccount(context, request, Number(raw)).catch(() => null);
  if (account) {
    response.headers.append("Set-Cookie", preferenceCookie(ACTIVE_CUSTOMER_COOKIE, raw, ACTIVE_CUSTOMER_MAX_AGE));
  }
  return response;
};
