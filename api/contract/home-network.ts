/**
 * The residential home network: WiFi, the router of an internet service, the residential internet and
 * TV pages, and the link to the live router-diagnostics service.
 *
 * Ids: `/wifi/{packageId}` (GET, PUT and network-overview), `/residential-internet/{packageId}` and
 * `/residential-tv/{packageId}` take the id of a residential package (bundle); `/router/{serviceId}/…`
 * takes the id of the package's internet service, `/residential-tv/services/{serviceId}` that of a TV
 * service; `/wifi-names/{customerId}` a customer id.
 */
import { z } from "zod";
import { Address, includeList, IsoDate, IsoDateTime, Money } from "./common.ts";
import { AccountIncident } from "./status.ts";
import { ResidentialServiceStatus } from "./dashboard.ts";
import { endpoint } from "./endpoint.ts";

// ---------------------------------------------------------------------------------------------------
// Shared rules (the portal's forms may reuse them).

export const WIFI_NAME_MIN = 1;
export const WIFI_NAME_MAX = 32;
export const WIFI_PASSWORD_MIN = 8;
export const WIFI_PASSWORD_MAX = 63;

export type WifiTextRule = "too_short" | "too_long" | "invalid_characters" | "surrounding_spaces";

/**
 * What is wrong with a WiFi name or password (empty when nothing): length in characters (name 1-32,
 * password 8-63), printable ASCII only (so no accented letters or emoji), no leading or trailing space.
 */
export function wifiTextProblems(value: string, kind: "name" | "password"): WifiTextRule[] {
  const problems: WifiTextRule[] = [];
  const length = [...value].length;
  const [min, max] = kind === "name" ? [WIFI_NAME_MIN, WIFI_NAME_MAX] : [WIFI_PASSWORD_MIN, WIFI_PASSWORD_MAX];
  if (length < min) problems.push("too_short");
  if (length > max) problems.push("too_long");
  if (!/^[\x20-\x7e]*$/.test(value)) problems.push("invalid_characters");
  if (value.length > 0 && value.trim() !== value) problems.push("surrounding_spaces");
  return problems;
}

/** A boolean as JSON, or as a form sends it ("true"/"false", "on"/"off", "1"/"0"). */
export const FormBoolean = z
  .union([z.boolean(), z.enum(["true", "false", "on", "off", "1", "0"])])
  .transform((value) => (typeof value === "boolean" ? value : value === "true" || value === "on" || value === "1"));

/** A whole number as JSON, or its digits as a form sends them; "" or null where it is optional means none. */
const FormInteger = z.union([z.number(), z.string().max(20)]);
const OptionalFormInteger = z.union([z.number(), z.string().max(20), z.null()]).optional();

/** MAC addresses are answered upper case, colon separated. */
const Mac = z.string().regex(/^[0-9A-F]{2}(:[0-9A-F]{2}){5}$/);
const Ipv4 = z.string().regex(/^\d{1,3}(\.\d{1,3}){3}$/);

// ---------------------------------------------------------------------------------------------------
// WiFi

export const WifiBand = z.enum(["2.4GHz", "5GHz", "guest"]);
export type WifiBand = z.infer<typeof WifiBand>;

export const WifiName = z.object({ band: WifiBand, name: z.string(), enabled: z.boolean() });

/** WiFi names of a customer's packages, keyed by package id. */
export const WifiNames = z.record(z.string().regex(/^\d+$/), z.array(WifiName));
export type WifiNames = z.infer<typeof WifiNames>;

/** GET /wifi-names/{customerId} */
export const WifiNamesAnswer = z.object({ wifi_names: WifiNames });
export type WifiNamesAnswer = z.infer<typeof WifiNamesAnswer>;

export const WifiNetwork = z.object({
  band: WifiBand,
  name: z.string(),
  password: z.string(),
  enabled: z.boolean(),
  security_mode: z.enum(["wpa2_personal", "wpa2_wpa3_personal", "wpa3_personal"]),
  hidden: z.boolean(),
  /** The channel the radio uses now (the guest network shares the 2.4GHz radio). */
  channel: z.number().int().nullable(),
  auto_channel: z.boolean(),
  channel_width_mhz: z.number().int(),
  updated_at: IsoDateTime.nullable(),
  /** While on with a time limit (the guest network), when it turns itself off; null or absent without one. */
  off_at: IsoDateTime.nullable().optional(),
});
export type WifiNetwork = z.infer<typeof WifiNetwork>;

