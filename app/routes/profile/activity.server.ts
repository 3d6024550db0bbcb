/**
 * The activity page's and its CSV's shared reading of the filter (?kind=&from_date=&to_date=&page=):
 * what was typed, echoed back, and either the API's query or the refusal codes by field, checked with
 * the contract's rules before the API is asked (which checks them again).
 */
import { ACTIVITY_KINDS, type ActivityKind } from "#contract/activity";
import { IsoDate } from "#contract/common";
import { pageUrl } from "~/lib/page-url";

export const FILTER_FIELDS = ["kind", "from_date", "to_date"] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];

export interface ActivityFilter {
  /** As typed (cut short: it is only echoed). */
  typed: Record<FilterField, string>;
  page: number;
  query: { kind?: ActivityKind; from_date?: string; to_date?: string };
  /** Refusal codes by field (`to_date.before_from_date`); empty when the filter holds. */
  errors: Partial<Record<FilterField, string[]>>;
}

export function readActivityFilter(request: Request): ActivityFilter {
  const search = pageUrl(request).searchParams;
  const typed = Object.fromEntries(FILTER_FIELDS.map((field) => [field, (search.get(field) ?? "").trim().slice(0, 40)])) as Record<
    FilterField,
    string
  >;
  const page = Math.min(Math.max(1, Math.floor(Number(search.get("page")) || 1)), 10_000);
  const errors: ActivityFilter["errors"] = {};
  const query: ActivityFilter["query"] = {};
  if (typed.kind) {
    if ((ACTIVITY_KINDS as readonly string[]).includes(typed.kind)) query.kind = typed.kind as ActivityKind;
    else errors.kind = ["kind.invalid"];
  }
  for (const field of ["from_date", "to_date"] as const) {
    if (!typed[field]) continue;
    if (IsoDate.safeParse(typed[field]).success) query[field] = typed[field];
    else errors[field] = [`${field}.invalid`];
  }
  if (query.from_date && query.to_date && query.to_date < query.from_date) errors.to_date = ["to_date.before_from_date"];
  return { typed, page, query, errors };
}

/** The activity page this request asked for, at page `page` instead (none for the first), its other parameters kept. */
export function activityPageHref(request: Request, customerId: number, page: number): string {
  const search = pageUrl(request).searchParams;
  if (page > 1) search.set("page", String(page));
  else search.delete("page");
  const query = search.toString();
  return `/account-activity/${customerId}${query ? `?${query}` : ""}`;
}
