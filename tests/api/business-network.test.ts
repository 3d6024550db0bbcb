import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AlertsAnswer,
  AllocationsAnswer,
  BandwidthAnswer,
  EndpointDetailsAnswer,
  PowerUsageAnswer,
  UpdateEndpointAnswer,
} from "#contract/business-network";
import { ErrorAnswer } from "#contract/common";
import { AccountIncidentsAnswer } from "#contract/status";
import { describeIpBlock } from "../../api/service/endpoints.ts";
import { percentile95 } from "#common/charts";
import { formatIp, parseIp } from "#common/net";
import { createTestApi, type TestApi } from "./support/api.ts";

/** Demo services (api/db/seed/core.ts): Priya is authoritative on 200301, 200302 and 200308 and only
 * billing + notify on 200305. */
const DIA = 8001; // dedicated internet of 200301
const DIA_DOWN = 8024; // dedicated internet of 200308, down since last night
const DIA_BILLING_ONLY = 8016; // dedicated internet of 200305
const WAVELENGTH = 8002; // 200301
const CABINET = 8005; // colocation of 200302

let api: TestApi;
let business: string;
let resi: string;

beforeAll(async () => {
  api = await createTestApi();
  [business, resi] = await Promise.all([api.signIn("business@example.com"), api.signIn("resi@example.com")]);
});
afterAll(() => api.close());

const errorsOf = (body: unknown) => ErrorAnswer.parse(body).errors ?? {};

/** Ranges the API refuses (its day is 2026-11-15), and the codes of each. */
const BAD_RANGES: [Record<string, string>, Record<string, string[]>][] = [
  [{ from_date: "2026-13-01" }, { from_date: ["from_date.invalid"] }],
  [{ to_date: "yesterday" }, { to_date: ["to_date.invalid"] }],
  [{ from_date: "2026-11-12", to_date: "2026-11-10" }, { to_date: ["to_date.before_from"] }],
  [{ from_date: "2026-09-16", to_date: "2026-11-15" }, { to_date: ["to_date.range_too_long"] }],
  [{ to_date: "2026-11-16" }, { to_date: ["to_date.in_future"] }],
  [{ from_date: "2026-11-20" }, { from_date: ["from_date.in_future"] }],
];

describe("IP block arithmetic", () => {
  it("gives a /29 six usable addresses between the network and broadcast addresses, the first as gateway", () => {
    expect(describeIpBlock("203.0.113.8/29")).toEqual({
      family: 4,
      cidr: "203.0.113.8/29",
      network: "203.0.113.8",
      prefix_length: 29,
      subnet_mask: "255.255.255.248",
      gateway: "203.0.113.9",
      usable: { first: "203.0.113.9", last: "203.0.113.14", count: "6" },
    });
  });

  it("handles other IPv4 sizes, point-to-point links and single addresses", () => {
    expect(describeIpBlock("198.51.100.0/30").usable).toEqual({ first: "198.51.100.1", last: "198.51.100.2", count: "2" });
    expect(describeIpBlock("198.51.100.16/28").usable.count).toBe("14");
    expect(describeIpBlock("10.0.0.0/8").subnet_mask).toBe("255.0.0.0");
    expect(describeIpBlock("10.0.0.0/8").usable).toEqual({ first: "10.0.0.1", last: "10.255.255.254", count: "16777214" });
    expect(describeIpBlock("192.0.2.4/31").usable).toEqual({ first: "192.0.2.4", last: "192.0.2.5", count: "2" });
    const single = describeIpBlock("192.0.2.7/32");
    expect(single.gateway).toBeNull();
    expect(single.usable).toEqual({ first: "192.0.2.7", last: "192.0.2.7", count: "1" });
  });

  it("computes IPv6 blocks exactly (no broadcast; the subnet-router anycast address is left out)", () => {
    const link = describeIpBlock("2001:db8:100:1000::/64");
    expect(link.subnet_mask).toBe("ffff:ffff:ffff:ffff::");
    expect(link.gateway).toBe("2001:db8:100:1000::1");
    expect(link.usable).toEqual({
      first: "2001:db8:100:1000::1",
      last: "2001:db8:100:1000:ffff:ffff:ffff:ffff",
      count: "18446744073709551615",
    });
    expect(describeIpBlock("2001:db8:1000::/48").usable.count).toBe(String(2n ** 80n - 1n));
    expect(describeIpBlock("2001:db8::/127").usable).toEqual({ first: "2001:db8::", last: "2001:db8::1", count: "2" });
  });

  it("parses and formats addresses as RFC 5952 recommends, and refuses blocks with host bits set", () => {
    expect(formatIp(parseIp("2001:0db8:0000:0000:0001:0000:0000:0001")!)).toBe("2001:db8::1:0:0:1");
    expect(formatIp(parseIp("2001:db8:0:1:1:1:1:1")!)).toBe("2001:db8:0:1:1:1:1:1");
    expect(formatIp(parseIp("::")!)).toBe("::");
    expect(parseIp("::ffff:192.0.2.1")!.value).toBe(0xffffc0000201n);
    expect(parseIp("256.1.1.1")).toBeNull();
    expect(parseIp("1::2::3")).toBeNull();
    expect(() => describeIpBlock("203.0.113.9/29")).toThrow();
  });
});

