/**
 * /internet/view/{serviceId}/bandwidth?from_date=…&to_date=…: bandwidth over a range of days (GET
 * /internet/{id}/bandwidth; by default the current month). The 95th percentile (what the service is
 * billed on), peak, average and volume each way; a chart drawn on the server (download and upload, the
 * two 95th percentiles marked); a table of each day; and the samples as CSV.
 *
 * The loader sends the page only what it draws: the chart's slots (at most MAX_CHART_POINTS a line)
 * and the days, never the hourly samples, so 60 days stay a small page.
 */
import { DataTable } from "~/components/DataTable";
import { data } from "react-router";
import type { Route } from "./+types/endpoint-bandwidth";
import { useEndpoint } from "./endpoint";
import { FilterForm } from "~/components/FilterForm";
import { TimeChart } from "~/components/business/TimeChart";
import { PageTitle } from "~/components/PageTitle";
import { secondaryLinkClass } from "~/components/PageHeader";
import { ApiFieldErrors, api } from "~/lib/api.server";
import { chartData, MAX_CHART_POINTS } from "~/components/business/business";
import { bandwidthDays, chartSlots } from "#common/charts";
import { endpointDetails, rangeMessages, rangePresets, readRange, serviceIdOf, todayUtc } from "./business.server";
import { formatDate, formatNumber } from "~/lib/i18n";
import { useT } from "~/lib/use-t";

export const handle = { i18n: ["business", "api"] };

export const COLOURS = { download: "#17693a", upload: "#1f5a96", download95: "#b3261e", upload95: "#8a4b00" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = serviceIdOf(params);
  const today = todayUtc();
  const { filter, range, errors } = readRange(context, request, today);
  const page = { filter, today, presets: rangePresets(today) };
  const refused = (messages: Record<string, string[]>) => data({ ...page, errors: messages, bandwidth: null }, { status: 400 });
  if (!range) return refused(errors);

  // From the endpoint's call (the layout's) when the API included it, else asked apart.
  let answer = (await endpointDetails(context, request, id)).bandwidth;
  try {
    answer ??= (
      await api(context, request).call("GET /internet/{id}/bandwidth", { params: { id }, query: { ...range, points: MAX_CHART_POINTS } })
    ).bandwidth;
  } catch (error) {
    if (error instanceof ApiFieldErrors) return refused(rangeMessages(context, error.errors));
    throw error;
  }
  // The chart and the days as the API made them (?points=), or from the samples of an API that answers only those.
  const { samples = [], chart, days, ...bw } = answer;
  return {
    ...page,
    errors: {} as Record<string, string[]>,
    bandwidth: {
      ...bw,
      chart: chartData(
        chart ?? chartSlots(samples, { download: (s) => s.download_mbps, upload: (s) => s.upload_mbps }, bw, MAX_CHART_POINTS),
        bw,
      ),
      days: days ?? bandwidthDays(samples, bw.interval_seconds),
      csv: `/internet/view/${id}/bandwidth.csv?from_date=${bw.from_date}&to_date=${bw.to_date}`,
    },
  };
}

