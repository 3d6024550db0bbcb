/**
 * /router/{serviceId}/dhcp-leases and /router/{serviceId}/dhcp-reservation: the router's DHCP table (as
 * the router reports it, read again after LEASE_CACHE_SECONDS or on demand while it answers) and the
 * addresses reserved for devices by MAC. Reads are open to every contact; reservations need the
 * authoritative or support role (router.ts).
 */
import { Router } from "express";
import { DhcpLeasesQuery, DhcpReservationRequest, type DhcpLease, type DhcpLeasesAnswer } from "../contract/home-network.ts";
import type { Db } from "../db/client.ts";
import type { ServiceContext } from "./context.ts";
import { FieldErrors, notFound, unprocessable } from "./errors.ts";
import { currentUser, parseInput, route } from "./http.ts";
import { recordActivity } from "./activity.ts";
import { isRestarting, isUniqueViolation, iso, lanOf, loadRouter, routerAccess, type RouterRow } from "./router.ts";
import { listUpnp } from "./router-forwarding.ts";
import { formatIpv4, isHostOf, normalizeMac, parseIpv4 } from "#common/net";

/** A DHCP table read from the router is reused for this long unless forceRefresh. */
export const LEASE_CACHE_SECONDS = 300;
/** Expired leases stay in the router's table this long. */
const EXPIRED_LEASE_KEPT_SECONDS = 24 * 3600;

interface LeaseRow {
  mac_address: string;
  hostname: string | null;
  ip_address: string;
  state: "offered" | "bound";
  granted_at: Date;
  expires_at: Date;
  connected: boolean;
  /** The device's name on the home network (network_devices), null when the network has not seen it. */
  device_name: string | null;
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

/** The router's leases granted by `asOf`, whether their device is connected then, and its name on the network. */
function leaseRows(db: Db, serviceId: number, asOf: Date): Promise<LeaseRow[]> {
  return db.query<LeaseRow>(
    `SELECT l.mac_address, l.hostname, l.ip_address, l.state, l.granted_at, l.expires_at, d.name AS device_name,
            COALESCE(d.connected_since <= $2 AND (d.disconnected_at IS NULL OR d.disconnected_at > $2), false) AS connected
       FROM dhcp_leases l
       LEFT JOIN network_devices d ON d.service_id = l.service_id AND d.mac_address = l.mac_address
      WHERE l.service_id = $1 AND l.granted_at <= $2`,
    [serviceId, asOf],
  );
}

/** The DHCP table as the router reports it at `asOf`. */
export async function dhcpTable(db: Db, router: RouterRow, asOf: Date): Promise<DhcpLease[]> {
  const [leases, reservations] = await Promise.all([
    leaseRows(db, router.service_id, asOf),
    db.query<{ mac_address: string; ip_address: string; hostname: string | null; device_name: string | null }>(
      `SELECT r.mac_address, r.ip_address, r.hostname, d.name AS device_name
         FROM dhcp_reservations r
         LEFT JOIN network_devices d ON d.service_id = r.service_id AND d.mac_address = r.mac_address
        WHERE r.service_id = $1`,
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
      device_name: r.device_name,
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
        device_name: l.device_name,
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
      device_name: l.device_name,
      mac_address: l.mac_address,
      ip_address: l.ip_address,
      lease_seconds: expired ? 0 : seconds(until),
      type: expired ? "expired" : "dynamic",
      sort: parseIpv4(l.ip_address) ?? 0,
    });
  }
  return out.sort((a, b) => a.sort - b.sort).map(({ sort: _sort, ...lease }) => lease);
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

/**
 * What GET dhcp-leases answers of a router at `now`: the table read from the router in the last
 * LEASE_CACHE_SECONDS, read again (and its time written) when older or when `force`d, while the router answers.
 */
export async function dhcpLeasesOf(db: Db, router: RouterRow, now: Date, force: boolean): Promise<DhcpLeasesAnswer> {
  let r = router;
  // A restarting router answers nothing, as an offline one.
  const online = r.offline_since === null && !isRestarting(r, now);
  const stale = now.getTime() - r.leases_read_at.getTime() > LEASE_CACHE_SECONDS * 1000;
  if (online && (force || stale)) {
    r = (await db.one<RouterRow>("UPDATE routers SET leases_read_at = $2 WHERE service_id = $1 RETURNING *", [r.service_id, now]))!;
  }
  const asOf = r.leases_read_at;
  const [dhcpData, upnpTable] = await Promise.all([dhcpTable(db, r, asOf), online ? listUpnp(db, r.service_id, asOf) : []]);
  return { dhcp_data: dhcpData, upnp_table: upnpTable, refreshed_at: iso(asOf), router_online: online };
}

export function routerDhcpRoutes(ctx: ServiceContext): Router {
  const router = Router();

  router.get(
    "/router/:serviceId/dhcp-leases",
    route(async (req, res) => {
      const { serviceId } = await routerAccess(ctx, req);
      const query = parseInput(DhcpLeasesQuery, req.query);
      const force = query.forceRefresh === "true" || query.forceRefresh === "1";
      res.json(await dhcpLeasesOf(ctx.db, await loadRouter(ctx.db, serviceId), ctx.now(), force));
    }),
  );

  router.put(
    "/router/:serviceId/dhcp-reservation",
    route(async (req, res) => {
      const { serviceId, customerId } = await routerAccess(ctx, req, true);
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
        await recordActivity(tx, ctx.now(), customerId, currentUser(req).userId, "router_changed", { setting: "dhcp" });
        return { mac_address: mac!, ip_address: address, hostname: name };
      });
      res.json({ success: true, status: "success", reservation });
    }),
  );

  router.delete(
    "/router/:serviceId/dhcp-reservation/:macAddress",
    route(async (req, res) => {
      const { serviceId, customerId } = await routerAccess(ctx, req, true);
      await loadRouter(ctx.db, serviceId);
      const mac = normalizeMac(String(req.params.macAddress));
      const deleted = await ctx.db.transaction(async (tx) => {
        const rows = mac
          ? await tx.query("DELETE FROM dhcp_reservations WHERE service_id = $1 AND mac_address = $2 RETURNING id", [serviceId, mac])
          : [];
        if (rows.length) await recordActivity(tx, ctx.now(), customerId, currentUser(req).userId, "router_changed", { setting: "dhcp" });
        return rows;
      });
      if (!deleted.length) throw notFound("Reservation");
      res.json({ success: true, status: "success" });
    }),
  );

  return router;
}