describe("95th percentile", () => {
  it("sets the top 5% of samples aside and answers the highest remaining one", () => {
    expect(percentile95(Array.from({ length: 20 }, (_, i) => 20 - i))).toBe(19);
    const hundred = Array.from({ length: 100 }, (_, i) => ((i * 37) % 100) + 1); // 1..100 shuffled
    expect(percentile95(hundred)).toBe(95);
    expect(percentile95(Array.from({ length: 30 }, (_, i) => i + 1))).toBe(29); // 28.5 rounds up to the 29th
    expect(percentile95([7])).toBe(7);
    expect(percentile95([])).toBeNull();
  });
});

describe("authorization", () => {
  const reads = [
    `/internet/${DIA}/endpoint`,
    `/internet/${DIA}/allocations`,
    `/internet/${DIA}/alerts`,
    `/internet/${DIA}/bandwidth`,
    `/cabinet-spaces/${CABINET}/power-usage`,
  ];

  it("answers 401 without a token", async () => {
    for (const path of reads) expect((await api.call("GET", path)).status, path).toBe(401);
    expect((await api.call("PUT", `/internet/${DIA}/endpoint`, { json: { label: "x" } })).status).toBe(401);
  });

  it("answers 403 for another user's service and for a service that does not exist, alike", async () => {
    for (const path of reads) expect((await api.call("GET", path, { token: resi })).status, path).toBe(403);
    expect((await api.call("GET", "/internet/999999/endpoint", { token: business })).status).toBe(403);
    expect((await api.call("GET", "/cabinet-spaces/999999/power-usage", { token: business })).status).toBe(403);
    expect((await api.call("PUT", `/internet/${DIA}/endpoint`, { token: resi, json: { label: "x" } })).status).toBe(403);
  });

  it("answers 404 for a service of another kind", async () => {
    for (const path of [
      `/internet/${CABINET}/endpoint`,
      `/internet/${WAVELENGTH}/bandwidth`,
      `/internet/${WAVELENGTH}/allocations`,
      `/internet/${CABINET}/alerts`,
    ]) {
      expect((await api.call("GET", path, { token: business })).status, path).toBe(404);
    }
    expect((await api.call("GET", `/cabinet-spaces/${DIA}/power-usage`, { token: business })).status).toBe(404);
    expect((await api.call("PUT", `/internet/${CABINET}/endpoint`, { token: business, json: { label: "x" } })).status).toBe(404);
  });

  it("lets a contact without the authoritative or support role read an endpoint but not change it", async () => {
    const read = await api.call("GET", `/internet/${DIA_BILLING_ONLY}/endpoint`, { token: business });
    expect(read.status).toBe(200);
    const write = await api.call("PUT", `/internet/${DIA_BILLING_ONLY}/endpoint`, { token: business, json: { label: "Mine now" } });
    expect(write.status).toBe(403);
    const after = EndpointDetailsAnswer.parse((await api.call("GET", `/internet/${DIA_BILLING_ONLY}/endpoint`, { token: business })).body);
    expect(after.endpoint_details.label).toBe(EndpointDetailsAnswer.parse(read.body).endpoint_details.label);
  });
});

