import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ErrorAnswer } from "#contract/common";
import {
  InternetSettingsAnswer,
  NetworkOverviewAnswer,
  WifiNamesAnswer,
  WifiSettingsAnswer,
  WifiUpdateAnswer,
  homeNetworkEndpoints,
} from "#contract/home-network";
import { hashPassword } from "../../api/service/passwords.ts";
import { createTestApi, type TestApi } from "./support/api.ts";
import { NOW } from "./support/constants.ts";

let api: TestApi;
let resi: string;
let family: string;
let business: string;
let billingOnly: string;

const at = (minutesFromNow: number) => new Date(NOW.getTime() + minutesFromNow * 60_000);
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000).toISOString();

beforeAll(async () => {
  api = await createTestApi();
  [resi, family, business] = await api.signInAll("resi@example.com", "family@example.com", "business@example.com");
  const [user] = await api.db.query<{ id: number }>(
    "INSERT INTO users (username, password_hash, first_name, last_name) VALUES ('billing.only@example.com', $1, 'Bill', 'Only') RETURNING id",
    [await hashPassword("Billing-Only-2026")],
  );
  await api.db.query(
    `INSERT INTO contacts (customer_id, user_id, first_name, last_name, email, status, roles)
     VALUES (100101, $1, 'Bill', 'Only', 'billing.only@example.com', 'activated', '{billing}')`,
    [user.id],
  );
  billingOnly = await api.signIn("billing.only@example.com", "Billing-Only-2026");
  // A package of resi's with a phone line only: it has no WiFi.
  await api.db.query(
    `INSERT INTO packages (id, customer_id, name, name_fr, monthly_price_cents, address_line1, city, postal_code)
     VALUES (5999, 100101, 'Phone Only', 'Téléphone seulement', 2500, '245 Carlaw Avenue', 'Toronto', 'M4M 2S1')`,
  );
  await api.db.query(
    `INSERT INTO services (id, customer_id, package_id, category, name, name_fr, status, activated_on)
     VALUES (7999, 100101, 5999, 'home_phone', 'Home Phone Local', 'Téléphone local', 'connected', '2026-01-01')`,
  );
});
afterAll(() => api.close());
afterEach(() => {
  api.clock.now = new Date(NOW);
});

async function put(packageId: number, json: Record<string, unknown>, token = resi) {
  return api.call("PUT", `/wifi/${packageId}`, { token, json });
}
/** A 422's field errors, after checking the contract lists each of its codes. */
async function refused(packageId: number, json: Record<string, unknown>) {
  const { status, body } = await put(packageId, json);
  expect(status).toBe(422);
  const errors = ErrorAnswer.parse(body).errors ?? {};
  const listed = homeNetworkEndpoints.find((e) => e.method === "put" && e.path === "/wifi/{packageId}")!.errorCodes;
  for (const code of Object.values(errors).flat()) expect(listed).toContain(code);
  return errors;
}
async function settings(packageId = 5001, token = resi) {
  return WifiSettingsAnswer.parse((await api.call("GET", `/wifi/${packageId}`, { token })).body).wifi_settings;
}

describe("GET /wifi-names/{customerId}", () => {
  it("answers the WiFi names of each package with internet, keyed by package id", async () => {
    const { status, body } = await api.call("GET", "/wifi-names/100101", { token: resi });
    expect(status).toBe(200);
    expect(WifiNamesAnswer.parse(body).wifi_names).toEqual({
      "5001": [
        { band: "2.4GHz", name: "Singh-Home", enabled: true },
        { band: "5GHz", name: "Singh-Home-5G", enabled: true },
        { band: "guest", name: "Singh-Guest", enabled: false },
      ],
    });
    const parents = WifiNamesAnswer.parse((await api.call("GET", "/wifi-names/100203", { token: family })).body).wifi_names;
    expect(Object.keys(parents).sort()).toEqual(["5301", "5302"]);
    expect(parents["5302"].map((n) => n.name)).toEqual(["Basement-Suite", "Basement-Suite-5G"]);
  });

  it("answers 401 without a token, 403 for another user's account, 404 for a commercial one", async () => {
    expect((await api.call("GET", "/wifi-names/100101")).status).toBe(401);
    expect((await api.call("GET", "/wifi-names/100203", { token: resi })).status).toBe(403);
    expect((await api.call("GET", "/wifi-names/999999", { token: resi })).status).toBe(403);
    expect((await api.call("GET", "/wifi-names/200301", { token: business })).status).toBe(404);
  });
});

