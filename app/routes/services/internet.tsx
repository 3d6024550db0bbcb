/**
 * /resi-internet/{packageId?}: the residential internet of a package with the outages and maintenance
 * touching it (GET /residential-internet/{id}?include=incidents; GET /status/services/{serviceId} when
 * the API leaves them out); without an id, that of the active account's internet package.
 */
import type { Route } from "./+types/internet";
import { InternetView } from "~/components/services/InternetView";
import { IncidentAlerts, IncidentLink } from "~/components/status/IncidentAlerts";
import { api } from "~/lib/api.server";
import { idParam, redirectToActiveService } from "./services.server";
import { torontoToday } from "~/schemas/values";
import { incidentsOf } from "../status/status.server";

export const handle = { i18n: ["services", "status", "api"] };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!params.packageId) return redirectToActiveService(context, request, "internet", (ids) => `/resi-internet/${ids.packageId}`);
  const packageId = idParam(params.packageId);
  const { internet_settings, incidents: included } = await api(context, request).call("GET /residential-internet/{packageId}", {
    params: { packageId },
    query: { include: "incidents" },
  });
  // The incidents touching the service come with it when the API can; an API that leaves them out is asked apart.
  const incidents = included ?? (await incidentsOf(context, request, { serviceId: internet_settings.service_id }));
  return { internet: internet_settings, incidents, today: torontoToday() };
}

export default function ResidentialInternet({ loaderData }: Route.ComponentProps) {
  const { incidents, today } = loaderData;
  const current = incidents.find((incident) => incident.state === "current");
  return (
    <InternetView
      internet={loaderData.internet}
      notice={<IncidentAlerts incidents={incidents} today={today} />}
      statusNote={current ? <IncidentLink incident={current} /> : null}
    />
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
