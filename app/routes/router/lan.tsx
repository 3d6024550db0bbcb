/**
 * /internet/router/{serviceId}/lan: change the LAN settings of a router (PUT network-settings): LAN
 * address, subnet mask, DHCP range, lease time, DNS handed to devices. The newer router type shows the
 * same form as a dialog of the router page (?dialog=lan); this page serves every router type.
 */
import { getZodConstraint } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { Route } from "./+types/lan";
import { PageHeader } from "~/components/PageHeader";
import { LanSettingsForm } from "~/components/router/LanSettingsForm";
import { BackToRouter, ServiceLine } from "~/components/router/RouterParts";
import { requireRouterService, routerParts, routerServiceWith, saveLanSettings } from "./router.server";
import { useT } from "~/lib/use-t";
import { LanSettingsSchema } from "~/schemas/router";
import type { PageHandle } from "~/lib/page-handle";

// Its data changes with time alone: never answered 304 (app/lib/page-handle.ts).
export const handle = { cache: "live", i18n: ["router", "api"] } satisfies PageHandle;

const constraint = getZodConstraint(LanSettingsSchema);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  // The LAN comes with the service from an API that includes it (decision 230).
  const { service, got } = await routerServiceWith(context, request, params, ["network_settings"]);
  if (!service.canManage) throw data({ kind: "forbidden" }, { status: 403 });
  const { network_settings } = await routerParts(context, request, service.service.service_id, got, ["network_settings"]);
  return { ...service, settings: network_settings, constraint };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const service = await requireRouterService(context, request, params);
  return saveLanSettings({ request, context }, service.service.service_id);
}

export default function LanSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("router");
  const id = loaderData.service.service_id;
  return (
    <div className="max-w-2xl">
      <PageHeader title={t("lanForm.pageTitle")} subtitle={<ServiceLine data={loaderData} />} />
      <div className="rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
        <LanSettingsForm
          settings={loaderData.settings}
          constraint={loaderData.constraint}
          lastResult={actionData}
          cancel={<BackToRouter serviceId={id} />}
        />
      </div>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
