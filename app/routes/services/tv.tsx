/**
 * /resi-tv/{packageId?}: the TV service of a package (GET /residential-tv/{id}); without an id, that of
 * the active account's TV package.
 */
import type { Route } from "./+types/tv";
import { TvView, tvForPage } from "~/components/services/TvView";
import { api } from "~/lib/api.server";
import { idParam, redirectToActiveService } from "./services.server";

export const handle = { i18n: ["services", "api"] };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!params.packageId) return redirectToActiveService(context, request, "tv", (ids) => `/resi-tv/${ids.packageId}`);
  const packageId = idParam(params.packageId);
  const { tv_package } = await api(context, request).call("GET /residential-tv/{packageId}", { params: { packageId } });
  return { tv: tvForPage(tv_package) };
}

export default function ResidentialTv({ loaderData }: Route.ComponentProps) {
  return <TvView tv={loaderData.tv} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
