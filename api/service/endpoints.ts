/**
 * /internet/{id}/…: the endpoint of a dedicated internet service: details and monitoring settings,
 * IP blocks, alert history and bandwidth. Also the arithmetic the answers need (IP blocks, date
 * ranges: shared with the cabinet power module; charts and the 95th percentile: common/charts.ts).
 */
import { Router } from "express";
import {
  ChartRangeQuery,
  DateRangeQuery,
  DEFAULT_RANGE_DAYS,
  EndpointDetailsQuery,
  MAX_RANGE_DAYS,
  UpdateEndpointRequest,
  type AlertsAnswer,
  type AllocationsAnswer,
  type BandwidthAnswer,
  type EndpointDetails,
  type EndpointAlert,
  type EndpointDetailsAnswer,
  type IpBlock,
  type UpdateEndpointAnswer,
} from "../contract/business-network.ts";
import { splitEmailList } from "../contract/support.ts";
import type { Db } from "../db/client.ts";
import { addressLines, isoInstant, todayOf, together, type AddressColumns, type ServiceContext, type Statement } from "./context.ts";
import { accountIncidentsOf, accountIncidentsRead } from "./status.ts";
import { fieldErrors, notFound, unprocessable } from "./errors.ts";
import { parseInput, requireService, route } from "./http.ts";
import { addDays, daysBetween, parseDay } from "#common/calendar";
import { bandwidthDays, chartSlots, percentile95, round2 } from "#common/charts";
import { formatIp, parseIp } from "#common/net";

export const MAX_ALERT_EMAILS = 5;
const MAX_ALERTS = 500;
/** Interval of the samples when a range holds none. */
const DEFAULT_INTERVAL_SECONDS = 3600;

// ---------------------------------------------------------------------------------------------------
// IP blocks

/** Everything an IP block's answer shows, computed from its CIDR (host bits must be zero). */
export function describeIpBlock(
  cidr: string,
): Pick<IpBlock, "family" | "cidr" | "network" | "prefix_length" | "subnet_mask" | "gateway" | "usable"> {
  const [addressText, prefixText] = cidr.split("/");
  const address = parseIp(addressText);
  if (!address) throw new Error(`Not an IP block: ${cidr}`);
  const bits = address.family === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? bits : Number(prefixText);
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > bits) throw new Error(`Not an IP block: ${cidr}`);
  const hostBits = BigInt(bits - prefix);
  const size = 1n << hostBits;
  const mask = ((1n << BigInt(bits)) - 1n) ^ (size - 1n);
  if ((address.value & ~mask) !== 0n) throw new Error(`Host bits set in ${cidr}`);
  const network = address.value;
  const last = network + size - 1n;
  const at = (value: bigint) => formatIp({ family: address.family, value });
  let first: bigint;
  let lastUsable: bigint;
  if (size <= 2n) {
    // A single address, or a point-to-point link (RFC 3021 / RFC 6164): every address is usable.
    first = network;
    lastUsable = last;
  } else if (address.family === 4) {
    first = network + 1n; // not the network address
    lastUsable = last - 1n; // nor the broadcast address
  } else {
    first = network + 1n; // not the subnet-router anycast address
    lastUsable = last;
  }
  return {
    family: address.family,
    cidr: `${at(network)}/${prefix}`,
    network: at(network),
    prefix_length: prefix,
    subnet_mask: at(mask),
    gateway: size === 1n ? null : at(first),
    usable: { first: at(first), last: at(lastUsable), count: String(lastUsable - first + 1n) },
  };
}

// ---------------------------------------------------------------------------------------------------
// Date ranges and statistics

export interface DayRange {
  from: string;
  to: string;
  /** The range as instants: [start, end). */
  start: Date;
  end: Date;
}

/**
 * from_date / to_date of a query (UTC days, both included). Defaults: to_date today, from_date six
 * days before to_date (with only from_date: up to six days after it, not past today). Refuses dates
 * after today, from > to and more than MAX_RANGE_DAYS days.
 */
