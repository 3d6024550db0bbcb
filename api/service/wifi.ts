/**
 * WiFi of a residential package's internet service: names per package, settings per band, changes, and
 * the network overview (access points and devices of the last 48 hours).
 *
 * `/wifi/{packageId}` takes a package id for GET, PUT and the overview alike (the spec fixes the PUT's
 * parameter as a package id, and one path names one resource). A package has one internet service;
 * should it ever hold several, the first (lowest id) is the one these endpoints manage.
 */
import { Router } from "express";
import {
  GUEST_TIME_LIMIT_HOURS,
  WifiUpdateRequest,
  wifiTextProblems,
  type AccessPoint,
  type NetworkDevice,
  type NetworkNode,
  type NetworkOverviewAnswer,
  type WifiBand,
  type WifiNames,
  type WifiNetwork,
  type WifiSettingsAnswer,
  type WifiUpdateAnswer,
} from "../contract/home-network.ts";
import type { Db } from "../db/client.ts";
import { addressOf, planOf, type AddressColumns, type ServiceContext } from "./context.ts";
import { FieldErrors, notFound, unprocessable } from "./errors.ts";
import { currentUser, parseInput, requireCustomer, requirePackage, route } from "./http.ts";
import { recordActivity } from "./activity.ts";
import { NETWORK_EDITORS } from "./router.ts";
import { pausesOf } from "./device-pauses.ts";

/** The network diagram covers this many hours. */
export const OVERVIEW_WINDOW_HOURS = 48;
/** A new access point shows in the diagram once it has been seen this long. */
export const ACCESS_POINT_SETTLE_MINUTES = 15;

const BANDS: { band: WifiBand; suffix: "24ghz" | "5ghz" | "guest" }[] = [
  { band: "2.4GHz", suffix: "24ghz" },
  { band: "5GHz", suffix: "5ghz" },
  { band: "guest", suffix: "guest" },
];

interface WifiRow {
  id: number;
  service_id: number;
  band: WifiBand;
  ssid: string;
  password: string;
  enabled: boolean;
  security_mode: WifiNetwork["security_mode"];
  hidden: boolean;
  auto_channel: boolean;
  channel: number | null;
  channel_width_mhz: number;
  updated_at: Date | null;
  /** When a time limit turns it off (the guest network); compared with the service clock. */
  off_at: Date | null;
}

/** Whether a network is on at `now`: turned on, and its time limit (if any) not reached. */
export const isOn = (row: { enabled: boolean; off_at: Date | string | null }, now: Date) =>
  row.enabled && (row.off_at === null || new Date(row.off_at) > now);

/** The hours of a guest time limit as sent: null for none, undefined when not one of GUEST_TIME_LIMIT_HOURS. */
function guestHoursOf(value: number | string | undefined): number | null | undefined {
  if (value === undefined || value === "") return null;
  const hours = typeof value === "number" ? value : /^\d{1,2}$/.test(value.trim()) ? Number(value.trim()) : NaN;
  return (GUEST_TIME_LIMIT_HOURS as readonly number[]).includes(hours) ? hours : undefined;
}

type InternetServiceRow = AddressColumns & { id: number; name: string; name_fr: string; details: Record<string, unknown> };

/** The internet service of a package with its plan and address columns, or 404. */
async function internetServiceRow(db: Db, packageId: number): Promise<InternetServiceRow> {
  const row = await db.one<InternetServiceRow>(
    `SELECT id, name, name_fr, details, address_line1, address_line2, city, province, postal_code
       FROM services WHERE package_id = $1 AND category = 'internet' ORDER BY id LIMIT 1`,
    [packageId],
  );
  if (!row) throw notFound("Internet service of this package");
  return row;
}

/** The id of a package's internet service, or 404. */
export const internetServiceOf = async (db: Db, packageId: number): Promise<number> => (await internetServiceRow(db, packageId)).id;

