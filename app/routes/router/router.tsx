/**
 * /internet/router/{serviceId}: the router of a residential internet service (docs/router.md). One
 * page, its sections read in parallel, each failing on its own: overview (cpe-info), LAN settings,
 * DHCP leases with the UPnP table that comes with them, port forwarding rules, UPnP rules, statistics.
 *
 * Forms posted here: "refresh from the router" (GET dhcp-leases?forceRefresh=true), and, for the newer
 * router type (FEATURE_ROUTER_VENDOR), the LAN settings of the dialog (?dialog=lan: its own URL without
 * JavaScript, a Headless UI dialog with it). Older routers change their LAN settings on …/lan.
 */
import { DataTable } from "~/components/DataTable";
import { StatusBadge } from "~/components/StatusBadge";
import { getFormProps } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { lazy, Suspense, useEffect, useRef } from "react";
import { lazyEnhancement, Nothing } from "~/lib/lazy-enhancement";
import { Form, Link, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/router";
import { Card, Details } from "~/components/Card";
import { ErrorSummary, SubmitButton } from "~/components/form";
import { PageAlert, PageAlerts } from "~/components/PageAlert";
import { PageHeader, actionLinkClass, secondaryLinkClass } from "~/components/PageHeader";
import { ReadOnlyNote, SectionError, ServiceLine, durationInWords } from "~/components/router/RouterParts";
import { api } from "~/lib/api.server";
import { featureFlags } from "~/lib/config.server";
import { formAction } from "~/lib/form-action.server";
import { formatBytes, formatDateTime } from "~/lib/i18n";
import { ROUTER_FAILURES, requireRouterService, saveLanSettings, section, serviceIdOf } from "./router.server";
import { useHydrated } from "~/lib/use-hydrated";
import { usePortalForm } from "~/lib/use-portal-form";
import { useT } from "~/lib/use-t";
import { LanSettingsSchema, RefreshLeasesSchema } from "~/schemas/router";
import type { PageHandle } from "~/lib/page-handle";

// Its data changes with time alone: never answered 304 (app/lib/page-handle.ts).
export const handle = { cache: "live", i18n: ["router", "api"] } satisfies PageHandle;

const lanConstraint = getZodConstraint(LanSettingsSchema);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const serviceId = serviceIdOf(params);
  const client = api(context, request);
  const p = { params: { serviceId } };
  // Every router call at once, with the lookup of the service's account.
  const [service, info, settings, leases, rules, upnp, statistics] = await Promise.all([
    requireRouterService(context, request, params),
    section(client.call("GET /router/{serviceId}/cpe-info", p)),
    section(client.call("GET /router/{serviceId}/network-settings", p)),
    section(client.call("GET /router/{serviceId}/dhcp-leases", p)),
    section(client.call("GET /router/{serviceId}/port-forwarding-rules", p)),
    section(client.call("GET /router/{serviceId}/upnp-port-forwarding-rules", p)),
    section(client.call("GET /router/{serviceId}/statistics", p)),
  ]);
  const cpe = info.ok ? info.data.data.data : null;
  return {
    ...service,
    cpe,
    settings: settings.ok ? settings.data.network_settings : null,
    leases: leases.ok ? leases.data : null,
    rules: rules.ok ? rules.data.port_forwarding_rules : null,
    upnp: upnp.ok ? upnp.data.rules : null,
    statistics: statistics.ok && "statistics" in statistics.data ? statistics.data.statistics : null,
    statisticsError: statistics.ok && "error" in statistics.data ? statistics.data.error : null,
    /** The newer router type changes its settings in a dialog of this page. */
    settingsDialog: featureFlags().routerVendor && cpe?.generation === "current",
    lanConstraint,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const service = await requireRouterService(context, request, params);
  const serviceId = service.service.service_id;
  if (new URL(request.url).searchParams.get("dialog") === "lan") return saveLanSettings({ request, context }, serviceId);
  return formAction(
    { request, context },
    {
      schema: RefreshLeasesSchema,
      failureMessages: { ...ROUTER_FAILURES, unavailable: "router:leases.refreshFailed", server: "router:leases.refreshFailed" },
      submit: () =>
        api(context, request).call("GET /router/{serviceId}/dhcp-leases", { params: { serviceId }, query: { forceRefresh: "true" } }),
      success: (answer) => ({
        redirectTo: `/internet/router/${serviceId}#dhcp-leases`,
        notification: answer.router_online ? { key: "router:leases.refreshed" } : { key: "router:leases.offline", type: "warning" },
      }),
    },
  );
}

/** Opening or closing the dialog changes only the address: the page's data stays as it is. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const without = (url: URL) => {
    const search = new URLSearchParams(url.search);
    search.delete("dialog");
    return search.toString();
  };
  return without(currentUrl) === without(nextUrl) ? false : defaultShouldRevalidate;
}

type Data = Route.ComponentProps["loaderData"];

// Loaded when shown, so the page's first load carries neither the LAN form's controls nor the live
// diagnostics panel. The dialog suspends the page while its module arrives (the server renders it in
// place; a navigation keeps the page on screen meanwhile); the panel exists only with JavaScript.
const LanDialog = lazy(() => import("~/components/router/LanDialog").then((m) => ({ default: m.LanDialog })));
// A panel that exists only with JavaScript: nothing when its code does not download.
const LiveDiagnostics = lazyEnhancement<{ serviceId: number }>(
  () => import("~/components/router/LiveDiagnostics").then((m) => m.LiveDiagnostics),
  Nothing,
);

export default function RouterPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useT("router");
  const [search] = useSearchParams();
  const data = loaderData;
  const id = data.service.service_id;
  const hydrated = useHydrated();
  const dialogOpen = data.settingsDialog && data.canManage && data.settings !== null && search.get("dialog") === "lan";
  // Once the dialog has closed (and the page is no longer inert), focus returns to the link that opened it.
  const wasOpen = useRef(dialogOpen);
  useEffect(() => {
    if (wasOpen.current && !dialogOpen) document.querySelector<HTMLElement>("[data-lan-open]")?.focus();
    wasOpen.current = dialogOpen;
  }, [dialogOpen]);

  return (
    <div className="max-w-5xl">
      <PageHeader title={t("title")} subtitle={<ServiceLine data={data} />} />
      <PageAlerts>
        {data.cpe?.status === "offline" ? (
          <PageAlert tone="warning" title={t("offline.title")}>
            {t("offline.body", { date: formatDateTime(data.cpe.last_seen_at, language, "long") })}
          </PageAlert>
        ) : null}
      </PageAlerts>
      {dialogOpen ? <LanDialog serviceId={id} settings={data.settings!} constraint={data.lanConstraint} lastResult={actionData} /> : null}
      <div className="space-y-6">
        {!data.canManage ? <ReadOnlyNote /> : null}
        <Overview data={data} />
        <LanSection data={data} />
        <LeasesSection data={data} lastResult={dialogOpen ? null : actionData} />
        <RulesSection data={data} />
        <UpnpSection data={data} />
        <StatisticsSection data={data} />
        {hydrated ? (
          <Suspense fallback={null}>
            <LiveDiagnostics serviceId={id} />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}

function Overview({ data }: { data: Data }) {
  const { t, language } = useT("router");
  const cpe = data.cpe;
  return (
    <Card id="router-overview" title={t("overview.title")}>
      {cpe ? (
        <Details
          items={[
            [t("overview.model"), `${cpe.vendor} ${cpe.model}`],
            [t("overview.status"), <RouterStatus key="s" online={cpe.status === "online"} />],
            [t("overview.uptime"), cpe.uptime_seconds === null ? t("overview.notRunning") : durationInWords(cpe.uptime_seconds, t)],
            [t("overview.firmware"), cpe.firmware_version],
            [t("overview.hardware"), cpe.hardware_version],
            [t("overview.serial"), cpe.serial_number],
            [
              t("overview.mac"),
              <span key="m" className="font-mono">
                {cpe.mac_address}
              </span>,
            ],
            [t("overview.wanIpv4"), cpe.wan_ipv4 ?? t("none")],
            [t("overview.wanIpv6"), cpe.wan_ipv6_prefix ?? t("none")],
            [t("overview.lanIp"), data.settings?.lan_ip ?? t("unknown")],
            [t("overview.lastBoot"), formatDateTime(cpe.last_boot_at, language, "long")],
          ]}
        />
      ) : (
        <SectionError>{t("errors.cpeInfo")}</SectionError>
      )}
    </Card>
  );
}

function RouterStatus({ online }: { online: boolean }) {
  const { t } = useT("router");
  return <StatusBadge status={online ? "online" : "offline"} label={online ? t("overview.online") : t("overview.offline")} />;
}

function LanSection({ data }: { data: Data }) {
  const { t } = useT("router");
  const s = data.settings;
  const id = data.service.service_id;
  const change = data.settingsDialog ? `/internet/router/${id}?dialog=lan` : `/internet/router/${id}/lan`;
  return (
    <Card
      id="lan-settings"
      title={t("lan.title")}
      actions={
        s && data.canManage ? (
          <Link to={change} preventScrollReset className={secondaryLinkClass} data-lan-open="">
            {t("lan.change")}
          </Link>
        ) : null
      }
    >
      {s ? (
        <Details
          items={[
            [t("lan.lanIp"), s.lan_ip],
            [t("lan.subnetMask"), s.subnet_mask],
            [t("lan.dhcpRange"), t("lan.range", { start: s.dhcp_start, end: s.dhcp_end })],
            [t("lan.leaseTime"), durationInWords(s.lease_time_seconds, t)],
            [t("lan.dns"), s.dns_primary ? [s.dns_primary, s.dns_secondary].filter(Boolean).join(", ") : t("lan.dnsAutomatic")],
          ]}
        />
      ) : (
        <SectionError>{t("errors.networkSettings")}</SectionError>
      )}
    </Card>
  );
}

function LeasesSection({ data, lastResult }: { data: Data; lastResult: Route.ComponentProps["actionData"] | null }) {
  const { t, language } = useT("router");
  const id = data.service.service_id;
  const leases = data.leases;
  const [form] = usePortalForm({
    id: "refresh-leases",
    schema: () => import("~/schemas/router").then((m) => m.RefreshLeasesSchema),
    lastResult,
  });
  const opened = (ip: string) =>
    (leases?.upnp_table ?? []).filter((rule) => rule.internal_address === ip).map((rule) => `${rule.external_port}/${rule.protocol}`);
  return (
    <Card
      id="dhcp-leases"
      title={t("leases.title")}
      actions={
        <Form method="post" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="refresh" />
          <SubmitButton variant="secondary">{t("leases.refresh")}</SubmitButton>
        </Form>
      }
    >
      <ErrorSummary form={form} />
      {leases ? (
        <>
          <p className="mb-3 text-sm text-gray-700">
            {leases.router_online
              ? t("leases.readAt", { date: formatDateTime(leases.refreshed_at, language, "long") })
              : t("leases.lastTable", { date: formatDateTime(leases.refreshed_at, language, "long") })}
          </p>
          {leases.dhcp_data.length ? (
            <DataTable
              caption={t("leases.caption")}
              columns={[
                { header: t("leases.device") },
                { header: t("leases.mac") },
                { header: t("leases.ip") },
                { header: t("leases.leaseTime") },
                { header: t("leases.type") },
                { header: t("leases.upnp") },
                data.canManage && { header: t("actions"), srOnly: true },
              ]}
              rows={leases.dhcp_data}
              row={(lease) => {
                const name = lease.hostname ?? t("leases.unknownDevice");
                const ports = opened(lease.ip_address);
                const mac = encodeURIComponent(lease.mac_address);
                return (
                  <tr key={`${lease.mac_address}-${lease.ip_address}`}>
                    <th scope="row" className="py-2 pr-3 font-medium">
                      {name}
                    </th>
                    <td className="py-2 pr-3 font-mono">{lease.mac_address}</td>
                    <td className="py-2 pr-3 font-mono">{lease.ip_address}</td>
                    <td className="py-2 pr-3">
                      {lease.lease_seconds === null
                        ? t("leases.noLease")
                        : lease.type === "expired"
                          ? t("leases.ended")
                          : durationInWords(lease.lease_seconds, t)}
                    </td>
                    <td className="py-2 pr-3">{t(`leases.types.${lease.type}`)}</td>
                    <td className="py-2 pr-3">{ports.length ? ports.join(", ") : t("none")}</td>
                    {data.canManage ? (
                      <td className="py-2 text-right whitespace-nowrap">
                        <Link to={`/internet/router/${id}/reservations/new?mac=${mac}`} aria-label={t("leases.reserveFor", { name })}>
                          {lease.type === "reserved" ? t("leases.changeReservation") : t("leases.reserve")}
                        </Link>
                        {lease.type === "reserved" ? (
                          <Link
                            to={`/internet/router/${id}/reservations/${mac}/remove`}
                            className="ml-3"
                            aria-label={t("leases.unreserveFor", { name })}
                          >
                            {t("leases.unreserve")}
                          </Link>
                        ) : null}
                      </td>
                    ) : null}
                  </tr>
                );
              }}
              look="plain"
            />
          ) : (
            <p>{t("leases.empty")}</p>
          )}
        </>
      ) : (
        <SectionError>{t("errors.dhcpLeases")}</SectionError>
      )}
    </Card>
  );
}

function RulesSection({ data }: { data: Data }) {
  const { t } = useT("router");
  const id = data.service.service_id;
  const rules = data.rules;
  const ports = (start: number, end: number | null) => (end === null ? String(start) : t("rules.portRange", { start, end }));
  return (
    <Card
      id="port-forwarding"
      title={t("rules.title")}
      actions={
        rules && data.canManage ? (
          <Link to={`/internet/router/${id}/port-forwarding/new`} className={actionLinkClass}>
            {t("rules.add")}
          </Link>
        ) : null
      }
    >
      {!rules ? (
        <SectionError>{t("errors.portForwarding")}</SectionError>
      ) : rules.length === 0 ? (
        <p>{t("rules.empty")}</p>
      ) : (
        <DataTable
          caption={t("rules.caption")}
          columns={[
            { header: t("rules.description") },
            { header: t("rules.protocol") },
            { header: t("rules.ports") },
            { header: t("rules.destination") },
            { header: t("rules.state") },
            data.canManage && { header: t("actions"), srOnly: true },
          ]}
          rows={rules}
          row={(rule) => (
            <tr key={rule.id}>
              <th scope="row" className="py-2 pr-3 font-medium">
                {rule.description}
              </th>
              <td className="py-2 pr-3">{t(`rules.protocols.${rule.protocol}`)}</td>
              <td className="py-2 pr-3">{ports(rule.start_port, rule.end_port)}</td>
              <td className="py-2 pr-3 font-mono">
                {rule.destination_address}
                {rule.destination_port === null
                  ? ""
                  : `:${ports(rule.destination_port, rule.end_port === null ? null : rule.destination_port + rule.end_port - rule.start_port)}`}
              </td>
              <td className="py-2 pr-3">{rule.enabled ? t("rules.on") : t("rules.off")}</td>
              {data.canManage ? (
                <td className="py-2 text-right whitespace-nowrap">
                  <Link
                    to={`/internet/router/${id}/port-forwarding/${rule.id}`}
                    aria-label={t("rules.editRule", { name: rule.description })}
                  >
                    {t("rules.edit")}
                  </Link>
                  <Link
                    to={`/internet/router/${id}/port-forwarding/${rule.id}/remove`}
                    className="ml-3"
                    aria-label={t("rules.removeRule", { name: rule.description })}
                  >
                    {t("rules.remove")}
                  </Link>
                </td>
              ) : null}
            </tr>
          )}
          look="plain"
        />
      )}
    </Card>
  );
}

function UpnpSection({ data }: { data: Data }) {
  const { t } = useT("router");
  const rules = data.upnp;
  return (
    <Card id="upnp" title={t("upnp.title")}>
      <p className="mb-3 text-sm text-gray-700">{t("upnp.intro")}</p>
      {!rules ? (
        <SectionError>{t("errors.upnp")}</SectionError>
      ) : rules.length === 0 ? (
        <p>{t("upnp.empty")}</p>
      ) : (
        <DataTable
          caption={t("upnp.caption")}
          columns={[
            { header: t("upnp.description") },
            { header: t("rules.protocol") },
            { header: t("upnp.externalPort"), align: "right" },
            { header: t("upnp.device") },
            { header: t("upnp.expires") },
          ]}
          rows={rules}
          row={(rule) => (
            <tr key={`${rule.protocol}-${rule.external_port}`}>
              <th scope="row" className="py-2 pr-3 font-medium">
                {rule.description}
              </th>
              <td className="py-2 pr-3">{rule.protocol}</td>
              <td className="py-2 pr-3 text-right">{rule.external_port}</td>
              <td className="py-2 pr-3 font-mono">
                {rule.internal_address}:{rule.internal_port}
              </td>
              <td className="py-2">
                {rule.lease_seconds_remaining === null ? t("upnp.untilRemoved") : durationInWords(rule.lease_seconds_remaining, t)}
              </td>
            </tr>
          )}
          look="plain"
        />
      )}
    </Card>
  );
}

function StatisticsSection({ data }: { data: Data }) {
  const { t, language } = useT("router");
  const stats = data.statistics;
  const number = (n: number) => n.toLocaleString(language === "fr" ? "fr-CA" : "en-CA");
  return (
    <Card id="statistics" title={t("statistics.title")}>
      {!stats ? (
        <SectionError>
          {t("errors.statistics")}
          {data.statisticsError ? (
            <span className="mt-1 block font-normal">
              {t("statistics.offlineSince", { date: formatDateTime(data.statisticsError.last_seen_at, language, "long") })}
            </span>
          ) : null}
        </SectionError>
      ) : (
        <>
          <Details
            items={[
              [t("statistics.uptime"), durationInWords(stats.uptime_seconds, t)],
              [t("statistics.devices"), number(stats.connected_devices)],
              [t("statistics.sampledAt"), formatDateTime(stats.sampled_at, language, "long")],
            ]}
          />
          <DataTable
            caption={t("statistics.caption")}
            columns={[
              { header: t("statistics.interface") },
              { header: t("statistics.received"), align: "right" },
              { header: t("statistics.sent"), align: "right" },
              { header: t("statistics.packets"), align: "right" },
              { header: t("statistics.errors"), align: "right" },
              { header: t("statistics.linkRate"), align: "right" },
            ]}
            rows={stats.interfaces}
            row={(i) => (
              <tr key={i.interface}>
                <th scope="row" className="py-2 pr-3 font-medium">
                  {t(`statistics.interfaces.${i.interface}`)}
                </th>
                <td className="py-2 pr-3 text-right">{formatBytes(i.received_bytes, language)}</td>
                <td className="py-2 pr-3 text-right">{formatBytes(i.sent_bytes, language)}</td>
                <td className="py-2 pr-3 text-right">
                  {t("statistics.packetCounts", { received: number(i.received_packets), sent: number(i.sent_packets) })}
                </td>
                <td className="py-2 pr-3 text-right">{number(i.errors)}</td>
                <td className="py-2 text-right">
                  {i.link_rate_mbps === null ? t("none") : t("statistics.mbps", { rate: number(i.link_rate_mbps) })}
                </td>
              </tr>
            )}
            look="plain"
            className="mt-4"
          />
        </>
      )}
    </Card>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
