/**
 * /cabinet-spaces/{serviceId}?from_date=…&to_date=…: a colocation cabinet and the power its circuits
 * draw (GET /cabinet-spaces/{serviceId}/power-usage; by default the current month). For each circuit:
 * a chart drawn on the server with its continuous limit (80% of the breaker) marked, and in a table
 * its breaker, limit, peak, average, peak against the limit and energy; a circuit whose peak reaches
 * NEAR_LIMIT_PERCENT of its limit stands out. A table of each day's peaks and a CSV of the samples
 * follow; a range in which nothing was measured says so instead (as the bandwidth page does). Without an
 * id: the active account's services.
 */
import { DataTable } from "~/components/DataTable";
import { data, Link } from "react-router";
import type { Route } from "./+types/cabinet";
import { FilterForm } from "~/components/FilterForm";
import { Lines } from "~/components/business/ServiceTable";
import { TimeChart } from "~/components/business/TimeChart";
import { Card, Details } from "~/components/Card";
import { PageAlert } from "~/components/PageAlert";
import { PageHeader, secondaryLinkClass } from "~/components/PageHeader";
import { redirectToActiveAccount } from "~/lib/auth.server";
import { chartData, MAX_CHART_POINTS } from "~/components/business/business";
import { chartSlots, dailyPeaks } from "#common/charts";
import { accountOf, cabinetUsage, rangePresets, serviceCustomer, serviceIdOf } from "./business.server";
import { formatDate, formatNumber } from "~/lib/i18n";
import { useT } from "~/lib/use-t";
import type { PageHandle } from "~/lib/page-handle";

// Its data changes with time alone: never answered 304 (app/lib/page-handle.ts).
export const handle = { cache: "live", i18n: ["business", "api"] } satisfies PageHandle;

/** A circuit whose peak reaches this share of its continuous limit is near its limit. */
export const NEAR_LIMIT_PERCENT = 90;
const COLOURS = { amps: "#17693a", limit: "#b3261e" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!params.serviceId) return redirectToActiveAccount(context, request, (id) => `/dashboard/${id}`);
  const id = serviceIdOf(params);
  const { today, filter, range, messages, answer } = await cabinetUsage(context, request, id);
  const usable = range !== null && !Object.keys(messages).length;
  const { circuits, ...cabinet } = answer.data;
  const customer = await serviceCustomer(context, request, cabinet.customer_id);
  const page = {
    customer: accountOf(customer),
    cabinet,
    filter,
    today,
    presets: rangePresets(today),
    errors: usable ? ({} as Record<string, string[]>) : messages,
    csv: `/cabinet-spaces/${id}/power-usage.csv?from_date=${cabinet.from_date}&to_date=${cabinet.to_date}`,
  };
  if (!usable) return data({ ...page, circuits: null, days: null }, { status: 400 });

  // Each circuit's chart and days as the API made them (?points=), or from the samples of an API that answers only those.
  const drawn = circuits.map(({ samples = [], chart, days, ...circuit }) => ({
    ...circuit,
    near: circuit.peak_utilization_percent !== null && circuit.peak_utilization_percent >= NEAR_LIMIT_PERCENT,
    over: circuit.peak_utilization_percent !== null && circuit.peak_utilization_percent > 100,
    chart: chartData(chart ?? chartSlots(samples, { amps: (s) => s.amps }, cabinet, MAX_CHART_POINTS), cabinet),
    days: days ?? dailyPeaks(samples, (s) => s.amps).map(({ day, peak }) => ({ day, peak_amps: peak })),
  }));
  // Each day's peak per circuit, for the table under the charts.
  const peaks = new Map<string, Record<number, number>>();
  for (const circuit of drawn) {
    for (const { day, peak_amps } of circuit.days) {
      const row = peaks.get(day) ?? {};
      row[circuit.circuit_id] = peak_amps;
      peaks.set(day, row);
    }
  }
  return {
    ...page,
    circuits: drawn.map(({ days: _days, ...circuit }) => circuit),
    days: [...peaks.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([day, row]) => ({ day, peaks: row })),
  };
}

