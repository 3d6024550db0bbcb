/**
 * /router/{serviceId}/device-pauses: a device's internet paused now and resumed, a bedtime schedule
 * (crossing midnight) read in Toronto time against the service clock, the network overview marking
 * paused devices, and the refusals (bad schedules, unknown devices, contacts without the role, other
 * people's routers, a router offline or restarting) that change nothing.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ErrorAnswer } from "#contract/common";
import type { Endpoint } from "#contract/index";
import { DevicePauseSaved, DevicePausesAnswer, devicePausesEndpoints } from "#contract/device-pauses";
import { NetworkOverviewAnswer, RouterStatisticsAnswer } from "#contract/home-network";
import { CpeInfoAnswer } from "#contract/router-page";
import { ROUTER_RESTART_SECONDS } from "#contract/router-restart";
import { hashPassword } from "../../api/service/passwords.ts";
import { scheduleCovers } from "../../api/service/device-pauses.ts";
import { createTestApi, type TestApi } from "./support/api.ts";
import { NOW } from "./support/constants.ts";

let api: TestApi;
let resi: string;
let family: string;
/** A contact of resi's account with the billing role only: may read, not change. */
let billingOnly: string;

/** Maya's iPhone on resi@'s router (service 7001, package 5001). */
const IPHONE = "F0:99:B6:12:34:01";
const BASE = `/router/7001/device-pauses/${encodeURIComponent(IPHONE)}`;
const BEDTIME = { days: ["mon", "tue", "wed", "thu", "fri"], from: "21:00", to: "07:00" };
const scheduleCodes = (devicePausesEndpoints as Endpoint[]).find((e) => e.method === "put" && e.path.endsWith("/schedule"))!.errorCodes;

beforeAll(async () => {
  api = await createTestApi();
  [resi, family] = await api.signInAll("resi@example.com", "family@example.com");
  const [user] = await api.db.query<{ id: number }>(
    "INSERT INTO users (username, password_hash, first_name, last_name) VALUES ('billing.pause@example.com', $1, 'Bill', 'Only') RETURNING id",
    [await hashPassword("Billing-Only-2026")],
  );
  await api.db.query(
    `INSERT INTO contacts (customer_id, user_id, first_name, last_name, email, status, roles)
     VALUES (100101, $1, 'Bill', 'Only', 'billing.pause@example.com', 'activated', '{billing}')`,
    [user.id],
  );
  billingOnly = await api.signIn("billing.pause@example.com", "Billing-Only-2026");
});
afterAll(() => api.close());
afterEach(async () => {
  api.clock.now = new Date(NOW);
  await api.db.query("DELETE FROM device_pauses");
  await api.db.query(
    "UPDATE routers SET restart_started_at = NULL, restart_back_at = NULL, restart_requested_by = NULL WHERE service_id = 7001",
  );
});

async function pauses(token = resi, serviceId = 7001) {
  const { status, body } = await api.call("GET", `/router/${serviceId}/device-pauses`, { token });
  expect(status).toBe(200);
  return DevicePausesAnswer.parse(body).device_pauses;
}

/** Whether the network overview marks Maya's iPhone as paused. */
async function overviewPaused(token = resi) {
  const { body } = await api.call("GET", "/wifi/5001/network-overview", { token });
  const devices = NetworkOverviewAnswer.parse(body).network_overview.access_points.flatMap((ap) => ap.devices);
  return devices.find((d) => d.mac_address === IPHONE)!.paused;
}

/** A 422's codes, after checking the contract lists each of them. */
async function refusedSchedule(body: Record<string, unknown>, token = resi, path = `${BASE}/schedule`) {
  const { status, body: answer } = await api.call("PUT", path, { token, json: body });
  expect(status).toBe(422);
  const codes = Object.values(ErrorAnswer.parse(answer).errors ?? {}).flat();
  for (const code of codes) expect(scheduleCodes).toContain(code);
  return codes;
}

/** An instant given as Toronto wall time (November: UTC−5). */
const toronto = (date: string, time: string) => new Date(`${date}T${time}:00-05:00`);

describe("the router page's call", () => {
  it("answers the same device pause and statistics as their own calls (read in one statement with the router)", async () => {
    expect((await api.call("PUT", `${BASE}/paused`, { token: resi })).status).toBe(200);
    expect((await api.call("PUT", `${BASE}/schedule`, { token: resi, json: BEDTIME })).status).toBe(200);
    api.clock.now = new Date(NOW.getTime() + 90_000);
    const own = await pauses();
    expect(own.map((p) => [p.mac_address, p.paused, p.schedule?.from])).toEqual([[IPHONE, true, "21:00"]]);
    const { status, body } = await api.call("GET", "/router/7001/cpe-info?include=device_pauses,statistics", { token: resi });
    expect(status).toBe(200);
    const page = CpeInfoAnswer.parse(body);
    expect(page.device_pauses).toEqual(own);
    expect(page.device_pauses?.[0]).toMatchObject({ paused_at: NOW.toISOString() });
    const statistics = RouterStatisticsAnswer.parse((await api.call("GET", "/router/7001/statistics", { token: resi })).body);
    expect(page.statistics).toEqual(statistics);
  });
});