/** An internet service's plan, in the request's language. */
export const InternetPlan = z.object({ name: z.string(), download_mbps: z.number().int(), upload_mbps: z.number().int() });

/** GET /wifi/{packageId} */
export const WifiSettingsAnswer = z.object({
  wifi_settings: z.object({
    package_id: z.number().int(),
    service_id: z.number().int(),
    networks: z.array(WifiNetwork),
    /**
     * The internet service's plan and address, as GET /residential-internet/{packageId} gives them, so
     * that the WiFi page needs no second call (read with the service; an API may leave them out).
     */
    plan: InternetPlan.optional(),
    service_address: Address.optional(),
  }),
});
export type WifiSettingsAnswer = z.infer<typeof WifiSettingsAnswer>;

/**
 * PUT /wifi/{packageId}: per band (suffix `_24ghz`, `_5ghz`, `_guest`) a name, password and enabled
 * flag; a field left out keeps its value. A guest network that does not exist yet is created, and then
 * needs both its name and password.
 */
export const WifiUpdateRequest = z.object({
  name_24ghz: z.string().max(200).optional(),
  password_24ghz: z.string().max(200).optional(),
  enabled_24ghz: FormBoolean.optional(),
  name_5ghz: z.string().max(200).optional(),
  password_5ghz: z.string().max(200).optional(),
  enabled_5ghz: FormBoolean.optional(),
  name_guest: z.string().max(200).optional(),
  password_guest: z.string().max(200).optional(),
  enabled_guest: FormBoolean.optional(),
  /** With `enabled_guest` true: turn the guest network off after this many hours (GUEST_TIME_LIMIT_HOURS); empty for no limit. */
  guest_hours: z.union([z.number(), z.string().max(4)]).optional(),
});
export type WifiUpdateRequest = z.infer<typeof WifiUpdateRequest>;

export const WifiUpdateAnswer = z.object({ success: z.literal(true), wifi_names: WifiNames });
export type WifiUpdateAnswer = z.infer<typeof WifiUpdateAnswer>;

/** The time limits a guest network may be turned on for, in hours. */
export const GUEST_TIME_LIMIT_HOURS = [1, 4, 8, 24] as const;

/** Per band: the text rules, `required` (a band created anew needs both), `invalid` (not text / not a boolean). */
const wifiFieldCodes = ["24ghz", "5ghz", "guest"]
  .flatMap((band) => [
    ...["too_short", "too_long", "invalid_characters", "surrounding_spaces", "required", "invalid"].flatMap((rule) => [
      `name_${band}.${rule}`,
      `password_${band}.${rule}`,
    ]),
    `enabled_${band}.invalid`,
  ])
  .concat(["guest_hours.invalid"]);

// Network overview

export const NetworkConnection = z.enum(["2.4GHz", "5GHz", "guest", "ethernet"]);

export const NetworkDevice = z.object({
  mac_address: Mac,
  name: z.string(),
  hostname: z.string().nullable(),
  /** Its reserved address or current DHCP lease, if any. */
  ip_address: Ipv4.nullable(),
  device_type: z.enum(["phone", "computer", "tablet", "tv", "set_top_box", "game_console", "smart_home", "printer", "storage", "other"]),
  connection: NetworkConnection,
  /** WiFi signal strength in dBm (null on ethernet or once disconnected). */
  signal_dbm: z.number().int().nullable(),
  connected: z.boolean(),
  connected_since: IsoDateTime.nullable(),
  last_seen_at: IsoDateTime,
  /** Bytes over the last 48 hours, seen from the device. */
  traffic: z.object({ received_bytes: z.number().int(), sent_bytes: z.number().int() }),
  access_point_mac: Mac,
  /** Its internet paused on the router now (by hand, or inside its schedule: /router/{serviceId}/device-pauses). */
  paused: z.boolean().optional(),
});
export type NetworkDevice = z.infer<typeof NetworkDevice>;