describe("GET /wifi/{packageId}", () => {
  it("answers each band's settings; the guest network shares the 2.4GHz channel", async () => {
    const { status, body } = await api.call("GET", "/wifi/5001", { token: resi });
    expect(status).toBe(200);
    const wifi = WifiSettingsAnswer.parse(body).wifi_settings;
    expect(wifi.service_id).toBe(7001);
    expect(wifi.networks.map((n) => [n.band, n.name, n.password, n.enabled])).toEqual([
      ["2.4GHz", "Singh-Home", "SinghHome-2G-7001", true],
      ["5GHz", "Singh-Home-5G", "SinghHome-5G-7001", true],
      ["guest", "Singh-Guest", "WelcomeGuest-7001", false],
    ]);
    const [g24, g5, guest] = wifi.networks;
    expect(g24.channel).toBe(6);
    expect(g5).toMatchObject({ channel: 36, channel_width_mhz: 80, security_mode: "wpa2_wpa3_personal" });
    expect(guest.channel).toBe(g24.channel);
    // An older router runs WPA2 only.
    expect((await settings(5101, family)).networks[0].security_mode).toBe("wpa2_personal");
  });

  it("answers the internet service's plan and address as the residential internet call does, in both languages", async () => {
    for (const [packageId, token] of [
      [5001, resi],
      [5101, family],
      [5302, family],
    ] as const) {
      for (const lang of ["en", "fr"]) {
        const headers = { "Accept-Language": lang };
        const wifi = WifiSettingsAnswer.parse((await api.call("GET", `/wifi/${packageId}`, { token, headers })).body).wifi_settings;
        const internet = InternetSettingsAnswer.parse(
          (await api.call("GET", `/residential-internet/${packageId}`, { token, headers })).body,
        ).internet_settings;
        expect(wifi.service_id).toBe(internet.service_id);
        expect(wifi.plan).toEqual(internet.plan);
        expect(wifi.service_address).toEqual(internet.service_address);
      }
    }
    const plans = await Promise.all(
      ["en", "fr"].map(async (lang) => (await api.call("GET", "/wifi/5001", { token: resi, headers: { "Accept-Language": lang } })).body),
    );
    expect(plans.map((body) => WifiSettingsAnswer.parse(body).wifi_settings.plan?.name)).toEqual(["Fibre 1 Gbps", "Fibre 1 Gbit/s"]);
  });

  it("answers 401, 403 for another user's package, 404 for a package without internet", async () => {
    expect((await api.call("GET", "/wifi/5001")).status).toBe(401);
    expect((await api.call("GET", "/wifi/5201", { token: resi })).status).toBe(403);
    expect((await api.call("GET", "/wifi/999999", { token: resi })).status).toBe(403);
    expect((await api.call("GET", "/wifi/5999", { token: resi })).status).toBe(404);
  });
});

