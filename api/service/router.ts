/**
 * /router/{serviceId}/…: the router (CPE) of a residential internet service: device info, LAN settings,
 * statistics, and the live-diagnostics link; beside it, port forwarding and UPnP (router-forwarding.ts),
 * DHCP leases and reservations (router-dhcp.ts), restarts (router-restart.ts), UPnP on or off (router-upnp.ts). Addresses are read by #common/net, as the portal's
 * router forms read them.
 *
 * Reads are open to every contact of the account; changes need the authoritative or support role.
 * The provider keeps each router's configuration: changes made while a router is offline are stored
 * and reach it when it reconnects. Statistics and a fresh DHCP table need the router to answer (it does
 * not while offline or restarting).
 */
import { Router, type Request } from "express";
import {
  LEASE_TIME_MAX_SECONDS,
  LEASE_TIME_MIN_SECONDS,
  NetworkSettingsRequest,
  type BeanmachineAnswer,
  type CpeInfo,
  type NetworkSettingsAnswer,
  type RouterStatisticsAnswer,
} from "../contract/home-network.ts";
import type { Db } from "../db/client.ts";
import type { ServiceContext, Statement } from "./context.ts";
import { FieldErrors, notFound } from "./errors.ts";
import { currentUser, parseInput, requireService, route, type ContactRole } from "./http.ts";
import { recordActivity } from "./activity.ts";
import { logEvent } from "#common/logger";
import { formatIpv4, isHostOf, isPrivateIpv4, maskPrefix, parseIpv4, subnetOf } from "#common/net";

/** Who may change home network settings (WiFi and router). */
export const NETWORK_EDITORS: ContactRole[] = ["authoritative", "support"];
export const DEFAULT_BEANMACHINE_WS_URL = "wss://beanmachine.lakeshore-fibre.example/ws";

// ---------------------------------------------------------------------------------------------------
// Form values.

/** A whole number from JSON or form text: undefined when absent or empty, NaN when not digits. */
export function formInteger(value: unknown): number | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value === "number") return Number.isInteger(value) ? value : NaN;
  const text = String(value).trim();
  if (text === "") return undefined;
  return /^\d{1,10}$/.test(text) ? Number(text) : NaN;
}

// ---------------------------------------------------------------------------------------------------
// Rows.

export interface RouterRow {
  service_id: number;
  vendor: string;
  model: string;
  generation: "legacy" | "current";
  hardware_version: string;
  firmware_version: string;
  serial_number: string;
  mac_address: string;
  wan_ipv4: string | null;
  wan_ipv6_prefix: string | null;
  wan_dns: string[];
  last_boot_at: Date;
  offline_since: Date | null;
  lan_ip: string;
  subnet_mask: string;
  dhcp_start: string;
  dhcp_end: string;
  lease_time_seconds: number;
  dns_primary: string | null;
  dns_secondary: string | null;
  settings_updated_at: Date | null;
  leases_read_at: Date;
  /** The latest restart asked through the API (router-restart.ts). */
  restart_started_at: Date | null;
  restart_back_at: Date | null;
  /** UPnP on or off, and when a contact last changed it (router-upnp.ts). */
  upnp_enabled: boolean;
  upnp_updated_at: Date | null;
}

/** Whether the router is restarting at `now`: its latest restart is not over. */
export const isRestarting = (row: Pick<RouterRow, "restart_back_at">, now: Date) =>
  row.restart_back_at !== null && row.restart_back_at > now;

/** The router's last boot: the end of its latest restart once that has passed. */
export const lastBootOf = (row: Pick<RouterRow, "last_boot_at" | "restart_back_at">, now: Date) =>
  row.restart_back_at && row.restart_back_at <= now && row.restart_back_at > row.last_boot_at ? row.restart_back_at : row.last_boot_at;

export async function loadRouter(db: Db, serviceId: number, forUpdate = false): Promise<RouterRow> {
  const row = await db.one<RouterRow>(`SELECT * FROM routers WHERE service_id = $1${forUpdate ? " FOR UPDATE" : ""}`, [serviceId]);
  if (!row) throw notFound("Router");
  return row;
}

