import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ErrorAnswer } from "#contract/common";
import type { Endpoint } from "#contract/endpoint";
import { CpeInfoAnswer } from "#contract/router-page";
import { ResidentialDashboardAnswer } from "#contract/dashboard";
import { DevicePausesAnswer } from "#contract/device-pauses";
import { RouterRestartAnswer } from "#contract/router-restart";
import { RouterUpnpAnswer } from "#contract/router-upnp";
import { AccountIncidentsAnswer } from "#contract/status";
import {
  BeanmachineAnswer,
  DhcpLeasesAnswer,
  DhcpReservationAnswer,
  NetworkSettingsAnswer,
  NetworkSettingsUpdateAnswer,
  NetworkOverviewAnswer,
  PortForwardingRuleAnswer,
  PortForwardingRulesAnswer,
  RouterStatisticsAnswer,
  UpnpRulesAnswer,
  homeNetworkEndpoints,
} from "#contract/home-network";
import { hashPassword } from "../../api/service/passwords.ts";
import { DEFAULT_BEANMACHINE_WS_URL } from "../../api/service/router.ts";
import { createTestApi, type TestApi } from "./support/api.ts";
import { NOW } from "./support/constants.ts";

let api: TestApi;
let resi: string;
let family: string;
let business: string;
/** A contact of resi's account with the billing role only: may read, not change. */
let billingOnly: string;

const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

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
});
afterAll(() => api.close());
afterEach(() => {
  api.clock.now = new Date(NOW);
});

const READS = ["cpe-info", "network-settings", "port-forwarding-rules", "upnp-port-forwarding-rules", "statistics", "dhcp-leases"];
const WRITES: [string, string][] = [
  ["PUT", "network-settings"],
  ["POST", "port-forwarding-rules"],
  ["PUT", "port-forwarding-rules/1"],
  ["DELETE", "port-forwarding-rules/1"],
  ["PUT", "dhcp-reservation"],
  ["DELETE", "dhcp-reservation/00:11:32:AB:CD:10"],
];

const LAN_7001 = {
  lan_ip: "192.168.1.1",
  subnet_mask: "255.255.255.0",
  dhcp_start: "192.168.1.100",
  dhcp_end: "192.168.1.199",
  lease_time_seconds: 86_400,
};

/** A 422's field errors, after checking the contract lists each of its codes for the endpoint. */
async function refused(method: string, path: string, json: unknown, token = resi) {
  const { status, body } = await api.call(method, path, { token, json });
  expect(status).toBe(422);
  const errors = ErrorAnswer.parse(body).errors ?? {};
  const template = path.replace(/^\/router\/\d+/, "/router/{serviceId}").replace(/rules\/\d+$/, "rules/{ruleId}");
  const listed = (homeNetworkEndpoints as Endpoint[]).find((e) => e.method === method.toLowerCase() && e.path === template)!.errorCodes;
  for (const code of Object.values(errors).flat()) expect(listed).toContain(code);
  return errors;
}

describe("router access", () => {
  it("answers 401 without a token on every router endpoint and the diagnostics link", async () => {
    for (const path of READS) expect((await api.call("GET", `/router/7001/${path}`)).status).toBe(401);
    for (const [method, path] of WRITES) expect((await api.call(method, `/router/7001/${path}`, { json: {} })).status).toBe(401);
    expect((await api.call("GET", "/external_links/beanmachine")).status).toBe(401);
  });

  it("answers 403 for another user's router and for ids that do not exist, alike", async () => {
    for (const path of READS) {
      expect((await api.call("GET", `/router/7201/${path}`, { token: resi })).status).toBe(403);
      expect((await api.call("GET", `/router/999999/${path}`, { token: resi })).status).toBe(403);
      expect((await api.call("GET", `/router/7001/${path}`, { token: business })).status).toBe(403);
    }
    for (const [method, path] of WRITES) {
      expect((await api.call(method, `/router/7201/${path}`, { token: resi, json: {} })).status).toBe(403);
    }
  });

  it("answers 404 for a service that is not a residential internet service", async () => {
    for (const path of READS) {
      expect((await api.call("GET", `/router/7002/${path}`, { token: resi })).status).toBe(404); // TV
      expect((await api.call("GET", `/router/7003/${path}`, { token: resi })).status).toBe(404); // home phone
      expect((await api.call("GET", `/router/8001/${path}`, { token: business })).status).toBe(404); // dedicated internet
    }
  });

  it("lets a billing-only contact read the router but not change it", async () => {
    expect((await api.call("GET", "/router/7001/network-settings", { token: billingOnly })).status).toBe(200);
    for (const [method, path] of WRITES) {
      expect((await api.call(method, `/router/7001/${path}`, { token: billingOnly, json: LAN_7001 })).status).toBe(403);
    }
    // Nothing changed: the rule the DELETE named is still there.
    const rules = PortForwardingRulesAnswer.parse((await api.call("GET", "/router/7001/port-forwarding-rules", { token: resi })).body);
    expect(rules.port_forwarding_rules.some((r) => r.id === 1)).toBe(true);
  });
});

