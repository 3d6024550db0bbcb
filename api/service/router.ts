/**
 * /router/{serviceId}/…: the router (CPE) of a residential internet service: device info, LAN settings,
 * port forwarding, UPnP, statistics, DHCP leases and reservations; and the live-diagnostics link.
 *
 * Reads are open to every contact of the account; changes need the authoritative or support role.
 * The provider keeps each router's configuration: changes made while a router is offline are stored
 * and reach it when it reconnects. Statistics and a fresh DHCP table need the router to answer.
 */
import { Router, type Request } from "express";
import {
  DhcpLeasesQuery,
  DhcpReservationRequest,
  LEASE_TIME_MAX_SECONDS,
  LEASE_TIME_MIN_SECONDS,
  MAX_PORT_FORWARDING_RULES,
  NetworkSettingsRequest,
  PortForwardingRuleRequest,
  type BeanmachineAnswer,
  type CpeInfoAnswer,
  type DhcpLease,
  type DhcpLeasesAnswer,
  type NetworkSettingsAnswer,
  type PortForwardingRule,
  type RouterStatisticsAnswer,
  type UpnpRule,
} from "../contract/home-network.ts";
import type { Db } from "../db/client.ts";
import type { ServiceContext } from "./context.ts";
import { FieldErrors, notFound, unprocessable } from "./errors.ts";
import { parseInput, requireService, route, type ContactRole } from "./http.ts";
import { logEvent } from "#common/logger";
import { formatIpv4, isHostOf, isPrivateIpv4, maskPrefix, normalizeMac, parseIpv4, subnetOf } from "#common/net";

/** Who may change home network settings (WiFi and router). */
export const NETWORK_EDITORS: ContactRole[] = ["authoritative", "support"];
/** A DHCP table read from the router is reused for this long unless forceRefresh. */
export const LEASE_CACHE_SECONDS = 300;
/** Expired leases stay in the router's table this long. */
const EXPIRED_LEASE_KEPT_SECONDS = 24 * 3600;
export const DEFAULT_BEANMACHINE_WS_URL = "wss://beanmachine.lakeshore-fibre.example/ws";

// ---------------------------------------------------------------------------------------------------
// Form values.

/** A whole number from JSON or form text: undefined when absent or empty, NaN when not digits. */
function formInteger(value: unknown): number | undefined {
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
}

interface ForwardingRow {
  id: number;
  description: string;
  protocol: "TCP" | "UDP" | "both";
  start_port: number;
  end_port: number | null;
  destination_address: string;
  destination_port: number | null;
  enabled: boolean;
}

const toRule = (row: ForwardingRow): PortForwardingRule => ({
  id: row.id,
  description: row.description,
  protocol: row.protocol,
  start_port: row.start_port,
  end_port: row.end_port,
  destination_address: row.destination_address,
  destination_port: row.destination_port,
  enabled: row.enabled,
});

export async function loadRouter(db: Db, serviceId: number, forUpdate = false): Promise<RouterRow> {
  const row = await db.one<RouterRow>(`SELECT * FROM routers WHERE service_id = $1${forUpdate ? " FOR UPDATE" : ""}`, [serviceId]);
  if (!row) throw notFound("Router");
  return row;
}

/** The router of an internet service the user may see (or change, with `write`). */
async function routerAccess(ctx: ServiceContext, req: Request, write = false) {
  const access = await requireService(ctx.db, req, req.params.serviceId, {
    categories: ["internet"],
    ...(write ? { anyOf: NETWORK_EDITORS } : {}),
  });
  return access;
}

const iso = (date: Date) => date.toISOString();

async function listRules(db: Db, serviceId: number): Promise<PortForwardingRule[]> {
  const rows = await db.query<ForwardingRow>("SELECT * FROM port_forwarding_rules WHERE service_id = $1 ORDER BY start_port, id", [
    serviceId,
  ]);
  return rows.map(toRule);
}