describe("pausing a device now", () => {
  it("pauses Maya's iPhone until resumed: in the answers and the network overview", async () => {
    expect(await pauses()).toEqual([]);
    expect(await overviewPaused()).toBe(false);

    const paused = await api.call("PUT", `${BASE}/paused`, { token: resi });
    expect(paused.status).toBe(200);
    expect(DevicePauseSaved.parse(paused.body).device_pause).toEqual({
      mac_address: IPHONE,
      paused: true,
      paused_at: NOW.toISOString(),
      schedule: null,
      schedule_in_effect: false,
      in_effect: true,
      updated_at: NOW.toISOString(),
    });
    // Every contact reads it, the billing-only one too.
    expect((await pauses(billingOnly)).map((p) => [p.mac_address, p.in_effect])).toEqual([[IPHONE, true]]);
    expect(await overviewPaused()).toBe(true);
    const [row] = await api.db.query<{ username: string }>(
      "SELECT u.username FROM device_pauses p JOIN users u ON u.id = p.updated_by WHERE p.mac_address = $1",
      [IPHONE],
    );
    expect(row.username).toBe("resi@example.com");

    // Any spelling of the MAC names the same device.
    const resumed = await api.call("DELETE", "/router/7001/device-pauses/f0-99-b6-12-34-01/paused", { token: resi });
    expect(resumed.status).toBe(200);
    expect(DevicePauseSaved.parse(resumed.body).device_pause).toBeNull();
    expect(await pauses()).toEqual([]);
    expect(await overviewPaused()).toBe(false);
  });

  it("is refused while the router restarts and while it is offline, changing nothing", async () => {
    expect((await api.call("POST", "/router/7001/restart", { token: resi })).status).toBe(202);
    api.clock.now = new Date(NOW.getTime() + (ROUTER_RESTART_SECONDS - 1) * 1000);
    const refused = await api.call("PUT", `${BASE}/paused`, { token: resi });
    expect(refused.status).toBe(422);
    expect(ErrorAnswer.parse(refused.body).errors).toEqual({ _form: ["_form.router_unreachable"] });
    expect(await refusedSchedule(BEDTIME)).toEqual(["_form.router_unreachable"]);
    expect(await pauses()).toEqual([]);
    api.clock.now = new Date(NOW.getTime() + ROUTER_RESTART_SECONDS * 1000);
    expect((await api.call("PUT", `${BASE}/paused`, { token: resi })).status).toBe(200);

    // family@'s suspended home: its router has been offline for days. A device of its table.
    const [lease] = await api.db.query<{ mac_address: string }>("SELECT mac_address FROM dhcp_leases WHERE service_id = 7101 LIMIT 1");
    const offline = await api.call("PUT", `/router/7101/device-pauses/${lease.mac_address}/paused`, { token: family });
    expect(offline.status).toBe(422);
    expect(await pauses(family, 7101)).toEqual([]);
  });
});