describe("PUT /wifi/{packageId}", () => {
  it("changes names, passwords and on/off per band and answers the account's WiFi names", async () => {
    const { status, body } = await put(5001, {
      name_24ghz: "Singh Home",
      password_24ghz: "correct horse battery",
      name_5ghz: "S",
      enabled_guest: true,
    });
    expect(status).toBe(200);
    expect(WifiUpdateAnswer.parse(body).wifi_names["5001"]).toEqual([
      { band: "2.4GHz", name: "Singh Home", enabled: true },
      { band: "5GHz", name: "S", enabled: true },
      { band: "guest", name: "Singh-Guest", enabled: true },
    ]);
    const wifi = await settings();
    expect(wifi.networks[0]).toMatchObject({ password: "correct horse battery", updated_at: NOW.toISOString() });
    // Fields left out keep their value.
    expect(wifi.networks[1].password).toBe("SinghHome-5G-7001");
  });

  it("accepts form data, and names and passwords at the limits", async () => {
    const { status } = await api.call("PUT", "/wifi/5001", {
      token: resi,
      form: { name_5ghz: "N".repeat(32), password_5ghz: "p".repeat(63), enabled_guest: "off", password_guest: "12345678" },
    });
    expect(status).toBe(200);
    const [, g5, guest] = (await settings()).networks;
    expect([g5.name, g5.password, guest.enabled, guest.password]).toEqual(["N".repeat(32), "p".repeat(63), false, "12345678"]);
  });

  it("refuses WiFi names that are empty, longer than 32, accented or with surrounding spaces", async () => {
    expect(await refused(5001, { name_24ghz: "" })).toEqual({ name_24ghz: ["name_24ghz.too_short"] });
    expect(await refused(5001, { name_24ghz: "x".repeat(33) })).toEqual({ name_24ghz: ["name_24ghz.too_long"] });
    expect(await refused(5001, { name_5ghz: "Café Wi-Fi" })).toEqual({ name_5ghz: ["name_5ghz.invalid_characters"] });
    expect(await refused(5001, { name_guest: " Guests" })).toEqual({ name_guest: ["name_guest.surrounding_spaces"] });
    expect(await refused(5001, { name_guest: "Guests " })).toEqual({ name_guest: ["name_guest.surrounding_spaces"] });
  });

  it("refuses WiFi passwords shorter than 8, longer than 63, accented or with surrounding spaces", async () => {
    expect(await refused(5001, { password_24ghz: "" })).toEqual({ password_24ghz: ["password_24ghz.too_short"] });
    expect(await refused(5001, { password_24ghz: "1234567" })).toEqual({ password_24ghz: ["password_24ghz.too_short"] });
    expect(await refused(5001, { password_5ghz: "p".repeat(64) })).toEqual({ password_5ghz: ["password_5ghz.too_long"] });
    expect(await refused(5001, { password_5ghz: "motdepassé123" })).toEqual({ password_5ghz: ["password_5ghz.invalid_characters"] });
    expect(await refused(5001, { password_guest: " password1" })).toEqual({ password_guest: ["password_guest.surrounding_spaces"] });
  });

  it("reports every refused field at once and changes nothing then", async () => {
    const before = await settings();
    expect(await refused(5001, { name_24ghz: "Fine-Name", password_24ghz: "short", name_5ghz: "Ünïcode" })).toEqual({
      password_24ghz: ["password_24ghz.too_short"],
      name_5ghz: ["name_5ghz.invalid_characters"],
    });
    expect(await settings()).toEqual(before);
  });

  it("refuses a guest network named like a home network, and an empty request", async () => {
    const current = (await settings()).networks[0].name;
    expect(await refused(5001, { name_guest: current })).toEqual({ name_guest: ["name_guest.same_as_main"] });
    // Renaming a home network after the guest network: the refusal is on the name being changed, in its words.
    expect(await refused(5001, { name_24ghz: "Singh-Guest" })).toEqual({ name_24ghz: ["name_24ghz.same_as_guest"] });
    expect(await refused(5001, { name_5ghz: "Singh-Guest" })).toEqual({ name_5ghz: ["name_5ghz.same_as_guest"] });
    expect(await refused(5001, {})).toEqual({ _form: ["_form.empty"] });
  });

  it("creates a guest network where there is none, which needs a name and a password", async () => {
    expect((await settings(5201, family)).networks.map((n) => n.band)).toEqual(["2.4GHz", "5GHz"]);
    const missing = await put(5201, { enabled_guest: true }, family);
    expect(missing.status).toBe(422);
    expect(ErrorAnswer.parse(missing.body).errors).toEqual({
      name_guest: ["name_guest.required"],
      password_guest: ["password_guest.required"],
    });
    const { status, body } = await put(5201, { name_guest: "Condo-Guest", password_guest: "visitors-2304" }, family);
    expect(status).toBe(200);
    expect(WifiUpdateAnswer.parse(body).wifi_names["5201"]).toContainEqual({ band: "guest", name: "Condo-Guest", enabled: true });
    // It takes the security of the home networks (WPA3 on the condo's router).
    expect((await settings(5201, family)).networks[2]).toMatchObject({ band: "guest", security_mode: "wpa3_personal", channel: 1 });
  });

  it("answers 401, 403 for another user's package or a billing-only contact, 404 without internet", async () => {
    expect((await api.call("PUT", "/wifi/5001", { json: { name_24ghz: "X" } })).status).toBe(401);
    expect((await put(5201, { name_24ghz: "Mine-Now" })).status).toBe(403);
    expect((await put(5001, { name_24ghz: "Bills-WiFi" }, billingOnly)).status).toBe(403);
    expect((await put(5999, { name_24ghz: "No-Internet" })).status).toBe(404);
    expect((await settings()).networks[0].name).not.toBe("Bills-WiFi");
  });
});

