/**
 * /internet/router/{serviceId}/diagnostics: the address of the live diagnostics service for the
 * router page's JavaScript panel (GET /external_links/beanmachine), after checking the service is the user's.
 */
import type { Route } from "./+types/diagnostics";
import { api } from "~/lib/api.server";
import { requireRouterService } from "./router.server";
import type { PageHandle } from "~/lib/page-handle";

// Its data changes with time alone: never answered 304 (app/lib/page-handle.ts).
export const handle = { cache: "live" } satisfies PageHandle;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireRouterService(context, request, params);
  const { wsUrl } = await api(context, request).call("GET /external_links/beanmachine");
  return Response.json({ wsUrl }, { headers: { "Cache-Control": "no-store" } });
}