export function resolveDateRange(query: unknown, today: string): DayRange {
  const raw = Object.fromEntries(
    Object.entries((query ?? {}) as Record<string, unknown>).filter(
      ([key, value]) => ["from_date", "to_date"].includes(key) && value !== "",
    ),
  );
  const input = parseInput(DateRangeQuery, raw);
  const errors: Record<string, string[]> = {};
  if (input.from_date && input.from_date > today) errors.from_date = ["from_date.in_future"];
  if (input.to_date && input.to_date > today) errors.to_date = ["to_date.in_future"];
  if (Object.keys(errors).length) throw unprocessable(errors, "The range ends after today");
  const to = input.to_date ?? (input.from_date ? minDate(addDays(input.from_date, DEFAULT_RANGE_DAYS - 1), today) : today);
  const from = input.from_date ?? addDays(to, -(DEFAULT_RANGE_DAYS - 1));
  if (from > to) throw unprocessable({ to_date: ["to_date.before_from"] }, "to_date is before from_date");
  if (daysBetween(from, to) + 1 > MAX_RANGE_DAYS) {
    throw unprocessable({ to_date: ["to_date.range_too_long"] }, `A range covers at most ${MAX_RANGE_DAYS} days`);
  }
  return { from, to, start: parseDay(from), end: parseDay(addDays(to, 1)) };
}
const minDate = (a: string, b: string) => (a < b ? a : b);

const PointsQuery = ChartRangeQuery.pick({ points: true });
/** ?points= of a query (ChartRangeQuery): the most slots of a chart a series, undefined when not asked (the samples are answered). */
export function chartPointsOf(query: unknown): number | undefined {
  const points = (query as Record<string, unknown> | undefined)?.points;
  return points === undefined || points === "" ? undefined : parseInput(PointsQuery, { points }).points;
}

// ---------------------------------------------------------------------------------------------------
// Endpoint details

type EndpointRow = AddressColumns & {
  service_id: number;
  name: string;
  name_fr: string;
  platform_id: string | null;
  status: "up" | "down" | "unknown";
  customer_id: number;
  circuit_id: string;
  access_device: string;
  port: string;
  handoff: string;
  speed_mbps: number;
  vlan_id: number | null;
  label: string | null;
  description: string | null;
  alert_emails: string[];
  notify_contact_id: number | null;
  updated_at: Date | null;
};

type ContactRow = { contact_id: number; first_name: string; last_name: string; email: string; roles: string[] };

const ENDPOINT_SQL = `
  SELECT s.id AS service_id, s.name, s.name_fr, s.platform_id, s.status, s.customer_id,
         s.address_line1, s.address_line2, s.city, s.province, s.postal_code,
         e.circuit_id, e.access_device, e.port, e.handoff, e.speed_mbps, e.vlan_id, e.label, e.description,
         e.alert_emails, e.notify_contact_id, e.updated_at
    FROM network_endpoints e JOIN services s ON s.id = e.service_id
   WHERE e.service_id = $1`;

async function endpointRow(db: Db, serviceId: number): Promise<EndpointRow> {
  const row = await db.one<EndpointRow>(ENDPOINT_SQL, [serviceId]);
  if (!row) throw notFound("Endpoint");
  return row;
}

/** The endpoint's IP blocks (GET /internet/{id}/allocations), IPv4 first. */
const allocationsRead = (serviceId: number): Statement => ({
  sql: `SELECT id, network::text AS network, description, assigned_on FROM ip_blocks
         WHERE service_id = $1 ORDER BY family(network), network`,
  params: [serviceId],
});

type AllocationRow = { id: number; network: string; description: string | null; assigned_on: string };

const allocationsOf = (rows: AllocationRow[]): IpBlock[] =>
  rows.map((row) => ({ block_id: row.id, ...describeIpBlock(row.network), description: row.description, assigned_on: row.assigned_on }));

/** The endpoint's alert history (GET /internet/{id}/alerts), newest first, none from the future. */
const alertsRead = (serviceId: number, now: Date): Statement => ({
  sql: `SELECT id, occurred_at, access_device, port, event, status FROM endpoint_alerts
         WHERE service_id = $1 AND occurred_at <= $2
         ORDER BY occurred_at DESC, id DESC LIMIT ${MAX_ALERTS}`,
  params: [serviceId, now],
});