/** The router of an internet service the user may see (or change, with `write`). */
export async function routerAccess(ctx: ServiceContext, req: Request, write = false) {
  const access = await requireService(ctx.db, req, req.params.serviceId, {
    categories: ["internet"],
    ...(write ? { anyOf: NETWORK_EDITORS } : {}),
  });
  return access;
}

/** An instant as the answers write it; a string is an instant read as JSON (context.ts `together`). */
export const iso = (date: Date | string) => (typeof date === "string" ? new Date(date) : date).toISOString();

export function networkSettingsOf(router: RouterRow): NetworkSettingsAnswer["network_settings"] {
  return {
    lan_ip: router.lan_ip,
    subnet_mask: router.subnet_mask,
    dhcp_start: router.dhcp_start,
    dhcp_end: router.dhcp_end,
    lease_time_seconds: router.lease_time_seconds,
    dns_primary: router.dns_primary,
    dns_secondary: router.dns_secondary,
    updated_at: router.settings_updated_at ? iso(router.settings_updated_at) : null,
  };
}

/** The LAN of a router: its subnet and its own address. */
export function lanOf(router: Pick<RouterRow, "lan_ip" | "subnet_mask">) {
  const ip = parseIpv4(router.lan_ip)!;
  const mask = parseIpv4(router.subnet_mask)!;
  return { ip, mask, subnet: subnetOf(ip, mask) };
}

/** The WebSocket URL of the live diagnostics service: BEANMACHINE_WS_URL if it is a ws(s) URL. */
export function beanmachineUrl(): string {
  const configured = process.env.BEANMACHINE_WS_URL?.trim();
  if (configured) {
    try {
      const url = new URL(configured);
      if (url.protocol === "ws:" || url.protocol === "wss:") return url.toString();
    } catch {
      // fall through to the default
    }
    logEvent(
      "config.invalid",
      { variable: "BEANMACHINE_WS_URL" },
      { msg: "BEANMACHINE_WS_URL is not a ws:// or wss:// URL; using the default" },
    );
  }
  return DEFAULT_BEANMACHINE_WS_URL;
}

export const isUniqueViolation = (error: unknown) =>
  typeof error === "object" && error !== null && (error as { code?: unknown }).code === "23505";

/** What GET cpe-info answers of a router at `now` (its device-management data). */
export function cpeInfoOf(r: RouterRow, now: Date): CpeInfo {
  const restarting = r.offline_since === null && isRestarting(r, now);
  const online = r.offline_since === null && !restarting;
  const lastBoot = lastBootOf(r, now);
  return {
    vendor: r.vendor,
    model: r.model,
    generation: r.generation,
    hardware_version: r.hardware_version,
    firmware_version: r.firmware_version,
    serial_number: r.serial_number,
    mac_address: r.mac_address,
    wan_ipv4: r.wan_ipv4,
    wan_ipv6_prefix: r.wan_ipv6_prefix,
    status: online ? "online" : restarting ? "restarting" : "offline",
    uptime_seconds: online ? Math.max(0, Math.floor((now.getTime() - lastBoot.getTime()) / 1000)) : null,
    last_boot_at: iso(lastBoot),
    last_seen_at: iso(online ? now : restarting ? r.restart_started_at! : r.offline_since!),
  };
}

/** What GET statistics answers of a router at `now`: its counters, or that it does not answer. */
type InterfaceRow = {
  interface: "wan" | "lan" | "wifi_2_4ghz" | "wifi_5ghz" | "wifi_guest";
  received_bytes: number;
  sent_bytes: number;
  received_packets: number;
  sent_packets: number;
  errors: number;
  link_rate_mbps: number | null;
};

/** The reads behind a router's statistics at `now`: its interfaces' counters, and its connected devices counted. */
export const statisticsReads = (serviceId: number, now: Date) => ({
  interfaces: {
    sql: `SELECT interface, received_bytes, sent_bytes, received_packets, sent_packets, errors, link_rate_mbps
            FROM router_interface_counters WHERE service_id = $1
           ORDER BY CASE interface WHEN 'wan' THEN 1 WHEN 'lan' THEN 2 WHEN 'wifi_2_4ghz' THEN 3 WHEN 'wifi_5ghz' THEN 4 ELSE 5 END`,
    params: [serviceId],
  } satisfies Statement,
  devices: {
    sql: `SELECT count(*)::int AS count FROM network_devices d JOIN network_access_points a ON a.id = d.access_point_id
           WHERE d.service_id = $1 AND d.disconnected_at IS NULL AND d.connected_since <= $2 AND a.first_seen_at <= $2`,
    params: [serviceId, now],
  } satisfies Statement,
});

