/**
 * GET and PUT /router/{serviceId}/upnp: UPnP turned off and on by a contact who may change the router,
 * the mappings answered only while it is on, and the refusals (bad values, contacts without the role,
 * other people's services, a router offline or restarting on the service clock) that change nothing.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ErrorAnswer } from "#contract/common";
import { DhcpLeasesAnswer, UpnpRulesAnswer } from "#contract/home-network";
import { ROUTER_RESTART_SECONDS } from "#contract/router-restart";
import { RouterUpnpAnswer, RouterUpnpSaved, routerUpnpEndpoints } from "#contract/router-upnp";
import { hashPassword } from "../../api/service/passwords.ts";
import { createTestApi, type TestApi } from "./support/api.ts";
import { NOW } from "./support/constants.ts";

let api: TestApi;
let resi: string;
let family: string;
let business: string;
/** A contact of resi's account with the billing role only: may read, not change. */
let billingOnly: string;

const seconds = (n: number) => new Date(NOW.getTime() + n * 1000);
const upnpCodes = routerUpnpEndpoints.find((e) => e.method === "put")!.errorCodes;

beforeAll(async () => {
  api = await createTestApi();
  [resi, family, business] = await api.signInAll("resi@example.com", "family@example.com", "business@example.com");
  const [user] = await api.db.query<{ id: number }>(
    "INSERT INTO users (username, password_hash, first_name, last_name) VALUES ('billing.upnp@example.com', $1, 'Bill', 'Only') RETURNING id",
    [await hashPassword("Billing-Only-2026")],
  );
  await api.db.query(
    `INSERT INTO contacts (customer_id, user_id, first_name, last_name, email, status, roles)
     VALUES (100101, $1, 'Bill', 'Only', 'billing.upnp@example.com', 'activated', '{billing}')`,
    [user.id],
  );
  billingOnly = await api.signIn("billing.upnp@example.com", "Billing-Only-2026");
});
afterAll(() => api.close());
afterEach(async () => {
  api.clock.now = new Date(NOW);
  await api.db.query(
    `UPDATE routers SET upnp_enabled = true, upnp_updated_at = NULL, upnp_updated_by = NULL,
            restart_started_at = NULL, restart_back_at = NULL, restart_requested_by = NULL WHERE service_id = 7001`,
  );
});

async function upnpOf(token = resi, serviceId = 7001) {
  const { status, body } = await api.call("GET", `/router/${serviceId}/upnp`, { token });
  expect(status).toBe(200);
  return RouterUpnpAnswer.parse(body).upnp;
}

async function mappings(token = resi, serviceId = 7001) {
  const rules = UpnpRulesAnswer.parse((await api.call("GET", `/router/${serviceId}/upnp-port-forwarding-rules`, { token })).body).rules;
  const leases = DhcpLeasesAnswer.parse((await api.call("GET", `/router/${serviceId}/dhcp-leases`, { token })).body).upnp_table;
  return { rules, leases };
}

/** A 422's codes, after checking the contract lists each of them. */
async function refused(serviceId: number, token: string, body: Record<string, unknown>) {
  const { status, body: answer } = await api.call("PUT", `/router/${serviceId}/upnp`, { token, json: body });
  expect(status).toBe(422);
  const codes = Object.values(ErrorAnswer.parse(answer).errors ?? {}).flat();
  for (const code of codes) expect(upnpCodes).toContain(code);
  return codes;
}

describe("PUT /router/{serviceId}/upnp", () => {
  it("turns UPnP off: the mappings are gone from both answers; on again, they are back", async () => {
    expect(await upnpOf()).toEqual({ enabled: true, updated_at: null });
    const before = await mappings();
    expect(before.rules.length).toBeGreaterThan(0);
    expect(before.leases.length).toBeGreaterThan(0);

    api.clock.now = seconds(10);
    const off = await api.call("PUT", "/router/7001/upnp", { token: resi, form: { enabled: "false" } });
    expect(off.status).toBe(200);
    expect(RouterUpnpSaved.parse(off.body).upnp).toEqual({ enabled: false, updated_at: seconds(10).toISOString() });
    // Every contact of the account reads it, the billing-only one too.
    expect(await upnpOf(billingOnly)).toEqual({ enabled: false, updated_at: seconds(10).toISOString() });
    expect(await mappings()).toEqual({ rules: [], leases: [] });
    const [row] = await api.db.query<{ username: string }>(
      "SELECT u.username FROM routers r JOIN users u ON u.id = r.upnp_updated_by WHERE r.service_id = 7001",
    );
    expect(row.username).toBe("resi@example.com");

    const on = await api.call("PUT", "/router/7001/upnp", { token: resi, json: { enabled: true } });
    expect(on.status).toBe(200);
    expect((await upnpOf()).enabled).toBe(true);
    // The clock moved on: the same mappings, their leases 10 s shorter.
    expect((await mappings()).rules.map((r) => r.description)).toEqual(before.rules.map((r) => r.description));
  });

  it("refuses a missing or unreadable value, changing nothing", async () => {
    expect(await refused(7001, resi, {})).toEqual(["enabled.invalid"]);
    expect(await refused(7001, resi, { enabled: "maybe" })).toEqual(["enabled.invalid"]);
    expect(await upnpOf()).toEqual({ enabled: true, updated_at: null });
  });

  it("is refused while the router restarts, and taken once it is back", async () => {
    expect((await api.call("POST", "/router/7001/restart", { token: resi })).status).toBe(202);
    api.clock.now = seconds(ROUTER_RESTART_SECONDS - 1);
    expect(await refused(7001, resi, { enabled: false })).toEqual(["_form.router_unreachable"]);
    expect((await upnpOf()).enabled).toBe(true);
    api.clock.now = seconds(ROUTER_RESTART_SECONDS);
    expect((await api.call("PUT", "/router/7001/upnp", { token: resi, json: { enabled: false } })).status).toBe(200);
    expect((await upnpOf()).enabled).toBe(false);
  });

  it("is refused while the router is offline (nothing reaches it)", async () => {
    expect(await refused(7101, family, { enabled: false })).toEqual(["_form.router_unreachable"]);
    expect(await upnpOf(family, 7101)).toEqual({ enabled: true, updated_at: null });
  });

  it("answers 403 for another user's service, an unknown one and a contact without the authoritative or support role", async () => {
    for (const [serviceId, token] of [
      [7101, resi],
      [7001, family],
      [7001, business],
      [999_999, resi],
    ] as const) {
      expect((await api.call("PUT", `/router/${serviceId}/upnp`, { token, json: { enabled: false } })).status, `${serviceId}`).toBe(403);
      expect((await api.call("GET", `/router/${serviceId}/upnp`, { token })).status).toBe(403);
    }
    expect((await api.call("PUT", "/router/7001/upnp", { token: billingOnly, json: { enabled: false } })).status).toBe(403);
    expect(await upnpOf()).toEqual({ enabled: true, updated_at: null });
  });

  it("answers 401 without a token, and 404 for a service that has no router", async () => {
    expect((await api.call("PUT", "/router/7001/upnp", { json: { enabled: false } })).status).toBe(401);
    expect((await api.call("GET", "/router/7001/upnp")).status).toBe(401);
    // 7002 is resi's TV service.
    expect((await api.call("PUT", "/router/7002/upnp", { token: resi, json: { enabled: false } })).status).toBe(404);
  });
});
