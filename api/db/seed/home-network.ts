/**
 * The demo's home networks and TV.
 *
 * Every residential internet service gets a router with LAN settings, DHCP leases and reservations,
 * port forwarding and UPnP mappings, counters, access points and devices:
 *  - resi@example.com (service 7001, package 5001): the fullest network. A router and a basement
 *    extender, an "Office Mesh Point" first seen 8 minutes before 15:00 on the seed day (so hidden from
 *    the overview until 15:07), devices connected now, one that left 47 hours before 15:00 (shown until
 *    16:00) and a printer gone for 49 hours (not shown); leases of every type (dynamic, reserved,
 *    expired, pending); three port forwarding rules; UPnP mappings (one of them expired).
 *  - family@example.com: the router of the suspended home (7101) has been offline for three days (its
 *    statistics answer an error); the condo (7201) uses 10.0.0.0/24 and custom DNS; the parents' two
 *    routers (7301, 7303) are older models.
 * TV: line-ups "Essentials" (85 channels, resi's 7002) and "Family" (140 channels, family's 7102),
 * four theme packs, set-top boxes (the resi ones also appear as devices on the home network).
 * Times are relative to 15:00 UTC on the seed day, the moment the API tests run at, or to the moment of
 * seeding when that is earlier (SeedContext.networkMoment).
 */
import type { SeedContext } from "./core.ts";
import { addMonths } from "#common/calendar";
import { insert } from "./tools.ts";

type DeviceType = "phone" | "computer" | "tablet" | "tv" | "set_top_box" | "game_console" | "smart_home" | "printer" | "storage" | "other";

interface DeviceSeed {
  mac: string;
  name: string;
  hostname: string | null;
  type: DeviceType;
  connection: "2.4GHz" | "5GHz" | "guest" | "ethernet";
  /** Index in the network's access points (0: the router). */
  ap?: number;
  /** Minutes before the seed moment it connected. */
  connectedMinutesAgo: number;
  /** Minutes before the seed moment it left; undefined while connected. */
  leftMinutesAgo?: number;
  /** How it got its address: a lease of a kind, or a reservation. */
  address?: { ip: string; kind: "dynamic" | "reserved" | "expired" | "pending" };
}

interface AccessPointSeed {
  mac: string;
  name: string;
  model: string;
  ip: string;
  uplink: "ethernet" | "wifi" | null;
  firstSeenMinutesAgo: number;
  offlineMinutesAgo?: number;
}

interface NetworkSeed {
  serviceId: number;
  router: {
    vendor: string;
    model: string;
    generation: "legacy" | "current";
    hardware: string;
    firmware: string;
    serial: string;
    mac: string;
    wanIpv4: string;
    wanIpv6: string | null;
    bootDaysAgo: number;
    offlineMinutesAgo?: number;
  };
  lan: { ip: string; mask: string; start: string; end: string; lease: number; dns: [string | null, string | null] };
  wifi: { channel24: number; channel5: number; width5: number; security: "wpa2_personal" | "wpa2_wpa3_personal" | "wpa3_personal" };
  accessPoints: AccessPointSeed[];
  devices: DeviceSeed[];
  /** Reservations of devices not on the network now (no lease). */
  idleReservations?: { mac: string; ip: string; hostname: string }[];
  /** Offers not yet acknowledged by a device that is not connected yet. */
  pendingOffers?: { mac: string; ip: string; hostname: string | null }[];
  forwarding: {
    description: string;
    protocol: "TCP" | "UDP" | "both";
    start: number;
    end: number | null;
    to: string;
    toPort: number | null;
    enabled?: boolean;
  }[];
  upnp: {
    description: string;
    protocol: "TCP" | "UDP";
    port: number;
    to: string;
    toPort: number;
    lease: number;
    createdMinutesAgo: number;
  }[];
}

const HUB_6E = { vendor: "Nordlink", model: "HomeHub 6E", generation: "current" as const, hardware: "Rev B", firmware: "6.2.14" };
const HUB_3000 = { vendor: "Nordlink", model: "HomeHub 3000", generation: "legacy" as const, hardware: "Rev A2", firmware: "3.9.31" };
const PROVIDER_DNS = ["198.51.100.53", "198.51.100.54"];
const DAY_MINUTES = 24 * 60;

