/** msw: the account list and the dashboards. */
import type { RevisionsAnswer, RevisionsRequest } from "#contract/dashboard";
import { API, on, refuse, reply } from "./contract.ts";
import * as fixtures from "./fixtures.ts";

export const dashboardHandlers = [
  on("GET /dashboard", () => reply("GET /dashboard", fixtures.dashboard)),
  // One account of the default list, else 403 (a test with a list of its own answers this too).
  on("GET /dashboard/{id}", ({ params }) => {
    const customer = fixtures.dashboard.customers.find((c) => c.customer_id === Number(params.id));
    return customer ? reply("GET /dashboard/{id}", { customer }) : refuse(403);
  }),
  on("GET /revision", () => reply("GET /revision", fixtures.revision)),
  // Each read as GET /revision answers it here (through the handlers in use, a test's own included).
  on("POST /revisions", async ({ request }) => {
    const { reads } = (await request.json()) as RevisionsRequest;
    const answers = await Promise.all(
      reads.map(async ({ token, customer_id }) => {
        const response = await fetch(`${API}/revision${customer_id ? `?customer_id=${customer_id}` : ""}`, {
          headers: { Authorization: `Bearer ${token}` },
        });
        return response.status === 200
          ? { status: 200 as const, ...(await response.json()) }
          : { status: response.status === 401 ? (401 as const) : (403 as const) };
      }),
    );
    return reply("POST /revisions", { answers } satisfies RevisionsAnswer);
  }),
  on("GET /residential-dashboard/{customerId}", () => reply("GET /residential-dashboard/{customerId}", fixtures.residentialDashboard)),
  on("GET /residential-dashboard/{customerId}/billing-details", () =>
    reply("GET /residential-dashboard/{customerId}/billing-details", fixtures.residentialBilling),
  ),
  on("GET /commercial-dashboard/{id}", () => reply("GET /commercial-dashboard/{id}", fixtures.commercialDashboard)),
];