/** occurred_at: a Date read alone, an ISO string inside JSON (`together`). */
type AlertRow = { id: number; occurred_at: Date | string; access_device: string; port: string; event: string; status: "up" | "down" };

const alertsOf = (rows: AlertRow[]): EndpointAlert[] =>
  rows.map((row) => ({
    alert_id: row.id,
    time: new Date(row.occurred_at).toISOString(),
    access_device: row.access_device,
    port: row.port,
    event: row.event,
    status: row.status,
  }));

/** The parts GET /internet/{id}/endpoint may add (?include=); the bandwidth with what it asks. */
type EndpointParts = { incidents?: boolean; alerts?: boolean; allocations?: boolean; bandwidth?: BandwidthAsked };

/**
 * The endpoint's details and the parts asked for (the open incidents touching it, its alerts, its IP
 * blocks), in one statement (the account's contacts and each part as JSON columns, api/service/context.ts
 * `together`).
 */
async function endpointDetails(
  ctx: ServiceContext,
  access: { serviceId: number; customerId: number },
  lang: "en" | "fr",
  parts: EndpointParts = {},
): Promise<Omit<EndpointDetailsAnswer, "endpoint_details"> & { details: EndpointDetails }> {
  const read = together(
    { sql: ENDPOINT_SQL, params: [access.serviceId] },
    {
      contacts: {
        sql: "SELECT id AS contact_id, first_name, last_name, email, roles FROM contacts WHERE customer_id = $1 ORDER BY id",
        params: [access.customerId],
        as: "rows",
      },
      ...(parts.incidents && {
        incident_rows: { ...accountIncidentsRead(access.customerId, access.serviceId, lang), as: "rows" as const },
      }),
      ...(parts.alerts && { alert_rows: { ...alertsRead(access.serviceId, ctx.now()), as: "rows" as const } }),
      ...(parts.allocations && { allocation_rows: { ...allocationsRead(access.serviceId), as: "rows" as const } }),
      ...(parts.bandwidth && {
        bandwidth_columns: { ...bandwidthRead(access.serviceId, parts.bandwidth.range, ctx.now()), as: "row" as const },
      }),
    },
  );
  const row = await ctx.db.one<
    EndpointRow & {
      contacts: ContactRow[];
      incident_rows?: Parameters<typeof accountIncidentsOf>[0];
      alert_rows?: AlertRow[];
      allocation_rows?: AllocationRow[];
      bandwidth_columns?: BandwidthColumns;
    }
  >(read.sql, read.params);
  if (!row) throw notFound("Endpoint");
  const { contacts } = row;
  const person = ({ contact_id, first_name, last_name, email }: ContactRow) => ({ contact_id, first_name, last_name, email });
  const notified = contacts.find((c) => c.contact_id === row.notify_contact_id);
  const details: EndpointDetails = {
    service_id: row.service_id,
    customer_id: row.customer_id,
    name: lang === "fr" ? row.name_fr : row.name,
    platform_id: row.platform_id,
    circuit_id: row.circuit_id,
    service_address: addressLines(row),
    access_device: row.access_device,
    port: row.port,
    handoff: row.handoff,
    speed_mbps: row.speed_mbps,
    vlan_id: row.vlan_id,
    status: row.status,
    label: row.label,
    description: row.description,
    alert_emails: row.alert_emails,
    notification_contact: notified ? person(notified) : null,
    notification_contact_options: contacts.filter((c) => c.roles.includes("notify")).map(person),
    updated_at: row.updated_at ? new Date(row.updated_at).toISOString() : null,
  };
  return {
    details,
    ...(row.incident_rows && { incidents: accountIncidentsOf(row.incident_rows, ctx.now()).incidents }),
    ...(row.alert_rows && { alerts: alertsOf(row.alert_rows) }),
    ...(row.allocation_rows && { allocations: allocationsOf(row.allocation_rows) }),
    ...(parts.bandwidth &&
      row.bandwidth_columns && { bandwidth: bandwidthOf(row.service_id, row.speed_mbps, parts.bandwidth, row.bandwidth_columns) }),
  };
}