describe("GET /router/{serviceId}/cpe-info", () => {
  it("answers the router of an online service, nested as data.data, with its uptime", async () => {
    const { status, body } = await api.call("GET", "/router/7001/cpe-info", { token: resi });
    expect(status).toBe(200);
    const info = CpeInfoAnswer.parse(body).data.data;
    expect(info).toMatchObject({
      vendor: "Nordlink",
      model: "HomeHub 6E",
      generation: "current",
      serial_number: "NL6E2405017001",
      mac_address: "3C:A6:2F:10:70:01",
      wan_ipv4: "203.0.113.41",
      status: "online",
      last_seen_at: NOW.toISOString(),
    });
    expect(info.uptime_seconds).toBe((NOW.getTime() - Date.parse(info.last_boot_at)) / 1000);
    expect(info.uptime_seconds).toBeGreaterThan(12 * 86_400);
  });

  it("shows an offline router without uptime, last seen when it went away", async () => {
    const info = CpeInfoAnswer.parse((await api.call("GET", "/router/7101/cpe-info", { token: family })).body).data.data;
    expect(info.status).toBe("offline");
    expect(info.uptime_seconds).toBeNull();
    expect(Date.parse(info.last_seen_at)).toBe(NOW.getTime() - (3 * 86_400 + 200 * 60) * 1000);
  });
});

describe("GET /router/{serviceId}/cpe-info?include=", () => {
  const ALL =
    "service,network_settings,dhcp_leases,port_forwarding_rules,upnp_port_forwarding_rules,upnp,statistics,device_pauses,incidents,restart";
  const get = async (path: string, token: string, language = "en") => {
    const { status, body } = await api.call("GET", path, { token, headers: { "Accept-Language": language } });
    expect(status, `${path} ${JSON.stringify(body)}`).toBe(200);
    return body;
  };

  it("answers what the router page's other calls answer, in one round trip, online and offline", async () => {
    for (const [serviceId, token, customerId] of [
      [7001, resi, 100101],
      [7101, family, 100201],
    ] as const) {
      for (const language of ["en", "fr"]) {
        const one = (path: string) => get(`/router/${serviceId}/${path}`, token, language);
        const all = CpeInfoAnswer.parse(await get(`/router/${serviceId}/cpe-info?include=${ALL}`, token, language));
        expect(all.data).toEqual(CpeInfoAnswer.parse(await one("cpe-info")).data);
        expect(all.network_settings).toEqual(NetworkSettingsAnswer.parse(await one("network-settings")).network_settings);
        expect(all.dhcp_leases).toEqual(DhcpLeasesAnswer.parse(await one("dhcp-leases")));
        expect(all.port_forwarding_rules).toEqual(
          PortForwardingRulesAnswer.parse(await one("port-forwarding-rules")).port_forwarding_rules,
        );
        expect(all.upnp_port_forwarding_rules).toEqual(UpnpRulesAnswer.parse(await one("upnp-port-forwarding-rules")).rules);
        expect(all.upnp).toEqual(RouterUpnpAnswer.parse(await one("upnp")).upnp);
        expect(all.restart).toEqual(RouterRestartAnswer.parse(await one("restart")).restart);
        expect(all.statistics).toEqual(RouterStatisticsAnswer.parse(await one("statistics")));
        expect(all.device_pauses).toEqual(DevicePausesAnswer.parse(await one("device-pauses")).device_pauses);
        expect(all.incidents).toEqual(AccountIncidentsAnswer.parse(await get(`/status/services/${serviceId}`, token, language)).incidents);
        // The service as the account's home screen names it, with the address of its package.
        const home = ResidentialDashboardAnswer.parse(await get(`/residential-dashboard/${customerId}`, token, language));
        const internet = home.services.internet.find((s) => s.service_id === serviceId)!;
        const bundle = home.bundled_services.find((b) => b.package_id === internet.package_id)!;
        expect(all.service).toEqual({
          customer_id: customerId,
          service_id: serviceId,
          package_id: internet.package_id,
          name: internet.name,
          status: internet.status,
          service_address: bundle.service_address,
        });
      }
    }
    // The offline router's statistics are its error, as the call alone answers.
    const offline = CpeInfoAnswer.parse(await get(`/router/7101/cpe-info?include=statistics`, family));
    expect(offline.statistics).toHaveProperty("error.code", "router_offline");
  });

  it("answers only what is asked, and the router alone without include", async () => {
    const alone = await get("/router/7001/cpe-info", resi);
    expect(Object.keys(alone)).toEqual(["data"]);
    const some = await get("/router/7001/cpe-info?include=upnp,network_settings", resi);
    expect(Object.keys(some).sort()).toEqual(["data", "network_settings", "upnp"]);
  });

  it("names a service paused today paused, before the settling job has run", async () => {
    const home = ResidentialDashboardAnswer.parse(await get("/residential-dashboard/100101", resi));
    const packageId = home.services.internet.find((s) => s.service_id === 7001)!.package_id;
    const [pause] = await api.db.query<{ id: number }>(
      "INSERT INTO service_pauses (customer_id, package_id, starts_on, ends_on, status) VALUES (100101, $1, $2, '2099-01-01', 'scheduled') RETURNING id",
      [packageId, NOW.toISOString().slice(0, 10)],
    );
    try {
      const { service } = CpeInfoAnswer.parse(await get("/router/7001/cpe-info?include=service", resi));
      expect(service?.status).toBe("paused");
      const after = ResidentialDashboardAnswer.parse(await get("/residential-dashboard/100101", resi));
      expect(after.services.internet.find((s) => s.service_id === 7001)!.status).toBe("paused");
    } finally {
      await api.db.query("DELETE FROM service_pauses WHERE id = $1", [pause.id]);
    }
  });

  it("refuses an include it does not know, and another user's router whatever it includes", async () => {
    for (const include of ["leases", "upnp,", "service;DROP", ""]) {
      const { status, body } = await api.call("GET", `/router/7001/cpe-info?include=${encodeURIComponent(include)}`, { token: resi });
      expect(status, include).toBe(422);
      expect(body.errors).toEqual({ include: ["include.invalid"] });
    }
    const other = await api.call("GET", `/router/7201/cpe-info?include=${ALL}`, { token: resi });
    expect(other.status).toBe(403);
    expect(other.body).not.toHaveProperty("service");
    expect((await api.call("GET", `/router/7002/cpe-info?include=${ALL}`, { token: resi })).status).toBe(404);
  });
});