const NETWORKS: NetworkSeed[] = [
  {
    serviceId: 7001,
    router: {
      ...HUB_6E,
      serial: "NL6E2405017001",
      mac: "3C:A6:2F:10:70:01",
      wanIpv4: "203.0.113.41",
      wanIpv6: "2001:db8:4a1:7000::/56",
      bootDaysAgo: 12,
    },
    lan: { ip: "192.168.1.1", mask: "255.255.255.0", start: "192.168.1.100", end: "192.168.1.199", lease: 86_400, dns: [null, null] },
    wifi: { channel24: 6, channel5: 36, width5: 80, security: "wpa2_wpa3_personal" },
    accessPoints: [
      {
        mac: "3C:A6:2F:10:70:02",
        name: "HomeHub 6E",
        model: "HomeHub 6E",
        ip: "192.168.1.1",
        uplink: null,
        firstSeenMinutesAgo: 12 * DAY_MINUTES,
      },
      {
        mac: "3C:A6:2F:21:11:04",
        name: "Basement Extender",
        model: "MeshPoint 6",
        ip: "192.168.1.2",
        uplink: "ethernet",
        firstSeenMinutesAgo: 40 * DAY_MINUTES,
      },
      {
        mac: "3C:A6:2F:21:11:9A",
        name: "Office Mesh Point",
        model: "MeshPoint 6",
        ip: "192.168.1.3",
        uplink: "wifi",
        firstSeenMinutesAgo: 8,
      },
    ],
    devices: [
      {
        mac: "F0:99:B6:12:34:01",
        name: "Maya's iPhone",
        hostname: "Mayas-iPhone",
        type: "phone",
        connection: "5GHz",
        ap: 0,
        connectedMinutesAgo: 6 * 60,
        address: { ip: "192.168.1.101", kind: "dynamic" },
      },
      {
        mac: "A4:83:E7:5C:21:0B",
        name: "Maya's MacBook",
        hostname: "Mayas-MacBook-Air",
        type: "computer",
        connection: "5GHz",
        ap: 0,
        connectedMinutesAgo: 30 * 60,
        address: { ip: "192.168.1.102", kind: "dynamic" },
      },
      {
        mac: "00:1A:2B:70:02:01",
        name: "Living Room TV Box",
        hostname: "stb-living-room",
        type: "set_top_box",
        connection: "ethernet",
        ap: 0,
        connectedMinutesAgo: 12 * DAY_MINUTES,
        address: { ip: "192.168.1.20", kind: "reserved" },
      },
      {
        mac: "00:1A:2B:70:02:02",
        name: "Bedroom TV Box",
        hostname: "stb-bedroom",
        type: "set_top_box",
        connection: "5GHz",
        ap: 1,
        connectedMinutesAgo: 3 * DAY_MINUTES,
        address: { ip: "192.168.1.104", kind: "dynamic" },
      },
      {
        mac: "58:24:29:9E:41:C7",
        name: "Arjun's Pixel",
        hostname: "Pixel-8",
        type: "phone",
        connection: "2.4GHz",
        ap: 1,
        connectedMinutesAgo: 95,
        address: { ip: "192.168.1.105", kind: "dynamic" },
      },
      {
        mac: "18:B4:30:6A:0F:22",
        name: "Thermostat",
        hostname: "thermostat",
        type: "smart_home",
        connection: "2.4GHz",
        ap: 0,
        connectedMinutesAgo: 12 * DAY_MINUTES,
        address: { ip: "192.168.1.106", kind: "dynamic" },
      },
      {
        mac: "9C:76:13:4B:88:5D",
        name: "Front Door Camera",
        hostname: "doorbell-cam",
        type: "smart_home",
        connection: "2.4GHz",
        ap: 1,
        connectedMinutesAgo: 5 * DAY_MINUTES,
        address: { ip: "192.168.1.107", kind: "dynamic" },
      },
      {
        mac: "00:11:32:AB:CD:10",
        name: "Home NAS",
        hostname: "nas",
        type: "storage",
        connection: "ethernet",
        ap: 0,
        connectedMinutesAgo: 12 * DAY_MINUTES,
        address: { ip: "192.168.1.10", kind: "reserved" },
      },
      {
        mac: "7C:ED:8D:44:19:E0",
        name: "Xbox",
        hostname: "XBOX",
        type: "game_console",
        connection: "ethernet",
        ap: 1,
        connectedMinutesAgo: 4 * 60,
        address: { ip: "192.168.1.110", kind: "dynamic" },
      },
      {
        mac: "D0:C2:4E:3A:77:08",
        name: "Work Laptop",
        hostname: "LT-MSINGH",
        type: "computer",
        connection: "5GHz",
        ap: 2,
        connectedMinutesAgo: 7,
        address: { ip: "192.168.1.108", kind: "dynamic" },
      },
      {
        mac: "BC:D0:74:02:5E:91",
        name: "Old iPad",
        hostname: "iPad",
        type: "tablet",
        connection: "5GHz",
        ap: 0,
        connectedMinutesAgo: 50 * 60,
        leftMinutesAgo: 47 * 60,
        address: { ip: "192.168.1.111", kind: "dynamic" },
      },
      {
        mac: "6A:1F:0C:93:D2:44",
        name: "Guest Phone",
        hostname: "Galaxy-S23",
        type: "phone",
        // A visitor on the home network: the guest network is off.
        connection: "2.4GHz",
        ap: 0,
        connectedMinutesAgo: 30 * 60,
        leftMinutesAgo: 20 * 60,
        address: { ip: "192.168.1.150", kind: "expired" },
      },
      {
        mac: "30:05:5C:8E:61:2A",
        name: "Office Printer",
        hostname: "printer",
        type: "printer",
        connection: "2.4GHz",
        ap: 0,
        connectedMinutesAgo: 9 * DAY_MINUTES,
        leftMinutesAgo: 49 * 60,
        address: { ip: "192.168.1.30", kind: "reserved" },
      },
    ],
    pendingOffers: [{ mac: "E2:4B:9A:00:13:7F", ip: "192.168.1.109", hostname: null }],
    forwarding: [
      { description: "NAS remote access", protocol: "TCP", start: 8443, end: null, to: "192.168.1.10", toPort: 443 },
      { description: "Minecraft server", protocol: "both", start: 25565, end: null, to: "192.168.1.102", toPort: null },
      { description: "Camera streams", protocol: "UDP", start: 50010, end: 50019, to: "192.168.1.107", toPort: null, enabled: false },
    ],
    upnp: [
      {
        description: "Xbox (3074 UDP)",
        protocol: "UDP",
        port: 3074,
        to: "192.168.1.110",
        toPort: 3074,
        lease: 0,
        createdMinutesAgo: 4 * 60,
      },
      {
        description: "Xbox (3074 TCP)",
        protocol: "TCP",
        port: 3074,
        to: "192.168.1.110",
        toPort: 3074,
        lease: 0,
        createdMinutesAgo: 4 * 60,
      },
      {
        description: "Teams media",
        protocol: "UDP",
        port: 50_400,
        to: "192.168.1.108",
        toPort: 50_400,
        lease: 3_600,
        createdMinutesAgo: 6,
      },
      {
        description: "Torrent client",
        protocol: "TCP",
        port: 51_413,
        to: "192.168.1.102",
        toPort: 51_413,
        lease: 3_600,
        createdMinutesAgo: 3 * 60,
      },
    ],
  },
  {
    serviceId: 7101,
    router: {
      ...HUB_3000,
      serial: "NL3K1908027101",
      mac: "3C:A6:2F:0A:71:01",
      wanIpv4: "203.0.113.87",
      wanIpv6: null,
      bootDaysAgo: 41,
      offlineMinutesAgo: 3 * DAY_MINUTES + 200,
    },
    lan: { ip: "192.168.1.1", mask: "255.255.255.0", start: "192.168.1.50", end: "192.168.1.250", lease: 43_200, dns: [null, null] },
    wifi: { channel24: 11, channel5: 44, width5: 40, security: "wpa2_personal" },
    accessPoints: [
      {
        mac: "3C:A6:2F:0A:71:02",
        name: "HomeHub 3000",
        model: "HomeHub 3000",
        ip: "192.168.1.1",
        uplink: null,
        firstSeenMinutesAgo: 41 * DAY_MINUTES,
        offlineMinutesAgo: 3 * DAY_MINUTES + 200,
      },
    ],
    devices: [
      {
        mac: "00:1A:2B:71:02:01",
        name: "Family Room TV Box",
        hostname: "stb-family-room",
        type: "set_top_box",
        connection: "ethernet",
        ap: 0,
        connectedMinutesAgo: 41 * DAY_MINUTES,
        leftMinutesAgo: 3 * DAY_MINUTES + 200,
        address: { ip: "192.168.1.60", kind: "reserved" },
      },
      {
        mac: "F4:0F:24:77:10:3C",
        name: "Jordan's iPhone",
        hostname: "Jordans-iPhone",
        type: "phone",
        connection: "5GHz",
        ap: 0,
        connectedMinutesAgo: 4 * DAY_MINUTES,
        leftMinutesAgo: 3 * DAY_MINUTES + 200,
        address: { ip: "192.168.1.77", kind: "dynamic" },
      },
      {
        mac: "64:B5:C6:21:9A:E1",
        name: "Kids' Tablet",
        hostname: "Kids-Tab",
        type: "tablet",
        connection: "2.4GHz",
        ap: 0,
        connectedMinutesAgo: 3 * DAY_MINUTES + 900,
        leftMinutesAgo: 3 * DAY_MINUTES + 200,
        address: { ip: "192.168.1.81", kind: "dynamic" },
      },
    ],
    forwarding: [{ description: "Home camera", protocol: "TCP", start: 8080, end: null, to: "192.168.1.90", toPort: 80 }],
    upnp: [],
  },
  {
    serviceId: 7201,
    router: {
      ...HUB_6E,
      serial: "NL6E2311047201",
      mac: "3C:A6:2F:10:72:01",
      wanIpv4: "198.51.100.172",
      wanIpv6: "2001:db8:4a1:7200::/56",
      bootDaysAgo: 5,
    },
    lan: { ip: "10.0.0.1", mask: "255.255.255.0", start: "10.0.0.50", end: "10.0.0.150", lease: 86_400, dns: ["1.1.1.1", "9.9.9.9"] },
    wifi: { channel24: 1, channel5: 149, width5: 80, security: "wpa3_personal" },
    accessPoints: [
      {
        mac: "3C:A6:2F:10:72:02",
        name: "HomeHub 6E",
        model: "HomeHub 6E",
        ip: "10.0.0.1",
        uplink: null,
        firstSeenMinutesAgo: 5 * DAY_MINUTES,
      },
    ],
    devices: [
      {
        mac: "F4:0F:24:77:10:3C",
        name: "Jordan's iPhone",
        hostname: "Jordans-iPhone",
        type: "phone",
        connection: "5GHz",
        connectedMinutesAgo: 16 * 60,
        leftMinutesAgo: 14 * 60,
        address: { ip: "10.0.0.52", kind: "dynamic" },
      },
      {
        mac: "3C:22:FB:6D:90:11",
        name: "Condo Laptop",
        hostname: "condo-laptop",
        type: "computer",
        connection: "5GHz",
        connectedMinutesAgo: 2 * DAY_MINUTES,
        address: { ip: "10.0.0.51", kind: "dynamic" },
      },
      {
        mac: "70:2A:D5:19:C4:0E",
        name: "Smart TV",
        hostname: "LG-webOS-TV",
        type: "tv",
        connection: "5GHz",
        connectedMinutesAgo: 5 * DAY_MINUTES,
        address: { ip: "10.0.0.10", kind: "reserved" },
      },
    ],
    forwarding: [{ description: "Remote desktop", protocol: "TCP", start: 3390, end: null, to: "10.0.0.51", toPort: 3389 }],
    upnp: [
      {
        description: "Smart TV cast",
        protocol: "TCP",
        port: 8009,
        to: "10.0.0.10",
        toPort: 8009,
        lease: 0,
        createdMinutesAgo: 2 * DAY_MINUTES,
      },
    ],
  },
  {
    serviceId: 7301,
    router: { ...HUB_3000, serial: "NL3K2102017301", mac: "3C:A6:2F:0A:73:01", wanIpv4: "203.0.113.130", wanIpv6: null, bootDaysAgo: 27 },
    lan: { ip: "192.168.0.1", mask: "255.255.255.0", start: "192.168.0.10", end: "192.168.0.99", lease: 86_400, dns: [null, null] },
    wifi: { channel24: 6, channel5: 48, width5: 40, security: "wpa2_personal" },
    accessPoints: [
      {
        mac: "3C:A6:2F:0A:73:02",
        name: "HomeHub 3000",
        model: "HomeHub 3000",
        ip: "192.168.0.1",
        uplink: null,
        firstSeenMinutesAgo: 27 * DAY_MINUTES,
      },
    ],
    devices: [
      {
        mac: "28:CF:E9:51:0A:7B",
        name: "Parents' iPad",
        hostname: "Louise-iPad",
        type: "tablet",
        connection: "5GHz",
        connectedMinutesAgo: 3 * 60,
        address: { ip: "192.168.0.12", kind: "dynamic" },
      },
      {
        mac: "B8:AE:ED:3F:28:C1",
        name: "Desktop PC",
        hostname: "DESKTOP-GAGNON",
        type: "computer",
        connection: "ethernet",
        connectedMinutesAgo: 27 * DAY_MINUTES,
        address: { ip: "192.168.0.5", kind: "reserved" },
      },
      {
        mac: "00:0B:82:6C:41:9F",
        name: "Phone Adapter",
        hostname: "ata",
        type: "other",
        connection: "ethernet",
        connectedMinutesAgo: 27 * DAY_MINUTES,
        address: { ip: "192.168.0.11", kind: "dynamic" },
      },
    ],
    forwarding: [],
    upnp: [],
  },
  {
    serviceId: 7303,
    router: { ...HUB_3000, serial: "NL3K2102017303", mac: "3C:A6:2F:0A:73:03", wanIpv4: "203.0.113.131", wanIpv6: null, bootDaysAgo: 9 },
    lan: { ip: "192.168.2.1", mask: "255.255.255.0", start: "192.168.2.100", end: "192.168.2.200", lease: 3_600, dns: [null, null] },
    wifi: { channel24: 11, channel5: 157, width5: 80, security: "wpa2_wpa3_personal" },
    accessPoints: [
      {
        mac: "3C:A6:2F:0A:73:04",
        name: "HomeHub 3000",
        model: "HomeHub 3000",
        ip: "192.168.2.1",
        uplink: null,
        firstSeenMinutesAgo: 9 * DAY_MINUTES,
      },
    ],
    devices: [
      {
        mac: "5C:E9:1E:8A:33:02",
        name: "Tenant Laptop",
        hostname: "tenant-laptop",
        type: "computer",
        connection: "5GHz",
        connectedMinutesAgo: 80,
        address: { ip: "192.168.2.101", kind: "dynamic" },
      },
      {
        mac: "A8:5E:45:C0:7D:19",
        name: "Tenant Phone",
        hostname: "tenant-phone",
        type: "phone",
        connection: "2.4GHz",
        connectedMinutesAgo: 25 * 60,
        address: { ip: "192.168.2.102", kind: "dynamic" },
      },
    ],
    forwarding: [],
    upnp: [],
  },
];