describe("a bedtime schedule", () => {
  it("keeps Monday to Friday 21:00–07:00 and reads it in Toronto time, across midnight", async () => {
    const saved = await api.call("PUT", `${BASE}/schedule`, {
      token: resi,
      form: { days: "fri,mon,tue,wed,thu", from: "21:00", to: "07:00" },
    });
    expect(saved.status).toBe(200);
    // Sunday 10:00 in Toronto (the seed moment): not in effect.
    expect(DevicePauseSaved.parse(saved.body).device_pause).toMatchObject({
      paused: false,
      schedule: { ...BEDTIME, time_zone: "America/Toronto" },
      schedule_in_effect: false,
      in_effect: false,
    });
    expect(await overviewPaused()).toBe(false);

    // Days later: signed in again (an access token lasts 15 minutes).
    let token = resi;
    const at = async (date: string, time: string) => {
      api.clock.now = toronto(date, time);
      token = await api.signIn("resi@example.com");
      const [pause] = await pauses(token);
      return pause.schedule_in_effect && pause.in_effect;
    };
    // 2026-11-16 is a Monday.
    expect(await at("2026-11-16", "06:59")).toBe(false); // Sunday night is not a school night
    expect(await at("2026-11-16", "20:59")).toBe(false);
    expect(await at("2026-11-16", "21:00")).toBe(true);
    expect(await at("2026-11-17", "03:30")).toBe(true); // Monday's night, on Tuesday
    expect(await at("2026-11-17", "07:00")).toBe(false);
    expect(await at("2026-11-20", "23:00")).toBe(true); // Friday
    expect(await at("2026-11-21", "06:59")).toBe(true); // Friday's night, on Saturday
    expect(await at("2026-11-21", "21:30")).toBe(false); // Saturday
    expect(await at("2026-11-16", "22:00")).toBe(true);
    expect(await overviewPaused(token)).toBe(true);

    // Removing the schedule leaves nothing paused.
    const removed = await api.call("DELETE", `${BASE}/schedule`, { token });
    expect(removed.status).toBe(200);
    expect(DevicePauseSaved.parse(removed.body).device_pause).toBeNull();
    expect(await overviewPaused(token)).toBe(false);
  });

  it("keeps a pause by hand and a schedule apart: resuming leaves the schedule, removing it leaves the pause", async () => {
    await api.call("PUT", `${BASE}/schedule`, { token: resi, json: BEDTIME });
    await api.call("PUT", `${BASE}/paused`, { token: resi });
    const resumed = DevicePauseSaved.parse((await api.call("DELETE", `${BASE}/paused`, { token: resi })).body).device_pause;
    expect(resumed).toMatchObject({ paused: false, schedule: { from: "21:00" }, in_effect: false });
    await api.call("PUT", `${BASE}/paused`, { token: resi });
    const unscheduled = DevicePauseSaved.parse((await api.call("DELETE", `${BASE}/schedule`, { token: resi })).body).device_pause;
    expect(unscheduled).toMatchObject({ paused: true, schedule: null, in_effect: true });
  });

  it.each<[Record<string, unknown>, string[]]>([
    [{ from: "21:00", to: "07:00" }, ["days.required"]],
    [{ days: [], from: "21:00", to: "07:00" }, ["days.required"]],
    [{ days: ["mon", "funday"], from: "21:00", to: "07:00" }, ["days.invalid"]],
    [{ days: ["mon"], from: "9 pm", to: "24:00" }, ["from.invalid", "to.invalid"]],
    [{ days: ["mon"], from: "21:00" }, ["to.invalid"]],
    [{ days: ["mon"], from: "21:00", to: "21:00" }, ["to.same_as_from"]],
  ])("refuses %j, changing nothing", async (body, codes) => {
    expect(await refusedSchedule(body)).toEqual(codes);
    expect(await pauses()).toEqual([]);
  });
});

describe("who may pause which device", () => {
  it("answers 404 for a device the router does not know, or a MAC that is none", async () => {
    for (const mac of ["00:00:5E:00:53:01", "not-a-mac"]) {
      expect((await api.call("PUT", `/router/7001/device-pauses/${mac}/paused`, { token: resi })).status).toBe(404);
      expect((await api.call("PUT", `/router/7001/device-pauses/${mac}/schedule`, { token: resi, json: BEDTIME })).status).toBe(404);
    }
    expect(await pauses()).toEqual([]);
  });

  it("answers 403 to a contact without the authoritative or support role, and for another user's router", async () => {
    expect((await api.call("PUT", `${BASE}/paused`, { token: billingOnly })).status).toBe(403);
    expect((await api.call("PUT", `${BASE}/schedule`, { token: billingOnly, json: BEDTIME })).status).toBe(403);
    expect((await api.call("PUT", `${BASE}/paused`, { token: family })).status).toBe(403);
    expect((await api.call("GET", "/router/7001/device-pauses", { token: family })).status).toBe(403);
    expect(await pauses()).toEqual([]);
  });

  it("answers 401 without a token", async () => {
    expect((await api.call("PUT", `${BASE}/paused`)).status).toBe(401);
    expect((await api.call("GET", "/router/7001/device-pauses")).status).toBe(401);
  });
});

describe("scheduleCovers", () => {
  // ISO days: 1 Monday … 7 Sunday. Across the change to daylight time (2027-03-14, a Sunday).
  it("reads the wall clock in Toronto on both sides of a change of time", () => {
    const sunday = { days: [7], from: "21:00", to: "07:00" };
    expect(scheduleCovers(sunday, new Date("2027-03-14T06:30:00Z"))).toBe(false); // Sun 01:30 EST: Saturday not chosen
    expect(scheduleCovers(sunday, new Date("2027-03-15T01:30:00Z"))).toBe(true); // Sun 21:30 EDT
    expect(scheduleCovers(sunday, new Date("2027-03-15T10:59:00Z"))).toBe(true); // Mon 06:59 EDT
    expect(scheduleCovers(sunday, new Date("2027-03-15T11:00:00Z"))).toBe(false); // Mon 07:00 EDT
  });
});