describe("GET /router/{serviceId}/statistics", () => {
  it("answers counters per interface, the uptime and the connected devices", async () => {
    const { status, body } = await api.call("GET", "/router/7001/statistics", { token: resi });
    expect(status).toBe(200);
    const answer = RouterStatisticsAnswer.parse(body);
    if (!("statistics" in answer)) throw new Error("expected statistics");
    // No guest WiFi: 7001's guest network is off, so there is nothing to count on it.
    expect(answer.statistics.interfaces.map((i) => i.interface)).toEqual(["wan", "lan", "wifi_2_4ghz", "wifi_5ghz"]);
    expect(answer.statistics.interfaces.every((i) => i.received_bytes > 0 && i.sent_bytes > 0)).toBe(true);
    // Ten devices are connected now (the iPad, the guest phone and the printer have left).
    expect(answer.statistics.connected_devices).toBe(10);
    expect(answer.statistics.sampled_at).toBe(NOW.toISOString());
  });

  it("answers an error field instead when the router is offline", async () => {
    const { status, body } = await api.call("GET", "/router/7101/statistics", { token: family });
    expect(status).toBe(200);
    const answer = RouterStatisticsAnswer.parse(body);
    expect("statistics" in answer).toBe(false);
    expect(body.error.code).toBe("router_offline");
  });
});

describe("GET /router/{serviceId}/upnp-port-forwarding-rules", () => {
  it("lists the running mappings and leaves out expired ones", async () => {
    const rules = UpnpRulesAnswer.parse((await api.call("GET", "/router/7001/upnp-port-forwarding-rules", { token: resi })).body).rules;
    expect(rules.map((r) => r.description).sort()).toEqual(["Teams media", "Xbox (3074 TCP)", "Xbox (3074 UDP)"]);
    expect(rules.find((r) => r.description === "Teams media")!.lease_seconds_remaining).toBe(3_600 - 6 * 60);
    expect(rules.find((r) => r.description === "Xbox (3074 UDP)")!.lease_seconds_remaining).toBeNull();

    api.clock.now = minutes(60);
    const token = await api.signIn("resi@example.com");
    const later = UpnpRulesAnswer.parse((await api.call("GET", "/router/7001/upnp-port-forwarding-rules", { token })).body).rules;
    expect(later.map((r) => r.description).sort()).toEqual(["Xbox (3074 TCP)", "Xbox (3074 UDP)"]);
  });
});

