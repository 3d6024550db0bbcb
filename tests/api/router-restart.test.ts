/**
 * POST and GET /router/{serviceId}/restart: a restart asked by a contact who may change the router, its
 * state on the service clock (restarting, then back online after the restart duration), the refusals
 * (while restarting, offline, other people's services, contacts without the role) and what the router's
 * other answers say meanwhile.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ErrorAnswer } from "#contract/common";
import { CpeInfoAnswer } from "#contract/router-page";
import { DhcpLeasesAnswer, InternetSettingsAnswer, RouterStatisticsAnswer } from "#contract/home-network";
import { ROUTER_RESTART_SECONDS, RouterRestartAnswer, RouterRestartStarted, routerRestartEndpoints } from "#contract/router-restart";
import { hashPassword } from "../../api/service/passwords.ts";
import { createTestApi, type TestApi } from "./support/api.ts";
import { NOW } from "./support/constants.ts";

let api: TestApi;
let resi: string;
let family: string;
let business: string;
/** A contact of resi's account with the billing role only: may read, not restart. */
let billingOnly: string;

const seconds = (n: number) => new Date(NOW.getTime() + n * 1000);
const restartCodes = routerRestartEndpoints.find((e) => e.method === "post")!.errorCodes;

beforeAll(async () => {
  api = await createTestApi();
  [resi, family, business] = await api.signInAll("resi@example.com", "family@example.com", "business@example.com");
  const [user] = await api.db.query<{ id: number }>(
    "INSERT INTO users (username, password_hash, first_name, last_name) VALUES ('billing.restart@example.com', $1, 'Bill', 'Only') RETURNING id",
    [await hashPassword("Billing-Only-2026")],
  );
  await api.db.query(
    `INSERT INTO contacts (customer_id, user_id, first_name, last_name, email, status, roles)
     VALUES (100101, $1, 'Bill', 'Only', 'billing.restart@example.com', 'activated', '{billing}')`,
    [user.id],
  );
  billingOnly = await api.signIn("billing.restart@example.com", "Billing-Only-2026");
});
afterAll(() => api.close());
afterEach(async () => {
  api.clock.now = new Date(NOW);
  await api.db.query(
    "UPDATE routers SET restart_started_at = NULL, restart_back_at = NULL, restart_requested_by = NULL WHERE service_id = 7001",
  );
});

async function restartOf(token = resi, serviceId = 7001) {
  const { status, body } = await api.call("GET", `/router/${serviceId}/restart`, { token });
  expect(status).toBe(200);
  return RouterRestartAnswer.parse(body).restart;
}

/** A 422's codes, after checking the contract lists each of them. */
async function refusedRestart(serviceId: number, token: string) {
  const { status, body } = await api.call("POST", `/router/${serviceId}/restart`, { token });
  expect(status).toBe(422);
  const codes = Object.values(ErrorAnswer.parse(body).errors ?? {}).flat();
  for (const code of codes) expect(restartCodes).toContain(code);
  return codes;
}

describe("GET /router/{serviceId}/cpe-info?include=restart", () => {
  it("answers what GET restart answers: none, then restarting, then back online", async () => {
    const included = async () => {
      const { status, body } = await api.call("GET", "/router/7001/cpe-info?include=restart", { token: billingOnly });
      expect(status).toBe(200);
      return CpeInfoAnswer.parse(body).restart;
    };
    expect(await included()).toBeNull();
    expect((await api.call("POST", "/router/7001/restart", { token: resi })).status).toBe(202);
    for (const at of [45, ROUTER_RESTART_SECONDS + 5]) {
      api.clock.now = seconds(at);
      expect(await included()).toEqual(await restartOf(billingOnly));
    }
    expect(await included()).toMatchObject({ status: "back_online", seconds_left: 0 });
    // Not asked, not answered.
    expect(CpeInfoAnswer.parse((await api.call("GET", "/router/7001/cpe-info", { token: resi })).body)).not.toHaveProperty("restart");
  });
});

