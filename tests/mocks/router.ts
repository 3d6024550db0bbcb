/**
 * msw: the router of the fixture internet service 7001 (account 100101): a current-generation router,
 * LAN 192.168.1.0/24, leases of every type, two port forwarding rules, one UPnP mapping, statistics;
 * never restarted from the portal until a restart is asked, then restarting (`restarting`); UPnP on.
 * Tests change an answer with server.use(on(...)).
 */
import type { CpeInfoAnswer } from "#contract/router-page";
import type { DhcpLeasesAnswer, NetworkSettingsAnswer, PortForwardingRule, RouterStatisticsAnswer, UpnpRule } from "#contract/home-network";
import type { RouterRestart } from "#contract/router-restart";
import type { RouterUpnp } from "#contract/router-upnp";
import type { DevicePause } from "#contract/device-pauses";
import { on, reply } from "./contract.ts";

export const cpeInfo: CpeInfoAnswer = {
  data: {
    data: {
      vendor: "Nordlink",
      model: "HomeHub 6E",
      generation: "current",
      hardware_version: "Rev B",
      firmware_version: "6.2.14",
      serial_number: "NL6E2405017001",
      mac_address: "3C:A6:2F:10:70:01",
      wan_ipv4: "203.0.113.41",
      wan_ipv6_prefix: "2001:db8:4a1:7000::/56",
      status: "online",
      uptime_seconds: 93_784,
      last_boot_at: "2026-11-21T14:00:00Z",
      last_seen_at: "2026-11-22T15:00:00Z",
    },
  },
};

export const networkSettings: NetworkSettingsAnswer = {
  network_settings: {
    lan_ip: "192.168.1.1",
    subnet_mask: "255.255.255.0",
    dhcp_start: "192.168.1.100",
    dhcp_end: "192.168.1.199",
    lease_time_seconds: 86_400,
    dns_primary: null,
    dns_secondary: null,
    updated_at: null,
  },
};

export const upnpRule: UpnpRule = {
  description: "Xbox (3074 UDP)",
  protocol: "UDP",
  external_port: 3074,
  internal_address: "192.168.1.110",
  internal_port: 3074,
  lease_seconds_remaining: null,
  created_at: "2026-11-22T11:00:00Z",
};

export const leases: DhcpLeasesAnswer = {
  dhcp_data: [
    { hostname: "nas", mac_address: "00:11:32:AB:CD:10", ip_address: "192.168.1.10", lease_seconds: 43_200, type: "reserved" },
    { hostname: "Mayas-iPhone", mac_address: "F0:99:B6:12:34:01", ip_address: "192.168.1.101", lease_seconds: 65_000, type: "dynamic" },
    { hostname: null, mac_address: "E2:4B:9A:00:13:7F", ip_address: "192.168.1.109", lease_seconds: 86_400, type: "pending" },
    { hostname: "XBOX", mac_address: "7C:ED:8D:44:19:E0", ip_address: "192.168.1.110", lease_seconds: 72_000, type: "dynamic" },
    { hostname: "Galaxy-S23", mac_address: "6A:1F:0C:93:D2:44", ip_address: "192.168.1.150", lease_seconds: 0, type: "expired" },
  ],
  upnp_table: [upnpRule],
  refreshed_at: "2026-11-22T14:58:00Z",
  router_online: true,
};

export const rules: PortForwardingRule[] = [
  {
    id: 41,
    description: "NAS remote access",
    protocol: "TCP",
    start_port: 8443,
    end_port: null,
    destination_address: "192.168.1.10",
    destination_port: 443,
    enabled: true,
  },
  {
    id: 42,
    description: "Camera streams",
    protocol: "UDP",
    start_port: 50010,
    end_port: 50019,
    destination_address: "192.168.1.107",
    destination_port: null,
    enabled: false,
  },
];

export const statistics: RouterStatisticsAnswer = {
  statistics: {
    sampled_at: "2026-11-22T15:00:00Z",
    uptime_seconds: 93_784,
    connected_devices: 6,
    interfaces: [
      {
        interface: "wan",
        received_bytes: 456_000_000_000,
        sent_bytes: 62_200_000_000,
        received_packets: 414_517_080,
        sent_packets: 103_632_588,
        errors: 15,
        link_rate_mbps: 2_500,
      },
    ],
  },
};

export const statisticsOffline: RouterStatisticsAnswer = {
  error: { code: "router_offline", message: "The router is not answering", last_seen_at: "2026-11-19T15:00:00Z" },
};

/** A restart asked at 20:10 UTC (3:10 p.m. in Toronto), 45 seconds ago. */
export const restarting: RouterRestart = {
  status: "restarting",
  started_at: "2026-11-22T20:10:00Z",
  back_online_at: "2026-11-22T20:12:00Z",
  seconds_left: 75,
};
export const backOnline: RouterRestart = { ...restarting, status: "back_online", seconds_left: 0 };