/** What a bandwidth read asks: the range, and the chart's points instead of the samples when given. */
interface BandwidthAsked {
  range: DayRange;
  points: number | undefined;
}
const bandwidthAsked = (ctx: ServiceContext, query: unknown): BandwidthAsked => ({
  range: resolveDateRange(query, todayOf(ctx)),
  points: chartPointsOf(query),
});

/** The samples' columns as JSON arrays, made by the database: hundreds of rows, dates and numbers are not parsed one by one. */
interface BandwidthColumns {
  times: string[] | null;
  seconds: number[] | null;
  down: number[] | null;
  up: number[] | null;
}
const bandwidthRead = (serviceId: number, range: DayRange, now: Date): Statement => ({
  sql: `SELECT json_agg(${isoInstant("sampled_at")} ORDER BY sampled_at) AS times,
               json_agg(interval_seconds ORDER BY sampled_at) AS seconds,
               json_agg(download_bytes ORDER BY sampled_at) AS down, json_agg(upload_bytes ORDER BY sampled_at) AS up
          FROM bandwidth_samples
         WHERE service_id = $1 AND sampled_at >= $2 AND sampled_at < $3
           AND sampled_at + interval_seconds * interval '1 second' <= $4`,
  params: [serviceId, range.start, range.end, now],
});

/** GET /internet/{id}/bandwidth's answer (also ?include=bandwidth of the endpoint's): the summary each way, and the samples or their chart. */
function bandwidthOf(serviceId: number, speedMbps: number, asked: BandwidthAsked, columns: BandwidthColumns): BandwidthAnswer["bandwidth"] {
  const { range, points } = asked;
  const rows = (columns.times ?? []).map((time, i) => ({
    time,
    interval_seconds: columns.seconds![i],
    download_bytes: columns.down![i],
    upload_bytes: columns.up![i],
  }));
  const mbps = (bytes: number, seconds: number) => (bytes * 8) / seconds / 1_000_000;
  const summary = (pick: (row: (typeof rows)[number]) => number) => {
    const rates = rows.map((row) => mbps(pick(row), row.interval_seconds));
    const volume = rows.reduce((sum, row) => sum + pick(row), 0);
    const seconds = rows.reduce((sum, row) => sum + row.interval_seconds, 0);
    const p95 = percentile95(rates);
    return {
      percentile_95_mbps: p95 === null ? null : round2(p95),
      peak_mbps: rates.length ? round2(Math.max(...rates)) : null,
      average_mbps: seconds ? round2(mbps(volume, seconds)) : null,
      volume_bytes: volume,
      volume_gb: round2(volume / 1e9),
    };
  };
  const samples = rows.map((row) => ({
    time: row.time,
    download_mbps: round2(mbps(row.download_bytes, row.interval_seconds)),
    upload_mbps: round2(mbps(row.upload_bytes, row.interval_seconds)),
  }));
  const figures = {
    service_id: serviceId,
    from_date: range.from,
    to_date: range.to,
    speed_mbps: speedMbps,
    interval_seconds: rows.length ? Math.min(...rows.map((row) => row.interval_seconds)) : DEFAULT_INTERVAL_SECONDS,
    download: summary((row) => row.download_bytes),
    upload: summary((row) => row.upload_bytes),
  };
  if (points === undefined) return { ...figures, samples };
  return {
    ...figures,
    chart: chartSlots(samples, { download: (s) => s.download_mbps, upload: (s) => s.upload_mbps }, figures, points),
    days: bandwidthDays(samples, figures.interval_seconds),
  };
}

const DEDICATED_INTERNET = { categories: ["dedicated_internet"] };
/** The endpoint's ?include= (its range and points are read only with the bandwidth). */
const IncludeQuery = EndpointDetailsQuery.pick({ include: true });

