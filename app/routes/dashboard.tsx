/**
 * /dashboard/{customerId?}: a residential account's home (GET /residential-dashboard/{id} with its
 * billing details and the outages and maintenance touching it included, or asked apart from an API that
 * does not include them: …/billing-details and GET /status/{id}) or a commercial account's services
 * (GET /commercial-dashboard/{id}).
 * `?tour=n` shows step n of the intro tour (app/components/dashboard/IntroTour.tsx).
 */
import type { ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/dashboard";
import { CommercialDashboard } from "~/components/dashboard/CommercialDashboard";
import { TOUR_PARAM } from "~/components/dashboard/IntroTour";
import { ResidentialDashboard } from "~/components/dashboard/ResidentialDashboard";
import { ReferralCard } from "~/components/referrals/ReferralCard";
import { IncidentAlerts } from "~/components/status/IncidentAlerts";
import { api } from "~/lib/api.server";
import { canManageBilling, redirectToActiveAccount, requireCustomer } from "~/lib/auth.server";
import { torontoToday } from "~/schemas/values";
import { incidentsOf } from "./status/status.server";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!params.customerId) return redirectToActiveAccount(context, request, (id) => `/dashboard/${id}`);
  const customer = await requireCustomer(context, request, params);
  const id = customer.customer_id;

  const client = api(context, request);
  if (customer.isResidential) {
    // One round trip: the API answers the billing details and the incidents with the dashboard when it
    // can (decision 227); an API that does not is asked for them apart.
    const answer = await client.call("GET /residential-dashboard/{customerId}", {
      params: { customerId: id },
      query: { include: "billing_details,incidents" },
    });
    // Each part once in the page's data.
    const { billing_details: billingDetails, incidents: accountIncidents, ...dashboard } = answer;
    const [billing, incidents] = await Promise.all([
      billingDetails ??
        client
          .call("GET /residential-dashboard/{customerId}/billing-details", { params: { customerId: id } })
          .then((answer) => answer.billing_details),
      // None when the API cannot say: the dashboard never fails for its status notice.
      accountIncidents ?? incidentsOf(context, request, { customerId: id }),
    ]);
    // Who may pay and send proof of payment from here (the billing pages' own rule).
    const managesBilling = customer.isBillingAuthoritative && canManageBilling(customer);
    return {
      kind: "residential" as const,
      customer,
      dashboard,
      billing,
      managesBilling,
      incidents,
      today: torontoToday(),
    };
  }
  const dashboard = await client.call("GET /commercial-dashboard/{id}", { params: { id } });
  return { kind: "commercial" as const, customer, dashboard };
}

/** A step of the intro tour (?tour=n) changes only the address: the page's data stays as it is. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const without = (url: URL) => {
    const search = new URLSearchParams(url.search);
    search.delete(TOUR_PARAM);
    return search.toString();
  };
  return without(currentUrl) === without(nextUrl) ? false : defaultShouldRevalidate;
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  return loaderData.kind === "residential" ? (
    <>
      {/* Above everything: an outage is often why the customer came. */}
      <IncidentAlerts incidents={loaderData.incidents} today={loaderData.today} />
      <ResidentialDashboard dashboard={loaderData.dashboard} billing={loaderData.billing} managesBilling={loaderData.managesBilling} />
      <ReferralCard customerId={loaderData.customer.customer_id} />
    </>
  ) : (
    <CommercialDashboard dashboard={loaderData.dashboard} />
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
