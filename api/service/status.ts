/**
 * Service status (migration 0018, docs/decisions/175-incidents-by-area.md):
 *
 *  - GET /status/incidents (public): current outages, upcoming maintenance and incidents resolved in
 *    the last RECENTLY_RESOLVED_DAYS days, by area only. Incidents that name services without an area
 *    are left out: a circuit's maintenance would tell strangers whose it is.
 *  - GET /status/{customerId} and GET /status/services/{serviceId}: the open incidents that touch the
 *    account's services (or one service): by the postal code prefix of the service address, for the
 *    kinds of service the incident names, or by naming the service.
 *
 * Every read starts from the open incidents (a partial index: a handful, whatever the provider's size
 * or history) and the account's own services (by customer): it never reads customers or services of
 * an area. Incidents are written by the provider's tools, not through this API.
 */
import { Router } from "express";
import {
  RECENTLY_RESOLVED_DAYS,
  type AccountIncident,
  type AccountIncidentsAnswer,
  type IncidentKind,
  type IncidentService,
  type IncidentUpdate,
  type PublicIncident,
  type PublicIncidentsAnswer,
} from "../contract/status.ts";
import type { ServiceContext, Statement } from "./context.ts";
import { requireCustomer, requireService, route } from "./http.ts";

/**
 * The kind of service of each category, for incidents that touch an area. Categories left out (Out &
 * About WiFi, a colocation cabinet) are not at the service address's network: only an incident that
 * names them touches them.
 */
export const SERVICE_KIND_OF_CATEGORY: Record<string, IncidentService> = {
  internet: "internet",
  dedicated_internet: "internet",
  wavelength: "internet",
  dark_fibre: "internet",
  tv: "tv",
  home_phone: "phone",
  voice: "phone",
};

/** The kind of service (internet, tv, phone) of a row `s` of services, as SQL. */
export const SERVICE_KIND_SQL = `CASE s.category ${Object.entries(SERVICE_KIND_OF_CATEGORY)
  .map(([category, kind]) => `WHEN '${category}' THEN '${kind}'`)
  .join(" ")} END`;
const KIND_CASE = SERVICE_KIND_SQL;

/** The texts of an incident in the answer's language, and its updates (newest first). */
const TEXTS = `
  CASE WHEN $LANG = 'fr' THEN i.summary_fr ELSE i.summary_en END AS summary,
  CASE WHEN $LANG = 'fr' THEN i.resolution_fr ELSE i.resolution_en END AS resolution,
  COALESCE((SELECT json_agg(json_build_object('at', u.posted_at, 'text', CASE WHEN $LANG = 'fr' THEN u.text_fr ELSE u.text_en END)
                            ORDER BY u.posted_at DESC, u.id DESC)
              FROM incident_updates u WHERE u.incident_id = i.id), '[]') AS updates`;

const PUBLIC_QUERY = `
  SELECT i.id, i.kind, i.services, i.starts_at, i.expected_end_at, i.resolved_at,
         ARRAY(SELECT a.postal_prefix FROM incident_areas a WHERE a.incident_id = i.id ORDER BY a.postal_prefix) AS areas,
         ${TEXTS.replaceAll("$LANG", "$2")}
    FROM incidents i
   WHERE (i.resolved_at IS NULL OR i.resolved_at > $1::timestamptz - make_interval(days => ${RECENTLY_RESOLVED_DAYS}))
     AND EXISTS (SELECT 1 FROM incident_areas a WHERE a.incident_id = i.id)`;

/**
 * The open incidents touching the account's services ($1), or one of them ($2): each with the services
 * it touches, their kinds, and whether it names one of them.
 */
const ACCOUNT_QUERY = `
  WITH mine AS (
    SELECT s.id, ${KIND_CASE} AS kind, upper(replace(coalesce(p.postal_code, s.postal_code, ''), ' ', '')) AS postal
      FROM services s LEFT JOIN packages p ON p.id = s.package_id
     WHERE s.customer_id = $1 AND ($2::integer IS NULL OR s.id = $2::integer) AND p.status IS DISTINCT FROM 'cancelled'
  ),
  touched AS (
    SELECT o.id AS incident_id, m.id AS service_id, m.kind,
           EXISTS (SELECT 1 FROM incident_services x WHERE x.incident_id = o.id AND x.service_id = m.id) AS named,
           m.kind = ANY (o.services)
             AND EXISTS (SELECT 1 FROM incident_areas a
                          WHERE a.incident_id = o.id AND a.postal_prefix IN (left(m.postal, 1), left(m.postal, 2), left(m.postal, 3))) AS in_area
      FROM incidents o CROSS JOIN mine m
     WHERE o.resolved_at IS NULL
  )
  SELECT i.id, i.kind, i.services, i.starts_at, i.expected_end_at,
         array_agg(t.service_id ORDER BY t.service_id) AS service_ids,
         array_remove(array_agg(DISTINCT t.kind), NULL) AS kinds,
         bool_or(t.named) AS named,
         ${TEXTS.replaceAll("$LANG", "$3")}
    FROM touched t JOIN incidents i ON i.id = t.incident_id
   WHERE t.named OR t.in_area
   GROUP BY i.id
   ORDER BY i.starts_at, i.id`;