export default function EndpointBandwidth({ loaderData }: Route.ComponentProps) {
  const { t, language } = useT("business");
  const { endpoint } = useEndpoint();
  const { filter, errors, presets, today, bandwidth } = loaderData;
  const mbps = (value: number | null) => (value === null ? "—" : t("units.mbps", { value: formatNumber(value, language) }));
  const gbText = (value: number) => t("units.gb", { value: formatNumber(value, language) });

  return (
    <div className="space-y-6">
      <PageTitle title={t("bandwidth.documentTitle", { name: endpoint.label || endpoint.name })} />
      <h2 className="text-xl font-semibold text-gray-900">{t("bandwidth.title")}</h2>
      <FilterForm namespace="business" keys="range" idPrefix="range" values={filter} errors={errors} max={today} presets={presets} />

      {bandwidth === null ? (
        <p className="text-gray-800" data-testid="bandwidth-fix-dates">
          {t("range.fixDates")}
        </p>
      ) : (
        <>
          <p className="text-gray-800" data-testid="bandwidth-range">
            {t("bandwidth.rangeLine", {
              from: formatDate(bandwidth.from_date, language),
              to: formatDate(bandwidth.to_date, language),
              speed: formatNumber(bandwidth.speed_mbps, language, 0),
            })}
          </p>
          <section aria-labelledby="bw-summary-heading" className="max-w-xl rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
            <h3 id="bw-summary-heading" className="text-lg font-semibold text-gray-900">
              {t("bandwidth.summaryTitle")}
            </h3>
            {/* Each direction a list of its figures: side by side, or one under the other on a phone. */}
            <div className="mt-3 grid gap-x-8 gap-y-4 sm:grid-cols-2" data-testid="bandwidth-summary">
              {(["download", "upload"] as const).map((direction) => (
                <div key={direction} data-direction={direction}>
                  <h4 className="text-sm font-semibold text-gray-900">{t(`bandwidth.${direction}`)}</h4>
                  <dl className="mt-1 text-sm">
                    {(
                      [
                        ["p95", mbps(bandwidth[direction].percentile_95_mbps)],
                        ["peak", mbps(bandwidth[direction].peak_mbps)],
                        ["average", mbps(bandwidth[direction].average_mbps)],
                        ["volume", gbText(bandwidth[direction].volume_gb)],
                      ] as const
                    ).map(([key, value]) => (
                      <div key={key} className="flex justify-between gap-4 border-b border-gray-100 py-1.5" data-row={key}>
                        <dt className="text-gray-800">{t(`bandwidth.rows.${key}`)}</dt>
                        <dd className="whitespace-nowrap text-right font-medium text-gray-900 tabular-nums">{value}</dd>
                      </div>
                    ))}
                  </dl>
                </div>
              ))}
            </div>
            <p className="mt-3 text-sm text-gray-700">{t("bandwidth.p95Explained")}</p>
          </section>
          <section aria-labelledby="bw-chart-heading" className="rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 id="bw-chart-heading" className="text-lg font-semibold text-gray-900">
                {t("bandwidth.chartTitle")}
              </h3>
              <a href={bandwidth.csv} download className={`${secondaryLinkClass} text-sm`} data-testid="bandwidth-csv">
                {t("bandwidth.csv")}
              </a>
            </div>
            {bandwidth.days.length === 0 ? (
              <p className="mt-3 text-gray-800">{t("bandwidth.noSamples")}</p>
            ) : (
              <div className="mt-3">
                <TimeChart
                  id="bandwidth-chart"
                  title={t("bandwidth.chartSvgTitle", {
                    from: formatDate(bandwidth.from_date, language),
                    to: formatDate(bandwidth.to_date, language),
                  })}
                  description={t("bandwidth.chartDesc", {
                    download: mbps(bandwidth.download.percentile_95_mbps),
                    upload: mbps(bandwidth.upload.percentile_95_mbps),
                    downloadPeak: mbps(bandwidth.download.peak_mbps),
                    uploadPeak: mbps(bandwidth.upload.peak_mbps),
                  })}
                  data={bandwidth.chart}
                  lines={[
                    { key: "download", label: t("bandwidth.download"), colour: COLOURS.download },
                    { key: "upload", label: t("bandwidth.upload"), colour: COLOURS.upload, dashed: true },
                  ]}
                  markers={[
                    ...(bandwidth.download.percentile_95_mbps !== null
                      ? [{ label: t("bandwidth.p95Download"), value: bandwidth.download.percentile_95_mbps, colour: COLOURS.download95 }]
                      : []),
                    ...(bandwidth.upload.percentile_95_mbps !== null
                      ? [{ label: t("bandwidth.p95Upload"), value: bandwidth.upload.percentile_95_mbps, colour: COLOURS.upload95 }]
                      : []),
                  ]}
                  unit={(value) => t("units.mbps", { value })}
                  unitLabel={t("units.mbpsUnit")}
                />
              </div>
            )}
          </section>

          {bandwidth.days.length ? (
            <section aria-labelledby="bw-days-heading">
              <h3 id="bw-days-heading" className="text-lg font-semibold text-gray-900">
                {t("bandwidth.daysTitle")}
              </h3>
              <DataTable
                caption={t("bandwidth.daysCaption")}
                columns={[
                  { header: t("bandwidth.columns.day") },
                  { header: t("bandwidth.columns.downloadPeak"), align: "right" },
                  { header: t("bandwidth.columns.uploadPeak"), align: "right" },
                  { header: t("bandwidth.columns.downloadVolume"), align: "right" },
                  { header: t("bandwidth.columns.uploadVolume"), align: "right" },
                ]}
                rows={bandwidth.days}
                row={(day) => (
                  <tr key={day.day} className="border-t border-gray-200">
                    <th scope="row" className="whitespace-nowrap">
                      {formatDate(day.day, language, "medium")}
                    </th>
                    <td className="cell-num">{mbps(day.download_peak_mbps)}</td>
                    <td className="cell-num">{mbps(day.upload_peak_mbps)}</td>
                    <td className="cell-num">{gbText(day.download_gb)}</td>
                    <td className="cell-num">{gbText(day.upload_gb)}</td>
                  </tr>
                )}
                className="mt-2"
                tall
                testId="bandwidth-days"
              />
              <p className="mt-2 text-sm text-gray-700">{t("bandwidth.daysNote")}</p>
            </section>
          ) : null}
        </>
      )}
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