/** UPnP mappings still running at `now` (permanent ones, or within their lease). */
export async function listUpnp(db: Db, serviceId: number, now: Date): Promise<UpnpRule[]> {
  const rows = await db.query<{
    description: string;
    protocol: "TCP" | "UDP";
    external_port: number;
    internal_address: string;
    internal_port: number;
    lease_seconds: number;
    created_at: Date;
  }>("SELECT * FROM upnp_mappings WHERE service_id = $1 ORDER BY external_port, protocol", [serviceId]);
  const out: UpnpRule[] = [];
  for (const row of rows) {
    if (row.created_at.getTime() > now.getTime()) continue;
    const remaining =
      row.lease_seconds === 0 ? null : Math.floor((row.created_at.getTime() + row.lease_seconds * 1000 - now.getTime()) / 1000);
    if (remaining !== null && remaining <= 0) continue;
    out.push({
      description: row.description,
      protocol: row.protocol,
      external_port: row.external_port,
      internal_address: row.internal_address,
      internal_port: row.internal_port,
      lease_seconds_remaining: remaining,
      created_at: iso(row.created_at),
    });
  }
  return out;
}

interface LeaseRow {
  mac_address: string;
  hostname: string | null;
  ip_address: string;
  state: "offered" | "bound";
  granted_at: Date;
  expires_at: Date;
  connected: boolean;
}

/**
 * When a lease ends, seen at `asOf`: a connected device renews at half of its lease (RFC 2131 T1), so
 * its lease runs on; a device that left keeps the expiry it had.
 */
function leaseExpiry(row: LeaseRow, leaseSeconds: number, asOf: Date): number {
  const granted = row.granted_at.getTime();
  if (!row.connected || row.state !== "bound") return row.expires_at.getTime();
  const half = (leaseSeconds * 1000) / 2;
  const renewals = Math.max(0, Math.floor((asOf.getTime() - granted) / half));
  return granted + renewals * half + leaseSeconds * 1000;
}

/** The router's leases granted by `asOf`, and whether their device is connected then. */
function leaseRows(db: Db, serviceId: number, asOf: Date): Promise<LeaseRow[]> {
  return db.query<LeaseRow>(
    `SELECT l.mac_address, l.hostname, l.ip_address, l.state, l.granted_at, l.expires_at,
            EXISTS (SELECT 1 FROM network_devices d
                     WHERE d.service_id = l.service_id AND d.mac_address = l.mac_address
                       AND d.connected_since <= $2 AND (d.disconnected_at IS NULL OR d.disconnected_at > $2)) AS connected
       FROM dhcp_leases l WHERE l.service_id = $1 AND l.granted_at <= $2`,
    [serviceId, asOf],
  );
}

/** The DHCP table as the router reports it at `asOf`. */
export async function dhcpTable(db: Db, router: RouterRow, asOf: Date): Promise<DhcpLease[]> {
  const [leases, reservations] = await Promise.all([
    leaseRows(db, router.service_id, asOf),
    db.query<{ mac_address: string; ip_address: string; hostname: string | null }>(
      "SELECT mac_address, ip_address, hostname FROM dhcp_reservations WHERE service_id = $1",
      [router.service_id],
    ),
  ]);
  const reserved = new Map(reservations.map((r) => [r.mac_address, r]));
  const out: (DhcpLease & { sort: number })[] = [];
  const seconds = (until: number) => Math.max(0, Math.floor((until - asOf.getTime()) / 1000));

  for (const r of reservations) {
    const lease = leases.find((l) => l.mac_address === r.mac_address && l.state === "bound");
    const until = lease ? leaseExpiry(lease, router.lease_time_seconds, asOf) : 0;
    out.push({
      hostname: r.hostname ?? lease?.hostname ?? null,
      mac_address: r.mac_address,
      ip_address: r.ip_address,
      lease_seconds: lease && until > asOf.getTime() ? seconds(until) : null,
      type: "reserved",
      sort: parseIpv4(r.ip_address) ?? 0,
    });
  }
  for (const l of leases) {
    if (reserved.has(l.mac_address)) continue;
    if (l.state === "offered") {
      out.push({
        hostname: l.hostname,
        mac_address: l.mac_address,
        ip_address: l.ip_address,
        lease_seconds: router.lease_time_seconds,
        type: "pending",
        sort: parseIpv4(l.ip_address) ?? 0,
      });
      continue;
    }
    const until = leaseExpiry(l, router.lease_time_seconds, asOf);
    const expired = until <= asOf.getTime();
    if (expired && asOf.getTime() - until > EXPIRED_LEASE_KEPT_SECONDS * 1000) continue;
    out.push({
      hostname: l.hostname,
      mac_address: l.mac_address,
      ip_address: l.ip_address,
      lease_seconds: expired ? 0 : seconds(until),
      type: expired ? "expired" : "dynamic",
      sort: parseIpv4(l.ip_address) ?? 0,
    });
  }
  return out.sort((a, b) => a.sort - b.sort).map(({ sort: _sort, ...lease }) => lease);
}