export async function seedHomeNetwork(ctx: SeedContext): Promise<void> {
  await seedNetworks(ctx);
  await seedTv(ctx);
}

async function seedNetworks(ctx: SeedContext): Promise<void> {
  const { db, random } = ctx;
  const moment = ctx.networkMoment.getTime();
  const ago = (minutes: number) => new Date(moment - minutes * 60_000);

  const routers: Record<string, unknown>[] = [];
  const counters: Record<string, unknown>[] = [];
  const forwarding: Record<string, unknown>[] = [];
  const upnp: Record<string, unknown>[] = [];
  const leases: Record<string, unknown>[] = [];
  const reservations: Record<string, unknown>[] = [];

  for (const n of NETWORKS) {
    const offline = n.router.offlineMinutesAgo;
    const boot = ago(n.router.bootDaysAgo * DAY_MINUTES + random.int(0, 600));
    routers.push({
      service_id: n.serviceId,
      vendor: n.router.vendor,
      model: n.router.model,
      generation: n.router.generation,
      hardware_version: n.router.hardware,
      firmware_version: n.router.firmware,
      serial_number: n.router.serial,
      mac_address: n.router.mac,
      wan_ipv4: n.router.wanIpv4,
      wan_ipv6_prefix: n.router.wanIpv6,
      wan_dns: PROVIDER_DNS,
      last_boot_at: boot,
      offline_since: offline === undefined ? null : ago(offline),
      lan_ip: n.lan.ip,
      subnet_mask: n.lan.mask,
      dhcp_start: n.lan.start,
      dhcp_end: n.lan.end,
      lease_time_seconds: n.lan.lease,
      dns_primary: n.lan.dns[0],
      dns_secondary: n.lan.dns[1],
      settings_updated_at: ago(random.int(20, 200) * DAY_MINUTES),
      // Read 2 minutes before the seed moment (an offline router: when it was last reachable).
      leases_read_at: ago(offline ?? 2),
    });

    // Counters since boot, larger for busier networks; the WAN carries what the LAN and WiFi do.
    const scale = n.devices.length;
    const iface = (name: string, gigabytes: number, rate: number | null) => {
      const received = Math.round(gigabytes * 1e9 * (0.8 + random.next() * 0.4));
      const sent = Math.round(received * (0.08 + random.next() * 0.12));
      counters.push({
        service_id: n.serviceId,
        interface: name,
        received_bytes: received,
        sent_bytes: sent,
        received_packets: Math.round(received / 1_100),
        sent_packets: Math.round(sent / 600),
        errors: random.int(0, 40),
        link_rate_mbps: rate,
      });
    };
    iface("wan", scale * 38, n.router.generation === "current" ? 2_500 : 1_000);
    iface("lan", scale * 9, 1_000);
    iface("wifi_2_4ghz", scale * 4, n.router.generation === "current" ? 574 : 300);
    iface("wifi_5ghz", scale * 22, n.router.generation === "current" ? 2_402 : 867);
    // No guest WiFi counters: the demo's one guest network (7001's) has been off since before the last boot.

    for (const rule of n.forwarding) {
      forwarding.push({
        service_id: n.serviceId,
        description: rule.description,
        protocol: rule.protocol,
        start_port: rule.start,
        end_port: rule.end,
        destination_address: rule.to,
        destination_port: rule.toPort,
        enabled: rule.enabled ?? true,
        created_at: ago(random.int(10, 300) * DAY_MINUTES),
        updated_at: ago(random.int(1, 9) * DAY_MINUTES),
      });
    }
    for (const m of n.upnp) {
      upnp.push({
        service_id: n.serviceId,
        description: m.description,
        protocol: m.protocol,
        external_port: m.port,
        internal_address: m.to,
        internal_port: m.toPort,
        lease_seconds: m.lease,
        created_at: ago(m.createdMinutesAgo),
      });
    }

    // Leases and reservations from each device's address.
    for (const d of n.devices) {
      if (!d.address) continue;
      const connectedAt = ago(d.connectedMinutesAgo);
      const leftAt = d.leftMinutesAgo === undefined ? null : ago(d.leftMinutesAgo);
      if (d.address.kind === "reserved") {
        reservations.push({
          service_id: n.serviceId,
          mac_address: d.mac,
          ip_address: d.address.ip,
          hostname: d.hostname,
          created_at: ago(random.int(30, 400) * DAY_MINUTES),
        });
        // A reserved device that is away keeps no lease; the others hold one from their last connection.
        if (leftAt && d.leftMinutesAgo! * 60 > n.lan.lease) continue;
      }
      const granted = d.address.kind === "expired" ? connectedAt : (leftAt ?? connectedAt);
      leases.push({
        service_id: n.serviceId,
        mac_address: d.mac,
        hostname: d.hostname,
        ip_address: d.address.ip,
        state: d.address.kind === "pending" ? "offered" : "bound",
        granted_at: granted,
        expires_at: new Date(granted.getTime() + n.lan.lease * 1000),
      });
    }
    for (const r of n.idleReservations ?? []) {
      reservations.push({
        service_id: n.serviceId,
        mac_address: r.mac,
        ip_address: r.ip,
        hostname: r.hostname,
        created_at: ago(random.int(30, 400) * DAY_MINUTES),
      });
    }
    for (const o of n.pendingOffers ?? []) {
      leases.push({
        service_id: n.serviceId,
        mac_address: o.mac,
        hostname: o.hostname,
        ip_address: o.ip,
        state: "offered",
        granted_at: ago(3),
        expires_at: new Date(ago(3).getTime() + n.lan.lease * 1000),
      });
    }
  }

  await insert(db, "routers", routers);
  await insert(db, "router_interface_counters", counters);
  await insert(db, "port_forwarding_rules", forwarding);
  await insert(db, "upnp_mappings", upnp);
  await insert(db, "dhcp_leases", leases);
  await insert(db, "dhcp_reservations", reservations);

  for (const n of NETWORKS) {
    const aps = await insert(
      db,
      "network_access_points",
      n.accessPoints.map((ap) => ({
        service_id: n.serviceId,
        mac_address: ap.mac,
        name: ap.name,
        model: ap.model,
        role: ap.uplink === null ? "router" : "extender",
        ip_address: ap.ip,
        uplink: ap.uplink,
        first_seen_at: ago(ap.firstSeenMinutesAgo),
        offline_since: ap.offlineMinutesAgo === undefined ? null : ago(ap.offlineMinutesAgo),
      })),
      "id",
    );
    await insert(
      db,
      "network_devices",
      n.devices.map((d) => {
        const connected = d.leftMinutesAgo === undefined;
        const minutesOn = Math.min(d.connectedMinutesAgo, 48 * 60) - (d.leftMinutesAgo ?? 0);
        const heavy = d.type === "computer" || d.type === "set_top_box" || d.type === "tv" || d.type === "game_console" ? 40 : 6;
        const received = Math.max(0, Math.round(minutesOn * heavy * 1e6 * (0.5 + random.next())));
        return {
          service_id: n.serviceId,
          access_point_id: aps[d.ap ?? 0].id,
          mac_address: d.mac,
          name: d.name,
          hostname: d.hostname,
          device_type: d.type,
          connection: d.connection,
          signal_dbm:
            d.connection === "ethernet" ? null : -random.int(d.connection === "5GHz" ? 48 : 58, d.connection === "5GHz" ? 66 : 76),
          connected_since: ago(d.connectedMinutesAgo),
          disconnected_at: connected ? null : ago(d.leftMinutesAgo!),
          received_bytes: received,
          sent_bytes: Math.round(received * (0.05 + random.next() * 0.2)),
        };
      }),
    );

    await db.query(
      `UPDATE wifi_networks
          SET security_mode = $2,
              channel = CASE band WHEN '5GHz' THEN $4::smallint WHEN '2.4GHz' THEN $3::smallint ELSE NULL END,
              channel_width_mhz = CASE band WHEN '5GHz' THEN $5::smallint ELSE 20 END,
              auto_channel = band <> '5GHz' OR $6::boolean,
              updated_at = $7
        WHERE service_id = $1`,
      [
        n.serviceId,
        n.wifi.security,
        n.wifi.channel24,
        n.wifi.channel5,
        n.wifi.width5,
        n.router.generation === "current",
        ago(random.int(15, 300) * DAY_MINUTES),
      ],
    );
  }
}

