/** /dashboard/{customerId?}: residential and commercial dashboards, and the failures a customer sees. */
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { requireUserMiddleware } from "../../app/lib/auth.server.ts";
import { loader } from "../../app/routes/dashboard.tsx";
import {
  commercialCustomer,
  commercialDashboard,
  residentialBilling,
  residentialCustomer,
  residentialDashboard,
} from "../mocks/fixtures.ts";
import { on, refuse, reply } from "../mocks/contract.ts";
import { API } from "../mocks/handlers.ts";
import { outage } from "../mocks/status.ts";
import { recordApiCalls } from "../support/api-calls.ts";
import { server } from "../support/msw.ts";
import { callRoute, signedInCookie } from "../support/route.ts";

const dashboard = async (customerId: string | undefined, options: { cookie?: string; query?: string } = {}) =>
  callRoute<any>(loader, {
    url: `/dashboard${customerId === undefined ? "" : `/${customerId}`}${options.query ?? ""}`,
    params: { customerId },
    cookie: options.cookie ?? (await signedInCookie()),
    middleware: [requireUserMiddleware],
  });

const quiet = () => vi.spyOn(console, "warn").mockImplementation(() => {});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("dashboard loader", () => {
  it("loads a residential account's dashboard, billing details and incidents in one call from an API that includes them", async () => {
    server.use(
      on("GET /residential-dashboard/{customerId}", ({ request }) =>
        new URL(request.url).searchParams.get("include") === "billing_details,incidents"
          ? reply("GET /residential-dashboard/{customerId}", {
              ...residentialDashboard,
              billing_details: residentialBilling.billing_details,
              incidents: [outage],
            })
          : refuse(422, { include: ["include.invalid"] }),
      ),
    );
    const calls = recordApiCalls();
    const result = await dashboard("100101");
    expect(result.status).toBe(200);
    // Each part once in the page's data: the dashboard without what came with it.
    expect(result.data).toMatchObject({
      dashboard: residentialDashboard,
      billing: residentialBilling.billing_details,
      incidents: [outage],
    });
    expect(result.data.dashboard).not.toHaveProperty("billing_details");
    expect(result.data.dashboard).not.toHaveProperty("incidents");
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(["GET /revision", "GET /dashboard", "GET /residential-dashboard/100101"]);
  });

  it("asks apart only for the part an API leaves out (here the incidents)", async () => {
    server.use(
      on("GET /status/{customerId}", () => reply("GET /status/{customerId}", { incidents: [outage] })),
      on("GET /residential-dashboard/{customerId}", () =>
        reply("GET /residential-dashboard/{customerId}", { ...residentialDashboard, billing_details: residentialBilling.billing_details }),
      ),
    );
    const calls = recordApiCalls();
    const result = await dashboard("100101");
    expect(result.data).toMatchObject({ billing: residentialBilling.billing_details, incidents: [outage] });
    const paths = calls.map((c) => `${c.method} ${c.path}`);
    expect(paths).toContain("GET /status/100101");
    expect(paths).not.toContain("GET /residential-dashboard/100101/billing-details");
  });

  it("asks an API that includes nothing for the billing details and the incidents apart, with the user's token and language", async () => {
    const calls = recordApiCalls();
    const result = await dashboard("100101", { query: "?lng=fr" });
    expect(result.status).toBe(200);
    expect(result.data).toEqual({
      kind: "residential",
      customer: residentialCustomer,
      dashboard: residentialDashboard,
      billing: residentialBilling.billing_details,
      managesBilling: true,
      // Nothing touches the account (tests/routes/status.test.ts: the notice of an outage).
      incidents: [],
      today: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    const paths = calls.map((c) => `${c.method} ${c.path}`);
    expect(paths).toContain("GET /residential-dashboard/100101");
    expect(paths).toContain("GET /residential-dashboard/100101/billing-details");
    expect(paths).toContain("GET /status/100101");
    expect(paths).not.toContain("GET /commercial-dashboard/100101");
    for (const call of calls) {
      expect(call.authorization).toMatch(/^Bearer ey/);
      expect(call.language).toBe("fr");
    }
  });

  it("says whether the contact may pay and send proof of payment from the dashboard (authoritative or billing role)", async () => {
    server.use(
      http.get(`${API}/dashboard`, () =>
        HttpResponse.json({ customers: [{ ...residentialCustomer, roles: ["support"] }], username: "resi@example.com" }),
      ),
    );
    expect((await dashboard("100101")).data.managesBilling).toBe(false);
  });

  it("loads a commercial account's dashboard", async () => {
    const calls = recordApiCalls();
    const result = await dashboard("200301");
    expect(result.data).toEqual({ kind: "commercial", customer: commercialCustomer, dashboard: commercialDashboard });
    // The user's revision and their account list, then the page's own call.
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(["GET /revision", "GET /dashboard", "GET /commercial-dashboard/200301"]);
  });

  it("answers 403 for an account that is not the user's, without asking the API for it", async () => {
    const calls = recordApiCalls();
    const result = await dashboard("300001");
    expect(result.thrown).toBe(true);
    expect(result.status).toBe(403);
    expect(result.data).toEqual({ kind: "forbidden" });
    expect(calls.map((c) => c.path)).toEqual(["/revision", "/dashboard"]);
  });

  it.each(["abc", "100101abc", "-1", "1e5", "100101.5"])('answers 404 "This page could not be found" for the id %j', async (id) => {
    const result = await dashboard(id);
    expect(result.thrown).toBe(true);
    expect(result.status).toBe(404);
    // A page whose validation fails: the spec's fallback, not the "404 Not Found" of an unknown account.
    expect(result.data).toEqual({ kind: "unmatched" });
  });

  it("without an id, redirects to the active account's dashboard", async () => {
    expect((await dashboard(undefined)).location).toBe("/dashboard/100101");
    const cookie = `${await signedInCookie()}; activeCustomerId=200301`;
    expect((await dashboard(undefined, { cookie })).location).toBe("/dashboard/200301");
  });

  it("without an id and without accounts, redirects home", async () => {
    server.use(http.get(`${API}/dashboard`, () => HttpResponse.json({ customers: [], username: "new@example.com" })));
    expect((await dashboard(undefined)).location).toBe("/");
  });
});

describe("dashboard loader: API failures", () => {
  const failing = (path: string, status: number) =>
    server.use(http.get(`${API}${path}`, () => HttpResponse.json({ success: false, message: "refused" }, { status })));

  it("API 403 -> the forbidden page", async () => {
    failing("/residential-dashboard/:id", 403);
    const result = await dashboard("100101");
    expect(result.status).toBe(403);
    expect(result.data).toEqual({ kind: "forbidden" });
  });

  it("API 404 -> the not-found page", async () => {
    failing("/commercial-dashboard/:id", 404);
    const result = await dashboard("200301");
    expect(result.status).toBe(404);
    expect(result.data).toEqual({ kind: "not-found" });
  });

  it("API 500 on the billing details -> 502 'Something went wrong on server side'", async () => {
    quiet();
    failing("/residential-dashboard/:id/billing-details", 500);
    const result = await dashboard("100101");
    expect(result.status).toBe(502);
    expect(result.data).toEqual({ kind: "server" });
  });

  it("an answer that breaks the contract -> 502 server", async () => {
    quiet();
    server.use(http.get(`${API}/commercial-dashboard/:id`, () => HttpResponse.json({ ...commercialDashboard, serviceData: "none" })));
    const result = await dashboard("200301");
    expect(result.status).toBe(502);
    expect(result.data).toEqual({ kind: "server" });
  });

  it("API unreachable -> 503 unavailable", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    server.use(http.get(`${API}/residential-dashboard/:id`, () => HttpResponse.error()));
    const result = await dashboard("100101");
    expect(result.status).toBe(503);
    expect(result.data).toEqual({ kind: "unavailable" });
  });

  it("API 401 (session ended at the API) -> sign in again, back to this page, session cleared", async () => {
    failing("/residential-dashboard/:id", 401);
    const result = await dashboard("100101", { query: "?tab=services" });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/login?came_from=%2Fdashboard%2F100101%3Ftab%3Dservices");
    expect(result.setCookies.join()).toMatch(/__session=; Path=\/; Expires=Thu, 01 Jan 1970/);
  });
});
