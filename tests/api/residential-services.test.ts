import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InternetSettingsAnswer, TvPackageAnswer } from "#contract/home-network";
import { AccountIncidentsAnswer } from "#contract/status";
import { createTestApi, type TestApi } from "./support/api.ts";
import { NOW } from "./support/constants.ts";

let api: TestApi;
let resi: string;
let family: string;

beforeAll(async () => {
  api = await createTestApi();
  [resi, family] = await Promise.all([api.signIn("resi@example.com"), api.signIn("family@example.com")]);
  // A package of resi's with a phone line only: neither internet nor TV.
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

/** The first contact of a customer chosen for TV Go, as the contacts module keeps it. */
async function tvGoEmail(customerId: number): Promise<string | null> {
  const row = await api.db.one<{ email: string }>(
    "SELECT email FROM contacts WHERE customer_id = $1 AND used_for_tv_go ORDER BY id LIMIT 1",
    [customerId],
  );
  return row?.email ?? null;
}

describe("GET /residential-internet/{packageId}", () => {
  it("answers the plan, the connection, the router and the WiFi names of the package", async () => {
    const { status, body } = await api.call("GET", "/residential-internet/5001", { token: resi });
    expect(status).toBe(200);
    const internet = InternetSettingsAnswer.parse(body).internet_settings;
    expect(internet).toMatchObject({
      package_id: 5001,
      service_id: 7001,
      plan: { name: "Fibre 1 Gbps", download_mbps: 1000, upload_mbps: 1000 },
      status: "connected",
      service_address: { line1: "245 Carlaw Avenue", line2: "Unit 4", city: "Toronto", province: "ON", postal_code: "M4M 2S1" },
      connection: { status: "online", public_ipv4: "203.0.113.41", dns_servers: ["198.51.100.53", "198.51.100.54"], offline_since: null },
      router: { vendor: "Nordlink", model: "HomeHub 6E", generation: "current", mac_address: "3C:A6:2F:10:70:01" },
    });
    expect(Date.parse(internet.connection.online_since!)).toBeLessThan(NOW.getTime() - 12 * 86_400_000);
    expect(internet.wifi.map((w) => w.name)).toEqual(["Singh-Home", "Singh-Home-5G", "Singh-Guest"]);
  });

  it("names the plan in French when asked", async () => {
    const { body } = await api.call("GET", "/residential-internet/5201", {
      token: family,
      headers: { "Accept-Language": "fr-CA,fr;q=0.9" },
    });
    expect(InternetSettingsAnswer.parse(body).internet_settings.plan.name).toBe("Fibre 300 Mbit/s");
  });

  it("shows the suspended home's connection offline since its router went away", async () => {
    const internet = InternetSettingsAnswer.parse(
      (await api.call("GET", "/residential-internet/5101", { token: family })).body,
    ).internet_settings;
    expect(internet.status).toBe("interrupted");
    expect(internet.connection.status).toBe("offline");
    expect(internet.connection.online_since).toBeNull();
    expect(Date.parse(internet.connection.offline_since!)).toBe(NOW.getTime() - (3 * 86_400 + 200 * 60) * 1000);
    expect(internet.router!.generation).toBe("legacy");
  });

  it("comes with the incidents touching the service when asked (?include=incidents), in English and French", async () => {
    for (const [token, packageId] of [
      [resi, 5001],
      [family, 5101],
    ] as const) {
      for (const lang of ["en", "fr"]) {
        const headers = { "Accept-Language": lang };
        const response = await api.call("GET", `/residential-internet/${packageId}`, { token, headers, query: { include: "incidents" } });
        expect(response.status).toBe(200);
        const { internet_settings, incidents } = InternetSettingsAnswer.parse(response.body);
        const alone = (await api.call("GET", `/status/services/${internet_settings.service_id}`, { token, headers })).body;
        expect(incidents).toEqual(AccountIncidentsAnswer.parse(alone).incidents);
        const plain = InternetSettingsAnswer.parse((await api.call("GET", `/residential-internet/${packageId}`, { token, headers })).body);
        expect(plain).toEqual({ internet_settings });
      }
    }
    const resiIncidents = InternetSettingsAnswer.parse(
      (await api.call("GET", "/residential-internet/5001", { token: resi, query: { include: "incidents" } })).body,
    ).incidents;
    expect(resiIncidents?.length).toBeGreaterThan(0);
    for (const include of ["incident", "", "incidents,"]) {
      const refused = await api.call("GET", "/residential-internet/5001", { token: resi, query: { include } });
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({ errors: { include: ["include.invalid"] } });
    }
  });

  it("answers 401, 403 for another user's package or an unknown one, 404 for a package without internet", async () => {
    expect((await api.call("GET", "/residential-internet/5001")).status).toBe(401);
    expect((await api.call("GET", "/residential-internet/5101", { token: resi })).status).toBe(403);
    expect((await api.call("GET", "/residential-internet/999999", { token: resi })).status).toBe(403);
    expect((await api.call("GET", "/residential-internet/5999", { token: resi })).status).toBe(404);
  });
});

describe("GET /residential-tv/{packageId}", () => {
  it("answers the line-up with the subscribed theme packs' channels, by number", async () => {
    const { status, body } = await api.call("GET", "/residential-tv/5001", { token: resi });
    expect(status).toBe(200);
    const tv = TvPackageAnswer.parse(body).tv_package;
    expect(tv).toMatchObject({ package_id: 5001, service_id: 7002, name: "TV Essentials", status: "connected" });
    expect(tv.base_package).toEqual({ code: "essentials", name: "Essentials", channel_count: 85 });
    // Essentials, plus the 8 channels of Sports Extra.
    expect(tv.channels).toHaveLength(93);
    const numbers = tv.channels.map((c) => c.number);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(tv.channels.filter((c) => c.source === "sports_extra").map((c) => c.number)).toEqual([250, 251, 252, 253, 254, 255, 256, 257]);
    expect(tv.channels[0]).toMatchObject({ number: 2, source: "base" });

    expect(tv.theme_packs.map((p) => [p.code, p.subscribed])).toEqual([
      ["cinema", false],
      ["kids_plus", false],
      ["sports_extra", true],
      ["world", false],
    ]);
    expect(tv.theme_packs.find((p) => p.code === "sports_extra")).toMatchObject({
      monthly_price: 12,
      channel_numbers: [250, 251, 252, 253, 254, 255, 256, 257],
    });
  });

  it("answers the set-top boxes and TV Go", async () => {
    const tv = TvPackageAnswer.parse((await api.call("GET", "/residential-tv/5001", { token: resi })).body).tv_package;
    expect(tv.set_top_boxes.map((b) => [b.room, b.status])).toEqual([
      ["Living Room", "online"],
      ["Bedroom", "standby"],
    ]);
    expect(tv.tv_go).toEqual({ included: true, max_streams: 2, account_email: await tvGoEmail(100101) });
  });

  it("answers the family line-up in French, with two theme packs and offline boxes", async () => {
    const { body } = await api.call("GET", "/residential-tv/5101", { token: family, headers: { "Accept-Language": "fr" } });
    const tv = TvPackageAnswer.parse(body).tv_package;
    expect(tv.name).toBe("Télé familiale");
    expect(tv.base_package).toEqual({ code: "family", name: "Famille", channel_count: 140 });
    // 140 channels, plus Kids Plus (6) and Cinema (8).
    expect(tv.channels).toHaveLength(154);
    expect(
      tv.theme_packs
        .filter((p) => p.subscribed)
        .map((p) => p.name)
        .sort(),
    ).toEqual(["Cinéma", "Jeunesse Plus"]);
    expect(tv.set_top_boxes).toHaveLength(3);
    expect(tv.set_top_boxes.every((b) => b.status === "offline")).toBe(true);
    expect(tv.tv_go).toMatchObject({ included: true, max_streams: 4, account_email: await tvGoEmail(100201) });
  });

  it("signs in to TV Go with the account of the contact chosen for it", async () => {
    await api.db.query("UPDATE contacts SET used_for_tv_go = (email = 'family@example.com') WHERE customer_id = 100201");
    const tv = TvPackageAnswer.parse((await api.call("GET", "/residential-tv/5101", { token: family })).body).tv_package;
    expect(tv.tv_go.account_email).toBe("family@example.com");
  });

  it("answers the same by the TV service's id, in English and French", async () => {
    const familyTv = (await api.db.one<{ id: number }>("SELECT id FROM services WHERE package_id = 5101 AND category = 'tv'"))!.id;
    for (const [token, packageId, serviceId] of [
      [resi, 5001, 7002],
      [family, 5101, familyTv],
    ] as const) {
      for (const lang of ["en", "fr"]) {
        const headers = { "Accept-Language": lang };
        const byService = await api.call("GET", `/residential-tv/services/${serviceId}`, { token, headers });
        expect(byService.status).toBe(200);
        const byPackage = (await api.call("GET", `/residential-tv/${packageId}`, { token, headers })).body;
        expect(TvPackageAnswer.parse(byService.body)).toEqual(TvPackageAnswer.parse(byPackage));
        expect(TvPackageAnswer.parse(byService.body).tv_package).toMatchObject({ package_id: packageId, service_id: serviceId });
      }
    }
  });

  it("answers 401, 403 for another user's TV service or an unknown id, 404 for a service that is not TV", async () => {
    expect((await api.call("GET", "/residential-tv/services/7002")).status).toBe(401);
    expect((await api.call("GET", "/residential-tv/services/7002", { token: family })).status).toBe(403);
    expect((await api.call("GET", "/residential-tv/services/999999", { token: resi })).status).toBe(403);
    expect((await api.call("GET", "/residential-tv/services/abc", { token: resi })).status).toBe(403);
    expect((await api.call("GET", "/residential-tv/services/7001", { token: resi })).status).toBe(404);
    expect((await api.call("GET", "/residential-tv/services/7003", { token: resi })).status).toBe(404);
  });

  it("answers 401, 403 for another user's package, 404 for a package without TV", async () => {
    expect((await api.call("GET", "/residential-tv/5001")).status).toBe(401);
    expect((await api.call("GET", "/residential-tv/5101", { token: resi })).status).toBe(403);
    expect((await api.call("GET", "/residential-tv/999999", { token: resi })).status).toBe(403);
    expect((await api.call("GET", "/residential-tv/5201", { token: family })).status).toBe(404);
    expect((await api.call("GET", "/residential-tv/5999", { token: resi })).status).toBe(404);
  });
});