// ---------------------------------------------------------------------------------------------------
// TV

type Genre = "local" | "news" | "sports" | "movies" | "kids" | "lifestyle" | "documentary" | "french" | "music" | "multicultural";

/** Channel names by genre; the first `essentials` of each genre are in both line-ups, the rest only in Family. */
const GENRES: { genre: Genre; first: number; essentials: number; language: "en" | "fr" | "multi"; names: string[] }[] = [
  {
    genre: "local",
    first: 2,
    essentials: 12,
    language: "en",
    names: [
      "Toronto One",
      "Lakeshore Community TV",
      "Ontario Public Television",
      "Canada Network East",
      "City 24 Toronto",
      "Great Lakes Television",
      "Parliament Channel",
      "Metro Toronto TV",
      "Northern Lights TV",
      "Golden Horseshoe TV",
      "Ici Télé Toronto",
      "Télé Ontario",
    ],
  },
  {
    genre: "news",
    first: 100,
    essentials: 10,
    language: "en",
    names: [
      "National News 24",
      "World Report",
      "Business Daily",
      "Canada Headline News",
      "Global Affairs Channel",
      "Info en continu",
      "Market Watch TV",
      "Weather Network East",
      "Newsroom International",
      "Capital Hill TV",
    ],
  },
  {
    genre: "sports",
    first: 200,
    essentials: 6,
    language: "en",
    names: [
      "Sportsline 1",
      "Sportsline 2",
      "Hockey Night Live",
      "Basketball North",
      "Soccer World",
      "Golf & Outdoors",
      "Motorsport Central",
      "Sports Plus Québec",
      "Racing Channel",
      "Fight Sports",
    ],
  },
  {
    genre: "movies",
    first: 300,
    essentials: 4,
    language: "en",
    names: [
      "Classic Cinema",
      "Movie Time",
      "Canadian Screen",
      "Drama Channel",
      "Action Max",
      "Comedy Features",
      "Indie Film Channel",
      "Family Movies",
      "Thriller Zone",
      "Ciné Québec",
    ],
  },
  {
    genre: "kids",
    first: 400,
    essentials: 6,
    language: "en",
    names: [
      "Kids Corner",
      "Toon Town",
      "Junior Learning",
      "Teen Scene",
      "Preschool Playhouse",
      "Adventure Kids",
      "Animation Station",
      "Science for Kids",
      "Jeunesse TV",
      "Family Channel North",
    ],
  },
  {
    genre: "lifestyle",
    first: 500,
    essentials: 12,
    language: "en",
    names: [
      "Home & Garden",
      "Food Network North",
      "Travel Canada",
      "Style & Design",
      "Cottage Life TV",
      "Fitness Now",
      "Reality Channel",
      "Comedy Central North",
      "Crime & Investigation",
      "Slice of Life",
      "Real Estate TV",
      "Pet Network",
      "Cooking Masters",
      "Fashion TV",
      "Wedding Channel",
      "Home Makeover",
      "DIY Workshop",
      "Antiques & Collectors",
      "Classic TV",
      "Game Show Network",
    ],
  },
  {
    genre: "documentary",
    first: 550,
    essentials: 5,
    language: "en",
    names: [
      "Discovery North",
      "History Channel Canada",
      "Nature & Wildlife",
      "Science World",
      "Documentary Channel",
      "Space & Astronomy",
      "Aviation TV",
      "Engineering Marvels",
      "Ancient Worlds",
      "Ocean Planet",
    ],
  },
  {
    genre: "french",
    first: 600,
    essentials: 10,
    language: "fr",
    names: [
      "Radio-Télé Nationale",
      "TVA Montréal",
      "Télé-Québec",
      "Canal Vie",
      "Canal D",
      "Séries Plus",
      "Historia",
      "Z Télé",
      "MusiquePlus",
      "Évasion",
      "Casa",
      "Canal Savoir",
      "RDS Info",
      "Météo Média",
      "Prise 2",
    ],
  },
  {
    genre: "music",
    first: 900,
    essentials: 20,
    language: "multi",
    names: [
      "Top Hits",
      "Pop Adult",
      "Rock Classics",
      "Alternative",
      "Hip-Hop",
      "R&B Soul",
      "Country",
      "Jazz",
      "Smooth Jazz",
      "Blues",
      "Classical",
      "Opera",
      "Easy Listening",
      "Dance",
      "Electronic",
      "Reggae",
      "Latin",
      "Folk",
      "Canadian Indie",
      "Chanson française",
      "Metal",
      "Punk",
      "The 50s",
      "The 60s",
      "The 70s",
      "The 80s",
      "The 90s",
      "The 2000s",
      "Kids Tunes",
      "Gospel",
      "Soundtracks",
      "Solo Piano",
      "Chill",
      "Acoustic",
      "Bollywood Hits",
      "K-Pop",
      "Franco Hits",
      "Celtic",
      "World Beats",
      "Ambient",
      "Broadway",
      "Lounge",
      "Holiday Hits",
    ],
  },
];

