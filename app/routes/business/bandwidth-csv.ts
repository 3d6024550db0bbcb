/**
 * /internet/view/{serviceId}/bandwidth.csv?from_date=…&to_date=…: the bandwidth samples of a range as
 * CSV (a resource route): one row per interval, its start in UTC (ISO 8601) and the average download
 * and upload rates in Mbps, exactly as the API answers them, so the 95th percentile the page shows can
 * be computed again from the file. A range the page would refuse goes back to the page, which says why.
 */
import { redirect } from "react-router";
import type { Route } from "./+types/bandwidth-csv";
import { ApiFieldErrors, api } from "~/lib/api.server";
import { toCsv } from "~/components/business/business";
import { csvResponse, readRange, serviceIdOf } from "./business.server";
import type { PageHandle } from "~/lib/page-handle";
import { pageUrl } from "~/lib/page-url";

// Its data changes with time alone: never answered 304 (app/lib/page-handle.ts).
export const handle = { cache: "live" } satisfies PageHandle;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = serviceIdOf(params);
  const { range } = readRange(context, request);
  const page = `/internet/view/${id}/bandwidth${pageUrl(request).search}`;
  if (!range) throw redirect(page);
  let answer;
  try {
    answer = await api(context, request).call("GET /internet/{id}/bandwidth", { params: { id }, query: range });
  } catch (error) {
    if (error instanceof ApiFieldErrors) throw redirect(page);
    throw error;
  }
  // Asked without ?points=: the samples.
  const { samples = [], from_date, to_date } = answer.bandwidth;
  const rows = [["time_utc", "download_mbps", "upload_mbps"], ...samples.map((s) => [s.time, s.download_mbps, s.upload_mbps])];
  return csvResponse(toCsv(rows), `bandwidth-${id}-${from_date}-to-${to_date}.csv`);
}
