/** /resi-internet/{packageId}: the residential internet of a package (GET /residential-internet/{id}). */
import type { Route } from "./+types/internet";
import { InternetView } from "~/components/services/InternetView";
import { api } from "~/lib/api.server";
import { idParam } from "~/lib/services.server";

export const handle = { i18n: ["services", "api"] };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const packageId = idParam(params.packageId);
  const { internet_settings } = await api(context, request).call("GET /residential-internet/{packageId}", { params: { packageId } });
  return { internet: internet_settings };
}

export default function ResidentialInternet({ loaderData }: Route.ComponentProps) {
  return <InternetView internet={loaderData.internet} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
