/**
 * /wifi/{packageId}/network?view=list|map: the access points and devices of the last 48 hours
 * (GET /wifi/{packageId}/network-overview), as a list or as a map drawn on the server; a device whose
 * internet is paused on the router (now, or by its schedule) says so. The view
 * switches with a GET parameter, so both work without JavaScript.
 */
import { Link } from "react-router";
import type { Route } from "./+types/network";
import type { NetworkDevice } from "#contract/home-network";
import { Card } from "~/components/Card";
import { DataTable } from "~/components/DataTable";
import { PageHeader } from "~/components/PageHeader";
import { StatusBadge } from "~/components/StatusBadge";
import { NetworkMap } from "~/components/wifi/NetworkMap";
import { api } from "~/lib/api.server";
import { formatDateTime } from "~/lib/i18n";
import { idParam } from "~/routes/services/services.server";
import { useT } from "~/lib/use-t";
import type { PageHandle } from "~/lib/page-handle";
import { pageUrl } from "~/lib/page-url";

// Its data changes with time alone: never answered 304 (app/lib/page-handle.ts).
export const handle = { cache: "live", i18n: ["wifi", "services", "api"] } satisfies PageHandle;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const packageId = idParam(params.packageId);
  const view = pageUrl(request).searchParams.get("view") === "map" ? "map" : "list";
  const { network_overview } = await api(context, request).call("GET /wifi/{packageId}/network-overview", { params: { packageId } });
  return { packageId, view, overview: network_overview };
}

function DeviceTable({ devices, caption }: { devices: NetworkDevice[]; caption: string }) {
  const { t, language } = useT("wifi");
  return (
    <DataTable
      caption={caption}
      look="plain"
      columns={[
        { header: t("overview.device") },
        { header: t("overview.connection") },
        { header: t("overview.state") },
        { header: t("overview.ip") },
        { header: t("overview.lastSeen") },
      ]}
      rows={devices}
      row={(d) => (
        <tr key={d.mac_address}>
          <th scope="row" className="font-normal">
            <span className="font-medium">{d.name}</span>
            <span className="block text-xs text-gray-700">
              {t(`deviceTypes.${d.device_type}`)} · {d.mac_address}
            </span>
          </th>
          <td>
            {t(`connections.${d.connection}`)}
            {d.signal_dbm !== null ? (
              <span className="block text-xs text-gray-700">{t("overview.signal", { dbm: d.signal_dbm })}</span>
            ) : null}
          </td>
          <td>
            {d.connected ? t("overview.connected") : t("overview.disconnected")}
            {d.paused ? <span className="block font-semibold">{t("overview.pausedNow")}</span> : null}
          </td>
          <td>{d.ip_address ?? "–"}</td>
          <td>{formatDateTime(d.last_seen_at, language)}</td>
        </tr>
      )}
    />
  );
}

export default function NetworkOverview({ loaderData }: Route.ComponentProps) {
  const { t, language } = useT("wifi");
  const { packageId, view, overview } = loaderData;
  const base = `/wifi/${packageId}/network`;
  const tab = (active: boolean) =>
    `rounded-md px-4 py-2 font-semibold no-underline ${active ? "bg-primary text-white" : "border border-gray-500 bg-white text-gray-900 hover:bg-gray-100"}`;
  return (
    <div>
      <PageHeader
        title={t("overview.title")}
        subtitle={t("overview.line", {
          hours: overview.window_hours,
          date: formatDateTime(overview.generated_at, language),
        })}
      />
      <nav aria-label={t("overview.views")} className="mb-6 flex gap-2">
        <Link to={`${base}?view=list`} className={tab(view === "list")} aria-current={view === "list" ? "page" : undefined}>
          {t("overview.list")}
        </Link>
        <Link to={`${base}?view=map`} className={tab(view === "map")} aria-current={view === "map" ? "page" : undefined}>
          {t("overview.map")}
        </Link>
      </nav>
      {overview.access_points.length === 0 ? (
        <p className="rounded-md border border-gray-200 bg-white p-5 text-gray-800" data-testid="network-empty">
          {t("overview.empty")}
        </p>
      ) : view === "map" ? (
        <Card id="map-heading" title={t("overview.map")}>
          <NetworkMap accessPoints={overview.access_points} />
          <p className="mt-3 text-sm text-gray-700">{t("overview.mapLegend")}</p>
        </Card>
      ) : (
        <div className="space-y-6">
          {overview.access_points.map((ap) => (
            <Card
              key={ap.mac_address}
              id={`ap-${ap.mac_address.replace(/:/g, "")}`}
              title={ap.name}
              actions={<StatusBadge status={ap.online ? "up" : "down"} />}
            >
              <p className="text-sm text-gray-800">
                {t(`overview.roles.${ap.role}`)} · {ap.model} · {ap.mac_address}
                {ap.ip_address ? ` · ${ap.ip_address}` : ""}
              </p>
              {ap.devices.length ? (
                <div className="mt-3">
                  <DeviceTable devices={ap.devices} caption={t("overview.devicesOf", { name: ap.name })} />
                </div>
              ) : (
                <p className="mt-3 text-gray-800">{t("overview.noDevices")}</p>
              )}
            </Card>
          ))}
        </div>
      )}
      <p className="mt-6 text-sm text-gray-800">{t("overview.note")}</p>
      <p className="mt-4 flex flex-wrap gap-4">
        <Link to={`/wifi/${packageId}`}>{t("backToWifi")}</Link>
        <Link to={`/resi-internet/${packageId}`}>{t("backToInternet")}</Link>
      </p>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
