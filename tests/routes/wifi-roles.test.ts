/**
 * The WiFi settings page for contacts without the role to change the home network (authoritative or
 * support, as for the router): the settings shown read-only (no form), and a post sent anyway refused
 * with a 403 page, asking the API nothing (msw answers as the API).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { requireUserMiddleware } from "../../app/lib/auth.server.ts";
import * as wifi from "../../app/routes/wifi/settings.tsx";
import { on, reply } from "../mocks/contract.ts";
import { commercialCustomer, dashboard, residentialCustomer, residentialDashboard } from "../mocks/fixtures.ts";
import { server } from "../support/msw.ts";
import { callRoute, signedInCookie, type RouteCall } from "../support/route.ts";

type Handler = (args: any) => unknown;
const call = async (handler: Handler, url: string, extra: Partial<RouteCall> = {}) =>
  callRoute<any>(handler, {
    url,
    params: { packageId: "5001" },
    cookie: await signedInCookie(),
    middleware: [requireUserMiddleware],
    ...extra,
  });

afterEach(() => vi.restoreAllMocks());

function rolesAre(roles: (typeof residentialCustomer)["roles"]) {
  server.use(
    on("GET /dashboard", () =>
      reply("GET /dashboard", { ...dashboard, customers: [{ ...residentialCustomer, roles }, commercialCustomer] }),
    ),
  );
}

/** Records the changes asked of the API. */
function changesAsked() {
  const seen: unknown[] = [];
  server.use(
    on("PUT /wifi/{packageId}", async ({ request }) => {
      seen.push(Object.fromEntries(await request.formData()));
      return reply("PUT /wifi/{packageId}", { success: true, wifi_names: {} });
    }),
  );
  return seen;
}

/** Records the residential dashboards asked for (by account); 100101's holds the WiFi's service, the others none. */
function dashboardsAsked() {
  const seen: string[] = [];
  server.use(
    on("GET /residential-dashboard/{customerId}", ({ params }) => {
      seen.push(String(params.customerId));
      const own = String(params.customerId) === "100101";
      return reply("GET /residential-dashboard/{customerId}", {
        ...residentialDashboard,
        services: own ? residentialDashboard.services : { ...residentialDashboard.services, internet: [] },
      });
    }),
  );
  return seen;
}

describe("who may change the WiFi", () => {
  it("shows the forms to an authoritative or support contact", async () => {
    for (const roles of [["authoritative"], ["support"]] as const) {
      rolesAre([...roles]);
      const result = await call(wifi.loader as Handler, "/wifi/5001");
      expect(result.status).toBe(200);
      expect(result.data.canManage).toBe(true);
    }
  });

  it("shows the settings read-only to a contact with the billing role only", async () => {
    rolesAre(["billing"]);
    const result = await call(wifi.loader as Handler, "/wifi/5001");
    expect(result.status).toBe(200);
    expect(result.data.canManage).toBe(false);
    expect(result.data.networks.length).toBeGreaterThan(0);
  });

  it.each([
    ["a new name", "/wifi/5001", { band: "5ghz", name_5ghz: "Singh-Home" }],
    ["a network turned off", "/wifi/5001?switch", { band: "5ghz", enabled: "false" }],
  ])("refuses %s posted by a contact without the role with a 403, asking the API nothing", async (_what, url, form) => {
    rolesAre(["billing"]);
    const asked = changesAsked();
    const result = await call(wifi.action as Handler, url, { form });
    expect(result.status).toBe(403);
    expect(asked).toEqual([]);
  });

  it("decides from the account list when the residential accounts agree, without asking for a dashboard", async () => {
    const asked = dashboardsAsked();
    const result = await call(wifi.loader as Handler, "/wifi/5001");
    expect(result.data.canManage).toBe(true);
    expect(asked).toEqual([]);
  });

  it("finds the service's account when the residential accounts' roles differ, and takes that one's", async () => {
    // 100101 (billing only) holds service 7001; 100102 (authoritative) holds none.
    const other = { ...residentialCustomer, customer_id: 100102, contract_name: "Ravi Singh", roles: ["authoritative"] as const };
    server.use(
      on("GET /dashboard", () =>
        reply("GET /dashboard", {
          ...dashboard,
          customers: [
            { ...residentialCustomer, roles: ["billing"] },
            { ...other, roles: [...other.roles] },
          ],
        }),
      ),
    );
    const asked = dashboardsAsked();
    const result = await call(wifi.loader as Handler, "/wifi/5001");
    expect(result.data.canManage).toBe(false);
    expect(asked.length).toBeGreaterThan(0);
    const refused = await call(wifi.action as Handler, "/wifi/5001", { form: { band: "5ghz", name_5ghz: "Singh-Home" } });
    expect(refused.status).toBe(403);
  });

  it("still takes a post from a contact with the role", async () => {
    const asked = changesAsked();
    const result = await call(wifi.action as Handler, "/wifi/5001", { form: { band: "5ghz", name_5ghz: "Singh-Home" } });
    expect(result.status).toBe(302);
    expect(asked).toEqual([{ name_5ghz: "Singh-Home" }]);
  });
});