/** Offline, or restarting: the router does not answer (its statistics are that error). */
export function statisticsError(r: RouterRow, now: Date): RouterStatisticsAnswer | null {
  const silentSince = r.offline_since ?? (isRestarting(r, now) ? r.restart_started_at : null);
  return silentSince ? { error: { code: "router_offline", message: "The router is not answering", last_seen_at: iso(silentSince) } } : null;
}

/** A router's statistics from what statisticsReads read. */
export function statisticsFrom(
  r: RouterRow,
  now: Date,
  interfaces: InterfaceRow[],
  devices: { count: number } | null | undefined,
): RouterStatisticsAnswer {
  return (
    statisticsError(r, now) ?? {
      statistics: {
        sampled_at: iso(now),
        uptime_seconds: Math.max(0, Math.floor((now.getTime() - lastBootOf(r, now).getTime()) / 1000)),
        connected_devices: devices?.count ?? 0,
        interfaces: interfaces.map((i) => ({ ...i })),
      },
    }
  );
}

export async function statisticsOf(db: Db, r: RouterRow, now: Date): Promise<RouterStatisticsAnswer> {
  const silent = statisticsError(r, now);
  if (silent) return silent;
  const reads = statisticsReads(r.service_id, now);
  const [interfaces, devices] = await Promise.all([
    db.query<InterfaceRow>(reads.interfaces.sql, reads.interfaces.params),
    db.one<{ count: number }>(reads.devices.sql, reads.devices.params),
  ]);
  return statisticsFrom(r, now, interfaces, devices);
}

// ---------------------------------------------------------------------------------------------------