/** WiFi names of every package of a customer that has internet, keyed by package id. */
export async function wifiNamesOf(db: Db, customerId: number, now: Date): Promise<WifiNames> {
  const rows = await db.query<{
    package_id: number;
    service_id: number;
    band: WifiBand | null;
    ssid: string | null;
    enabled: boolean | null;
    off_at: Date | null;
  }>(
    `SELECT s.package_id, s.id AS service_id, w.band, w.ssid, w.enabled, w.off_at
       FROM services s LEFT JOIN wifi_networks w ON w.service_id = s.id
      WHERE s.customer_id = $1 AND s.category = 'internet' AND s.package_id IS NOT NULL
      ORDER BY s.package_id, s.id, w.band`,
    [customerId],
  );
  const names: WifiNames = {};
  const serviceOf = new Map<number, number>();
  for (const row of rows) {
    const key = String(row.package_id);
    if (!serviceOf.has(row.package_id)) serviceOf.set(row.package_id, row.service_id);
    names[key] ??= [];
    if (serviceOf.get(row.package_id) !== row.service_id || !row.band) continue;
    names[key].push({ band: row.band, name: row.ssid!, enabled: isOn({ enabled: row.enabled!, off_at: row.off_at }, now) });
  }
  return names;
}

const toNetwork = (row: WifiRow, rows: WifiRow[], now: Date): WifiNetwork => ({
  band: row.band,
  name: row.ssid,
  password: row.password,
  enabled: isOn(row, now),
  security_mode: row.security_mode,
  hidden: row.hidden,
  // The guest network shares the 2.4GHz radio.
  channel: row.band === "guest" ? (rows.find((r) => r.band === "2.4GHz")?.channel ?? null) : row.channel,
  auto_channel: row.band === "guest" ? (rows.find((r) => r.band === "2.4GHz")?.auto_channel ?? true) : row.auto_channel,
  channel_width_mhz: row.channel_width_mhz,
  updated_at: row.updated_at ? row.updated_at.toISOString() : null,
  off_at: isOn(row, now) && row.off_at ? row.off_at.toISOString() : null,
});

