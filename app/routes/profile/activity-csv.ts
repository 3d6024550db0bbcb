/**
 * /account-activity/{customerId}/activity.csv?kind=&from_date=&to_date=: the activity the page lists
 * (same filter, every page of it) as CSV: UTF-8 with a byte order mark (Excel), the column headers in
 * the page's language, each event's moment in UTC (ISO 8601), who, its kind and what was done in words.
 * Cells are safe to open in a spreadsheet (activity-words.server.ts `csvCell`). A filter the page would
 * refuse goes back to the page, which says why.
 */
import { redirect } from "react-router";
import type { Route } from "./+types/activity-csv";
import { ACTIVITY_PAGE_SIZE_MAX } from "#contract/activity";
import { activityKind, activityWhat, activityWho, toCsvWithBom } from "~/lib/activity-words.server";
import { ApiFieldErrors, api } from "~/lib/api.server";
import { requireCustomer } from "~/lib/auth.server";
import { getLanguage, getT } from "~/lib/i18n.server";
import type { PageHandle } from "~/lib/page-handle";
import { readActivityFilter } from "./activity.server";
import { pageUrl } from "~/lib/page-url";

export const handle = { cache: "live" } satisfies PageHandle;

/** Pages of the API read at most (two years of a busy account fit many times over). */
const MAX_PAGES = 40;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const customer = await requireCustomer(context, request, params);
  const id = customer.customer_id;
  const filter = readActivityFilter(request);
  const back = `/account-activity/${id}${pageUrl(request).search}`;
  if (Object.keys(filter.errors).length) throw redirect(back);
  const t = getT(context, "profile");
  const language = getLanguage(context);
  const rows: string[][] = [
    [
      t("profile:activity.csvColumns.when"),
      t("profile:activity.csvColumns.who"),
      t("profile:activity.csvColumns.kind"),
      t("profile:activity.csvColumns.what"),
    ],
  ];
  for (let page = 1; page <= MAX_PAGES; page++) {
    let answer;
    try {
      answer = await api(context, request).call("GET /customers/{customerId}/activity", {
        params: { customerId: id },
        query: { ...filter.query, page, page_size: ACTIVITY_PAGE_SIZE_MAX },
      });
    } catch (error) {
      if (error instanceof ApiFieldErrors) throw redirect(back);
      throw error;
    }
    for (const event of answer.events) {
      rows.push([event.at, activityWho(t, event), activityKind(t, event), activityWhat(t, event, language)]);
    }
    if (page * ACTIVITY_PAGE_SIZE_MAX >= answer.total || !answer.events.length) break;
  }
  return new Response(toCsvWithBom(rows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${t("profile:activity.csvName", { id })}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