interface IncidentRow {
  id: number;
  kind: IncidentKind;
  services: IncidentService[];
  /** A Date as a row reads it, an ISO string when the rows come as JSON (`together`, context.ts). */
  starts_at: Date | string;
  expected_end_at: Date | string | null;
  summary: string;
  updates: { at: string; text: string }[];
}

const iso = (value: Date | string) => new Date(value).toISOString();

function common(row: IncidentRow) {
  return {
    incident_id: row.id,
    kind: row.kind,
    summary: row.summary,
    starts_at: iso(row.starts_at),
    expected_end_at: row.expected_end_at ? iso(row.expected_end_at) : null,
    updates: row.updates.map((u): IncidentUpdate => ({ at: iso(u.at), text: u.text })),
  };
}

const ORDER = { current: 0, upcoming: 1, resolved: 2 } as const;

export function statusPublicRoutes(ctx: ServiceContext): Router {
  const router = Router();
  router.get(
    "/status/incidents",
    route(async (req, res) => {
      const now = ctx.now();
      const rows = await ctx.db.query<IncidentRow & { resolved_at: Date | null; resolution: string | null; areas: string[] }>(
        PUBLIC_QUERY,
        [now, req.lang],
      );
      const incidents = rows.map((row): PublicIncident => ({
        ...common(row),
        state: row.resolved_at ? "resolved" : new Date(row.starts_at).getTime() > now.getTime() ? "upcoming" : "current",
        services: row.services,
        areas: row.areas,
        resolution: row.resolved_at ? { at: iso(row.resolved_at), text: row.resolution ?? "" } : null,
      }));
      const time = (i: PublicIncident) =>
        i.state === "current" ? -Date.parse(i.starts_at) : i.state === "upcoming" ? Date.parse(i.starts_at) : -Date.parse(i.resolution!.at);
      incidents.sort((a, b) => ORDER[a.state] - ORDER[b.state] || time(a) - time(b) || a.incident_id - b.incident_id);
      const answer: PublicIncidentsAnswer = { incidents, as_of: now.toISOString() };
      res.json(answer);
    }),
  );
  return router;
}

/** The read of the open incidents touching a customer's services (or one of them), for `accountIncidentsOf`. */
export const accountIncidentsRead = (customerId: number, serviceId: number | null, lang: string): Statement => ({
  sql: ACCOUNT_QUERY,
  params: [customerId, serviceId, lang],
});

/** The open incidents touching a customer's services (or one of them), from `accountIncidentsRead`'s rows (or their JSON). */
export function accountIncidentsOf(
  rows: (IncidentRow & { service_ids: number[]; kinds: IncidentService[]; named: boolean })[],
  now: Date,
): AccountIncidentsAnswer {
  const incidents = rows.map((row): AccountIncident => {
    const kinds = row.services.filter((kind) => row.kinds.includes(kind));
    const shared = common(row);
    return {
      ...shared,
      state: Date.parse(shared.starts_at) > now.getTime() ? "upcoming" : "current",
      // A service named without a kind of its own (a cabinet): the incident's kinds.
      services: kinds.length ? kinds : row.services,
      touches: row.named ? "service" : "area",
      service_ids: row.service_ids,
    };
  });
  incidents.sort((a, b) => ORDER[a.state] - ORDER[b.state] || Date.parse(a.starts_at) - Date.parse(b.starts_at));
  return { incidents };
}

/** The open incidents touching a customer's services (or one of them). */
export async function accountIncidents(ctx: ServiceContext, customerId: number, serviceId: number | null, lang: string) {
  const read = accountIncidentsRead(customerId, serviceId, lang);
  return accountIncidentsOf(await ctx.db.query(read.sql, read.params), ctx.now());
}

export function statusRoutes(ctx: ServiceContext): Router {
  const router = Router();
  router.get(
    "/status/services/:serviceId",
    route(async (req, res) => {
      const access = await requireService(ctx.db, req, req.params.serviceId);
      res.json(await accountIncidents(ctx, access.customerId, access.serviceId, req.lang));
    }),
  );
  router.get(
    "/status/:customerId",
    route(async (req, res) => {
      const access = await requireCustomer(ctx.db, req, req.params.customerId);
      res.json(await accountIncidents(ctx, access.customerId, null, req.lang));
    }),
  );
  return router;
}
