/**
 * /internet/router/{serviceId}/restart/status: follows the router's latest restart (GET
 * /router/{serviceId}/restart): "Restarting… started at 2:10 p.m." with a "Check again" link, then "Your
 * router is back online". With JavaScript the page reads the restart again every few seconds while it
 * lasts (RestartStatus.tsx). Every contact of the account may follow it.
 */
import type { Route } from "./+types/restart-status";
import { PageHeader } from "~/components/PageHeader";
import { RestartProgress } from "~/components/router/RestartStatus";
import { ServiceLine } from "~/components/router/RouterParts";
import type { PageHandle } from "~/lib/page-handle";
import { useT } from "~/lib/use-t";
import { torontoToday } from "~/schemas/values";
import { routerParts, routerServiceWith } from "./router.server";

// Its data changes with time alone: never answered 304 (app/lib/page-handle.ts).
export const handle = { cache: "live", i18n: ["router", "api"] } satisfies PageHandle;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  // The restart comes with the service from an API that includes it (decision 230).
  const { service, got } = await routerServiceWith(context, request, params, ["restart"]);
  const { restart } = await routerParts(context, request, service.service.service_id, got, ["restart"]);
  // Times of today's restart read without their date.
  const sameDay = restart !== null && torontoToday(new Date(restart.back_online_at)) === torontoToday();
  return { ...service, restart, sameDay };
}

export default function RestartStatusPage({ loaderData }: Route.ComponentProps) {
  const { t } = useT("router");
  return (
    <div>
      <PageHeader title={t("restart.statusTitle")} subtitle={<ServiceLine data={loaderData} />} />
      <RestartProgress serviceId={loaderData.service.service_id} restart={loaderData.restart} sameDay={loaderData.sameDay} />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