export function endpointRoutes(ctx: ServiceContext): Router {
  const router = Router();

  router.get(
    "/internet/:id/endpoint",
    route(async (req, res) => {
      const access = await requireService(ctx.db, req, req.params.id, DEDICATED_INTERNET);
      const include = new Set(parseInput(IncludeQuery, req.query).include?.split(","));
      const { details, ...parts } = await endpointDetails(ctx, access, req.lang, {
        incidents: include.has("incidents"),
        alerts: include.has("alerts"),
        allocations: include.has("allocations"),
        bandwidth: include.has("bandwidth") ? bandwidthAsked(ctx, req.query) : undefined,
      });
      const answer: EndpointDetailsAnswer = { endpoint_details: details, ...parts };
      res.json(answer);
    }),
  );

  router.put(
    "/internet/:id/endpoint",
    route(async (req, res) => {
      const access = await requireService(ctx.db, req, req.params.id, { ...DEDICATED_INTERNET, anyOf: ["authoritative", "support"] });
      await endpointRow(ctx.db, access.serviceId);
      const parsed = UpdateEndpointRequest.safeParse(req.body ?? {});
      const errors: Record<string, string[]> = parsed.success ? {} : fieldErrors(parsed.error);
      const messages: string[] = [];
      const input = parsed.success ? parsed.data : ({} as UpdateEndpointRequest);

      const { emails, invalid } = splitEmailList((req.body as Record<string, unknown> | undefined)?.alert_emails);
      if (invalid.length) {
        errors.alert_emails = ["alert_emails.invalid"];
        messages.push(`Invalid alert e-mail addresses: ${invalid.join(", ")}`);
      } else if (emails.length > MAX_ALERT_EMAILS) {
        errors.alert_emails = ["alert_emails.too_many"];
        messages.push(`At most ${MAX_ALERT_EMAILS} alert e-mail addresses`);
      }

      const contactId = typeof input.notification_contact_id === "number" ? input.notification_contact_id : null;
      if (contactId !== null) {
        const contact = await ctx.db.one<{ roles: string[] }>("SELECT roles FROM contacts WHERE id = $1 AND customer_id = $2", [
          contactId,
          access.customerId,
        ]);
        if (!contact) errors.notification_contact_id = ["notification_contact_id.not_found"];
        else if (!contact.roles.includes("notify")) errors.notification_contact_id = ["notification_contact_id.not_notify"];
      }
      if (Object.keys(errors).length) throw unprocessable(errors, messages.join("; ") || "The endpoint settings were refused");

      await ctx.db.query(
        `UPDATE network_endpoints
            SET label = $2, description = $3, alert_emails = $4, notify_contact_id = $5, updated_at = $6, updated_by = $7
          WHERE service_id = $1`,
        [access.serviceId, input.label || null, input.description || null, emails, contactId, ctx.now(), req.user!.userId],
      );
      const answer: UpdateEndpointAnswer = { success: true, endpoint_details: (await endpointDetails(ctx, access, req.lang)).details };
      res.json(answer);
    }),
  );

  router.get(
    "/internet/:id/allocations",
    route(async (req, res) => {
      const access = await requireService(ctx.db, req, req.params.id, DEDICATED_INTERNET);
      await endpointRow(ctx.db, access.serviceId);
      const read = allocationsRead(access.serviceId);
      const answer: AllocationsAnswer = { allocations: allocationsOf(await ctx.db.query<AllocationRow>(read.sql, read.params)) };
      res.json(answer);
    }),
  );

  router.get(
    "/internet/:id/alerts",
    route(async (req, res) => {
      const access = await requireService(ctx.db, req, req.params.id, DEDICATED_INTERNET);
      await endpointRow(ctx.db, access.serviceId);
      const read = alertsRead(access.serviceId, ctx.now());
      const answer: AlertsAnswer = { alerts: alertsOf(await ctx.db.query<AlertRow>(read.sql, read.params)) };
      res.json(answer);
    }),
  );

  router.get(
    "/internet/:id/bandwidth",
    route(async (req, res) => {
      const access = await requireService(ctx.db, req, req.params.id, DEDICATED_INTERNET);
      const endpoint = await endpointRow(ctx.db, access.serviceId);
      const asked = bandwidthAsked(ctx, req.query);
      const read = bandwidthRead(access.serviceId, asked.range, ctx.now());
      const [columns] = await ctx.db.query<BandwidthColumns>(read.sql, read.params);
      const answer: BandwidthAnswer = { bandwidth: bandwidthOf(access.serviceId, endpoint.speed_mbps, asked, columns) };
      res.json(answer);
    }),
  );

  return router;
}
