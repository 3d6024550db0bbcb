/**
 * /resi-internet/{packageId?}: the residential internet of a package (GET /residential-internet/{id});
 * without an id, that of the active account's internet package.
 */
import type { Route } from "./+types/internet";
import { InternetView } from "~/components/services/InternetView";
import { api } from "~/lib/api.server";
import { idParam, redirectToActiveService } from "./services.server";

export const handle = { i18n: ["services", "api"] };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!params.packageId) return redirectToActiveService(context, request, "internet", (ids) => `/resi-internet/${ids.packageId}`);
  const packageId = idParam(params.packageId);
  const { internet_settings } = await api(context, request).call("GET /residential-internet/{packageId}", { params: { packageId } });
  return { internet: internet_settings };
}

export default function ResidentialInternet({ loaderData }: Route.ComponentProps) {
  return <InternetView internet={loaderData.internet} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