describe("GET /internet/{id}/endpoint", () => {
  it("answers the circuit, hand-off, address, status and monitoring settings", async () => {
    const { status, body } = await api.call("GET", `/internet/${DIA}/endpoint`, { token: business });
    expect(status).toBe(200);
    const details = EndpointDetailsAnswer.parse(body).endpoint_details;
    expect(details).toMatchObject({
      service_id: DIA,
      customer_id: 200301,
      name: "Dedicated Internet 1 Gbps",
      circuit_id: "LF-TOR-DIA-08001",
      service_address: "100 Queens Quay East\nFloor 3\nToronto ON M5E 1V3",
      speed_mbps: 1000,
      handoff: "1000BASE-LX (single-mode fibre, LC)",
      vlan_id: null,
      status: "up",
      label: "Head office primary",
    });
    expect(details.alert_emails).toContain("business@example.com");
    // Only contacts holding the notify role may be chosen.
    const roles = await api.db.query<{ id: number; roles: string[] }>("SELECT id, roles FROM contacts WHERE customer_id = 200301");
    const notifiable = roles.filter((c) => c.roles.includes("notify")).map((c) => c.id);
    expect(details.notification_contact_options.map((c) => c.contact_id).sort()).toEqual(notifiable.sort());
    expect(notifiable).toContain(details.notification_contact!.contact_id);
  });

  it("answers the name in French when asked", async () => {
    const { body } = await api.call("GET", `/internet/${DIA}/endpoint`, { token: business, headers: { "Accept-Language": "fr-CA" } });
    expect(EndpointDetailsAnswer.parse(body).endpoint_details.name).toBe("Internet dédié 1 Gbit/s");
  });

  it("shows the status of a service that is down", async () => {
    const { body } = await api.call("GET", `/internet/${DIA_DOWN}/endpoint`, { token: business });
    expect(EndpointDetailsAnswer.parse(body).endpoint_details.status).toBe("down");
  });

  it("answers the service's open incidents with its details when asked, as their own call does", async () => {
    for (const language of ["en", "fr"]) {
      const get = async (path: string) => {
        const { status, body } = await api.call("GET", path, { token: business, headers: { "Accept-Language": language } });
        expect(status, JSON.stringify(body)).toBe(200);
        return body;
      };
      const alone = EndpointDetailsAnswer.parse(await get(`/internet/${DIA}/endpoint`));
      expect(alone).not.toHaveProperty("incidents");
      const both = EndpointDetailsAnswer.parse(await get(`/internet/${DIA}/endpoint?include=incidents`));
      expect(both.endpoint_details).toEqual(alone.endpoint_details);
      const own = AccountIncidentsAnswer.parse(await get(`/status/services/${DIA}`)).incidents;
      expect(own.length).toBeGreaterThan(0);
      expect(both.incidents).toEqual(own);
    }
    // A service no incident touches: an empty list, not a missing one.
    const quiet = EndpointDetailsAnswer.parse(
      (await api.call("GET", `/internet/${DIA_BILLING_ONLY}/endpoint?include=incidents`, { token: business })).body,
    );
    expect(quiet.incidents).toEqual([]);
    expect(
      AccountIncidentsAnswer.parse((await api.call("GET", `/status/services/${DIA_BILLING_ONLY}`, { token: business })).body).incidents,
    ).toEqual([]);
  });

  it("answers its alerts and IP blocks with its details when asked, as their own calls do", async () => {
    const get = async (path: string) => {
      const { status, body } = await api.call("GET", path, { token: business });
      expect(status, JSON.stringify(body)).toBe(200);
      return body;
    };
    let alerts = 0;
    let blocks = 0;
    for (const service of [DIA, DIA_DOWN, DIA_BILLING_ONLY]) {
      const alone = EndpointDetailsAnswer.parse(await get(`/internet/${service}/endpoint`));
      expect(alone).not.toHaveProperty("alerts");
      expect(alone).not.toHaveProperty("allocations");
      const all = EndpointDetailsAnswer.parse(await get(`/internet/${service}/endpoint?include=incidents,alerts,allocations`));
      expect(all.endpoint_details).toEqual(alone.endpoint_details);
      expect(all.incidents).toEqual(AccountIncidentsAnswer.parse(await get(`/status/services/${service}`)).incidents);
      // Newest first, as many as the call gives, each with its time as an ISO instant: the same list.
      const ownAlerts = AlertsAnswer.parse(await get(`/internet/${service}/alerts`)).alerts;
      expect(all.alerts).toEqual(ownAlerts);
      const ownBlocks = AllocationsAnswer.parse(await get(`/internet/${service}/allocations`)).allocations;
      expect(all.allocations).toEqual(ownBlocks);
      alerts += ownAlerts.length;
      blocks += ownBlocks.length;
      // One part alone comes alone.
      const onlyBlocks = EndpointDetailsAnswer.parse(await get(`/internet/${service}/endpoint?include=allocations`));
      expect(onlyBlocks.allocations).toEqual(ownBlocks);
      expect(onlyBlocks).not.toHaveProperty("alerts");
      expect(onlyBlocks).not.toHaveProperty("incidents");
    }
    expect(alerts).toBeGreaterThan(1);
    expect(blocks).toBeGreaterThan(1);
  });

  it("answers its bandwidth with its details when asked, as the bandwidth's own call does for the same query", async () => {
    const get = async (path: string, query: Record<string, string | number> = {}) => {
      const { status, body } = await api.call("GET", path, { token: business, query });
      expect(status, JSON.stringify(body)).toBe(200);
      return body;
    };
    const queries: Record<string, string | number>[] = [
      {},
      { from_date: "2026-10-20", to_date: "2026-11-15" },
      { from_date: "2026-11-01", points: 480 },
      { points: 50 },
    ];
    for (const service of [DIA, DIA_DOWN]) {
      const alone = EndpointDetailsAnswer.parse(await get(`/internet/${service}/endpoint`));
      expect(alone).not.toHaveProperty("bandwidth");
      for (const query of queries) {
        const own = BandwidthAnswer.parse(await get(`/internet/${service}/bandwidth`, query)).bandwidth;
        const both = EndpointDetailsAnswer.parse(await get(`/internet/${service}/endpoint`, { include: "incidents,bandwidth", ...query }));
        expect(both.endpoint_details).toEqual(alone.endpoint_details);
        expect(both.bandwidth, JSON.stringify(query)).toEqual(own);
      }
    }
    // Without the include, dates and points are not read.
    const ignored = EndpointDetailsAnswer.parse(
      await get(`/internet/${DIA}/endpoint`, { include: "alerts", from_date: "soon", points: "x" }),
    );
    expect(ignored).not.toHaveProperty("bandwidth");
  });

  it("refuses the bandwidth it includes for a bad range or number of points, as the bandwidth's own call does", async () => {
    for (const [query, errors] of [...BAD_RANGES, [{ points: "0" }, { points: ["points.invalid"] }] as const]) {
      const { status, body } = await api.call("GET", `/internet/${DIA}/endpoint`, {
        token: business,
        query: { include: "bandwidth", ...query },
      });
      expect(status, JSON.stringify(query)).toBe(422);
      expect(errorsOf(body), JSON.stringify(query)).toEqual(errors);
    }
  });

  it("answers empty lists, not missing ones, for an endpoint without alerts or IP blocks", async () => {
    await api.db.query("DELETE FROM endpoint_alerts WHERE service_id = $1", [DIA_BILLING_ONLY]);
    await api.db.query("DELETE FROM ip_blocks WHERE service_id = $1", [DIA_BILLING_ONLY]);
    const { status, body } = await api.call("GET", `/internet/${DIA_BILLING_ONLY}/endpoint?include=alerts,allocations`, {
      token: business,
    });
    expect(status).toBe(200);
    const answer = EndpointDetailsAnswer.parse(body);
    expect(answer.alerts).toEqual([]);
    expect(answer.allocations).toEqual([]);
  });

  it("refuses an include it does not know, and another user's service whatever it includes", async () => {
    for (const include of ["billing_details", "incidents,", "incidents;DROP", ""]) {
      const { status, body } = await api.call("GET", `/internet/${DIA}/endpoint?include=${encodeURIComponent(include)}`, {
        token: business,
      });
      expect(status, include).toBe(422);
      expect(errorsOf(body)).toEqual({ include: ["include.invalid"] });
    }
    expect((await api.call("GET", `/internet/${DIA}/endpoint?include=incidents`, { token: resi })).status).toBe(403);
    expect((await api.call("GET", `/internet/${DIA}/endpoint?include=bandwidth`, { token: resi })).status).toBe(403);
    expect((await api.call("GET", `/internet/${WAVELENGTH}/endpoint?include=bandwidth`, { token: business })).status).toBe(404);
  });
});

