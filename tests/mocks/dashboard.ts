/** msw: the account list and the dashboards. */
import { on, refuse, reply } from "./contract.ts";
import * as fixtures from "./fixtures.ts";

export const dashboardHandlers = [
  on("GET /dashboard", () => reply("GET /dashboard", fixtures.dashboard)),
  // One account of the default list, else 403 (a test with a list of its own answers this too).
  on("GET /dashboard/{id}", ({ params }) => {
    const customer = fixtures.dashboard.customers.find((c) => c.customer_id === Number(params.id));
    return customer ? reply("GET /dashboard/{id}", { customer }) : refuse(403);
  }),
  on("GET /revision", () => reply("GET /revision", fixtures.revision)),
  on("GET /residential-dashboard/{customerId}", () => reply("GET /residential-dashboard/{customerId}", fixtures.residentialDashboard)),
  on("GET /residential-dashboard/{customerId}/billing-details", () =>
    reply("GET /residential-dashboard/{customerId}/billing-details", fixtures.residentialBilling),
  ),
  on("GET /commercial-dashboard/{id}", () => reply("GET /commercial-dashboard/{id}", fixtures.commercialDashboard)),
];
