/**
 * /cabinet-spaces/{serviceId}/power-usage.csv?from_date=…&to_date=…: the power samples of a cabinet's
 * circuits as CSV (a resource route): one row per circuit and interval, its start in UTC (ISO 8601),
 * the circuit, its voltage and breaker, and the average current in amperes, as the API answers them.
 * A range the page would refuse goes back to the page, which says why.
 */
import { redirect } from "react-router";
import type { Route } from "./+types/power-csv";
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
  const page = `/cabinet-spaces/${id}${pageUrl(request).search}`;
  if (!range) throw redirect(page);
  let answer;
  try {
    answer = await api(context, request).call("GET /cabinet-spaces/{serviceId}/power-usage", { params: { serviceId: id }, query: range });
  } catch (error) {
    if (error instanceof ApiFieldErrors) throw redirect(page);
    throw error;
  }
  const { circuits, from_date, to_date } = answer.data;
  const rows: (string | number)[][] = [["time_utc", "circuit", "voltage", "breaker_amps", "max_continuous_amps", "amps"]];
  for (const circuit of circuits) {
    // Asked without ?points=: the samples.
    for (const s of circuit.samples ?? [])
      rows.push([s.time, circuit.name, circuit.voltage, circuit.breaker_amps, circuit.max_continuous_amps, s.amps]);
  }
  return csvResponse(toCsv(rows), `power-${id}-${from_date}-to-${to_date}.csv`);
}