export default function Cabinet({ loaderData }: Route.ComponentProps) {
  const { t, language } = useT("business");
  const { customer, cabinet, filter, today, presets, errors, csv, circuits, days } = loaderData;
  const amps = (value: number | null) => (value === null ? "—" : t("units.amps", { value: formatNumber(value, language) }));
  const crowded = circuits?.filter((c) => c.near) ?? [];

  return (
    <div className="space-y-6">
      <p className="text-sm">
        <Link to={`/dashboard/${customer.customer_id}`} className="font-medium">
          {t("backToServices")}
        </Link>
      </p>
      <PageHeader
        title={t("cabinet.title", { name: cabinet.name })}
        subtitle={t("accountLine", { name: customer.contract_name, id: customer.customer_id })}
      />
      {crowded.length ? (
        <PageAlert tone="warning" title={t("cabinet.nearTitle", { count: crowded.length })} testId="near-limit">
          {crowded
            .map((c) => t("cabinet.nearText", { circuit: c.name, percent: formatNumber(c.peak_utilization_percent ?? 0, language, 0) }))
            .join(" ")}
        </PageAlert>
      ) : null}

      <Card id="cabinet-heading" title={t("cabinet.details")}>
        <Details
          items={[
            [t("cabinet.ref"), cabinet.cabinet.cabinet_ref],
            [t("cabinet.facility"), cabinet.cabinet.facility],
            [t("cabinet.cage"), cabinet.cabinet.cage ?? t("cabinet.noCage")],
            [t("cabinet.rackUnits"), t("cabinet.rackUnitsValue", { count: cabinet.cabinet.rack_units })],
            [t("details.address"), <Lines key="a" text={cabinet.cabinet.address} />],
          ]}
        />
      </Card>

      <h2 className="text-xl font-semibold text-gray-900">{t("cabinet.powerTitle")}</h2>
      <FilterForm namespace="business" keys="range" idPrefix="range" values={filter} errors={errors} max={today} presets={presets} />

      {circuits === null ? (
        <p className="text-gray-800" data-testid="power-fix-dates">
          {t("range.fixDates")}
        </p>
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-gray-800" data-testid="power-range">
              {t("cabinet.rangeLine", { from: formatDate(cabinet.from_date, language), to: formatDate(cabinet.to_date, language) })}
            </p>
            <a href={csv} download className={`${secondaryLinkClass} text-sm`} data-testid="power-csv">
              {t("cabinet.csv")}
            </a>
          </div>

          {circuits.length === 0 ? (
            <p className="text-gray-800">{t("cabinet.noCircuits")}</p>
          ) : !days?.length ? (
            // Nothing measured in the range: said, as the bandwidth page says it, instead of charts and tables of "—".
            <p className="text-gray-800" data-testid="power-none">
              {t("cabinet.noSamples")}
            </p>
          ) : (
            <>
              <DataTable
                caption={t("cabinet.circuitsCaption")}
                columns={[
                  { header: t("cabinet.columns.circuit") },
                  { header: t("cabinet.columns.breaker"), align: "right" },
                  { header: t("cabinet.columns.limit"), align: "right" },
                  { header: t("cabinet.columns.peak"), align: "right" },
                  { header: t("cabinet.columns.average"), align: "right" },
                  { header: t("cabinet.columns.utilization"), align: "right" },
                  { header: t("cabinet.columns.energy"), align: "right" },
                ]}
                rows={circuits}
                row={(c) => (
                  <tr
                    key={c.circuit_id}
                    className={`border-t border-gray-200 ${c.near ? "bg-warning-light" : ""}`}
                    data-near={c.near || undefined}
                  >
                    <th scope="row" className="whitespace-nowrap">
                      {c.name}
                      <span className="block text-xs font-normal text-gray-700">{t("units.volts", { value: c.voltage })}</span>
                    </th>
                    <td className="cell-num">{amps(c.breaker_amps)}</td>
                    <td className="cell-num">{amps(c.max_continuous_amps)}</td>
                    <td className="cell-num">{amps(c.peak_amps)}</td>
                    <td className="cell-num">{amps(c.average_amps)}</td>
                    <td className="cell-num">
                      {c.peak_utilization_percent === null
                        ? "—"
                        : t("units.percent", { value: formatNumber(c.peak_utilization_percent, language, 0) })}
                      {c.near ? (
                        <span className="ml-2 inline-block rounded-full bg-white px-2 py-0.5 text-xs font-semibold text-warning-dark ring-1 ring-warning-dark">
                          {c.over ? t("cabinet.overLimit") : t("cabinet.nearLimit")}
                        </span>
                      ) : null}
                    </td>
                    <td className="cell-num">{t("units.kwh", { value: formatNumber(c.energy_kwh, language, 1) })}</td>
                  </tr>
                )}
                testId="circuits"
              />
              <p className="text-sm text-gray-700">{t("cabinet.limitExplained")}</p>

              <div className="space-y-6">
                {circuits.map((c) => (
                  <section
                    key={c.circuit_id}
                    aria-labelledby={`circuit-${c.circuit_id}-heading`}
                    className={`rounded-lg border bg-white p-5 shadow-sm ${c.near ? "border-warning-dark" : "border-gray-200"}`}
                  >
                    <h3 id={`circuit-${c.circuit_id}-heading`} className="text-lg font-semibold text-gray-900">
                      {c.name}
                      {c.near ? (
                        <span className="ml-2 text-sm font-semibold text-warning-dark">
                          {c.over ? t("cabinet.overLimit") : t("cabinet.nearLimit")}
                        </span>
                      ) : null}
                    </h3>
                    <div className="mt-3">
                      <TimeChart
                        id={`circuit-${c.circuit_id}`}
                        title={t("cabinet.chartTitle", { circuit: c.name })}
                        description={t("cabinet.chartDesc", {
                          peak: amps(c.peak_amps),
                          average: amps(c.average_amps),
                          limit: amps(c.max_continuous_amps),
                        })}
                        data={c.chart}
                        lines={[{ key: "amps", label: t("cabinet.current"), colour: COLOURS.amps }]}
                        markers={[{ label: t("cabinet.limit"), value: c.max_continuous_amps, colour: COLOURS.limit }]}
                        unit={(value) => t("units.amps", { value })}
                        unitLabel={t("units.ampsUnit")}
                      />
                    </div>
                  </section>
                ))}
              </div>

              <section aria-labelledby="power-days-heading">
                <h3 id="power-days-heading" className="text-lg font-semibold text-gray-900">
                  {t("cabinet.daysTitle")}
                </h3>
                <DataTable
                  caption={t("cabinet.daysCaption")}
                  columns={[
                    { header: t("cabinet.columns.day") },
                    ...circuits.map((c) => ({
                      key: String(c.circuit_id),
                      header: t("cabinet.columns.dayPeak", { circuit: c.name }),
                      align: "right" as const,
                    })),
                  ]}
                  rows={days}
                  row={(day) => (
                    <tr key={day.day} className="border-t border-gray-200">
                      <th scope="row" className="whitespace-nowrap">
                        {formatDate(day.day, language, "medium")}
                      </th>
                      {circuits.map((c) => (
                        <td key={c.circuit_id} className="cell-num">
                          {amps(day.peaks[c.circuit_id] ?? null)}
                        </td>
                      ))}
                    </tr>
                  )}
                  className="mt-2"
                  tall
                  testId="power-days"
                />
                <p className="mt-2 text-sm text-gray-700">{t("cabinet.daysNote")}</p>
              </section>
            </>
          )}
        </>
      )}
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
