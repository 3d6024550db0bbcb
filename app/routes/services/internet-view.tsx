/**
 * /internet/view/{serviceId}: a residential internet service by its service id, the same view as
 * /resi-internet/{packageId}. Services that are not a residential internet service of the user's
 * accounts answer 404 here (commercial dedicated-internet services belong to the commercial screens).
 */
import { data } from "react-router";
import type { Route } from "./+types/internet-view";
import { InternetView } from "~/components/services/InternetView";
import { api } from "~/lib/api.server";
import { findResidentialService, idParam } from "~/lib/services.server";

export const handle = { i18n: ["services", "api"] };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const serviceId = idParam(params.serviceId);
  const found = await findResidentialService(context, request, serviceId, "internet");
  if (!found) throw data({ kind: "not-found" }, { status: 404 });
  const { internet_settings } = await api(context, request).call("GET /residential-internet/{packageId}", {
    params: { packageId: found.packageId },
  });
  return { internet: internet_settings };
}

export default function InternetByService({ loaderData }: Route.ComponentProps) {
  return <InternetView internet={loaderData.internet} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
