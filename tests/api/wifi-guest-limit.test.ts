/**
 * PUT /wifi/{packageId} with a time limit on the guest network (guest_hours): stored as an end time on the
 * service clock, read against it (the network, the WiFi names and the dashboard say off once it passes,
 * with nothing settling it), only one of the fixed choices and only when turning the guest network on;
 * each network turned on and off on its own. resi@'s package 5001 has a guest network, off.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ErrorAnswer } from "#contract/common";
import { ResidentialDashboardAnswer } from "#contract/dashboard";
import { WifiNamesAnswer, WifiSettingsAnswer } from "#contract/home-network";
import { createTestApi, type TestApi } from "./support/api.ts";
import { NOW } from "./support/constants.ts";

let api: TestApi;
let resi: string;
const hours = (n: number) => new Date(NOW.getTime() + n * 3_600_000);

beforeAll(async () => {
  api = await createTestApi();
  resi = await api.signIn("resi@example.com");
});
afterAll(() => api.close());
afterEach(async () => {
  await clockAt(new Date(NOW));
  await api.db.query("UPDATE wifi_networks SET enabled = (band <> 'guest'), off_at = NULL WHERE service_id = 7001");
});

/** Moves the service clock, signed in again (an access token lasts less than the hours moved). */
async function clockAt(date: Date) {
  api.clock.now = date;
  resi = await api.signIn("resi@example.com");
}

async function network(band: "2.4GHz" | "5GHz" | "guest") {
  const { status, body } = await api.call("GET", "/wifi/5001", { token: resi });
  expect(status).toBe(200);
  return WifiSettingsAnswer.parse(body).wifi_settings.networks.find((n) => n.band === band)!;
}

async function guestNamed() {
  const names = WifiNamesAnswer.parse((await api.call("GET", "/wifi-names/100101", { token: resi })).body).wifi_names["5001"];
  const dashboard = ResidentialDashboardAnswer.parse((await api.call("GET", "/residential-dashboard/100101", { token: resi })).body);
  const service = dashboard.services.internet.find((s) => s.package_id === 5001)!;
  return {
    names: names.find((n) => n.band === "guest")!.enabled,
    dashboard: service.wifi_settings.find((w) => w.band === "guest")!.enabled,
  };
}

describe("the guest network's time limit", () => {
  it("turns the guest network on for 4 hours: on with its end time, then off once the clock passes it", async () => {
    expect((await network("guest")).enabled).toBe(false);
    const put = await api.call("PUT", "/wifi/5001", { token: resi, form: { enabled_guest: "true", guest_hours: "4" } });
    expect(put.status).toBe(200);
    expect(await network("guest")).toMatchObject({ enabled: true, off_at: hours(4).toISOString() });
    expect(await guestNamed()).toEqual({ names: true, dashboard: true });

    await clockAt(new Date(hours(4).getTime() - 1000));
    expect((await network("guest")).enabled).toBe(true);
    await clockAt(hours(4));
    expect(await network("guest")).toMatchObject({ enabled: false, off_at: null });
    expect(await guestNamed()).toEqual({ names: false, dashboard: false });
    // The home networks were not touched.
    expect((await network("2.4GHz")).enabled).toBe(true);
  });

  it("stays off after the limit when only the name changes, and a new turn-on without a limit lasts", async () => {
    await api.call("PUT", "/wifi/5001", { token: resi, form: { enabled_guest: "true", guest_hours: "1" } });
    await clockAt(hours(2));
    expect((await api.call("PUT", "/wifi/5001", { token: resi, form: { name_guest: "Visitors" } })).status).toBe(200);
    expect(await network("guest")).toMatchObject({ name: "Visitors", enabled: false, off_at: null });
    await api.call("PUT", "/wifi/5001", { token: resi, form: { enabled_guest: "true" } });
    await clockAt(hours(200));
    expect(await network("guest")).toMatchObject({ enabled: true, off_at: null });
  });

  it("turning it off ends the limit", async () => {
    await api.call("PUT", "/wifi/5001", { token: resi, form: { enabled_guest: "true", guest_hours: "24" } });
    await api.call("PUT", "/wifi/5001", { token: resi, form: { enabled_guest: "false" } });
    expect(await network("guest")).toMatchObject({ enabled: false, off_at: null });
  });

  it.each([
    ["a value outside the choices", { enabled_guest: "true", guest_hours: "3" }],
    ["text", { enabled_guest: "true", guest_hours: "four" }],
    ["a limit while turning it off", { enabled_guest: "false", guest_hours: "4" }],
    ["a limit alone", { guest_hours: "4" }],
  ])("refuses %s (422 guest_hours.invalid), changing nothing", async (_, form) => {
    const { status, body } = await api.call("PUT", "/wifi/5001", { token: resi, form });
    expect(status).toBe(422);
    expect(ErrorAnswer.parse(body).errors).toEqual({ guest_hours: ["guest_hours.invalid"] });
    expect(await network("guest")).toMatchObject({ enabled: false, off_at: null });
  });
});

describe("each network on or off", () => {
  it("turns the 5 GHz network off and on alone, with no time limit", async () => {
    expect((await api.call("PUT", "/wifi/5001", { token: resi, form: { enabled_5ghz: "false" } })).status).toBe(200);
    expect(await network("5GHz")).toMatchObject({ enabled: false, off_at: null });
    expect((await network("2.4GHz")).enabled).toBe(true);
    await api.call("PUT", "/wifi/5001", { token: resi, form: { enabled_5ghz: "true" } });
    expect((await network("5GHz")).enabled).toBe(true);
  });
});
