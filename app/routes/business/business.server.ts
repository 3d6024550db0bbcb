/**
 * Server helpers of the commercial service pages (docs/business.md): the id of the service in the
 * address, the account a service belongs to among the signed-in user's, who may change an endpoint's
 * settings, and the date range of the bandwidth and power pages (a plain GET form).
 */
import { createContext, data, type RouterContextProvider } from "react-router";
import { addDays, daysBetween } from "#common/calendar";
import { MAX_RANGE_DAYS } from "#contract/business-network";
import { IsoDate } from "#contract/common";
import type { Customer } from "#contract/dashboard";
import { ApiFieldErrors, api } from "~/lib/api.server";
import { findAccount } from "~/lib/auth.server";
import { fieldMessages } from "~/lib/form-action.server";
import { pageId } from "~/lib/page-ids.server";
import { pageUrl } from "~/lib/page-url";
import { MAX_CHART_POINTS } from "~/components/business/business";

type Context = Readonly<RouterContextProvider>;

/** The service id of the address: 404 when it is not a number (the API is not asked). */
export function serviceIdOf(params: { serviceId?: string }): number {
  return pageId(params.serviceId);
}

/** A read of a service by id, made once per request and id however many loaders ask for it (the layout's and the page's). */
function oncePerRequest<T>(read: (context: Context, request: Request, id: number) => Promise<T>) {
  const reads = createContext<Map<number, Promise<T>> | null>(null);
  return (context: Context, request: Request, id: number): Promise<T> => {
    let made = context.get(reads);
    if (!made) {
      made = new Map();
      (context as RouterContextProvider).set(reads, made);
    }
    let pending = made.get(id);
    if (!pending) {
      pending = read(context, request, id);
      made.set(id, pending);
    }
    return pending;
  };
}

/**
 * What GET /internet/{id}/endpoint includes for the page at this address: the open incidents touching the
 * service (every endpoint page's notice), and the part the page itself shows, so that the layout's call
 * answers the page too: the alerts (the details page shows the latest; the alert history), the IP blocks,
 * the bandwidth.
 */
export function endpointIncludes(request: Request): string {
  const page = /^\/internet\/view\/\d{1,12}(\/[a-z-]+)?$/.exec(pageUrl(request).pathname)?.[1];
  if (page === undefined || page === "/alerts") return "incidents,alerts";
  if (page === "/bandwidth") return "incidents,bandwidth";
  return page === "/ip-blocks" ? "incidents,allocations" : "incidents";
}

/**
 * GET /internet/{id}/endpoint, asked once per request with what the page shows included when the API can
 * (`endpointIncludes`; an API that cannot leaves them out: each is then asked with its own call). The
 * bandwidth is included for the address's range and the chart's points; a range the page refuses is not
 * asked, and one the API refuses leaves the bandwidth to the page's own call, which shows why.
 */
export const endpointDetails = oncePerRequest(async (context, request, id) => {
  const client = api(context, request);
  const ask = (include: string, query: Record<string, string | number> = {}) =>
    client.call("GET /internet/{id}/endpoint", { params: { id }, query: { include, ...query } });
  const include = endpointIncludes(request);
  if (!include.includes("bandwidth")) return ask(include);
  const { range } = readRange(context, request);
  if (!range) return ask("incidents");
  try {
    return await ask(include, { ...range, points: MAX_CHART_POINTS });
  } catch (error) {
    if (error instanceof ApiFieldErrors) return ask("incidents");
    throw error;
  }
});

/** The endpoint's alerts, newest first: from the endpoint's call when it included them, else their own. */
export async function endpointAlerts(context: Context, request: Request, id: number) {
  const { alerts } = await endpointDetails(context, request, id);
  return alerts ?? (await api(context, request).call("GET /internet/{id}/alerts", { params: { id } })).alerts;
}

/** The endpoint's IP blocks: from the endpoint's call when it included them, else their own. */
export async function endpointAllocations(context: Context, request: Request, id: number) {
  const { allocations } = await endpointDetails(context, request, id);
  return allocations ?? (await api(context, request).call("GET /internet/{id}/allocations", { params: { id } })).allocations;
}

/** What the cabinet page shows: the power usage of the address's range, or of the default one when its dates cannot be asked for. */
async function fetchCabinetUsage(context: Context, request: Request, id: number) {
  const today = todayUtc();
  const { filter, range, errors } = readRange(context, request, today);
  const client = api(context, request);
  // The page draws the chart and the days: asked instead of the samples (?points=).
  const points = MAX_CHART_POINTS;
  try {
    const answer = await client.call("GET /cabinet-spaces/{serviceId}/power-usage", {
      params: { serviceId: id },
      query: { ...range, points },
    });
    return { today, filter, range, messages: errors, answer };
  } catch (error) {
    if (!(error instanceof ApiFieldErrors)) throw error;
    // Without usable dates the cabinet is still shown: the default range names it and its account.
    const answer = await client.call("GET /cabinet-spaces/{serviceId}/power-usage", { params: { serviceId: id }, query: { points } });
    return { today, filter, range, messages: rangeMessages(context, error.errors), answer };
  }
}

/**
 * GET /cabinet-spaces/{id}/power-usage for the cabinet page's range, asked once per request: the signed-in
 * layout learns the cabinet's account from the answer the page shows.
 */
