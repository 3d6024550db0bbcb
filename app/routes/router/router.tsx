/**
 * /internet/router/{serviceId}: the router of a residential internet service (docs/router.md). One
 * page, its sections read in parallel, each failing on its own: overview (cpe-info), LAN settings,
 * DHCP leases with the UPnP table that comes with them and the devices paused (a link per device to
 * …/devices/{mac}/pause), port forwarding rules, UPnP (on or off, and its
 * rules while on), statistics. UPnP is turned on or off by a form posted to …/upnp.
 *
 * Forms posted here: "refresh from the router" (GET dhcp-leases?forceRefresh=true), and, for the newer
 * router type (FEATURE_ROUTER_VENDOR), the LAN settings of the dialog (?dialog=lan: its own URL without
 * JavaScript, a Headless UI dialog with it). Older routers change their LAN settings on …/lan. A restart
 * has its own pages (…/restart, …/restart/status); while it lasts the page says so above its sections.
 */
import { getZodConstraint } from "@conform-to/zod/v4";
import { lazy, Suspense, useEffect, useRef } from "react";
import { useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/router";
import { PageAlerts } from "~/components/PageAlert";
import { PageHeader } from "~/components/PageHeader";
import { LanSection } from "~/components/router/LanSection";
import { LeasesSection } from "~/components/router/LeasesSection";
import { ReadOnlyNote, ServiceLine } from "~/components/router/RouterParts";
import { RouterOverview } from "~/components/router/RouterOverview";
import { RulesSection } from "~/components/router/RulesSection";
import { StatisticsSection } from "~/components/router/StatisticsSection";
import { UpnpSection } from "~/components/router/UpnpSection";
import { api } from "~/lib/api.server";
import { featureFlags } from "~/lib/config.server";
import { formAction } from "~/lib/form-action.server";
import { lazyEnhancement, Nothing } from "~/lib/lazy-enhancement";
import type { PageHandle } from "~/lib/page-handle";
import { LazyIncidentAlerts } from "~/components/status/LazyIncidentAlerts";
import { torontoToday } from "~/schemas/values";
import { incidentsOf } from "../status/status.server";
import { getLanguage, getT } from "~/lib/i18n.server";
import { withPauses } from "./pauses.server";
import { useHydrated } from "~/lib/use-hydrated";
import { useT } from "~/lib/use-t";
import { LanSettingsSchema, RefreshLeasesSchema } from "~/schemas/router";
import {
  namedLeases,
  ownPart,
  part,
  ROUTER_FAILURES,
  requireRouterService,
  routerServiceWith,
  saveLanSettings,
  serviceIdOf,
} from "./router.server";
import { ROUTER_PAGE_INCLUDES } from "#contract/router-page";
import { pageUrl } from "~/lib/page-url";

// Its data changes with time alone: never answered 304 (app/lib/page-handle.ts).
export const handle = { cache: "live", i18n: ["router", "status", "api"] } satisfies PageHandle;

const lanConstraint = getZodConstraint(LanSettingsSchema);
/** Every part of the page the API may answer with the router and its service (a restart's is its own page's). */
const ROUTER_PAGE_PARTS = ROUTER_PAGE_INCLUDES.filter((name) => name !== "service" && name !== "restart");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const serviceId = serviceIdOf(params);
  const client = api(context, request);
  const p = { params: { serviceId } };
  // One round trip: the API answers every part of the page with the service when it can (decision 230).
  // A part its answer lacks (an API that ignores include, or the call failed) is asked apart, on its own.
  const { service, got } = await routerServiceWith(context, request, params, ROUTER_PAGE_PARTS);
  const [info, settings, leases, rules, upnp, upnpState, statistics, pauses, incidents] = await Promise.all([
    part(got?.data.data, () => client.call("GET /router/{serviceId}/cpe-info", p).then((a) => a.data.data)),
    part(got?.network_settings, () => ownPart(context, request, serviceId, "network_settings")),
    part(got?.dhcp_leases, () => ownPart(context, request, serviceId, "dhcp_leases")),
    part(got?.port_forwarding_rules, () => ownPart(context, request, serviceId, "port_forwarding_rules")),
    part(got?.upnp_port_forwarding_rules, () => ownPart(context, request, serviceId, "upnp_port_forwarding_rules")),
    part(got?.upnp, () => ownPart(context, request, serviceId, "upnp")),
    part(got?.statistics, () => ownPart(context, request, serviceId, "statistics")),
    part(got?.device_pauses, () => ownPart(context, request, serviceId, "device_pauses")),
    // The outages and maintenance touching this internet service, beside the router's own state.
    got?.incidents ?? incidentsOf(context, request, { serviceId }),
  ]);
  const cpe = info.ok ? info.data : null;
  return {
    ...service,
    cpe,
    settings: settings.ok ? settings.data : null,
    // Each device's name and pause in words, beside its lease (the lease list shows them).
    leases: leases.ok
      ? {
          ...leases.data,
          dhcp_data: withPauses(
            namedLeases(leases.data.dhcp_data, getT(context, "router")),
            pauses,
            getLanguage(context),
            getT(context, "wifi"),
          ),
        }
      : null,
    rules: rules.ok ? rules.data : null,
    upnp: upnp.ok ? upnp.data : null,
    /** UPnP on or off (the section's switch); null when the API could not say. */
    upnpState: upnpState.ok ? upnpState.data : null,
    statistics: statistics.ok && "statistics" in statistics.data ? statistics.data.statistics : null,
    statisticsError: statistics.ok && "error" in statistics.data ? statistics.data.error : null,
    /** The newer router type changes its settings in a dialog of this page. */
    settingsDialog: featureFlags().routerVendor && cpe?.generation === "current",
    lanConstraint,
    incidents,
    today: torontoToday(),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const service = await requireRouterService(context, request, params);
  const serviceId = service.service.service_id;
  if (pageUrl(request).searchParams.get("dialog") === "lan") return saveLanSettings({ request, context }, serviceId);
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

// Loaded when shown, so the page's first load carries neither the LAN form's controls nor the live
// diagnostics panel. The dialog suspends the page while its module arrives (the server renders it in
// place; a navigation keeps the page on screen meanwhile); the panel exists only with JavaScript.
// What the page says while the router is offline or restarting (RouterAway.tsx): loaded only then.
const routerAway = () => import("~/components/router/RouterAway");
const RouterAwayAlert = lazy(() => routerAway().then((m) => ({ default: m.RouterAwayAlert })));
const WaitsForRouter = lazy(() => routerAway().then((m) => ({ default: m.WaitsForRouter })));
const LanDialog = lazy(() => import("~/components/router/LanDialog").then((m) => ({ default: m.LanDialog })));
// A panel that exists only with JavaScript: nothing when its code does not download.
const LiveDiagnostics = lazyEnhancement<{ serviceId: number }>(
  () => import("~/components/router/LiveDiagnostics").then((m) => m.LiveDiagnostics),
  Nothing,
);

export default function RouterPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("router");
  const [search] = useSearchParams();
  const data = loaderData;
  const id = data.service.service_id;
  const hydrated = useHydrated();
  const away = data.cpe?.status === "offline" || data.cpe?.status === "restarting" ? data.cpe.status : null;
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
        <LazyIncidentAlerts incidents={data.incidents} today={data.today} className="" />
        {away ? <RouterAwayAlert serviceId={id} status={away} lastSeen={data.cpe!.last_seen_at} /> : null}
      </PageAlerts>
      {dialogOpen ? <LanDialog serviceId={id} settings={data.settings!} constraint={data.lanConstraint} lastResult={actionData} /> : null}
      <div className="space-y-6">
        {!data.canManage ? <ReadOnlyNote /> : null}
        <RouterOverview serviceId={id} cpe={data.cpe} lanIp={data.settings?.lan_ip ?? null} canManage={data.canManage} />
        <LanSection serviceId={id} settings={data.settings} canManage={data.canManage} settingsDialog={data.settingsDialog} />
        <LeasesSection
          serviceId={id}
          leases={data.leases}
          canManage={data.canManage}
          away={away && <WaitsForRouter what="pauses" />}
          lastResult={dialogOpen ? null : actionData}
        />
        <RulesSection serviceId={id} rules={data.rules} canManage={data.canManage} />
        <UpnpSection
          serviceId={id}
          upnp={data.upnpState}
          rules={data.upnp}
          canManage={data.canManage}
          away={away && <WaitsForRouter what="upnp" />}
        />
        <StatisticsSection statistics={data.statistics} error={data.statisticsError} />
        {hydrated ? (
          <Suspense fallback={null}>
            <LiveDiagnostics serviceId={id} />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
