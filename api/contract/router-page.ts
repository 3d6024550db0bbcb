/**
 * GET /router/{serviceId}/cpe-info: the router of a residential internet service and, with `include`,
 * everything the router page shows in the same round trip (decision 230): the service and its account,
 * the LAN settings, the DHCP table, the port forwarding rules, UPnP and its rules, the statistics, the
 * devices paused and the outages touching the service. Each part is what its own call answers; the
 * calls stay in the contract for the pages that need one part, and for an API that ignores `include`.
 */
import { z } from "zod";
import { Address, includeList } from "./common.ts";
import { ResidentialServiceStatus } from "./dashboard.ts";
import { DevicePause } from "./device-pauses.ts";
import { endpoint } from "./endpoint.ts";
import { CpeInfo, DhcpLeasesAnswer, NetworkSettings, PortForwardingRule, RouterStatisticsAnswer, UpnpRule } from "./home-network.ts";
import { RouterRestart } from "./router-restart.ts";
import { RouterUpnp } from "./router-upnp.ts";
import { AccountIncident } from "./status.ts";

/** What the router page may ask to be answered with the router, so that it makes one call instead of ten. */
export const ROUTER_PAGE_INCLUDES = [
  "service",
  "network_settings",
  "dhcp_leases",
  "port_forwarding_rules",
  "upnp_port_forwarding_rules",
  "upnp",
  "statistics",
  "device_pauses",
  "incidents",
  "restart",
] as const;
export type RouterPageInclude = (typeof ROUTER_PAGE_INCLUDES)[number];

export const CpeInfoQuery = z.object({
  /** A comma-separated list of ROUTER_PAGE_INCLUDES. */
  include: includeList(ROUTER_PAGE_INCLUDES),
});

/** The internet service of a router, as the residential dashboard names it, with its account. */
export const RouterServiceInfo = z.object({
  customer_id: z.number().int(),
  service_id: z.number().int(),
  package_id: z.number().int(),
  name: z.string(),
  status: ResidentialServiceStatus,
  service_address: Address,
});
export type RouterServiceInfo = z.infer<typeof RouterServiceInfo>;

/** GET /router/{serviceId}/cpe-info (nested as the device-management service answers it), with its includes. */
export const CpeInfoAnswer = z.object({
  data: z.object({ data: CpeInfo }),
  /** With ?include=service. */
  service: RouterServiceInfo.optional(),
  /** With ?include=network_settings: what GET …/network-settings answers. */
  network_settings: NetworkSettings.optional(),
  /** With ?include=dhcp_leases: what GET …/dhcp-leases answers (the table kept, as without forceRefresh). */
  dhcp_leases: DhcpLeasesAnswer.optional(),
  /** With ?include=port_forwarding_rules: what GET …/port-forwarding-rules answers. */
  port_forwarding_rules: z.array(PortForwardingRule).optional(),
  /** With ?include=upnp_port_forwarding_rules: the rules GET …/upnp-port-forwarding-rules answers. */
  upnp_port_forwarding_rules: z.array(UpnpRule).optional(),
  /** With ?include=upnp: what GET …/upnp answers. */
  upnp: RouterUpnp.optional(),
  /** With ?include=statistics: what GET …/statistics answers (its statistics, or its error). */
  statistics: RouterStatisticsAnswer.optional(),
  /** With ?include=device_pauses: what GET …/device-pauses answers. */
  device_pauses: z.array(DevicePause).optional(),
  /** With ?include=incidents: what GET /status/services/{serviceId} answers. */
  incidents: z.array(AccountIncident).optional(),
  /** With ?include=restart: what GET …/restart answers (null when the router was never restarted this way). */
  restart: RouterRestart.nullable().optional(),
});
export type CpeInfoAnswer = z.infer<typeof CpeInfoAnswer>;

export const routerPageEndpoints = [
  endpoint({
    method: "get",
    path: "/router/{serviceId}/cpe-info",
    tag: "router",
    summary:
      "The router of a residential internet service (404 for another kind of service); ?include= adds what the router page's other calls answer, in one round trip",
    auth: "bearer",
    query: CpeInfoQuery,
    answer: CpeInfoAnswer,
    errors: [404, 422],
    errorCodes: ["include.invalid"],
  }),
] as const;