describe("GET /wifi/{packageId}/network-overview", () => {
  const overview = async (token = resi, packageId = 5001) => {
    const { status, body } = await api.call("GET", `/wifi/${packageId}/network-overview`, { token });
    expect(status).toBe(200);
    return NetworkOverviewAnswer.parse(body);
  };
  const names = (answer: NetworkOverviewAnswer) => answer.network_overview.access_points.flatMap((ap) => ap.devices.map((d) => d.name));

  it("answers the access points and their devices, as a tree and by MAC", async () => {
    const answer = await overview();
    const { access_points } = answer.network_overview;
    expect(answer.network_overview).toMatchObject({
      package_id: 5001,
      service_id: 7001,
      window_hours: 48,
      generated_at: NOW.toISOString(),
    });
    expect(access_points.map((ap) => [ap.name, ap.role, ap.uplink])).toEqual([
      ["HomeHub 6E", "router", null],
      ["Basement Extender", "extender", "ethernet"],
    ]);
    const router = access_points[0];
    const nas = router.devices.find((d) => d.name === "Home NAS")!;
    expect(nas).toMatchObject({
      ip_address: "192.168.1.10",
      connection: "ethernet",
      signal_dbm: null,
      connected: true,
      last_seen_at: NOW.toISOString(),
    });
    const pixel = access_points[1].devices.find((d) => d.name === "Arjun's Pixel")!;
    expect(pixel).toMatchObject({ ip_address: "192.168.1.105", connection: "2.4GHz", connected: true, connected_since: hoursAgo(95 / 60) });
    expect(pixel.signal_dbm).toBeLessThan(-50);
    expect(pixel.traffic.received_bytes).toBeGreaterThan(0);

    expect(answer.network_overview_by_mac[pixel.mac_address]).toMatchObject({
      type: "device",
      name: "Arjun's Pixel",
      access_point_name: "Basement Extender",
    });
    expect(answer.network_overview_by_mac[router.mac_address]).toMatchObject({ type: "access_point", device_count: router.devices.length });
    const deviceCount = access_points.reduce((sum, ap) => sum + ap.devices.length, 0);
    expect(Object.keys(answer.network_overview_by_mac)).toHaveLength(access_points.length + deviceCount);
  });

  it("shows nothing on a guest network that is off", async () => {
    const guest = (await settings()).networks.find((n) => n.band === "guest")!;
    expect(guest.enabled).toBe(false);
    const answer = await overview();
    expect(answer.network_overview.access_points.flatMap((ap) => ap.devices).filter((d) => d.connection === "guest")).toEqual([]);
  });

  it("shows devices that left within 48 hours as disconnected, and not those gone longer", async () => {
    const answer = await overview();
    const ipad = answer.network_overview.access_points[0].devices.find((d) => d.name === "Old iPad")!;
    expect(ipad).toMatchObject({ connected: false, connected_since: null, signal_dbm: null, last_seen_at: hoursAgo(47) });
    expect(names(answer)).toContain("Guest Phone");
    // The printer left 49 hours ago.
    expect(names(answer)).not.toContain("Office Printer");

    // The iPad left 47 hours ago: it shows until it has been gone 48.
    api.clock.now = at(59);
    expect(names(await overview(await api.signIn("resi@example.com")))).toContain("Old iPad");
    api.clock.now = at(61);
    expect(names(await overview(await api.signIn("resi@example.com")))).not.toContain("Old iPad");
  });

  it("shows a new access point, and the devices behind it, only once it has been seen for 15 minutes", async () => {
    // The office mesh point was first seen 8 minutes ago.
    const now = await overview();
    expect(now.network_overview.access_points.map((ap) => ap.name)).not.toContain("Office Mesh Point");
    expect(names(now)).not.toContain("Work Laptop");
    expect(now.network_overview_by_mac["3C:A6:2F:21:11:9A"]).toBeUndefined();

    api.clock.now = at(6);
    expect((await overview()).network_overview.access_points.map((ap) => ap.name)).not.toContain("Office Mesh Point");
    api.clock.now = at(7);
    const settled = await overview();
    const mesh = settled.network_overview.access_points.find((ap) => ap.name === "Office Mesh Point")!;
    expect(mesh).toMatchObject({ role: "extender", uplink: "wifi", online: true, first_seen_at: at(-8).toISOString() });
    expect(mesh.devices.map((d) => d.name)).toEqual(["Work Laptop"]);
    expect(settled.network_overview_by_mac["D0:C2:4E:3A:77:08"]).toMatchObject({ access_point_name: "Office Mesh Point" });
  });

  it("shows nothing of a router offline for more than 48 hours", async () => {
    const answer = await overview(family, 5101);
    expect(answer.network_overview.access_points).toEqual([]);
    expect(answer.network_overview_by_mac).toEqual({});
  });

  it("answers 401, 403 for another user's package, 404 for a package without internet", async () => {
    expect((await api.call("GET", "/wifi/5001/network-overview")).status).toBe(401);
    expect((await api.call("GET", "/wifi/5001/network-overview", { token: family })).status).toBe(403);
    expect((await api.call("GET", "/wifi/5999/network-overview", { token: resi })).status).toBe(404);
  });
});