describe("GET /router/{serviceId}/dhcp-leases", () => {
  it("answers leases of every type and the UPnP table, from the copy read 2 minutes ago", async () => {
    const { status, body } = await api.call("GET", "/router/7001/dhcp-leases", { token: resi });
    expect(status).toBe(200);
    const answer = DhcpLeasesAnswer.parse(body);
    expect(answer.router_online).toBe(true);
    expect(answer.refreshed_at).toBe(minutes(-2).toISOString());
    const byMac = new Map(answer.dhcp_data.map((l) => [l.mac_address, l]));
    expect(byMac.get("00:11:32:AB:CD:10")).toMatchObject({ hostname: "nas", ip_address: "192.168.1.10", type: "reserved" });
    // The printer is away: its reservation holds no lease now.
    expect(byMac.get("30:05:5C:8E:61:2A")).toMatchObject({ ip_address: "192.168.1.30", type: "reserved", lease_seconds: null });
    expect(byMac.get("F0:99:B6:12:34:01")).toMatchObject({ ip_address: "192.168.1.101", type: "dynamic" });
    expect(byMac.get("6A:1F:0C:93:D2:44")).toMatchObject({ ip_address: "192.168.1.150", type: "expired", lease_seconds: 0 });
    expect(byMac.get("E2:4B:9A:00:13:7F")).toMatchObject({ ip_address: "192.168.1.109", type: "pending", lease_seconds: 86_400 });
    expect(new Set(answer.dhcp_data.map((l) => l.type))).toEqual(new Set(["dynamic", "reserved", "expired", "pending"]));
    expect(answer.upnp_table.map((r) => r.external_port).sort()).toEqual([3074, 3074, 50_400]);
  });

  it("names each device as the home network does, past the overview's 48 hours too; null for one it has not seen", async () => {
    const answer = DhcpLeasesAnswer.parse((await api.call("GET", "/router/7001/dhcp-leases", { token: resi })).body);
    const names = new Map(answer.dhcp_data.map((l) => [l.mac_address, l.device_name]));
    expect(Object.fromEntries(names)).toMatchObject({
      "F0:99:B6:12:34:01": "Maya's iPhone",
      "00:11:32:AB:CD:10": "Home NAS",
      // Reserved, away for 49 hours: no longer in the network overview, still named.
      "30:05:5C:8E:61:2A": "Office Printer",
      // Offered an address, never seen on the network.
      "E2:4B:9A:00:13:7F": null,
    });
    const overview = NetworkOverviewAnswer.parse((await api.call("GET", "/wifi/5001/network-overview", { token: resi })).body);
    const shown = overview.network_overview.access_points.flatMap((ap) => ap.devices).filter((d) => names.has(d.mac_address));
    expect(shown.length).toBeGreaterThanOrEqual(3);
    for (const device of shown) expect(names.get(device.mac_address)).toBe(device.name);
  });

  it("reads the table again with forceRefresh, and by itself once the copy is 5 minutes old", async () => {
    const cached = DhcpLeasesAnswer.parse((await api.call("GET", "/router/7001/dhcp-leases", { token: resi })).body);
    const fresh = DhcpLeasesAnswer.parse(
      (await api.call("GET", "/router/7001/dhcp-leases", { token: resi, query: { forceRefresh: "true" } })).body,
    );
    expect(fresh.refreshed_at).toBe(NOW.toISOString());
    const iphone = (a: typeof cached) => a.dhcp_data.find((l) => l.mac_address === "F0:99:B6:12:34:01")!.lease_seconds!;
    expect(iphone(cached) - iphone(fresh)).toBe(120);

    api.clock.now = minutes(4);
    expect(DhcpLeasesAnswer.parse((await api.call("GET", "/router/7001/dhcp-leases", { token: resi })).body).refreshed_at).toBe(
      NOW.toISOString(),
    );
    api.clock.now = minutes(6);
    expect(DhcpLeasesAnswer.parse((await api.call("GET", "/router/7001/dhcp-leases", { token: resi })).body).refreshed_at).toBe(
      minutes(6).toISOString(),
    );
  });

  it("answers an offline router's last table, even when asked to refresh", async () => {
    const answer = DhcpLeasesAnswer.parse(
      (await api.call("GET", "/router/7101/dhcp-leases", { token: family, query: { forceRefresh: "true" } })).body,
    );
    expect(answer.router_online).toBe(false);
    expect(Date.parse(answer.refreshed_at)).toBe(NOW.getTime() - (3 * 86_400 + 200 * 60) * 1000);
    expect(answer.dhcp_data.map((l) => l.ip_address)).toEqual(["192.168.1.60", "192.168.1.77", "192.168.1.81"]);
  });

  it("refuses a forceRefresh that is not a boolean", async () => {
    const { status, body } = await api.call("GET", "/router/7001/dhcp-leases", { token: resi, query: { forceRefresh: "maybe" } });
    expect(status).toBe(422);
    expect(ErrorAnswer.parse(body).errors).toEqual({ forceRefresh: ["forceRefresh.invalid"] });
  });
});