const AccessPointFields = {
  mac_address: Mac,
  name: z.string(),
  model: z.string(),
  role: z.enum(["router", "extender"]),
  ip_address: Ipv4.nullable(),
  /** How an extender reaches the router (null for the router itself). */
  uplink: z.enum(["ethernet", "wifi"]).nullable(),
  online: z.boolean(),
  first_seen_at: IsoDateTime,
  last_seen_at: IsoDateTime,
};

export const AccessPoint = z.object({ ...AccessPointFields, devices: z.array(NetworkDevice) });
export type AccessPoint = z.infer<typeof AccessPoint>;

export const NetworkNode = z.discriminatedUnion("type", [
  z.object({ type: z.literal("access_point"), ...AccessPointFields, device_count: z.number().int() }),
  z.object({ type: z.literal("device"), ...NetworkDevice.shape, access_point_name: z.string() }),
]);
export type NetworkNode = z.infer<typeof NetworkNode>;

/**
 * GET /wifi/{packageId}/network-overview: what was on the home network in the last 48 hours. An access
 * point (and the devices behind it) shows once it has been seen for 15 minutes.
 */
export const NetworkOverviewAnswer = z.object({
  network_overview: z.object({
    package_id: z.number().int(),
    service_id: z.number().int(),
    generated_at: IsoDateTime,
    window_hours: z.number().int(),
    access_points: z.array(AccessPoint),
  }),
  /** The same access points and devices, keyed by MAC address. */
  network_overview_by_mac: z.record(Mac, NetworkNode),
});
export type NetworkOverviewAnswer = z.infer<typeof NetworkOverviewAnswer>;

// ---------------------------------------------------------------------------------------------------
// Residential internet and TV

/** GET /residential-internet/{packageId} */
export const InternetSettingsAnswer = z.object({
  internet_settings: z.object({
    package_id: z.number().int(),
    service_id: z.number().int(),
    plan: InternetPlan,
    status: ResidentialServiceStatus,
    activated_on: IsoDate,
    service_address: Address,
    connection: z.object({
      status: z.enum(["online", "offline"]),
      public_ipv4: Ipv4.nullable(),
      ipv6_prefix: z.string().nullable(),
      dns_servers: z.array(z.string()),
      online_since: IsoDateTime.nullable(),
      offline_since: IsoDateTime.nullable(),
    }),
    router: z
      .object({
        vendor: z.string(),
        model: z.string(),
        generation: z.enum(["legacy", "current"]),
        firmware_version: z.string(),
        serial_number: z.string(),
        mac_address: Mac,
      })
      .nullable(),
    wifi: z.array(WifiName),
  }),
  /** With ?include=incidents: what GET /status/services/{serviceId} answers for this service. */
  incidents: z.array(AccountIncident).optional(),
});
export type InternetSettingsAnswer = z.infer<typeof InternetSettingsAnswer>;

/** What GET /residential-internet/{packageId} adds to its answer when asked (?include=…). */
export const RESIDENTIAL_INTERNET_INCLUDES = ["incidents"] as const;
export const ResidentialInternetQuery = z.object({
  /** A comma-separated list of RESIDENTIAL_INTERNET_INCLUDES. */
  include: includeList(RESIDENTIAL_INTERNET_INCLUDES),
});

export const TvChannel = z.object({
  number: z.number().int(),
  name: z.string(),
  call_sign: z.string(),
  hd: z.boolean(),
  language: z.enum(["en", "fr", "multi"]),
  genre: z.string(),
  /** "base" for the line-up's channels, else the code of the theme pack that brings it. */
  source: z.string(),
});

/** GET /residential-tv/{packageId} and /residential-tv/services/{serviceId} */
export const TvPackageAnswer = z.object({
  tv_package: z.object({
    package_id: z.number().int(),
    service_id: z.number().int(),
    name: z.string(),
    status: ResidentialServiceStatus,
    base_package: z.object({ code: z.string(), name: z.string(), channel_count: z.number().int() }).nullable(),
    /** Every channel the service receives (line-up and subscribed theme packs), by number. */
    channels: z.array(TvChannel),
    /** Every theme pack on offer, and whether this service has it. */
    theme_packs: z.array(
      z.object({
        code: z.string(),
        name: z.string(),
        monthly_price: Money,
        subscribed: z.boolean(),
        added_on: IsoDate.nullable(),
        channel_numbers: z.array(z.number().int()),
      }),
    ),
    set_top_boxes: z.array(
      z.object({
        serial_number: z.string(),
        model: z.string(),
        room: z.string(),
        mac_address: Mac,
        status: z.enum(["online", "standby", "offline"]),
        activated_on: IsoDate,
      }),
    ),
    /** Streaming on phones and computers; signing in uses the account of the contact chosen for TV Go. */
    tv_go: z.object({
      included: z.boolean(),
      max_streams: z.number().int(),
      account_email: z.string().nullable(),
    }),
  }),
});
export type TvPackageAnswer = z.infer<typeof TvPackageAnswer>;