export function routerRoutes(ctx: ServiceContext): Router {
  const router = Router();

  router.get(
    "/router/:serviceId/network-settings",
    route(async (req, res) => {
      const { serviceId } = await routerAccess(ctx, req);
      const answer: NetworkSettingsAnswer = { network_settings: networkSettingsOf(await loadRouter(ctx.db, serviceId)) };
      res.json(answer);
    }),
  );

  router.put(
    "/router/:serviceId/network-settings",
    route(async (req, res) => {
      const { serviceId, customerId } = await routerAccess(ctx, req, true);
      const input = parseInput(NetworkSettingsRequest, req.body ?? {});
      const updated = await ctx.db.transaction(async (tx) => {
        const current = await loadRouter(tx, serviceId, true);
        const errors = new FieldErrors();

        const ip = parseIpv4(input.lan_ip);
        if (ip === null) errors.add("lan_ip", "invalid");
        else if (!isPrivateIpv4(ip)) errors.add("lan_ip", "not_private");

        const mask = parseIpv4(input.subnet_mask);
        const prefix = mask === null ? null : maskPrefix(mask);
        if (prefix === null) errors.add("subnet_mask", "invalid");
        // /16 keeps every private LAN inside its RFC 1918 block; /30 leaves two hosts.
        else if (prefix < 16 || prefix > 30) errors.add("subnet_mask", "out_of_range");

        const start = parseIpv4(input.dhcp_start);
        const end = parseIpv4(input.dhcp_end);
        if (start === null) errors.add("dhcp_start", "invalid");
        if (end === null) errors.add("dhcp_end", "invalid");

        const lease = formInteger(input.lease_time_seconds);
        if (lease === undefined || Number.isNaN(lease)) errors.add("lease_time_seconds", "invalid");
        else if (lease < LEASE_TIME_MIN_SECONDS) errors.add("lease_time_seconds", "too_short");
        else if (lease > LEASE_TIME_MAX_SECONDS) errors.add("lease_time_seconds", "too_long");

        const dns = (field: "dns_primary" | "dns_secondary") => {
          const text = input[field]?.trim();
          if (!text) return null;
          const value = parseIpv4(text);
          if (value === null) {
            errors.add(field, "invalid");
            return null;
          }
          return formatIpv4(value);
        };
        const dnsPrimary = dns("dns_primary");
        const dnsSecondary = dns("dns_secondary");

        if (ip !== null && mask !== null && !errors.has("lan_ip") && !errors.has("subnet_mask")) {
          const subnet = subnetOf(ip, mask);
          if (!isHostOf(subnet, ip)) errors.add("lan_ip", "network_or_broadcast");
          if (start !== null && !isHostOf(subnet, start)) errors.add("dhcp_start", "outside_subnet");
          if (end !== null && !isHostOf(subnet, end)) errors.add("dhcp_end", "outside_subnet");
          if (start !== null && end !== null && end < start) errors.add("dhcp_end", "before_start");
          if (start !== null && end !== null && start <= ip && ip <= end && !errors.has("dhcp_start")) {
            errors.add("dhcp_start", "includes_lan_ip");
          }
          // What depends on the LAN must still fit in it.
          const [reservations, rules] = await Promise.all([
            tx.query<{ ip_address: string }>("SELECT ip_address FROM dhcp_reservations WHERE service_id = $1", [serviceId]),
            tx.query<{ destination_address: string }>("SELECT destination_address FROM port_forwarding_rules WHERE service_id = $1", [
              serviceId,
            ]),
          ]);
          const reservedIps = reservations.map((r) => parseIpv4(r.ip_address)!);
          if (reservedIps.some((r) => !isHostOf(subnet, r))) errors.add("lan_ip", "reservations_outside_subnet");
          if (reservedIps.includes(ip)) errors.add("lan_ip", "reserved");
          if (rules.some((r) => !isHostOf(subnet, parseIpv4(r.destination_address)!)))
            errors.add("lan_ip", "port_forwarding_outside_subnet");
        }
        errors.throwIfAny("The network settings break a rule");

        const now = ctx.now();
        const row = await tx.one<RouterRow>(
          `UPDATE routers SET lan_ip = $2, subnet_mask = $3, dhcp_start = $4, dhcp_end = $5, lease_time_seconds = $6,
                  dns_primary = $7, dns_secondary = $8, settings_updated_at = $9
            WHERE service_id = $1 RETURNING *`,
          [serviceId, formatIpv4(ip!), formatIpv4(mask!), formatIpv4(start!), formatIpv4(end!), lease, dnsPrimary, dnsSecondary, now],
        );
        // The router restarts its DHCP server: dynamic leases outside the new range end.
        const leases = await tx.query<{ id: number; ip_address: string }>(
          `SELECT l.id, l.ip_address FROM dhcp_leases l
            WHERE l.service_id = $1
              AND NOT EXISTS (SELECT 1 FROM dhcp_reservations r WHERE r.service_id = l.service_id AND r.mac_address = l.mac_address)`,
          [serviceId],
        );
        const dropped = leases.filter((l) => {
          const value = parseIpv4(l.ip_address)!;
          return value < start! || value > end!;
        });
        if (dropped.length) {
          await tx.query("DELETE FROM dhcp_leases WHERE id = ANY($1::int[])", [dropped.map((l) => l.id)]);
        }
        if (current.lan_ip !== row!.lan_ip) {
          await tx.query("UPDATE network_access_points SET ip_address = $2 WHERE service_id = $1 AND role = 'router'", [
            serviceId,
            row!.lan_ip,
          ]);
        }
        await recordActivity(tx, ctx.now(), customerId, currentUser(req).userId, "router_changed", { setting: "lan" });
        return row!;
      });
      res.json({ success: true, status: "success", network_settings: networkSettingsOf(updated) });
    }),
  );

  router.get(
    "/router/:serviceId/statistics",
    route(async (req, res) => {
      const { serviceId } = await routerAccess(ctx, req);
      res.json(await statisticsOf(ctx.db, await loadRouter(ctx.db, serviceId), ctx.now()));
    }),
  );

  router.get(
    "/external_links/beanmachine",
    route(async (_req, res) => {
      const answer: BeanmachineAnswer = { wsUrl: beanmachineUrl() };
      res.json(answer);
    }),
  );

  return router;
}
