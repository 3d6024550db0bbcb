/**
 * /internet/view/{serviceId}: the network endpoint of a dedicated internet service. This layout loads
 * the endpoint (GET /internet/{id}/endpoint) for the heading (service, account, address, status, and the
 * outages and maintenance windows touching it: GET /status/services/{id}) and the tabs; its pages are
 * the details and monitoring settings, IP blocks, alert history and bandwidth.
 * Without an id: the active account's services. A residential internet service goes to its package's
 * internet page (/resi-internet/{packageId}); a service of another kind answers 404 (the API says so),
 * another customer's 403.
 */
import { NavLink, redirect, useRouteLoaderData } from "react-router";
import { PageOutlet } from "~/components/PageOutlet";
import type { Route } from "./+types/endpoint";
import { StatusBadge } from "~/components/StatusBadge";
import { LazyIncidentAlerts } from "~/components/status/LazyIncidentAlerts";
import { isFailure } from "~/lib/api.server";
import { redirectToActiveAccount } from "~/lib/auth.server";
import { accountOf, canManageEndpoint, endpointDetails, serviceCustomer, serviceIdOf } from "./business.server";
import { findResidentialService } from "~/routes/services/services.server";
import { useT } from "~/lib/use-t";
import type { PageHandle } from "~/lib/page-handle";
import { torontoToday } from "~/schemas/values";
import { incidentsOf } from "../status/status.server";

// Its data changes with time alone: never answered 304 (app/lib/page-handle.ts).
export const handle = { cache: "live", i18n: ["business", "status"] } satisfies PageHandle;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!params.serviceId) return redirectToActiveAccount(context, request, (id) => `/dashboard/${id}`);
  const id = serviceIdOf(params);
  const { endpoint_details: endpoint, incidents: included } = await endpointDetails(context, request, id).catch(async (error: unknown) => {
    // A residential internet service shares the address: its page is its package's internet page.
    if (isFailure(error, "not-found")) {
      const found = await findResidentialService(context, request, id, "internet");
      if (found) throw redirect(`/resi-internet/${found.packageId}`);
    }
    throw error;
  });
  const [customer, incidents] = await Promise.all([
    serviceCustomer(context, request, endpoint.customer_id),
    // Included with the details when the API can; asked apart otherwise.
    included ?? incidentsOf(context, request, { serviceId: endpoint.service_id }),
  ]);
  return { endpoint, customer: accountOf(customer), canEdit: canManageEndpoint(customer), incidents, today: torontoToday() };
}

export type EndpointLayoutData = Awaited<ReturnType<typeof loader>>;

/** The layout's data, for its pages. */
export function useEndpoint(): EndpointLayoutData {
  return useRouteLoaderData("routes/business/endpoint") as EndpointLayoutData;
}

const TABS = [
  ["", "tabs.details"],
  ["/ip-blocks", "tabs.ipBlocks"],
  ["/alerts", "tabs.alerts"],
  ["/bandwidth", "tabs.bandwidth"],
] as const;

export default function EndpointLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useT("business");
  const { endpoint, customer } = loaderData;
  const base = `/internet/view/${endpoint.service_id}`;
  return (
    <div>
      <p className="mb-2 text-sm">
        <NavLink to={`/dashboard/${customer.customer_id}`} className="font-medium">
          {t("backToServices")}
        </NavLink>
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold text-gray-900">{endpoint.label || endpoint.name}</h1>
        <StatusBadge status={endpoint.status} />
      </div>
      <p className="mt-1 text-gray-700">
        {t("serviceLine", {
          service: endpoint.name,
          platformId: endpoint.platform_id ?? "—",
          name: customer.contract_name,
          id: customer.customer_id,
        })}
      </p>
      <p className="mt-1 text-sm text-gray-700">{endpoint.service_address.replace(/\n/g, ", ")}</p>
      {/* Outages now, and the maintenance windows ahead (their code loads only when there are some). */}
      <LazyIncidentAlerts incidents={loaderData.incidents} today={loaderData.today} className="mt-4" />
      <nav aria-label={t("tabs.label")} className="mt-4 border-b border-gray-200">
        <ul className="-mb-px flex flex-wrap gap-x-1">
          {TABS.map(([path, key]) => (
            <li key={key}>
              <NavLink
                to={`${base}${path}`}
                end={path === ""}
                className={({ isActive }) =>
                  `inline-block border-b-2 px-3 py-2 text-sm font-semibold no-underline ${
                    isActive ? "border-primary text-primary" : "border-transparent text-gray-800 hover:border-gray-400"
                  }`
                }
              >
                {t(key)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6">
        <PageOutlet />
      </div>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