function networkSettingsOf(router: RouterRow): NetworkSettingsAnswer["network_settings"] {
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

const isUniqueViolation = (error: unknown) => typeof error === "object" && error !== null && (error as { code?: unknown }).code === "23505";

// ---------------------------------------------------------------------------------------------------
// Rules.

type RuleInput = ReturnType<typeof PortForwardingRuleRequest.parse>;

interface CheckedRule {
  description: string;
  protocol: "TCP" | "UDP" | "both";
  start_port: number;
  end_port: number | null;
  destination_address: string;
  destination_port: number | null;
  enabled: boolean;
}

const sharesProtocol = (a: string, b: string) => a === "both" || b === "both" || a === b;

/** Checks a port forwarding rule against the router's LAN and its other rules; answers it normalized. */
function checkRule(input: RuleInput, router: RouterRow, others: ForwardingRow[]): CheckedRule {
  const errors = new FieldErrors();
  const description = input.description.trim().replace(/\s+/g, " ");
  if (!description) errors.add("description", "required");
  else if (description.length > 64) errors.add("description", "too_long");
  else if (others.some((rule) => rule.description.toLowerCase() === description.toLowerCase())) errors.add("description", "taken");

  const port = (field: string, value: unknown, required: boolean) => {
    const n = formInteger(value);
    if (n === undefined) {
      if (required) errors.add(field, "required");
      return null;
    }
    if (Number.isNaN(n)) errors.add(field, "invalid");
    else if (n < 1 || n > 65535) errors.add(field, "out_of_range");
    else return n;
    return null;
  };
  const start = port("start_port", input.start_port, true);
  let end = port("end_port", input.end_port, false);
  const destinationPort = port("destination_port", input.destination_port, false);
  if (start !== null && end !== null && end < start) errors.add("end_port", "before_start");
  // An end port equal to the start is a single port.
  if (end !== null && end === start) end = null;
  if (start !== null && destinationPort !== null && destinationPort + ((end ?? start) - start) > 65535) {
    errors.add("destination_port", "out_of_range");
  }

  const destination = parseIpv4(input.destination_address);
  const lan = lanOf(router);
  if (destination === null) errors.add("destination_address", "invalid");
  else if (!isHostOf(lan.subnet, destination)) errors.add("destination_address", "outside_subnet");
  else if (destination === lan.ip) errors.add("destination_address", "router_address");

  if (start !== null && !errors.has("end_port")) {
    const last = end ?? start;
    const clash = others.find(
      (rule) => sharesProtocol(rule.protocol, input.protocol) && rule.start_port <= last && (rule.end_port ?? rule.start_port) >= start,
    );
    if (clash) errors.add("start_port", "overlaps");
  }
  errors.throwIfAny("The port forwarding rule breaks a rule");
  return {
    description,
    protocol: input.protocol,
    start_port: start!,
    end_port: end,
    destination_address: formatIpv4(destination!),
    destination_port: destinationPort,
    enabled: input.enabled ?? true,
  };
}

// ---------------------------------------------------------------------------------------------------

export function routerRoutes(ctx: ServiceContext): Router {
  const router = Router();

  router.get(
    "/router/:serviceId/cpe-info",
    route(async (req, res) => {
      const { serviceId } = await routerAccess(ctx, req);
      const r = await loadRouter(ctx.db, serviceId);
      const now = ctx.now();
      const online = r.offline_since === null;
      const answer: CpeInfoAnswer = {
        data: {
          data: {
            vendor: r.vendor,
            model: r.model,
            generation: r.generation,
            hardware_version: r.hardware_version,
            firmware_version: r.firmware_version,
            serial_number: r.serial_number,
            mac_address: r.mac_address,
            wan_ipv4: r.wan_ipv4,
            wan_ipv6_prefix: r.wan_ipv6_prefix,
            status: online ? "online" : "offline",
            uptime_seconds: online ? Math.max(0, Math.floor((now.getTime() - r.last_boot_at.getTime()) / 1000)) : null,
            last_boot_at: iso(r.last_boot_at),
            last_seen_at: iso(online ? now : r.offline_since!),
          },
        },
      };
      res.json(answer);
    }),
  );

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
      const { serviceId } = await routerAccess(ctx, req, true);
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
        return row!;
      });
      res.json({ success: true, status: "success", network_settings: networkSettingsOf(updated) });
    }),
  );

  router.get(
    "/router/:serviceId/port-forwarding-rules",
    route(async (req, res) => {
      const { serviceId } = await routerAccess(ctx, req);
      await loadRouter(ctx.db, serviceId);
      res.json({ port_forwarding_rules: await listRules(ctx.db, serviceId) });
    }),
  );

  router.post(
    "/router/:serviceId/port-forwarding-rules",
    route(async (req, res) => {
      const { serviceId } = await routerAccess(ctx, req, true);
      const input = parseInput(PortForwardingRuleRequest, req.body ?? {});
      const rule = await ctx.db.transaction(async (tx) => {
        const r = await loadRouter(tx, serviceId, true);
        const others = await tx.query<ForwardingRow>("SELECT * FROM port_forwarding_rules WHERE service_id = $1", [serviceId]);
        if (others.length >= MAX_PORT_FORWARDING_RULES) {
          throw unprocessable({ _form: ["_form.too_many_rules"] }, `A router holds at most ${MAX_PORT_FORWARDING_RULES} rules`);
        }
        const checked = checkRule(input, r, others);
        const now = ctx.now();
        return saveRule(() =>
          tx.one<ForwardingRow>(
            `INSERT INTO port_forwarding_rules
               (service_id, description, protocol, start_port, end_port, destination_address, destination_port, enabled, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) RETURNING *`,
            [
              serviceId,
              checked.description,
              checked.protocol,
              checked.start_port,
              checked.end_port,
              checked.destination_address,
              checked.destination_port,
              checked.enabled,
              now,
            ],
          ),
        );
      });
      res.status(201).json({ success: true, rule: toRule(rule!), port_forwarding_rules: await listRules(ctx.db, serviceId) });
    }),
  );

  router.put(
    "/router/:serviceId/port-forwarding-rules/:ruleId",
    route(async (req, res) => {
      const { serviceId } = await routerAccess(ctx, req, true);
      const ruleId = Number(req.params.ruleId);
      const input = parseInput(PortForwardingRuleRequest, req.body ?? {});
      const rule = await ctx.db.transaction(async (tx) => {
        const r = await loadRouter(tx, serviceId, true);
        const all = await tx.query<ForwardingRow>("SELECT * FROM port_forwarding_rules WHERE service_id = $1", [serviceId]);
        if (!Number.isSafeInteger(ruleId) || !all.some((rule) => rule.id === ruleId)) throw notFound("Port forwarding rule");
        const checked = checkRule(
          input,
          r,
          all.filter((rule) => rule.id !== ruleId),
        );
        return saveRule(() =>
          tx.one<ForwardingRow>(
            `UPDATE port_forwarding_rules SET description = $3, protocol = $4, start_port = $5, end_port = $6,
                    destination_address = $7, destination_port = $8, enabled = $9, updated_at = $10
              WHERE service_id = $1 AND id = $2 RETURNING *`,
            [
              serviceId,
              ruleId,
              checked.description,
              checked.protocol,
              checked.start_port,
              checked.end_port,
              checked.destination_address,
              checked.destination_port,
              checked.enabled,
              ctx.now(),
            ],
          ),
        );
      });
      res.json({ success: true, rule: toRule(rule!), port_forwarding_rules: await listRules(ctx.db, serviceId) });
    }),
  );

  router.delete(
    "/router/:serviceId/port-forwarding-rules/:ruleId",
    route(async (req, res) => {
      const { serviceId } = await routerAccess(ctx, req, true);
      const ruleId = Number(req.params.ruleId);
      await loadRouter(ctx.db, serviceId);
      const deleted = Number.isSafeInteger(ruleId)
        ? await ctx.db.query("DELETE FROM port_forwarding_rules WHERE service_id = $1 AND id = $2 RETURNING id", [serviceId, ruleId])
        : [];
      if (!deleted.length) throw notFound("Port forwarding rule");
      res.json({ success: true, port_forwarding_rules: await listRules(ctx.db, serviceId) });
    }),
  );

  router.get(
    "/router/:serviceId/upnp-port-forwarding-rules",
    route(async (req, res) => {
      const { serviceId } = await routerAccess(ctx, req);
      await loadRouter(ctx.db, serviceId);
      res.json({ rules: await listUpnp(ctx.db, serviceId, ctx.now()) });
    }),
  );

  router.get(
    "/router/:serviceId/statistics",
    route(async (req, res) => {
      const { serviceId } = await routerAccess(ctx, req);
      const r = await loadRouter(ctx.db, serviceId);
      if (r.offline_since) {
        const answer: RouterStatisticsAnswer = {
          error: { code: "router_offline", message: "The router is not answering", last_seen_at: iso(r.offline_since) },
        };
        res.json(answer);
        return;
      }
      const now = ctx.now();
      const [interfaces, devices] = await Promise.all([
        ctx.db.query<{
          interface: "wan" | "lan" | "wifi_2_4ghz" | "wifi_5ghz" | "wifi_guest";
          received_bytes: number;
          sent_bytes: number;
          received_packets: number;
          sent_packets: number;
          errors: number;
          link_rate_mbps: number | null;
        }>(
          `SELECT interface, received_bytes, sent_bytes, received_packets, sent_packets, errors, link_rate_mbps
             FROM router_interface_counters WHERE service_id = $1
            ORDER BY CASE interface WHEN 'wan' THEN 1 WHEN 'lan' THEN 2 WHEN 'wifi_2_4ghz' THEN 3 WHEN 'wifi_5ghz' THEN 4 ELSE 5 END`,
          [serviceId],
        ),
        ctx.db.one<{ count: number }>(
          `SELECT count(*)::int AS count FROM network_devices d JOIN network_access_points a ON a.id = d.access_point_id
            WHERE d.service_id = $1 AND d.disconnected_at IS NULL AND d.connected_since <= $2 AND a.first_seen_at <= $2`,
          [serviceId, now],
        ),
      ]);
      const answer: RouterStatisticsAnswer = {
        statistics: {
          sampled_at: iso(now),
          uptime_seconds: Math.max(0, Math.floor((now.getTime() - r.last_boot_at.getTime()) / 1000)),
          connected_devices: devices?.count ?? 0,
          interfaces: interfaces.map((i) => ({ ...i })),
        },
      };
      res.json(answer);
    }),
  );

  router.get(
    "/router/:serviceId/dhcp-leases",
    route(async (req, res) => {
      const { serviceId } = await routerAccess(ctx, req);
      const query = parseInput(DhcpLeasesQuery, req.query);
      const force = query.forceRefresh === "true" || query.forceRefresh === "1";
      let r = await loadRouter(ctx.db, serviceId);
      const now = ctx.now();
      const online = r.offline_since === null;
      const stale = now.getTime() - r.leases_read_at.getTime() > LEASE_CACHE_SECONDS * 1000;
      if (online && (force || stale)) {
        r = (await ctx.db.one<RouterRow>("UPDATE routers SET leases_read_at = $2 WHERE service_id = $1 RETURNING *", [serviceId, now]))!;
      }
      const asOf = r.leases_read_at;
      const answer: DhcpLeasesAnswer = {
        dhcp_data: await dhcpTable(ctx.db, r, asOf),
        upnp_table: online ? await listUpnp(ctx.db, serviceId, asOf) : [],
        refreshed_at: iso(asOf),
        router_online: online,
      };
      res.json(answer);
    }),
  );

  router.put(
    "/router/:serviceId/dhcp-reservation",
    route(async (req, res) => {
      const { serviceId } = await routerAccess(ctx, req, true);
      const input = parseInput(DhcpReservationRequest, req.body ?? {});
      const reservation = await ctx.db.transaction(async (tx) => {
        const r = await loadRouter(tx, serviceId, true);
        const errors = new FieldErrors();
        const mac = normalizeMac(input.mac_address);
        if (!mac) errors.add("mac_address", "invalid");
        const hostname = input.hostname?.trim() || null;
        if (hostname && !/^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/.test(hostname)) errors.add("hostname", "invalid");
        const ip = parseIpv4(input.ip_address);
        const lan = lanOf(r);
        if (ip === null) errors.add("ip_address", "invalid");
        else if (!isHostOf(lan.subnet, ip)) errors.add("ip_address", "outside_subnet");
        else if (await ipInUse(tx, r, formatIpv4(ip), mac, ctx.now())) errors.add("ip_address", "in_use");
        errors.throwIfAny("The reservation breaks a rule");

        const address = formatIpv4(ip!);
        const existing = await tx.one<{ hostname: string | null }>(
          "SELECT hostname FROM dhcp_reservations WHERE service_id = $1 AND mac_address = $2",
          [serviceId, mac],
        );
        const name =
          hostname ??
          existing?.hostname ??
          (
            await tx.one<{ hostname: string | null }>("SELECT hostname FROM dhcp_leases WHERE service_id = $1 AND mac_address = $2", [
              serviceId,
              mac,
            ])
          )?.hostname ??
          null;
        try {
          await tx.query(
            `INSERT INTO dhcp_reservations (service_id, mac_address, ip_address, hostname, created_at) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (service_id, mac_address) DO UPDATE SET ip_address = EXCLUDED.ip_address, hostname = EXCLUDED.hostname`,
            [serviceId, mac, address, name, ctx.now()],
          );
        } catch (error) {
          if (isUniqueViolation(error)) throw unprocessable({ ip_address: ["ip_address.in_use"] });
          throw error;
        }
        return { mac_address: mac!, ip_address: address, hostname: name };
      });
      res.json({ success: true, status: "success", reservation });
    }),
  );

  router.delete(
    "/router/:serviceId/dhcp-reservation/:macAddress",
    route(async (req, res) => {
      const { serviceId } = await routerAccess(ctx, req, true);
      await loadRouter(ctx.db, serviceId);
      const mac = normalizeMac(String(req.params.macAddress));
      const deleted = mac
        ? await ctx.db.query("DELETE FROM dhcp_reservations WHERE service_id = $1 AND mac_address = $2 RETURNING id", [serviceId, mac])
        : [];
      if (!deleted.length) throw notFound("Reservation");
      res.json({ success: true, status: "success" });
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

/** An address is in use when the router, an access point, another device's reservation or live lease holds it. */
async function ipInUse(db: Db, router: RouterRow, ip: string, mac: string | null, now: Date): Promise<boolean> {
  if (ip === router.lan_ip) return true;
  const [reservation, ap] = await Promise.all([
    db.one("SELECT 1 FROM dhcp_reservations WHERE service_id = $1 AND ip_address = $2 AND mac_address <> $3", [
      router.service_id,
      ip,
      mac ?? "",
    ]),
    db.one("SELECT 1 FROM network_access_points WHERE service_id = $1 AND ip_address = $2", [router.service_id, ip]),
  ]);
  if (reservation || ap) return true;
  // A device keeps its leased address until it renews, even once it has a reservation elsewhere.
  const leases = await leaseRows(db, router.service_id, now);
  return leases.some(
    (lease) =>
      lease.ip_address === ip &&
      lease.mac_address !== mac &&
      (lease.state === "offered" || leaseExpiry(lease, router.lease_time_seconds, now) > now.getTime()),
  );
}

async function saveRule(write: () => Promise<ForwardingRow | undefined>): Promise<ForwardingRow> {
  try {
    return (await write())!;
  } catch (error) {
    // Two requests racing for one description: the unique index decides.
    if (isUniqueViolation(error)) throw unprocessable({ description: ["description.taken"] });
    throw error;
  }
}