const THEME_PACKS: {
  code: string;
  name: string;
  name_fr: string;
  price: number;
  first: number;
  genre: Genre;
  language: "en" | "fr" | "multi";
  names: string[];
}[] = [
  {
    code: "sports_extra",
    name: "Sports Extra",
    name_fr: "Sports Plus",
    price: 1_200,
    first: 250,
    genre: "sports",
    language: "en",
    names: [
      "Sportsline 3",
      "Sportsline 4",
      "Baseball Network",
      "Football Sunday",
      "Tennis Channel",
      "Cricket World",
      "Rugby Live",
      "Esports Arena",
    ],
  },
  {
    code: "cinema",
    name: "Cinema",
    name_fr: "Cinéma",
    price: 1_500,
    first: 350,
    genre: "movies",
    language: "en",
    names: [
      "Premiere 1",
      "Premiere 2",
      "Premiere 3",
      "Premiere 4",
      "Festival Films",
      "Blockbusters",
      "Cinéma Premiere",
      "Late Night Movies",
    ],
  },
  {
    code: "kids_plus",
    name: "Kids Plus",
    name_fr: "Jeunesse Plus",
    price: 800,
    first: 450,
    genre: "kids",
    language: "en",
    names: ["Toon Classics", "Little Explorers", "Puppet Theatre", "Teen Drama", "Super Heroes TV", "Nature Kids"],
  },
  {
    code: "world",
    name: "World Languages",
    name_fr: "Langues du monde",
    price: 1_000,
    first: 700,
    genre: "multicultural",
    language: "multi",
    names: [
      "Canal Italia",
      "Deutsche Welle Plus",
      "Zee Canada",
      "Telelatino",
      "Hellas TV",
      "Portugal Connect",
      "Polonia North",
      "Arabic Network",
    ],
  },
];