export const cabinetUsage = oncePerRequest(fetchCabinetUsage);

/**
 * The account of the service page at `pathname` (/internet/view/{id}…, /cabinet-spaces/{id}…), for the
 * signed-in layout, whose navigation and switcher then show that account; undefined for other pages or
 * when the API does not say (the page itself shows why).
 */
export async function serviceAccountId(context: Context, request: Request, pathname: string): Promise<number | undefined> {
  try {
    const endpoint = /^\/internet\/view\/(\d{1,12})(?:[/.]|$)/.exec(pathname);
    if (endpoint) return (await endpointDetails(context, request, Number(endpoint[1]))).endpoint_details.customer_id;
    const cabinet = /^\/cabinet-spaces\/(\d{1,12})(?:[/.]|$)/.exec(pathname);
    if (cabinet) return (await cabinetUsage(context, request, Number(cabinet[1]))).answer.data.customer_id;
  } catch {
    // The page's own loader gets the same failure and shows it.
  }
  return undefined;
}

/** The account a service belongs to, among the user's accounts (the API already answered 403 otherwise). */
export async function serviceCustomer(context: Context, request: Request, customerId: number): Promise<Customer> {
  const customer = await findAccount(context, request, customerId);
  if (!customer) throw data({ kind: "forbidden" }, { status: 403 });
  return customer;
}

/** The roles that may change an endpoint's monitoring settings (the API checks again). */
const ENDPOINT_ROLES = ["authoritative", "support"];
export const canManageEndpoint = (customer: Customer) => customer.roles.some((role) => ENDPOINT_ROLES.includes(role));

/** The account line data a service page shows, without the roles. */
export const accountOf = (customer: Customer) => ({ customer_id: customer.customer_id, contract_name: customer.contract_name });

// ---------------------------------------------------------------------------------------------------
// Date ranges (?from_date=YYYY-MM-DD&to_date=YYYY-MM-DD)

export const RANGE_FIELDS = ["from_date", "to_date"] as const;
type RangeField = (typeof RANGE_FIELDS)[number];
type RangeDates = Record<RangeField, string>;
/** The usual ranges the form links to, each labelled business:range.preset.<key>. */
type RangePreset = "thisMonth" | "lastMonth" | "last7" | "last30" | "last60";

/** Today's calendar day in UTC (the API's days are UTC days). */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

/** The quick choices of the range form. */
export function rangePresets(today: string): Record<RangePreset, RangeDates> {
  const monthStart = `${today.slice(0, 8)}01`;
  const lastMonthEnd = addDays(monthStart, -1);
  return {
    thisMonth: { from_date: monthStart, to_date: today },
    lastMonth: { from_date: `${lastMonthEnd.slice(0, 8)}01`, to_date: lastMonthEnd },
    last7: { from_date: addDays(today, -6), to_date: today },
    last30: { from_date: addDays(today, -29), to_date: today },
    last60: { from_date: addDays(today, -(MAX_RANGE_DAYS - 1)), to_date: today },
  };
}

export interface RangeRequest {
  /** What the address says, echoed in the form (cut short). */
  filter: Record<RangeField, string>;
  /** The range to ask for, when the dates are usable. */
  range: Record<RangeField, string> | null;
  /** Message keys by field ("" for the whole form). */
  errors: Record<string, string[]>;
}

/**
 * The range of the address: both dates, or the current month by default (a missing end is today, a
 * missing start the first of the end's month). The API's rules are checked before asking it (valid
 * dates, not after today, start ≤ end, 60 days at most), so a mistake is explained next to the form.
 */
export function readRange(context: Context, request: Request, today = todayUtc()): RangeRequest {
  const search = pageUrl(request).searchParams;
  const filter = {
    from_date: (search.get("from_date") ?? "").trim().slice(0, 40),
    to_date: (search.get("to_date") ?? "").trim().slice(0, 40),
  };
  const codes: Record<string, string[]> = {};
  for (const field of RANGE_FIELDS) {
    if (filter[field] && !IsoDate.safeParse(filter[field]).success) codes[field] = [`${field}.invalid`];
  }
  const to = codes.to_date ? "" : filter.to_date || today;
  const from = codes.from_date ? "" : filter.from_date || `${(to || today).slice(0, 8)}01`;
  if (from && from > today) codes.from_date = ["from_date.in_future"];
  if (to && to > today) codes.to_date = ["to_date.in_future"];
  if (!codes.from_date && !codes.to_date && from && to) {
    if (to < from) codes.to_date = ["to_date.before_from"];
    else if (daysBetween(from, to) + 1 > MAX_RANGE_DAYS) codes.to_date = ["to_date.range_too_long"];
  }
  if (Object.keys(codes).length) return { filter, range: null, errors: rangeMessages(context, codes) };
  return { filter: { from_date: from, to_date: to }, range: { from_date: from, to_date: to }, errors: {} };
}

/** API error codes of a range (by field) as message keys; codes on other fields go to the whole form. */
export function rangeMessages(context: Context, codes: Record<string, string[]>): Record<string, string[]> {
  return fieldMessages(context, codes, RANGE_FIELDS);
}

/** A CSV file answer: UTF-8, downloaded under `filename`, never cached (the data is the customer's). */
export function csvResponse(body: string, filename: string): Response {
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