export function wifiRoutes(ctx: ServiceContext): Router {
  const router = Router();

  router.get(
    "/wifi-names/:customerId",
    route(async (req, res) => {
      const access = await requireCustomer(ctx.db, req, req.params.customerId);
      if (!access.isResidential) throw notFound("Residential account");
      res.json({ wifi_names: await wifiNamesOf(ctx.db, access.customerId, ctx.now()) });
    }),
  );

  router.get(
    "/wifi/:packageId",
    route(async (req, res) => {
      const { packageId } = await requirePackage(ctx.db, req, req.params.packageId);
      // The service with its plan and address (the WiFi page's heading), then its networks.
      const service = await internetServiceRow(ctx.db, packageId);
      const rows = await ctx.db.query<WifiRow>("SELECT * FROM wifi_networks WHERE service_id = $1 ORDER BY band", [service.id]);
      const answer: WifiSettingsAnswer = {
        wifi_settings: {
          package_id: packageId,
          service_id: service.id,
          networks: rows.map((row) => toNetwork(row, rows, ctx.now())),
          plan: planOf(service, req.lang),
          service_address: addressOf(service),
        },
      };
      res.json(answer);
    }),
  );

  router.put(
    "/wifi/:packageId",
    route(async (req, res) => {
      const access = await requirePackage(ctx.db, req, req.params.packageId, NETWORK_EDITORS);
      const serviceId = await internetServiceOf(ctx.db, access.packageId);
      const input = parseInput(WifiUpdateRequest, req.body ?? {});
      const changes = BANDS.map(({ band, suffix }) => ({
        band,
        suffix,
        name: input[`name_${suffix}`],
        password: input[`password_${suffix}`],
        enabled: input[`enabled_${suffix}`],
      })).filter((c) => c.name !== undefined || c.password !== undefined || c.enabled !== undefined);
      // A time limit goes with turning the guest network on, and is one of the fixed choices.
      const guestHours = guestHoursOf(input.guest_hours);
      if (guestHours === undefined || (guestHours !== null && input.enabled_guest !== true)) {
        throw unprocessable({ guest_hours: ["guest_hours.invalid"] }, "The guest network's time limit is not one of the choices");
      }
      if (!changes.length) throw unprocessable({ _form: ["_form.empty"] }, "Nothing to change");

      await ctx.db.transaction(async (tx) => {
        // One change of a service's WiFi at a time (a guest network may be created).
        await tx.query("SELECT id FROM services WHERE id = $1 FOR UPDATE", [serviceId]);
        const rows = await tx.query<WifiRow>("SELECT * FROM wifi_networks WHERE service_id = $1 ORDER BY band FOR UPDATE", [serviceId]);
        const errors = new FieldErrors();
        for (const change of changes) {
          const existing = rows.find((r) => r.band === change.band);
          for (const [kind, value] of [
            ["name", change.name],
            ["password", change.password],
          ] as const) {
            if (value === undefined) {
              if (!existing) errors.add(`${kind}_${change.suffix}`, "required");
              continue;
            }
            for (const problem of wifiTextProblems(value, kind)) errors.add(`${kind}_${change.suffix}`, problem);
          }
        }
        // The guest network must be told apart from the home networks. The refusal goes on the name
        // being changed: the guest's (`same_as_main`), else the home network's (`same_as_guest`).
        const finalName = (band: WifiBand) => changes.find((c) => c.band === band)?.name ?? rows.find((r) => r.band === band)?.ssid;
        const guest = finalName("guest");
        const guestRenamed = changes.some((c) => c.band === "guest" && c.name !== undefined);
        if (
          guest !== undefined &&
          guestRenamed &&
          !errors.has("name_guest") &&
          (guest === finalName("2.4GHz") || guest === finalName("5GHz"))
        ) {
          errors.add("name_guest", "same_as_main");
        }
        if (guest !== undefined && !guestRenamed) {
          for (const change of changes) {
            if (change.band !== "guest" && change.name === guest && !errors.has(`name_${change.suffix}`)) {
              errors.add(`name_${change.suffix}`, "same_as_guest");
            }
          }
        }
        errors.throwIfAny("The WiFi settings break a rule");

        const now = ctx.now();
        // Turning a network on or off sets its time limit anew (only the guest network takes one).
        const offAt = guestHours === null ? null : new Date(now.getTime() + guestHours * 3_600_000);
        for (const change of changes) {
          const existing = rows.find((r) => r.band === change.band);
          if (existing) {
            // An expired limit reads as off: it stays off until turned on again.
            const enabled = change.enabled ?? (existing.off_at && !isOn(existing, now) ? false : null);
            await tx.query(
              `UPDATE wifi_networks SET ssid = COALESCE($2, ssid), password = COALESCE($3, password),
                      enabled = COALESCE($4, enabled), updated_at = $5,
                      off_at = CASE WHEN $4::boolean IS NULL THEN off_at ELSE $6::timestamptz END
                WHERE id = $1`,
              [
                existing.id,
                change.name ?? null,
                change.password ?? null,
                enabled,
                now,
                change.enabled && change.band === "guest" ? offAt : null,
              ],
            );
          } else {
            await tx.query(
              `INSERT INTO wifi_networks (service_id, band, ssid, password, enabled, security_mode, updated_at, off_at)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
              [
                serviceId,
                change.band,
                change.name,
                change.password,
                change.enabled ?? true,
                rows[0]?.security_mode ?? "wpa2_wpa3_personal",
                now,
                change.enabled !== false && change.band === "guest" ? offAt : null,
              ],
            );
          }
        }
        const setting = changes.every((change) => change.band === "guest") ? "guest" : "wifi";
        await recordActivity(tx, now, access.customerId, currentUser(req).userId, "wifi_changed", { setting });
      });
      const answer: WifiUpdateAnswer = { success: true, wifi_names: await wifiNamesOf(ctx.db, access.customerId, ctx.now()) };
      res.json(answer);
    }),
  );

  router.get(
    "/wifi/:packageId/network-overview",
    route(async (req, res) => {
      const { packageId } = await requirePackage(ctx.db, req, req.params.packageId);
      const serviceId = await internetServiceOf(ctx.db, packageId);
      res.json(await networkOverview(ctx.db, packageId, serviceId, ctx.now()));
    }),
  );

  return router;
}

interface AccessPointRow {
  id: number;
  mac_address: string;
  name: string;
  model: string;
  role: "router" | "extender";
  ip_address: string | null;
  uplink: "ethernet" | "wifi" | null;
  first_seen_at: Date;
  offline_since: Date | null;
}

interface DeviceRow {
  access_point_id: number;
  mac_address: string;
  name: string;
  hostname: string | null;
  device_type: NetworkDevice["device_type"];
  connection: NetworkDevice["connection"];
  signal_dbm: number | null;
  connected_since: Date;
  disconnected_at: Date | null;
  received_bytes: number;
  sent_bytes: number;
  reserved_ip: string | null;
  leased_ip: string | null;
}

/**
 * The home network as the diagram shows it at `now`: access points seen for at least 15 minutes and
 * not offline for more than 48 hours, and the devices behind them connected now or in the last 48 hours.
 */
export async function networkOverview(db: Db, packageId: number, serviceId: number, now: Date): Promise<NetworkOverviewAnswer> {
  const windowStart = new Date(now.getTime() - OVERVIEW_WINDOW_HOURS * 3600_000);
  const settled = new Date(now.getTime() - ACCESS_POINT_SETTLE_MINUTES * 60_000);
  const [apRows, deviceRows, pauses] = await Promise.all([
    db.query<AccessPointRow>(
      `SELECT id, mac_address, name, model, role, ip_address, uplink, first_seen_at, offline_since
         FROM network_access_points
        WHERE service_id = $1 AND first_seen_at <= $2 AND (offline_since IS NULL OR offline_since >= $3)
        ORDER BY role DESC, first_seen_at, id`,
      [serviceId, settled, windowStart],
    ),
    db.query<DeviceRow>(
      `SELECT d.access_point_id, d.mac_address, d.name, d.hostname, d.device_type, d.connection, d.signal_dbm,
              d.connected_since, d.disconnected_at, d.received_bytes, d.sent_bytes,
              r.ip_address AS reserved_ip, l.ip_address AS leased_ip
         FROM network_devices d
         LEFT JOIN dhcp_reservations r ON r.service_id = d.service_id AND r.mac_address = d.mac_address
         LEFT JOIN dhcp_leases l ON l.service_id = d.service_id AND l.mac_address = d.mac_address AND l.state = 'bound'
        WHERE d.service_id = $1 AND d.connected_since <= $2 AND (d.disconnected_at IS NULL OR d.disconnected_at >= $3)
        ORDER BY d.name, d.mac_address`,
      [serviceId, now, windowStart],
    ),
    pausesOf(db, serviceId, now),
  ]);

  const iso = (date: Date) => date.toISOString();
  const accessPoints: AccessPoint[] = [];
  const byMac: Record<string, NetworkNode> = {};
  for (const ap of apRows) {
    const online = ap.offline_since === null || ap.offline_since > now;
    const devices: NetworkDevice[] = deviceRows
      .filter((d) => d.access_point_id === ap.id)
      .map((d) => {
        const connected = d.disconnected_at === null || d.disconnected_at > now;
        return {
          mac_address: d.mac_address,
          name: d.name,
          hostname: d.hostname,
          ip_address: d.reserved_ip ?? d.leased_ip,
          device_type: d.device_type,
          connection: d.connection,
          signal_dbm: connected && d.connection !== "ethernet" ? d.signal_dbm : null,
          connected,
          connected_since: connected ? iso(d.connected_since) : null,
          last_seen_at: iso(connected ? now : d.disconnected_at!),
          traffic: { received_bytes: d.received_bytes, sent_bytes: d.sent_bytes },
          access_point_mac: ap.mac_address,
          paused: pauses.get(d.mac_address)?.in_effect ?? false,
        };
      })
      // Connected devices first.
      .sort((a, b) => Number(b.connected) - Number(a.connected));
    const fields = {
      mac_address: ap.mac_address,
      name: ap.name,
      model: ap.model,
      role: ap.role,
      ip_address: ap.ip_address,
      uplink: ap.uplink,
      online,
      first_seen_at: iso(ap.first_seen_at),
      last_seen_at: iso(online ? now : ap.offline_since!),
    };
    accessPoints.push({ ...fields, devices });
    byMac[ap.mac_address] = { type: "access_point", ...fields, device_count: devices.length };
    for (const device of devices) byMac[device.mac_address] = { type: "device", ...device, access_point_name: ap.name };
  }

  return {
    network_overview: {
      package_id: packageId,
      service_id: serviceId,
      generated_at: iso(now),
      window_hours: OVERVIEW_WINDOW_HOURS,
      access_points: accessPoints,
    },
    network_overview_by_mac: byMac,
  };
}