/** Call signs from the name's initials and digits, made unique with a number. */
function callSign(name: string, taken: Set<string>): string {
  const base =
    name
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .split(/[^A-Za-z0-9]+/)
      .filter(Boolean)
      .map((word) => (/^\d+$/.test(word) ? word : word[0].toUpperCase()))
      .join("")
      .slice(0, 5) || "CH";
  let sign = base;
  for (let n = 2; taken.has(sign); n++) sign = `${base}${n}`;
  taken.add(sign);
  return sign;
}

async function seedTv(ctx: SeedContext): Promise<void> {
  const { db, today, random } = ctx;
  const channels: Record<string, unknown>[] = [];
  const lineupChannels: Record<string, unknown>[] = [];
  const packChannels: Record<string, unknown>[] = [];
  const taken = new Set<string>();
  let id = 1;

  for (const g of GENRES) {
    g.names.forEach((name, i) => {
      const language =
        g.genre === "music"
          ? "multi"
          : /[éèêàçô]|^(Ici|Télé|Info|Ciné|Jeunesse|Canal|Radio|TVA|Séries|Historia|Z Télé|Musique|Évasion|Casa|RDS|Météo|Prise)/.test(name)
            ? "fr"
            : g.language;
      const channel = {
        id: id++,
        call_sign: callSign(name, taken),
        name: g.genre === "music" ? `Music: ${name}` : name,
        hd: g.genre !== "music" && random.next() > 0.08,
        language,
        genre: g.genre,
      };
      channels.push(channel);
      const number = g.first + i;
      lineupChannels.push({ lineup_code: "family", channel_id: channel.id, number });
      if (i < g.essentials) lineupChannels.push({ lineup_code: "essentials", channel_id: channel.id, number });
    });
  }
  for (const p of THEME_PACKS) {
    p.names.forEach((name, i) => {
      const channel = {
        id: id++,
        call_sign: callSign(name, taken),
        name,
        hd: true,
        language: /é/.test(name) ? "fr" : p.language,
        genre: p.genre,
      };
      channels.push(channel);
      packChannels.push({ pack_code: p.code, channel_id: channel.id, number: p.first + i });
    });
  }

  await insert(db, "tv_channels", channels);
  await insert(db, "tv_lineups", [
    { code: "essentials", name: "Essentials", name_fr: "Essentiel" },
    { code: "family", name: "Family", name_fr: "Famille" },
  ]);
  await insert(db, "tv_lineup_channels", lineupChannels);
  await insert(
    db,
    "tv_theme_packs",
    THEME_PACKS.map((p) => ({ code: p.code, name: p.name, name_fr: p.name_fr, monthly_price_cents: p.price })),
  );
  await insert(db, "tv_theme_pack_channels", packChannels);

  await insert(db, "tv_services", [
    { service_id: 7002, lineup_code: "essentials", tv_go_included: true, tv_go_max_streams: 2 },
    { service_id: 7102, lineup_code: "family", tv_go_included: true, tv_go_max_streams: 4 },
  ]);
  await insert(db, "tv_service_theme_packs", [
    { service_id: 7002, pack_code: "sports_extra", added_on: addMonths(today, -7, 3) },
    { service_id: 7102, pack_code: "kids_plus", added_on: addMonths(today, -20, 12) },
    { service_id: 7102, pack_code: "cinema", added_on: addMonths(today, -4, 12) },
  ]);
  // The resi boxes are the devices of the same MACs on the 7001 network.
  await insert(db, "set_top_boxes", [
    {
      service_id: 7002,
      serial_number: "STB4K7002001",
      model: "Nordlink 4K Box",
      room: "Living Room",
      mac_address: "00:1A:2B:70:02:01",
      status: "online",
      activated_on: addMonths(today, -26, 12),
    },
    {
      service_id: 7002,
      serial_number: "STB4K7002002",
      model: "Nordlink 4K Mini",
      room: "Bedroom",
      mac_address: "00:1A:2B:70:02:02",
      status: "standby",
      activated_on: addMonths(today, -14, 2),
    },
    {
      service_id: 7102,
      serial_number: "STB4K7102001",
      model: "Nordlink 4K Box",
      room: "Family Room",
      mac_address: "00:1A:2B:71:02:01",
      status: "offline",
      activated_on: addMonths(today, -40, 3),
    },
    {
      service_id: 7102,
      serial_number: "STBHD7102002",
      model: "Nordlink HD Box",
      room: "Kids' Room",
      mac_address: "00:1A:2B:71:02:02",
      status: "offline",
      activated_on: addMonths(today, -40, 3),
    },
    {
      service_id: 7102,
      serial_number: "STB4K7102003",
      model: "Nordlink 4K Mini",
      room: "Basement",
      mac_address: "00:1A:2B:71:02:03",
      status: "offline",
      activated_on: addMonths(today, -11, 20),
    },
  ]);
}
