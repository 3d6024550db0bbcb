/**
 * /internet/view/{serviceId}/alerts: the endpoint's alert history (GET /internet/{id}/alerts, newest
 * first, included in the layout's call when the API can): time, access device, port, event and the state it left the link in. Filtered by state
 * (?status=down|up) and paged (?page=N, 20 a page) with plain links, so it works without JavaScript
 * and a filtered page can be bookmarked.
 */
import { DataTable } from "~/components/DataTable";
import { PageLinks } from "~/components/PageLinks";
import { Link } from "react-router";
import type { Route } from "./+types/endpoint-alerts";
import { useEndpoint } from "./endpoint";
import { PageTitle } from "~/components/PageTitle";
import { StatusBadge } from "~/components/StatusBadge";
import { endpointAlerts, serviceIdOf } from "./business.server";
import { formatDateTime } from "~/lib/i18n";
import { useT } from "~/lib/use-t";
import { pageUrl } from "~/lib/page-url";

export const handle = { i18n: ["business"] };

export const ALERTS_PER_PAGE = 20;
const FILTERS = ["all", "down", "up"] as const;
type Filter = (typeof FILTERS)[number];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = serviceIdOf(params);
  const search = pageUrl(request).searchParams;
  const filter: Filter = (FILTERS as readonly string[]).includes(search.get("status") ?? "") ? (search.get("status") as Filter) : "all";
  const alerts = await endpointAlerts(context, request, id);
  const matching = filter === "all" ? alerts : alerts.filter((a) => a.status === filter);
  const pages = Math.max(1, Math.ceil(matching.length / ALERTS_PER_PAGE));
  const asked = Number(search.get("page") ?? "1");
  const page = Number.isInteger(asked) && asked >= 1 ? Math.min(asked, pages) : 1;
  return {
    filter,
    page,
    pages,
    total: matching.length,
    alerts: matching.slice((page - 1) * ALERTS_PER_PAGE, page * ALERTS_PER_PAGE),
  };
}

export default function EndpointAlerts({ loaderData }: Route.ComponentProps) {
  const { t, language } = useT("business");
  const { endpoint } = useEndpoint();
  const { filter, page, pages, total, alerts } = loaderData;
  const href = (next: { status?: Filter; page?: number }) => {
    const query = new URLSearchParams();
    const status = next.status ?? filter;
    if (status !== "all") query.set("status", status);
    if ((next.page ?? 1) > 1) query.set("page", String(next.page));
    const text = query.toString();
    return { search: text ? `?${text}` : "" };
  };

  return (
    <div>
      <PageTitle title={t("alerts.documentTitle", { name: endpoint.label || endpoint.name })} />
      <h2 className="text-xl font-semibold text-gray-900">{t("alerts.title")}</h2>
      <nav aria-label={t("alerts.filterLabel")} className="mt-3">
        <ul className="inline-flex flex-wrap rounded-md border border-gray-300 bg-white text-sm">
          {FILTERS.map((option) => (
            <li key={option} className="border-gray-300 [&:not(:first-child)]:border-l">
              <Link
                to={href({ status: option, page: 1 })}
                aria-current={option === filter ? "true" : undefined}
                className={`inline-block px-4 py-2 font-semibold no-underline ${option === filter ? "bg-primary text-white" : "text-gray-900 hover:bg-gray-100"}`}
              >
                {t(`alerts.filter.${option}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {alerts.length === 0 ? (
        <p className="mt-4 rounded-lg border border-gray-200 bg-white p-5 text-gray-900 shadow-sm" data-testid="alerts-empty">
          {filter === "all" ? t("alerts.empty") : t("alerts.emptyFiltered")}
        </p>
      ) : (
        <>
          <p className="mt-4 text-sm text-gray-700" data-testid="alerts-count">
            {t("alerts.showing", {
              from: (page - 1) * ALERTS_PER_PAGE + 1,
              to: (page - 1) * ALERTS_PER_PAGE + alerts.length,
              count: total,
            })}
          </p>
          <DataTable
            caption={t("alerts.caption")}
            columns={[
              { header: t("alerts.columns.time") },
              { header: t("alerts.columns.device") },
              { header: t("alerts.columns.port") },
              { header: t("alerts.columns.event") },
              { header: t("alerts.columns.status") },
            ]}
            rows={alerts}
            row={(alert) => (
              <tr key={alert.alert_id} className="border-t border-gray-200">
                <th scope="row" className="whitespace-nowrap">
                  {formatDateTime(alert.time, language)}
                </th>
                <td className="whitespace-nowrap font-mono">{alert.access_device}</td>
                <td className="whitespace-nowrap font-mono">{alert.port}</td>
                <td>{alert.event}</td>
                <td>
                  <StatusBadge status={alert.status} />
                </td>
              </tr>
            )}
            className="mt-2"
          />
          <PageLinks
            label={t("alerts.pages")}
            page={page}
            pages={pages}
            href={(n) => href({ page: n })}
            previous={t("alerts.newer")}
            next={t("alerts.older")}
          />
        </>
      )}
      <p className="mt-3 text-sm text-gray-700">{t("alerts.timesNote")}</p>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