describe("PUT /internet/{id}/endpoint", () => {
  const SERVICE = 8020; // dedicated internet of 200307 (Priya authoritative)

  it("saves the label, description, alert e-mails and notified contact from form data", async () => {
    const contact = await api.db.one<{ id: number }>(
      "SELECT id FROM contacts WHERE customer_id = 200307 AND 'notify' = ANY(roles) ORDER BY id DESC LIMIT 1",
    );
    const { status, body } = await api.call("PUT", `/internet/${SERVICE}/endpoint`, {
      token: business,
      form: {
        label: "  Main office  ",
        description: "Patched in rack 2",
        alert_emails: "NOC@Yorkville.example; ops@yorkville.example\nnoc@yorkville.example",
        notification_contact_id: String(contact!.id),
      },
    });
    expect(status).toBe(200);
    const saved = UpdateEndpointAnswer.parse(body).endpoint_details;
    expect(saved).toMatchObject({
      label: "Main office",
      description: "Patched in rack 2",
      alert_emails: ["noc@yorkville.example", "ops@yorkville.example"],
      notification_contact: { contact_id: contact!.id },
    });
    expect(saved.updated_at).toBe(api.clock.now.toISOString());
    const again = EndpointDetailsAnswer.parse((await api.call("GET", `/internet/${SERVICE}/endpoint`, { token: business })).body);
    expect(again.endpoint_details).toEqual(saved);
  });

  it("clears what is left out or empty (JSON)", async () => {
    const { status, body } = await api.call("PUT", `/internet/${SERVICE}/endpoint`, {
      token: business,
      json: { label: "Backup", alert_emails: [], notification_contact_id: null },
    });
    expect(status).toBe(200);
    expect(UpdateEndpointAnswer.parse(body).endpoint_details).toMatchObject({
      label: "Backup",
      description: null,
      alert_emails: [],
      notification_contact: null,
    });
  });

  it("refuses invalid alert e-mails, naming them, and leaves the settings as they were", async () => {
    const before = (await api.call("GET", `/internet/${SERVICE}/endpoint`, { token: business })).body;
    const { status, body } = await api.call("PUT", `/internet/${SERVICE}/endpoint`, {
      token: business,
      form: { label: "Changed", alert_emails: "good@example.com, not-an-email; bob@" },
    });
    expect(status).toBe(422);
    expect(errorsOf(body)).toEqual({ alert_emails: ["alert_emails.invalid"] });
    expect(ErrorAnswer.parse(body).message).toContain("not-an-email, bob@");
    expect((await api.call("GET", `/internet/${SERVICE}/endpoint`, { token: business })).body).toEqual(before);
  });

  it("refuses more than five alert e-mails and a label over 80 characters", async () => {
    const six = Array.from({ length: 6 }, (_, i) => `noc${i}@example.com`).join(",");
    const { status, body } = await api.call("PUT", `/internet/${SERVICE}/endpoint`, {
      token: business,
      json: { label: "x".repeat(81), alert_emails: six },
    });
    expect(status).toBe(422);
    expect(errorsOf(body)).toEqual({ label: ["label.too_long"], alert_emails: ["alert_emails.too_many"] });
  });

  it("refuses a notified contact of another account, one without the notify role, and a non-number", async () => {
    const stranger = await api.db.one<{ id: number }>("SELECT id FROM contacts WHERE customer_id = 100101 LIMIT 1");
    const other = await api.call("PUT", `/internet/${SERVICE}/endpoint`, {
      token: business,
      json: { label: "x", notification_contact_id: stranger!.id },
    });
    expect(other.status).toBe(422);
    expect(errorsOf(other.body)).toEqual({ notification_contact_id: ["notification_contact_id.not_found"] });

    const quiet = await api.db.one<{ id: number }>(
      `INSERT INTO contacts (customer_id, first_name, last_name, email, status, roles)
       VALUES (200307, 'Billing', 'Only', 'billing.only@yorkville.example', 'activated', '{billing}') RETURNING id`,
    );
    const noRole = await api.call("PUT", `/internet/${SERVICE}/endpoint`, {
      token: business,
      form: { label: "x", notification_contact_id: String(quiet!.id) },
    });
    expect(noRole.status).toBe(422);
    expect(errorsOf(noRole.body)).toEqual({ notification_contact_id: ["notification_contact_id.not_notify"] });

    const garbage = await api.call("PUT", `/internet/${SERVICE}/endpoint`, {
      token: business,
      form: { label: "x", notification_contact_id: "abc" },
    });
    expect(garbage.status).toBe(422);
    expect(errorsOf(garbage.body)).toEqual({ notification_contact_id: ["notification_contact_id.invalid"] });
  });

  it("lets a contact with only the support role change the settings", async () => {
    // Priya holds support and notify on 200304; 8012 is its dedicated internet.
    const { status, body } = await api.call("PUT", "/internet/8012/endpoint", { token: business, json: { label: "Plant uplink" } });
    expect(status).toBe(200);
    expect(UpdateEndpointAnswer.parse(body).endpoint_details.label).toBe("Plant uplink");
  });
});