describe("PUT /router/{serviceId}/dhcp-reservation", () => {
  it("reserves an address for a device by MAC, in any MAC notation", async () => {
    const { status, body } = await api.call("PUT", "/router/7001/dhcp-reservation", {
      token: resi,
      json: { mac_address: "58-24-29-9e-41-c7", ip_address: "192.168.1.40" },
    });
    expect(status).toBe(200);
    const answer = DhcpReservationAnswer.parse(body);
    expect(answer.status).toBe("success");
    expect(answer.reservation).toEqual({ mac_address: "58:24:29:9E:41:C7", ip_address: "192.168.1.40", hostname: "Pixel-8" });
    const leases = DhcpLeasesAnswer.parse((await api.call("GET", "/router/7001/dhcp-leases", { token: resi })).body).dhcp_data;
    expect(leases.find((l) => l.mac_address === "58:24:29:9E:41:C7")).toMatchObject({ ip_address: "192.168.1.40", type: "reserved" });
  });

  it("lets a device reserve the address it holds now, and an expired lease's address", async () => {
    expect(
      (
        await api.call("PUT", "/router/7001/dhcp-reservation", {
          token: resi,
          form: { mac_address: "F0:99:B6:12:34:01", ip_address: "192.168.1.101" },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await api.call("PUT", "/router/7001/dhcp-reservation", {
          token: resi,
          json: { mac_address: "A4:83:E7:5C:21:0B", ip_address: "192.168.1.150" },
        })
      ).status,
    ).toBe(200);
  });

  it("refuses an address outside the subnet", async () => {
    for (const ip of ["192.168.2.40", "10.0.0.5", "192.168.1.0", "192.168.1.255"]) {
      expect(await refused("PUT", "/router/7001/dhcp-reservation", { mac_address: "BC:D0:74:02:5E:91", ip_address: ip })).toEqual({
        ip_address: ["ip_address.outside_subnet"],
      });
    }
  });

  it("refuses an address another device, an access point or the router holds", async () => {
    const taken = [
      "192.168.1.1", // the router
      "192.168.1.2", // the basement extender
      "192.168.1.10", // the NAS's reservation
      "192.168.1.102", // the MacBook's live lease (before it reserved .150 above: still bound)
      "192.168.1.109", // offered to a device that has not answered yet
    ];
    for (const ip of taken) {
      expect(await refused("PUT", "/router/7001/dhcp-reservation", { mac_address: "BC:D0:74:02:5E:91", ip_address: ip })).toEqual({
        ip_address: ["ip_address.in_use"],
      });
    }
  });

  it("refuses a malformed MAC, address or hostname", async () => {
    expect(
      await refused("PUT", "/router/7001/dhcp-reservation", {
        mac_address: "BC:D0:74:02:5E",
        ip_address: "192.168.1.300",
        hostname: "bad host",
      }),
    ).toEqual({
      mac_address: ["mac_address.invalid"],
      ip_address: ["ip_address.invalid"],
      hostname: ["hostname.invalid"],
    });
  });

  it("takes the MAC spellings the reservation form takes, and refuses the same mixtures of separators", async () => {
    // The form (app/schemas/router.ts) and the API check with one function (common/net.ts).
    for (const mac of ["AABB:CCDD.EEFF", "AA:BB-CC:DD-EE:FF", "AABBCC-DDEEFF"]) {
      expect(await refused("PUT", "/router/7001/dhcp-reservation", { mac_address: mac, ip_address: "192.168.1.41" }), mac).toEqual({
        mac_address: ["mac_address.invalid"],
      });
    }
    for (const mac of ["0a1b.2c3d.4e5f", "0A1B2C3D4E5F", "0a-1b-2c-3d-4e-5f"]) {
      const { status, body } = await api.call("PUT", "/router/7001/dhcp-reservation", {
        token: resi,
        json: { mac_address: mac, ip_address: "192.168.1.41" },
      });
      expect(status, mac).toBe(200);
      expect(DhcpReservationAnswer.parse(body).reservation.mac_address).toBe("0A:1B:2C:3D:4E:5F");
    }
    expect((await api.call("DELETE", "/router/7001/dhcp-reservation/AA:BB-CC:DD-EE:FF", { token: resi })).status).toBe(404);
    expect((await api.call("DELETE", "/router/7001/dhcp-reservation/0a1b.2c3d.4e5f", { token: resi })).status).toBe(200);
  });

  it("removes a reservation, then answers 404 for it", async () => {
    const first = await api.call("DELETE", "/router/7001/dhcp-reservation/58:24:29:9E:41:C7", { token: resi });
    expect(first.status).toBe(200);
    expect((await api.call("DELETE", "/router/7001/dhcp-reservation/58:24:29:9E:41:C7", { token: resi })).status).toBe(404);
  });
});

describe("network settings", () => {
  it("answers the LAN settings", async () => {
    const { status, body } = await api.call("GET", "/router/7201/network-settings", { token: family });
    expect(status).toBe(200);
    expect(NetworkSettingsAnswer.parse(body).network_settings).toMatchObject({
      lan_ip: "10.0.0.1",
      subnet_mask: "255.255.255.0",
      dhcp_start: "10.0.0.50",
      dhcp_end: "10.0.0.150",
      lease_time_seconds: 86_400,
      dns_primary: "1.1.1.1",
      dns_secondary: "9.9.9.9",
    });
  });

  it("changes them (form data too), answering status success, and drops leases outside the new range", async () => {
    const { status, body } = await api.call("PUT", "/router/7303/network-settings", {
      token: family,
      form: {
        lan_ip: "192.168.2.1",
        subnet_mask: "255.255.255.0",
        dhcp_start: "192.168.2.150",
        dhcp_end: "192.168.2.180",
        lease_time_seconds: "7200",
        dns_primary: "1.1.1.1",
        dns_secondary: "",
      },
    });
    expect(status).toBe(200);
    const answer = NetworkSettingsUpdateAnswer.parse(body);
    expect(answer.status).toBe("success");
    expect(answer.network_settings).toEqual({
      lan_ip: "192.168.2.1",
      subnet_mask: "255.255.255.0",
      dhcp_start: "192.168.2.150",
      dhcp_end: "192.168.2.180",
      lease_time_seconds: 7_200,
      dns_primary: "1.1.1.1",
      dns_secondary: null,
      updated_at: NOW.toISOString(),
    });
    const read = NetworkSettingsAnswer.parse((await api.call("GET", "/router/7303/network-settings", { token: family })).body);
    expect(read.network_settings).toEqual(answer.network_settings);
    const leases = DhcpLeasesAnswer.parse((await api.call("GET", "/router/7303/dhcp-leases", { token: family })).body);
    expect(leases.dhcp_data).toEqual([]);
  });

  it("refuses a public or malformed LAN address and a bad subnet mask", async () => {
    expect(await refused("PUT", "/router/7001/network-settings", { ...LAN_7001, lan_ip: "8.8.8.1" })).toEqual({
      lan_ip: ["lan_ip.not_private"],
    });
    expect(await refused("PUT", "/router/7001/network-settings", { ...LAN_7001, lan_ip: "192.168.1.256" })).toEqual({
      lan_ip: ["lan_ip.invalid"],
    });
    expect(await refused("PUT", "/router/7001/network-settings", { ...LAN_7001, subnet_mask: "255.0.255.0" })).toEqual({
      subnet_mask: ["subnet_mask.invalid"],
    });
    expect(await refused("PUT", "/router/7001/network-settings", { ...LAN_7001, subnet_mask: "255.255.255.254" })).toEqual({
      subnet_mask: ["subnet_mask.out_of_range"],
    });
    expect(await refused("PUT", "/router/7001/network-settings", { ...LAN_7001, lan_ip: "192.168.1.255" })).toEqual({
      lan_ip: ["lan_ip.network_or_broadcast"],
    });
  });

  it("refuses a DHCP range outside the subnet, reversed, or holding the router's address", async () => {
    expect(await refused("PUT", "/router/7001/network-settings", { ...LAN_7001, dhcp_end: "192.168.2.10" })).toEqual({
      dhcp_end: ["dhcp_end.outside_subnet"],
    });
    expect(await refused("PUT", "/router/7001/network-settings", { ...LAN_7001, dhcp_start: "10.0.0.5" })).toEqual({
      dhcp_start: ["dhcp_start.outside_subnet"],
    });
    expect(
      await refused("PUT", "/router/7001/network-settings", { ...LAN_7001, dhcp_start: "192.168.1.199", dhcp_end: "192.168.1.100" }),
    ).toEqual({
      dhcp_end: ["dhcp_end.before_start"],
    });
    expect(
      await refused("PUT", "/router/7001/network-settings", { ...LAN_7001, dhcp_start: "192.168.1.1", dhcp_end: "192.168.1.50" }),
    ).toEqual({
      dhcp_start: ["dhcp_start.includes_lan_ip"],
    });
  });

  it("refuses a new subnet that would leave reservations or forwarding rules outside, or a reserved router address", async () => {
    expect(
      await refused("PUT", "/router/7001/network-settings", {
        ...LAN_7001,
        lan_ip: "192.168.7.1",
        dhcp_start: "192.168.7.100",
        dhcp_end: "192.168.7.199",
      }),
    ).toEqual({ lan_ip: ["lan_ip.reservations_outside_subnet", "lan_ip.port_forwarding_outside_subnet"] });
    expect(await refused("PUT", "/router/7001/network-settings", { ...LAN_7001, lan_ip: "192.168.1.10" })).toEqual({
      lan_ip: ["lan_ip.reserved"],
    });
  });

  it("refuses lease times out of bounds, malformed DNS servers and missing fields", async () => {
    expect(await refused("PUT", "/router/7001/network-settings", { ...LAN_7001, lease_time_seconds: 60 })).toEqual({
      lease_time_seconds: ["lease_time_seconds.too_short"],
    });
    expect(await refused("PUT", "/router/7001/network-settings", { ...LAN_7001, lease_time_seconds: 700_000 })).toEqual({
      lease_time_seconds: ["lease_time_seconds.too_long"],
    });
    expect(await refused("PUT", "/router/7001/network-settings", { ...LAN_7001, lease_time_seconds: "a day" })).toEqual({
      lease_time_seconds: ["lease_time_seconds.invalid"],
    });
    expect(
      await refused("PUT", "/router/7001/network-settings", { ...LAN_7001, dns_primary: "1.1.1", dns_secondary: "dns.google" }),
    ).toEqual({
      dns_primary: ["dns_primary.invalid"],
      dns_secondary: ["dns_secondary.invalid"],
    });
    const { lan_ip: _omitted, ...missing } = LAN_7001;
    expect(await refused("PUT", "/router/7001/network-settings", missing)).toEqual({ lan_ip: ["lan_ip.required"] });
    // None of these changed anything.
    const read = NetworkSettingsAnswer.parse((await api.call("GET", "/router/7001/network-settings", { token: resi })).body);
    expect(read.network_settings).toMatchObject(LAN_7001);
  });

  it("accepts a larger subnet that still holds every reservation and rule", async () => {
    const { status } = await api.call("PUT", "/router/7001/network-settings", {
      token: resi,
      json: { ...LAN_7001, subnet_mask: "255.255.0.0" },
    });
    expect(status).toBe(200);
    expect((await api.call("PUT", "/router/7001/network-settings", { token: resi, json: LAN_7001 })).status).toBe(200);
  });
});

describe("port forwarding rules", () => {
  const rule = (over: Record<string, unknown> = {}) => ({
    description: "Web server",
    protocol: "TCP",
    start_port: 8080,
    destination_address: "192.168.1.102",
    destination_port: 80,
    ...over,
  });

  it("lists the rules by start port", async () => {
    const { status, body } = await api.call("GET", "/router/7001/port-forwarding-rules", { token: resi });
    expect(status).toBe(200);
    const rules = PortForwardingRulesAnswer.parse(body).port_forwarding_rules;
    expect(rules.map((r) => [r.description, r.protocol, r.start_port, r.end_port])).toEqual([
      ["NAS remote access", "TCP", 8443, null],
      ["Minecraft server", "both", 25565, null],
      ["Camera streams", "UDP", 50010, 50019],
    ]);
  });

  it("adds a rule (201), and a form's empty end port means a single port", async () => {
    const created = await api.call("POST", "/router/7001/port-forwarding-rules", { token: resi, json: rule() });
    expect(created.status).toBe(201);
    const answer = PortForwardingRuleAnswer.parse(created.body);
    expect(answer.rule).toMatchObject({ description: "Web server", start_port: 8080, end_port: null, destination_port: 80, enabled: true });
    expect(answer.port_forwarding_rules).toHaveLength(4);

    const form = await api.call("POST", "/router/7001/port-forwarding-rules", {
      token: resi,
      form: {
        description: "  SSH   box ",
        protocol: "TCP",
        start_port: "2222",
        end_port: "",
        destination_address: "192.168.1.10",
        destination_port: "22",
        enabled: "on",
      },
    });
    expect(form.status).toBe(201);
    expect(PortForwardingRuleAnswer.parse(form.body).rule).toMatchObject({
      description: "SSH box",
      start_port: 2222,
      end_port: null,
      destination_port: 22,
    });
  });

  it("refuses a description already used on the router, whatever its case", async () => {
    expect(
      await refused("POST", "/router/7001/port-forwarding-rules", rule({ description: "nas REMOTE access", start_port: 9001 })),
    ).toEqual({
      description: ["description.taken"],
    });
    expect(await refused("POST", "/router/7001/port-forwarding-rules", rule({ description: "   ", start_port: 9001 }))).toEqual({
      description: ["description.required"],
    });
  });

  it("refuses ports out of range and an end port before the start", async () => {
    expect(await refused("POST", "/router/7001/port-forwarding-rules", rule({ description: "A", start_port: 0 }))).toEqual({
      start_port: ["start_port.out_of_range"],
    });
    expect(await refused("POST", "/router/7001/port-forwarding-rules", rule({ description: "A", start_port: 65536 }))).toEqual({
      start_port: ["start_port.out_of_range"],
    });
    expect(
      await refused("POST", "/router/7001/port-forwarding-rules", rule({ description: "A", start_port: 9000, end_port: 65536 })),
    ).toEqual({ end_port: ["end_port.out_of_range"] });
    expect(
      await refused("POST", "/router/7001/port-forwarding-rules", rule({ description: "A", start_port: 9010, end_port: 9000 })),
    ).toEqual({ end_port: ["end_port.before_start"] });
    expect(await refused("POST", "/router/7001/port-forwarding-rules", rule({ description: "A", start_port: "80a" }))).toEqual({
      start_port: ["start_port.invalid"],
    });
    expect(
      await refused(
        "POST",
        "/router/7001/port-forwarding-rules",
        rule({ description: "A", start_port: 9000, end_port: 9010, destination_port: 65530 }),
      ),
    ).toEqual({
      destination_port: ["destination_port.out_of_range"],
    });
  });

  it("refuses a destination outside the LAN subnet or the router itself", async () => {
    expect(
      await refused(
        "POST",
        "/router/7001/port-forwarding-rules",
        rule({ description: "A", start_port: 9000, destination_address: "192.168.2.5" }),
      ),
    ).toEqual({
      destination_address: ["destination_address.outside_subnet"],
    });
    expect(
      await refused(
        "POST",
        "/router/7001/port-forwarding-rules",
        rule({ description: "A", start_port: 9000, destination_address: "8.8.8.8" }),
      ),
    ).toEqual({
      destination_address: ["destination_address.outside_subnet"],
    });
    expect(
      await refused(
        "POST",
        "/router/7001/port-forwarding-rules",
        rule({ description: "A", start_port: 9000, destination_address: "192.168.1.1" }),
      ),
    ).toEqual({
      destination_address: ["destination_address.router_address"],
    });
  });

  it("refuses a range overlapping another rule on the same protocol, and allows it on the other one", async () => {
    // "Minecraft server" forwards 25565 on both protocols.
    expect(
      await refused(
        "POST",
        "/router/7001/port-forwarding-rules",
        rule({ description: "A", protocol: "UDP", start_port: 25560, end_port: 25570 }),
      ),
    ).toEqual({
      start_port: ["start_port.overlaps"],
    });
    // "Camera streams" is 50010-50019 UDP.
    expect(
      await refused("POST", "/router/7001/port-forwarding-rules", rule({ description: "A", protocol: "both", start_port: 50019 })),
    ).toEqual({
      start_port: ["start_port.overlaps"],
    });
    const tcp = await api.call("POST", "/router/7001/port-forwarding-rules", {
      token: resi,
      json: rule({ description: "Camera control", start_port: 50015, destination_port: null }),
    });
    expect(tcp.status).toBe(201);
  });

  it("replaces a rule (its own description and ports do not clash with itself) and answers 404 for another router's rule", async () => {
    const rules = PortForwardingRulesAnswer.parse(
      (await api.call("GET", "/router/7001/port-forwarding-rules", { token: resi })).body,
    ).port_forwarding_rules;
    const camera = rules.find((r) => r.description === "Camera streams")!;
    const { status, body } = await api.call("PUT", `/router/7001/port-forwarding-rules/${camera.id}`, {
      token: resi,
      json: {
        description: "Camera streams",
        protocol: "UDP",
        start_port: 50010,
        end_port: 50012,
        destination_address: "192.168.1.107",
        enabled: true,
      },
    });
    expect(status).toBe(200);
    expect(PortForwardingRuleAnswer.parse(body).rule).toMatchObject({ id: camera.id, end_port: 50012, enabled: true });
    expect(
      await refused("PUT", `/router/7001/port-forwarding-rules/${camera.id}`, {
        description: "Minecraft server",
        protocol: "UDP",
        start_port: 50010,
        destination_address: "192.168.1.107",
      }),
    ).toEqual({ description: ["description.taken"] });

    const [other] = await api.db.query<{ id: number }>("SELECT id FROM port_forwarding_rules WHERE service_id = 7201");
    expect(
      (
        await api.call("PUT", `/router/7001/port-forwarding-rules/${other.id}`, {
          token: resi,
          json: rule({ description: "X", start_port: 9100 }),
        })
      ).status,
    ).toBe(404);
    expect((await api.call("DELETE", `/router/7001/port-forwarding-rules/${other.id}`, { token: resi })).status).toBe(404);
  });

  it("removes a rule, then answers 404 for it", async () => {
    const rules = PortForwardingRulesAnswer.parse(
      (await api.call("GET", "/router/7001/port-forwarding-rules", { token: resi })).body,
    ).port_forwarding_rules;
    const web = rules.find((r) => r.description === "Web server")!;
    const { status, body } = await api.call("DELETE", `/router/7001/port-forwarding-rules/${web.id}`, { token: resi });
    expect(status).toBe(200);
    expect(PortForwardingRulesAnswer.parse(body).port_forwarding_rules.map((r) => r.id)).not.toContain(web.id);
    expect((await api.call("DELETE", `/router/7001/port-forwarding-rules/${web.id}`, { token: resi })).status).toBe(404);
  });

  it("refuses more than 32 rules on a router", async () => {
    for (let i = 0; i < 32; i++) {
      await api.db.query(
        "INSERT INTO port_forwarding_rules (service_id, description, protocol, start_port, destination_address) VALUES (7301, $1, 'TCP', $2, '192.168.0.12')",
        [`Rule ${i}`, 10_000 + i],
      );
    }
    expect(
      await refused(
        "POST",
        "/router/7301/port-forwarding-rules",
        rule({ start_port: 20_000, destination_address: "192.168.0.12" }),
        family,
      ),
    ).toEqual({
      _form: ["_form.too_many_rules"],
    });
  });
});

describe("GET /external_links/beanmachine", () => {
  afterEach(() => {
    delete process.env.BEANMACHINE_WS_URL;
  });

  it("answers the default WebSocket URL, or BEANMACHINE_WS_URL when it is a ws(s) URL", async () => {
    delete process.env.BEANMACHINE_WS_URL;
    const first = await api.call("GET", "/external_links/beanmachine", { token: resi });
    expect(first.status).toBe(200);
    expect(BeanmachineAnswer.parse(first.body).wsUrl).toBe(DEFAULT_BEANMACHINE_WS_URL);

    process.env.BEANMACHINE_WS_URL = "wss://diagnostics.example.net/live";
    expect(BeanmachineAnswer.parse((await api.call("GET", "/external_links/beanmachine", { token: family })).body).wsUrl).toBe(
      "wss://diagnostics.example.net/live",
    );

    process.env.BEANMACHINE_WS_URL = "https://not-a-socket.example.net";
    expect(BeanmachineAnswer.parse((await api.call("GET", "/external_links/beanmachine", { token: resi })).body).wsUrl).toBe(
      DEFAULT_BEANMACHINE_WS_URL,
    );
  });
});
