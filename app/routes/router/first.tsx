/**
 * /internet/router (the spec's serviceId is optional): the router of the active account's first
 * internet service; 404 when that account has none.
 */
import { data, redirect } from "react-router";
import type { Route } from "./+types/first";
import { api } from "~/lib/api.server";
import { activeAccount } from "~/lib/auth.server";
import type { PageHandle } from "~/lib/page-handle";

// Its data changes with time alone: never answered 304 (app/lib/page-handle.ts).
export const handle = { cache: "live" } satisfies PageHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  const active = await activeAccount(context, request, (c) => c.isResidential);
  const dashboard = active
    ? await api(context, request).call("GET /residential-dashboard/{customerId}", {
        params: { customerId: active.customer_id },
        silentNotFound: true,
      })
    : null;
  const service = dashboard?.services.internet[0];
  if (!service) throw data({ kind: "not-found" }, { status: 404 });
  throw redirect(`/internet/router/${service.service_id}`);
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