describe("GET /internet/{id}/allocations", () => {
  it("lists IPv4 then IPv6 blocks with gateway, mask and usable addresses", async () => {
    const { status, body } = await api.call("GET", `/internet/${DIA}/allocations`, { token: business });
    expect(status).toBe(200);
    const { allocations } = AllocationsAnswer.parse(body);
    expect(allocations.map((a) => a.family)).toEqual([4, 6, 6]);
    expect(allocations[0]).toMatchObject({
      cidr: "203.0.113.0/29",
      subnet_mask: "255.255.255.248",
      gateway: "203.0.113.1",
      usable: { first: "203.0.113.1", last: "203.0.113.6", count: "6" },
    });
    expect(allocations.map((a) => a.cidr)).toEqual(["203.0.113.0/29", "2001:db8:1000::/48", "2001:db8:100:1000::/64"]);
    expect(allocations[2].usable.count).toBe("18446744073709551615");
  });

  it("never hands out overlapping blocks (the database refuses them)", async () => {
    await expect(
      api.db.query("INSERT INTO ip_blocks (service_id, network, assigned_on) VALUES ($1, '203.0.113.4/30', '2026-11-15')", [8003]),
    ).rejects.toThrow();
  });
});

describe("GET /internet/{id}/alerts", () => {
  it("answers the history newest first, up to now", async () => {
    const { status, body } = await api.call("GET", `/internet/${DIA}/alerts`, { token: business });
    expect(status).toBe(200);
    const { alerts } = AlertsAnswer.parse(body);
    expect(alerts.length).toBeGreaterThanOrEqual(4);
    const times = alerts.map((a) => a.time);
    expect([...times].sort().reverse()).toEqual(times);
    expect(times[0] <= api.clock.now.toISOString()).toBe(true);
    expect(new Set(alerts.map((a) => a.status))).toEqual(new Set(["up", "down"]));
    expect(alerts.every((a) => a.port === "ge-0/0/0")).toBe(true);
  });

  it("ends with the open outage of a service that is down", async () => {
    const { alerts } = AlertsAnswer.parse((await api.call("GET", `/internet/${DIA_DOWN}/alerts`, { token: business })).body);
    expect(alerts[0]).toMatchObject({ status: "down", event: "Interface down", time: "2026-11-14T22:17:00.000Z" });
  });
});