// ---------------------------------------------------------------------------------------------------
// Router

export const CpeInfo = z.object({
  vendor: z.string(),
  model: z.string(),
  /** "current" routers have the newer settings dialog. */
  generation: z.enum(["legacy", "current"]),
  hardware_version: z.string(),
  firmware_version: z.string(),
  serial_number: z.string(),
  mac_address: Mac,
  wan_ipv4: Ipv4.nullable(),
  wan_ipv6_prefix: z.string().nullable(),
  /** "restarting" while a restart asked through POST /router/{serviceId}/restart is under way. */
  status: z.enum(["online", "offline", "restarting"]),
  /** Null while the router is offline or restarting. */
  uptime_seconds: z.number().int().nullable(),
  /** After a restart, when it came back online. */
  last_boot_at: IsoDateTime,
  last_seen_at: IsoDateTime,
});
export type CpeInfo = z.infer<typeof CpeInfo>;

export const NetworkSettings = z.object({
  lan_ip: Ipv4,
  subnet_mask: Ipv4,
  dhcp_start: Ipv4,
  dhcp_end: Ipv4,
  lease_time_seconds: z.number().int(),
  /** DNS servers handed to devices; null: the router itself (which asks the provider's). */
  dns_primary: Ipv4.nullable(),
  dns_secondary: Ipv4.nullable(),
  updated_at: IsoDateTime.nullable(),
});

/** GET /router/{serviceId}/network-settings */
export const NetworkSettingsAnswer = z.object({ network_settings: NetworkSettings });
export type NetworkSettingsAnswer = z.infer<typeof NetworkSettingsAnswer>;

import { LEASE_TIME_MAX_SECONDS, LEASE_TIME_MIN_SECONDS } from "./values.ts";
export { LEASE_TIME_MAX_SECONDS, LEASE_TIME_MIN_SECONDS };

/** PUT /router/{serviceId}/network-settings: all of the LAN settings (DNS optional: empty means automatic). */
export const NetworkSettingsRequest = z.object({
  lan_ip: z.string().max(64),
  subnet_mask: z.string().max(64),
  dhcp_start: z.string().max(64),
  dhcp_end: z.string().max(64),
  lease_time_seconds: FormInteger,
  dns_primary: z.string().max(64).nullable().optional(),
  dns_secondary: z.string().max(64).nullable().optional(),
});
export type NetworkSettingsRequest = z.infer<typeof NetworkSettingsRequest>;

export const NetworkSettingsUpdateAnswer = z.object({
  success: z.literal(true),
  status: z.literal("success"),
  network_settings: NetworkSettings,
});

export const PortForwardingProtocol = z.enum(["TCP", "UDP", "both"]);

export const PortForwardingRule = z.object({
  id: z.number().int(),
  description: z.string(),
  protocol: PortForwardingProtocol,
  start_port: z.number().int(),
  /** Null: the single start_port. */
  end_port: z.number().int().nullable(),
  destination_address: Ipv4,
  /** Null: the same port(s) as outside. */
  destination_port: z.number().int().nullable(),
  enabled: z.boolean(),
});
export type PortForwardingRule = z.infer<typeof PortForwardingRule>;

/** GET /router/{serviceId}/port-forwarding-rules */
export const PortForwardingRulesAnswer = z.object({ port_forwarding_rules: z.array(PortForwardingRule) });
export type PortForwardingRulesAnswer = z.infer<typeof PortForwardingRulesAnswer>;

export const MAX_PORT_FORWARDING_RULES = 32;