/** UPnP as the router shipped (on, never changed), and as turned off at 20:15 UTC. */
export const upnpOn: RouterUpnp = { enabled: true, updated_at: null };
export const upnpOff: RouterUpnp = { enabled: false, updated_at: "2026-11-22T20:15:00Z" };

/** Maya's iPhone paused by hand, and on a bedtime schedule (Monday to Friday, 21:00 to 07:00) in effect now. */
export const pausedNow: DevicePause = {
  mac_address: "F0:99:B6:12:34:01",
  paused: true,
  paused_at: "2026-11-22T20:15:00Z",
  schedule: null,
  schedule_in_effect: false,
  in_effect: true,
  updated_at: "2026-11-22T20:15:00Z",
};
export const bedtime: DevicePause = {
  ...pausedNow,
  paused: false,
  paused_at: null,
  schedule: { days: ["mon", "tue", "wed", "thu", "fri"], from: "21:00", to: "07:00", time_zone: "America/Toronto" },
  schedule_in_effect: true,
};

/** cpe-info with every part the router page includes, as the fixtures above answer them one by one. */
export const routerPageAnswer: CpeInfoAnswer = {
  ...cpeInfo,
  service: {
    customer_id: 100101,
    service_id: 7001,
    package_id: 5001,
    name: "Fibre 1 Gbps",
    status: "connected",
    service_address: { line1: "245 Carlaw Avenue", line2: "Unit 4", city: "Toronto", province: "ON", postal_code: "M4M 2S1" },
  },
  network_settings: networkSettings.network_settings,
  dhcp_leases: leases,
  port_forwarding_rules: rules,
  upnp_port_forwarding_rules: [upnpRule],
  upnp: upnpOn,
  statistics,
  device_pauses: [],
  incidents: [],
  restart: null,
};

/**
 * cpe-info as an API that includes what it is asked answers it: the parts of routerPageAnswer (or of
 * `changed`) named in ?include=.
 */
export const includingCpeInfo = (changed: Partial<CpeInfoAnswer> = {}) =>
  on("GET /router/{serviceId}/cpe-info", ({ request }) => {
    const asked = new URL(request.url).searchParams.get("include")?.split(",") ?? [];
    const parts = Object.entries({ ...routerPageAnswer, ...changed }).filter(([key]) => key === "data" || asked.includes(key));
    return reply("GET /router/{serviceId}/cpe-info", Object.fromEntries(parts) as CpeInfoAnswer);
  });

export const routerHandlers = [
  on("GET /router/{serviceId}/cpe-info", () => reply("GET /router/{serviceId}/cpe-info", cpeInfo)),
  on("GET /router/{serviceId}/network-settings", () => reply("GET /router/{serviceId}/network-settings", networkSettings)),
  on("GET /router/{serviceId}/dhcp-leases", () => reply("GET /router/{serviceId}/dhcp-leases", leases)),
  on("GET /router/{serviceId}/port-forwarding-rules", () =>
    reply("GET /router/{serviceId}/port-forwarding-rules", { port_forwarding_rules: rules }),
  ),
  on("GET /router/{serviceId}/upnp-port-forwarding-rules", () =>
    reply("GET /router/{serviceId}/upnp-port-forwarding-rules", { rules: [upnpRule] }),
  ),
  on("GET /router/{serviceId}/statistics", () => reply("GET /router/{serviceId}/statistics", statistics)),
  on("GET /external_links/beanmachine", () => reply("GET /external_links/beanmachine", { wsUrl: "wss://diagnostics.test/ws" })),
  on("GET /router/{serviceId}/restart", () => reply("GET /router/{serviceId}/restart", { restart: null })),
  on("POST /router/{serviceId}/restart", () => reply("POST /router/{serviceId}/restart", { success: true, restart: restarting })),
  on("GET /router/{serviceId}/upnp", () => reply("GET /router/{serviceId}/upnp", { upnp: upnpOn })),
  on("PUT /router/{serviceId}/upnp", () => reply("PUT /router/{serviceId}/upnp", { success: true, upnp: upnpOff })),
  on("GET /router/{serviceId}/device-pauses", () => reply("GET /router/{serviceId}/device-pauses", { device_pauses: [] })),
  on("PUT /router/{serviceId}/device-pauses/{macAddress}/paused", () =>
    reply("PUT /router/{serviceId}/device-pauses/{macAddress}/paused", { success: true, device_pause: pausedNow }),
  ),
  on("DELETE /router/{serviceId}/device-pauses/{macAddress}/paused", () =>
    reply("DELETE /router/{serviceId}/device-pauses/{macAddress}/paused", { success: true, device_pause: null }),
  ),
  on("PUT /router/{serviceId}/device-pauses/{macAddress}/schedule", () =>
    reply("PUT /router/{serviceId}/device-pauses/{macAddress}/schedule", { success: true, device_pause: bedtime }),
  ),
  on("DELETE /router/{serviceId}/device-pauses/{macAddress}/schedule", () =>
    reply("DELETE /router/{serviceId}/device-pauses/{macAddress}/schedule", { success: true, device_pause: null }),
  ),
];
