/**
 * /iptv/{serviceId?}: a TV service by its service id (GET /residential-tv/services/{serviceId}), the same
 * view as /resi-tv/{packageId}; without an id, the active account's TV service.
 */
import { data } from "react-router";
import type { Route } from "./+types/iptv";
import { TvView, tvForPage } from "~/components/services/TvView";
import { api } from "~/lib/api.server";
import { findResidentialService, idParam, redirectToActiveService } from "./services.server";

export const handle = { i18n: ["services", "api"] };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!params.serviceId) return redirectToActiveService(context, request, "tv", (ids) => `/iptv/${ids.serviceId}`);
  const serviceId = idParam(params.serviceId);
  const client = api(context, request);
  const byService = await client.call("GET /residential-tv/services/{serviceId}", { params: { serviceId }, silentNotFound: true });
  if (byService) return { tv: tvForPage(byService.tv_package) };
  // Not a TV service of a package, or an API that cannot answer by service: its package is looked for
  // among the user's residential accounts.
  const found = await findResidentialService(context, request, serviceId, "tv");
  if (!found) throw data({ kind: "not-found" }, { status: 404 });
  const { tv_package } = await client.call("GET /residential-tv/{packageId}", { params: { packageId: found.packageId } });
  return { tv: tvForPage(tv_package) };
}

export default function TvByService({ loaderData }: Route.ComponentProps) {
  return <TvView tv={loaderData.tv} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