describe("POST /router/{serviceId}/restart", () => {
  it("accepts a restart: the router is restarting from now, back after the restart duration", async () => {
    expect(await restartOf()).toBeNull();
    const { status, body } = await api.call("POST", "/router/7001/restart", { token: resi });
    expect(status).toBe(202);
    const { restart } = RouterRestartStarted.parse(body);
    expect(restart).toEqual({
      status: "restarting",
      started_at: NOW.toISOString(),
      back_online_at: seconds(ROUTER_RESTART_SECONDS).toISOString(),
      seconds_left: ROUTER_RESTART_SECONDS,
    });
    api.clock.now = seconds(45);
    expect(await restartOf()).toMatchObject({ status: "restarting", seconds_left: ROUTER_RESTART_SECONDS - 45 });
    // Every contact of the account follows it, the billing-only one too.
    expect(await restartOf(billingOnly)).toMatchObject({ status: "restarting" });
    const [row] = await api.db.query<{ username: string }>(
      "SELECT u.username FROM routers r JOIN users u ON u.id = r.restart_requested_by WHERE r.service_id = 7001",
    );
    expect(row.username).toBe("resi@example.com");
  });

  it("is refused while a restart is under way, and accepted again once the router is back", async () => {
    expect((await api.call("POST", "/router/7001/restart", { token: resi })).status).toBe(202);
    api.clock.now = seconds(ROUTER_RESTART_SECONDS - 1);
    expect(await refusedRestart(7001, resi)).toEqual(["_form.restart_in_progress"]);
    // The refusal changed nothing: the first restart still ends when it would.
    expect(await restartOf()).toMatchObject({ started_at: NOW.toISOString(), seconds_left: 1 });
    api.clock.now = seconds(ROUTER_RESTART_SECONDS);
    expect((await api.call("POST", "/router/7001/restart", { token: resi })).status).toBe(202);
  });

  it("starts one restart when two are asked at once", async () => {
    const answers = await Promise.all([1, 2].map(() => api.call("POST", "/router/7001/restart", { token: resi })));
    expect(answers.map((a) => a.status).sort()).toEqual([202, 422]);
  });

  it("is refused while the router is offline (nothing reaches it)", async () => {
    expect(await refusedRestart(7101, family)).toEqual(["_form.router_offline"]);
    expect(await restartOf(family, 7101)).toBeNull();
  });

  it("answers 403 for another user's service, an unknown one and a contact without the authoritative or support role", async () => {
    for (const [serviceId, token] of [
      [7101, resi],
      [7001, family],
      [7001, business],
      [999_999, resi],
    ] as const) {
      const post = await api.call("POST", `/router/${serviceId}/restart`, { token });
      expect(post.status, `${serviceId}`).toBe(403);
      expect(ErrorAnswer.parse(post.body).success).toBe(false);
      expect((await api.call("GET", `/router/${serviceId}/restart`, { token })).status).toBe(403);
    }
    expect((await api.call("POST", "/router/7001/restart", { token: billingOnly })).status).toBe(403);
    expect(await restartOf()).toBeNull();
  });

  it("answers 401 without a token, and 404 for a service that has no router", async () => {
    expect((await api.call("POST", "/router/7001/restart")).status).toBe(401);
    expect((await api.call("GET", "/router/7001/restart")).status).toBe(401);
    // 7002 is resi's TV service.
    expect((await api.call("POST", "/router/7002/restart", { token: resi })).status).toBe(404);
  });
});

/** The internet page's view of resi's service 7001 (package 5001). */
async function connection() {
  const { status, body } = await api.call("GET", "/residential-internet/5001", { token: resi });
  expect(status).toBe(200);
  const settings = InternetSettingsAnswer.parse(body).internet_settings;
  expect(settings.service_id).toBe(7001);
  return settings;
}

describe("the router while it restarts", () => {
  it("is restarting in cpe-info, silent in statistics and the lease table, then back online, booted when the restart ended", async () => {
    const before = CpeInfoAnswer.parse((await api.call("GET", "/router/7001/cpe-info", { token: resi })).body).data.data;
    expect(before.status).toBe("online");
    await api.call("POST", "/router/7001/restart", { token: resi });

    api.clock.now = seconds(30);
    const during = CpeInfoAnswer.parse((await api.call("GET", "/router/7001/cpe-info", { token: resi })).body).data.data;
    expect(during).toMatchObject({ status: "restarting", uptime_seconds: null, last_seen_at: NOW.toISOString() });
    expect(during.last_boot_at).toBe(before.last_boot_at);
    const statistics = RouterStatisticsAnswer.parse((await api.call("GET", "/router/7001/statistics", { token: resi })).body);
    expect(statistics).toMatchObject({ error: { code: "router_offline", last_seen_at: NOW.toISOString() } });
    const leases = await api.call("GET", "/router/7001/dhcp-leases", { token: resi, query: { forceRefresh: "true" } });
    expect(DhcpLeasesAnswer.parse(leases.body).router_online).toBe(false);
    // The internet page's connection says the same: offline since the restart began.
    expect((await connection()).connection).toMatchObject({ status: "offline", online_since: null, offline_since: NOW.toISOString() });

    api.clock.now = seconds(ROUTER_RESTART_SECONDS + 60);
    expect(await restartOf()).toEqual({
      status: "back_online",
      started_at: NOW.toISOString(),
      back_online_at: seconds(ROUTER_RESTART_SECONDS).toISOString(),
      seconds_left: 0,
    });
    const after = CpeInfoAnswer.parse((await api.call("GET", "/router/7001/cpe-info", { token: resi })).body).data.data;
    expect(after).toMatchObject({ status: "online", uptime_seconds: 60, last_boot_at: seconds(ROUTER_RESTART_SECONDS).toISOString() });
    expect(RouterStatisticsAnswer.parse((await api.call("GET", "/router/7001/statistics", { token: resi })).body)).toMatchObject({
      statistics: { uptime_seconds: 60 },
    });
    expect((await connection()).connection).toMatchObject({
      status: "online",
      online_since: seconds(ROUTER_RESTART_SECONDS).toISOString(),
      offline_since: null,
    });
  });
});