/** POST /router/{serviceId}/port-forwarding-rules and PUT …/{ruleId}. Empty end or destination port: none. */
export const PortForwardingRuleRequest = z.object({
  description: z.string().max(200),
  protocol: PortForwardingProtocol,
  start_port: FormInteger,
  end_port: OptionalFormInteger,
  destination_address: z.string().max(64),
  destination_port: OptionalFormInteger,
  enabled: FormBoolean.optional(),
});
export type PortForwardingRuleRequest = z.infer<typeof PortForwardingRuleRequest>;

export const PortForwardingRuleAnswer = z.object({
  success: z.literal(true),
  rule: PortForwardingRule,
  port_forwarding_rules: z.array(PortForwardingRule),
});

export const UpnpRule = z.object({
  description: z.string(),
  protocol: z.enum(["TCP", "UDP"]),
  external_port: z.number().int(),
  internal_address: Ipv4,
  internal_port: z.number().int(),
  /** Seconds left on the mapping; null when it lasts until removed. */
  lease_seconds_remaining: z.number().int().nullable(),
  created_at: IsoDateTime,
});
export type UpnpRule = z.infer<typeof UpnpRule>;

/** GET /router/{serviceId}/upnp-port-forwarding-rules */
export const UpnpRulesAnswer = z.object({ rules: z.array(UpnpRule) });

const InterfaceStatistics = z.object({
  interface: z.enum(["wan", "lan", "wifi_2_4ghz", "wifi_5ghz", "wifi_guest"]),
  received_bytes: z.number().int(),
  sent_bytes: z.number().int(),
  received_packets: z.number().int(),
  sent_packets: z.number().int(),
  errors: z.number().int(),
  link_rate_mbps: z.number().int().nullable(),
});

/** GET /router/{serviceId}/statistics: the statistics, or `error` when the router cannot answer. */
export const RouterStatisticsAnswer = z.union([
  z.object({
    statistics: z.object({
      sampled_at: IsoDateTime,
      uptime_seconds: z.number().int(),
      connected_devices: z.number().int(),
      interfaces: z.array(InterfaceStatistics),
    }),
  }),
  z.object({
    error: z.object({ code: z.literal("router_offline"), message: z.string(), last_seen_at: IsoDateTime }),
  }),
]);
export type RouterStatisticsAnswer = z.infer<typeof RouterStatisticsAnswer>;

export const DhcpLease = z.object({
  hostname: z.string().nullable(),
  /**
   * The device's name on the home network, as GET /wifi/{id}/network-overview names it ("Maya's
   * iPhone"); null when the network has not seen the device. An API may leave it out.
   */
  device_name: z.string().nullable().optional(),
  mac_address: Mac,
  ip_address: Ipv4,
  /** Seconds left on the lease (pending: the time offered); null for a reservation with no lease now. */
  lease_seconds: z.number().int().nullable(),
  type: z.enum(["dynamic", "reserved", "expired", "pending"]),
});
export type DhcpLease = z.infer<typeof DhcpLease>;

export const DhcpLeasesQuery = z.object({
  /** "true" reads the table from the router now instead of the copy read in the last 5 minutes. */
  forceRefresh: z.enum(["true", "false", "1", "0"]).optional(),
});

/** GET /router/{serviceId}/dhcp-leases */
export const DhcpLeasesAnswer = z.object({
  dhcp_data: z.array(DhcpLease),
  upnp_table: z.array(UpnpRule),
  /** When the table was read from the router (an offline router answers its last table). */
  refreshed_at: IsoDateTime,
  router_online: z.boolean(),
});
export type DhcpLeasesAnswer = z.infer<typeof DhcpLeasesAnswer>;

/** PUT /router/{serviceId}/dhcp-reservation: give a device (by MAC) a fixed address; replaces its reservation. */
export const DhcpReservationRequest = z.object({
  mac_address: z.string().max(64),
  ip_address: z.string().max(64),
  hostname: z.string().max(200).nullable().optional(),
});

export const DhcpReservation = z.object({ mac_address: Mac, ip_address: Ipv4, hostname: z.string().nullable() });

export const DhcpReservationAnswer = z.object({
  success: z.literal(true),
  status: z.literal("success"),
  reservation: DhcpReservation,
});