describe("GET /internet/{id}/bandwidth", () => {
  it("defaults to the last 7 days, with the samples completed by now", async () => {
    const { status, body } = await api.call("GET", `/internet/${DIA}/bandwidth`, { token: business });
    expect(status).toBe(200);
    const { bandwidth } = BandwidthAnswer.parse(body);
    expect(bandwidth).toMatchObject({ from_date: "2026-11-09", to_date: "2026-11-15", speed_mbps: 1000, interval_seconds: 3600 });
    // Six whole days and the hours of today that are over (the clock says 15:00: 00:00..14:00).
    expect(bandwidth.samples!).toHaveLength(6 * 24 + 15);
    expect(bandwidth.samples![0].time).toBe("2026-11-09T00:00:00.000Z");
    expect(bandwidth.samples!.at(-1)!.time).toBe("2026-11-15T14:00:00.000Z");
    for (const way of [bandwidth.download, bandwidth.upload]) {
      expect(way.percentile_95_mbps!).toBeGreaterThan(0);
      expect(way.percentile_95_mbps!).toBeLessThanOrEqual(way.peak_mbps!);
      expect(way.average_mbps!).toBeLessThanOrEqual(way.peak_mbps!);
      expect(way.volume_gb).toBeCloseTo(way.volume_bytes / 1e9, 2);
    }
    expect(bandwidth.download.peak_mbps).toBe(Math.max(...bandwidth.samples!.map((s) => s.download_mbps)));
  });

  it("carries nothing on a service that is down, from its outage on", async () => {
    const { bandwidth } = BandwidthAnswer.parse((await api.call("GET", `/internet/${DIA_DOWN}/bandwidth`, { token: business })).body);
    // Down at 22:17 yesterday (its last alert): traffic until then, a part of that hour, nothing after.
    const before = bandwidth.samples!.filter((s) => s.time < "2026-11-14T22:00:00.000Z");
    const [outageHour] = bandwidth.samples!.filter((s) => s.time === "2026-11-14T22:00:00.000Z");
    const after = bandwidth.samples!.filter((s) => s.time > "2026-11-14T22:00:00.000Z");
    expect(before.every((s) => s.download_mbps > 0)).toBe(true);
    expect(outageHour.download_mbps).toBeGreaterThan(0);
    expect(outageHour.download_mbps).toBeLessThan(Math.max(...before.map((s) => s.download_mbps)));
    expect(after).toHaveLength(16);
    expect(after.every((s) => s.download_mbps === 0 && s.upload_mbps === 0)).toBe(true);
  });

  it("computes the 95th percentile, peak, average and volume of known samples", async () => {
    // Replace one day of 8003's samples by 20 hours at 1..20 Mbps down and twice that up.
    await api.db.query(
      "DELETE FROM bandwidth_samples WHERE service_id = 8003 AND sampled_at >= '2026-11-10T00:00Z' AND sampled_at < '2026-11-11T00:00Z'",
    );
    const bytesPerHourAt1Mbps = 450_000_000;
    for (let hour = 0; hour < 20; hour++) {
      const mbps = ((hour * 7) % 20) + 1; // 1..20 in a shuffled order
      await api.db.query(
        "INSERT INTO bandwidth_samples (service_id, sampled_at, interval_seconds, download_bytes, upload_bytes) VALUES (8003, $1, 3600, $2, $3)",
        [new Date(Date.UTC(2026, 10, 10, hour)), mbps * bytesPerHourAt1Mbps, 2 * mbps * bytesPerHourAt1Mbps],
      );
    }
    const { status, body } = await api.call("GET", "/internet/8003/bandwidth", {
      token: business,
      query: { from_date: "2026-11-10", to_date: "2026-11-10" },
    });
    expect(status).toBe(200);
    const { bandwidth } = BandwidthAnswer.parse(body);
    expect(bandwidth.samples!).toHaveLength(20);
    expect(bandwidth.download).toEqual({
      percentile_95_mbps: 19,
      peak_mbps: 20,
      average_mbps: 10.5,
      volume_bytes: 210 * bytesPerHourAt1Mbps,
      volume_gb: 94.5,
    });
    expect(bandwidth.upload).toMatchObject({ percentile_95_mbps: 38, peak_mbps: 40, average_mbps: 21, volume_gb: 189 });
  });

  it("accepts a range of 60 days, and only from_date (a week from it)", async () => {
    const full = await api.call("GET", `/internet/${DIA}/bandwidth`, {
      token: business,
      query: { from_date: "2026-09-17", to_date: "2026-11-15" },
    });
    expect(full.status).toBe(200);
    expect(BandwidthAnswer.parse(full.body).bandwidth.samples!).toHaveLength(59 * 24 + 15);
    const week = await api.call("GET", `/internet/${DIA}/bandwidth`, { token: business, query: { from_date: "2026-11-01", to_date: "" } });
    expect(BandwidthAnswer.parse(week.body).bandwidth).toMatchObject({ from_date: "2026-11-01", to_date: "2026-11-07" });
    expect(BandwidthAnswer.parse(week.body).bandwidth.samples!).toHaveLength(7 * 24);
  });

  it("refuses bad dates and bad ranges", async () => {
    for (const [query, errors] of BAD_RANGES) {
      const { status, body } = await api.call("GET", `/internet/${DIA}/bandwidth`, { token: business, query });
      expect(status, JSON.stringify(query)).toBe(422);
      expect(errorsOf(body), JSON.stringify(query)).toEqual(errors);
    }
  });
});

