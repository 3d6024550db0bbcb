/** msw: the account list and the dashboards. */
import { on, reply } from "./contract.ts";
import * as fixtures from "./fixtures.ts";

export const dashboardHandlers = [
  on("GET /dashboard", () => reply("GET /dashboard", fixtures.dashboard)),
  on("GET /revision", () => reply("GET /revision", fixtures.revision)),
  on("GET /residential-dashboard/{customerId}", () => reply("GET /residential-dashboard/{customerId}", fixtures.residentialDashboard)),
  on("GET /residential-dashboard/{customerId}/billing-details", () =>
    reply("GET /residential-dashboard/{customerId}/billing-details", fixtures.residentialBilling),
  ),
  on("GET /commercial-dashboard/{id}", () => reply("GET /commercial-dashboard/{id}", fixtures.commercialDashboard)),
];