export const BeanmachineAnswer = z.object({ wsUrl: z.string().regex(/^wss?:\/\//) });
export type BeanmachineAnswer = z.infer<typeof BeanmachineAnswer>;

// ---------------------------------------------------------------------------------------------------

const ruleCodes = [
  "protocol.required",
  "protocol.invalid",
  "description.required",
  "description.invalid",
  "description.too_long",
  "description.taken",
  "start_port.required",
  "start_port.invalid",
  "start_port.out_of_range",
  "start_port.overlaps",
  "end_port.invalid",
  "end_port.out_of_range",
  "end_port.before_start",
  "destination_address.required",
  "destination_address.invalid",
  "destination_address.outside_subnet",
  "destination_address.router_address",
  "destination_port.invalid",
  "destination_port.out_of_range",
  "enabled.invalid",
  "_form.too_many_rules",
];

export const homeNetworkEndpoints = [
  endpoint({
    method: "get",
    path: "/wifi-names/{customerId}",
    tag: "wifi",
    summary: "WiFi names of a residential account's packages, keyed by package id (404 for a commercial account)",
    auth: "bearer",
    answer: WifiNamesAnswer,
    errors: [404],
  }),
  endpoint({
    method: "get",
    path: "/wifi/{packageId}",
    tag: "wifi",
    summary: "WiFi settings per band of a package's internet service (404 when the package has no internet)",
    auth: "bearer",
    answer: WifiSettingsAnswer,
    errors: [404],
  }),
  endpoint({
    method: "put",
    path: "/wifi/{packageId}",
    tag: "wifi",
    summary: "Change WiFi names, passwords and on/off per band (authoritative or support contacts)",
    auth: "bearer",
    body: WifiUpdateRequest,
    answer: WifiUpdateAnswer,
    errors: [404, 422],
    errorCodes: [...wifiFieldCodes, "name_guest.same_as_main", "name_24ghz.same_as_guest", "name_5ghz.same_as_guest", "_form.empty"],
  }),
  endpoint({
    method: "get",
    path: "/wifi/{packageId}/network-overview",
    tag: "wifi",
    summary: "Access points and devices of the last 48 hours (an access point shows after 15 minutes), as a tree and by MAC",
    auth: "bearer",
    answer: NetworkOverviewAnswer,
    errors: [404],
  }),
  endpoint({
    method: "get",
    path: "/residential-internet/{packageId}",
    tag: "residential",
    summary:
      "Plan, connection and router of a package's internet service (404 when the package has no internet); ?include=incidents adds what GET /status/services/{serviceId} answers, in one round trip",
    auth: "bearer",
    query: ResidentialInternetQuery,
    answer: InternetSettingsAnswer,
    errors: [404, 422],
    errorCodes: ["include.invalid"],
  }),
  endpoint({
    method: "get",
    path: "/residential-tv/{packageId}",
    tag: "residential",
    summary: "Line-up, theme packs, set-top boxes and TV Go of a package's TV service (404 when it has no TV)",
    auth: "bearer",
    answer: TvPackageAnswer,
    errors: [404],
  }),
  endpoint({
    method: "get",
    path: "/residential-tv/services/{serviceId}",
    tag: "residential",
    summary:
      "The same of one TV service, by its id (404 for a service that is not TV or not in a package): the TV page by service id in one call",
    auth: "bearer",
    answer: TvPackageAnswer,
    errors: [404],
  }),
  endpoint({
    method: "get",
    path: "/router/{serviceId}/network-settings",
    tag: "router",
    summary: "LAN address, subnet, DHCP range, lease time and DNS handed to devices",
    auth: "bearer",
    answer: NetworkSettingsAnswer,
    errors: [404],
  }),
  endpoint({
    method: "put",
    path: "/router/{serviceId}/network-settings",
    tag: "router",
    summary: "Change the LAN settings (authoritative or support contacts); dynamic leases outside the new range are dropped",
    auth: "bearer",
    body: NetworkSettingsRequest,
    answer: NetworkSettingsUpdateAnswer,
    errors: [404, 422],
    errorCodes: [
      "lan_ip.required",
      "lan_ip.invalid",
      "lan_ip.not_private",
      "lan_ip.network_or_broadcast",
      "lan_ip.reserved",
      "lan_ip.reservations_outside_subnet",
      "lan_ip.port_forwarding_outside_subnet",
      "subnet_mask.required",
      "subnet_mask.invalid",
      "subnet_mask.out_of_range",
      "dhcp_start.required",
      "dhcp_start.invalid",
      "dhcp_start.outside_subnet",
      "dhcp_start.includes_lan_ip",
      "dhcp_end.required",
      "dhcp_end.invalid",
      "dhcp_end.outside_subnet",
      "dhcp_end.before_start",
      "lease_time_seconds.invalid",
      "lease_time_seconds.too_short",
      "lease_time_seconds.too_long",
      "dns_primary.invalid",
      "dns_secondary.invalid",
    ],
  }),
  endpoint({
    method: "get",
    path: "/router/{serviceId}/port-forwarding-rules",
    tag: "router",
    summary: "Static port forwarding rules",
    auth: "bearer",
    answer: PortForwardingRulesAnswer,
    errors: [404],
  }),
  endpoint({
    method: "post",
    path: "/router/{serviceId}/port-forwarding-rules",
    tag: "router",
    summary: `Add a port forwarding rule (authoritative or support contacts; at most ${MAX_PORT_FORWARDING_RULES} a router)`,
    auth: "bearer",
    body: PortForwardingRuleRequest,
    answer: PortForwardingRuleAnswer,
    status: 201,
    errors: [404, 422],
    errorCodes: ruleCodes,
  }),
  endpoint({
    method: "put",
    path: "/router/{serviceId}/port-forwarding-rules/{ruleId}",
    tag: "router",
    summary: "Replace a port forwarding rule (authoritative or support contacts)",
    auth: "bearer",
    body: PortForwardingRuleRequest,
    answer: PortForwardingRuleAnswer,
    errors: [404, 422],
    errorCodes: ruleCodes.filter((code) => code !== "_form.too_many_rules"),
  }),
  endpoint({
    method: "delete",
    path: "/router/{serviceId}/port-forwarding-rules/{ruleId}",
    tag: "router",
    summary: "Remove a port forwarding rule (authoritative or support contacts)",
    auth: "bearer",
    answer: PortForwardingRulesAnswer.extend({ success: z.literal(true) }),
    errors: [404],
  }),
  endpoint({
    method: "get",
    path: "/router/{serviceId}/upnp-port-forwarding-rules",
    tag: "router",
    summary: "Port mappings devices opened through UPnP (expired ones left out)",
    auth: "bearer",
    answer: UpnpRulesAnswer,
    errors: [404],
  }),
  endpoint({
    method: "get",
    path: "/router/{serviceId}/statistics",
    tag: "router",
    summary: "Traffic counters per interface and uptime; an `error` field instead when the router is offline",
    auth: "bearer",
    answer: RouterStatisticsAnswer,
    errors: [404],
  }),
  endpoint({
    method: "get",
    path: "/router/{serviceId}/dhcp-leases",
    tag: "router",
    summary:
      "DHCP table (dynamic, reserved, expired, pending) and UPnP table; read from the router at most every 5 minutes unless forceRefresh",
    auth: "bearer",
    query: DhcpLeasesQuery,
    answer: DhcpLeasesAnswer,
    errors: [404, 422],
    errorCodes: ["forceRefresh.invalid"],
  }),
  endpoint({
    method: "put",
    path: "/router/{serviceId}/dhcp-reservation",
    tag: "router",
    summary: "Reserve an address in the LAN subnet for a device (authoritative or support contacts)",
    auth: "bearer",
    body: DhcpReservationRequest,
    answer: DhcpReservationAnswer,
    errors: [404, 422],
    errorCodes: [
      "mac_address.required",
      "mac_address.invalid",
      "ip_address.required",
      "ip_address.invalid",
      "ip_address.outside_subnet",
      "ip_address.in_use",
      "hostname.invalid",
    ],
  }),
  endpoint({
    method: "delete",
    path: "/router/{serviceId}/dhcp-reservation/{macAddress}",
    tag: "router",
    summary: "Remove a device's reservation (authoritative or support contacts; 404 when it has none)",
    auth: "bearer",
    answer: z.object({ success: z.literal(true), status: z.literal("success") }),
    errors: [404],
  }),
  endpoint({
    method: "get",
    path: "/external_links/beanmachine",
    tag: "router",
    summary: "WebSocket URL of the live router-diagnostics service (BEANMACHINE_WS_URL)",
    auth: "bearer",
    answer: BeanmachineAnswer,
  }),
];