describe("GET /cabinet-spaces/{serviceId}/power-usage", () => {
  it("answers each circuit's samples, breaker limits, peak, average and energy", async () => {
    const { status, body } = await api.call("GET", `/cabinet-spaces/${CABINET}/power-usage`, {
      token: business,
      query: { from_date: "2026-11-01", to_date: "2026-11-14" },
    });
    expect(status).toBe(200);
    const { data } = PowerUsageAnswer.parse(body);
    expect(data).toMatchObject({
      service_id: CABINET,
      customer_id: 200302,
      from_date: "2026-11-01",
      to_date: "2026-11-14",
      interval_seconds: 3600,
    });
    expect(data.cabinet.address).toBe("151 Front Street West\nSuite 605\nToronto ON M5J 2N1");
    expect(data.circuits.map((c) => c.name)).toEqual(["A feed", "B feed"]);
    for (const circuit of data.circuits) {
      expect(circuit).toMatchObject({ voltage: 208, breaker_amps: 30, max_continuous_amps: 24 });
      expect(circuit.samples!).toHaveLength(14 * 24);
      const amps = circuit.samples!.map((s) => s.amps);
      expect(circuit.peak_amps).toBe(Math.max(...amps));
      expect(circuit.average_amps).toBeCloseTo(amps.reduce((a, b) => a + b, 0) / amps.length, 2);
      expect(circuit.energy_kwh).toBeCloseTo((208 * amps.reduce((a, b) => a + b, 0)) / 1000, 1);
      expect(circuit.peak_utilization_percent).toBeCloseTo((circuit.peak_amps! / 24) * 100, 2);
      expect(circuit.peak_amps!).toBeLessThan(circuit.breaker_amps);
    }
    // This cabinet's A feed runs close to its continuous limit.
    expect(data.circuits[0].peak_utilization_percent!).toBeGreaterThan(85);
  });

  it("answers the samples completed by now, in order, each hour's time as the answers write instants", async () => {
    const { data } = PowerUsageAnswer.parse((await api.call("GET", `/cabinet-spaces/${CABINET}/power-usage`, { token: business })).body);
    for (const circuit of data.circuits) {
      // Six whole days and the hours of today that are over (the clock says 15:00: 00:00..14:00).
      expect(circuit.samples!).toHaveLength(6 * 24 + 15);
      expect(circuit.samples![0].time).toBe("2026-11-09T00:00:00.000Z");
      expect(circuit.samples!.at(-1)!.time).toBe("2026-11-15T14:00:00.000Z");
      const times = circuit.samples!.map((s) => s.time);
      expect([...times].sort()).toEqual(times);
      expect(circuit.samples!.every((s) => typeof s.amps === "number" && s.amps > 0)).toBe(true);
    }
  });

  it("sums known samples exactly, and answers a circuit without samples in the range as empty", async () => {
    const [a, b] = (
      await api.db.query<{ id: number }>("SELECT id FROM cabinet_circuits WHERE service_id = $1 ORDER BY name, id", [CABINET])
    ).map((row) => row.id);
    const day = ["2026-11-03T00:00Z", "2026-11-04T00:00Z"];
    await api.db.query("DELETE FROM power_samples WHERE circuit_id IN ($1, $2) AND sampled_at >= $3 AND sampled_at < $4", [a, b, ...day]);
    // A feed: ten hours at 1.5, 3, …, 15 A (half an hour for the last); B feed: nothing that day.
    for (let hour = 0; hour < 10; hour++) {
      await api.db.query("INSERT INTO power_samples (circuit_id, sampled_at, interval_seconds, amps) VALUES ($1, $2, $3, $4)", [
        a,
        new Date(Date.UTC(2026, 10, 3, hour)),
        hour === 9 ? 1800 : 3600,
        ((hour * 7) % 10) * 1.5 + 1.5,
      ]);
    }
    const { data } = PowerUsageAnswer.parse(
      (
        await api.call("GET", `/cabinet-spaces/${CABINET}/power-usage`, {
          token: business,
          query: { from_date: "2026-11-03", to_date: "2026-11-03" },
        })
      ).body,
    );
    const [first, second] = data.circuits;
    expect(first.samples!.map((s) => s.time)).toEqual(Array.from({ length: 10 }, (_, h) => `2026-11-03T0${h}:00:00.000Z`));
    expect(first.samples!.map((s) => s.amps)).toEqual(Array.from({ length: 10 }, (_, h) => ((h * 7) % 10) * 1.5 + 1.5));
    // Amp-seconds: 9 hours of 3600 s and one of 1800 s; the last hour (h = 9) draws 4.5 A.
    const ampSeconds = first.samples!.reduce((sum, s, h) => sum + s.amps * (h === 9 ? 1800 : 3600), 0);
    expect(first).toMatchObject({
      peak_amps: 15,
      average_amps: Math.round((ampSeconds / (9 * 3600 + 1800)) * 100) / 100,
      peak_utilization_percent: 62.5,
      energy_kwh: Math.round(((208 * ampSeconds) / 3600 / 1000) * 100) / 100,
    });
    expect(data.interval_seconds).toBe(1800);
    expect(second).toMatchObject({
      name: "B feed",
      samples: [],
      peak_amps: null,
      average_amps: null,
      peak_utilization_percent: null,
      energy_kwh: 0,
    });
  });

  it("defaults to the last 7 days and refuses bad ranges like the bandwidth does", async () => {
    const week = PowerUsageAnswer.parse((await api.call("GET", `/cabinet-spaces/${CABINET}/power-usage`, { token: business })).body);
    expect(week.data).toMatchObject({ from_date: "2026-11-09", to_date: "2026-11-15" });
    const bad = await api.call("GET", `/cabinet-spaces/${CABINET}/power-usage`, {
      token: business,
      query: { from_date: "2026-11-15", to_date: "2026-11-01" },
    });
    expect(bad.status).toBe(422);
    expect(errorsOf(bad.body)).toEqual({ to_date: ["to_date.before_from"] });
  });
});

describe("?points=: a chart and each day's figures instead of the samples", () => {
  // 30 days of hourly samples, the last day's until 14:00 (the API's clock).
  const query = { from_date: "2026-10-17", to_date: "2026-11-15" };
  const max = (values: number[]) => Math.max(...values);

  it("answers the bandwidth's slots (each the highest rate in it) and days, its summary unchanged", async () => {
    const whole = BandwidthAnswer.parse((await api.call("GET", `/internet/${DIA}/bandwidth`, { token: business, query })).body).bandwidth;
    const { status, body } = await api.call("GET", `/internet/${DIA}/bandwidth`, { token: business, query: { ...query, points: 100 } });
    expect(status).toBe(200);
    const drawn = BandwidthAnswer.parse(body).bandwidth;
    const { samples, ...figures } = whole;
    expect(drawn.samples).toBeUndefined();
    expect(drawn).toMatchObject(figures);
    // 720 hours in at most 100 slots: 8 hours each.
    const { slot_seconds, series } = drawn.chart!;
    expect(slot_seconds).toBe(8 * 3600);
    expect(series.download).toHaveLength(90);
    expect(series.download[0]).toBe(max(samples!.filter((s) => s.time < "2026-10-17T08:00:00.000Z").map((s) => s.download_mbps)));
    expect(series.upload[88]).toBe(max(samples!.filter((s) => s.time >= "2026-11-15T08:00:00.000Z").map((s) => s.upload_mbps)));
    expect(series.upload[89]).toBeNull();
    expect(max(series.download.map((value) => value ?? 0))).toBe(whole.download.peak_mbps);

    expect(drawn.days!.map((d) => d.day)).toEqual([...new Set(samples!.map((s) => s.time.slice(0, 10)))]);
    const lastDay = samples!.filter((s) => s.time.startsWith("2026-11-15"));
    expect(drawn.days!.at(-1)).toEqual({
      day: "2026-11-15",
      download_peak_mbps: max(lastDay.map((s) => s.download_mbps)),
      upload_peak_mbps: max(lastDay.map((s) => s.upload_mbps)),
      download_gb: Math.round(lastDay.reduce((sum, s) => sum + (s.download_mbps * 3600) / 8 / 1000, 0) * 100) / 100,
      upload_gb: Math.round(lastDay.reduce((sum, s) => sum + (s.upload_mbps * 3600) / 8 / 1000, 0) * 100) / 100,
    });
    const total = drawn.days!.reduce((sum, d) => sum + d.download_gb, 0);
    expect(Math.abs(total - whole.download.volume_gb)).toBeLessThan(0.01 * drawn.days!.length);
  });

  it("answers each circuit's slots and daily peaks, its figures unchanged", async () => {
    const whole = PowerUsageAnswer.parse(
      (await api.call("GET", `/cabinet-spaces/${CABINET}/power-usage`, { token: business, query })).body,
    ).data;
    const { status, body } = await api.call("GET", `/cabinet-spaces/${CABINET}/power-usage`, {
      token: business,
      query: { ...query, points: 480 },
    });
    expect(status).toBe(200);
    const drawn = PowerUsageAnswer.parse(body).data;
    expect(drawn.circuits).toHaveLength(whole.circuits.length);
    drawn.circuits.forEach((circuit, i) => {
      const { samples, ...figures } = whole.circuits[i];
      expect(circuit.samples).toBeUndefined();
      expect(circuit).toMatchObject(figures);
      // 720 hours (samples of half an hour at the shortest) in at most 480 slots: an hour and a half each.
      expect(whole.interval_seconds).toBe(1800);
      expect(circuit.chart!.slot_seconds).toBe(5400);
      const start = Date.parse("2026-10-17T00:00:00Z");
      const slots = Array.from({ length: 480 }, (_, k) => {
        const inSlot = samples!.filter((s) => Math.floor((Date.parse(s.time) - start) / 5_400_000) === k);
        return inSlot.length ? max(inSlot.map((s) => s.amps)) : null;
      });
      expect(circuit.chart!.series.amps).toEqual(slots);
      expect(max(circuit.chart!.series.amps.map((value) => value ?? 0))).toBe(circuit.peak_amps);
      const days = [...new Set(samples!.map((s) => s.time.slice(0, 10)))];
      expect(circuit.days).toEqual(
        days.map((day) => ({ day, peak_amps: max(samples!.filter((s) => s.time.startsWith(day)).map((s) => s.amps)) })),
      );
    });
  });

  it("refuses a number of points that is not a whole number from 1 to 2000 (422 points.invalid)", async () => {
    for (const path of [`/internet/${DIA}/bandwidth`, `/cabinet-spaces/${CABINET}/power-usage`]) {
      for (const points of ["0", "2001", "1.5", "many", "-3"]) {
        const { status, body } = await api.call("GET", path, { token: business, query: { ...query, points } });
        expect(status, `${path} ${points}`).toBe(422);
        expect(errorsOf(body)).toEqual({ points: ["points.invalid"] });
      }
    }
  });

  it("answers another user's service 403 and another kind of service 404, whatever is asked", async () => {
    const points = { points: 480 };
    expect((await api.call("GET", `/internet/${DIA}/bandwidth`, { token: resi, query: points })).status).toBe(403);
    expect((await api.call("GET", `/cabinet-spaces/${CABINET}/power-usage`, { token: resi, query: points })).status).toBe(403);
    expect((await api.call("GET", `/internet/${WAVELENGTH}/bandwidth`, { token: business, query: points })).status).toBe(404);
    expect((await api.call("GET", `/cabinet-spaces/${DIA}/power-usage`, { token: business, query: points })).status).toBe(404);
  });
});

describe("contract", () => {
  it("lists the endpoints and their error codes in the OpenAPI document", async () => {
    const { body } = await api.call("GET", "/openapi.json");
    expect(body.paths["/internet/{id}/bandwidth"].get["x-error-codes"]).toContain("to_date.range_too_long");
    expect(body.paths["/internet/{id}/endpoint"].put["x-error-codes"]).toContain("alert_emails.invalid");
    expect(body.paths["/cabinet-spaces/{serviceId}/power-usage"].get).toBeDefined();
  });
});
