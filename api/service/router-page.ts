/**
 * GET /router/{serviceId}/cpe-info: the router of a residential internet service and, with `include`
 * (decision 230), what the router page's other calls answer: one access check, then one statement that
 * reads the router's row with every part but the leases as JSON columns (decision 235), then the leases.
 * Each part is read and made by the code of its own call (router.ts, router-dhcp.ts, router-forwarding.ts,
 * router-upnp.ts, device-pauses.ts, status.ts), so the two ways answer alike.
 */
import { Router } from "express";
import { CpeInfoQuery, type CpeInfoAnswer, type RouterPageInclude, type RouterServiceInfo } from "../contract/router-page.ts";
import { addressOf, todayOf, together, type AddressColumns, type ServiceContext, type Statement } from "./context.ts";
import { pausesFrom, pausesRead, type PauseRow } from "./device-pauses.ts";
import { notFound } from "./errors.ts";
import { parseInput, route } from "./http.ts";
import { SERVICE_STATUS } from "./packages.ts";
import { cpeInfoOf, networkSettingsOf, routerAccess, statisticsFrom, statisticsReads, type RouterRow } from "./router.ts";
import { dhcpLeasesOf } from "./router-dhcp.ts";
import { rulesOf, rulesRead, upnpRead, upnpRulesOf, type ForwardingRow, type UpnpRow } from "./router-forwarding.ts";
import { restartOf } from "./router-restart.ts";
import { upnpOf } from "./router-upnp.ts";
import { packageStatusOn, pauseStatusOn } from "./services-packages.ts";
import { accountIncidentsOf, accountIncidentsRead } from "./status.ts";

type ServiceInfoRow = AddressColumns & {
  customer_id: number;
  package_id: number;
  name: string;
  name_fr: string;
  status: RouterServiceInfo["status"];
  package_status: "active" | "suspended" | "paused" | "cancelled";
  pauses: { starts_on: string; ends_on: string; status: "scheduled" | "active" }[];
};

/** The internet service with its account, its package's status and address, and the package's pauses. */
const serviceInfoRead = (serviceId: number): Statement => ({
  sql: `SELECT s.customer_id, s.package_id, s.name, s.name_fr, s.status, p.status AS package_status,
               p.address_line1, p.address_line2, p.city, p.province, p.postal_code,
               COALESCE((SELECT json_agg(json_build_object('starts_on', x.starts_on, 'ends_on', x.ends_on, 'status', x.status))
                           FROM service_pauses x WHERE x.package_id = s.package_id AND x.status IN ('scheduled', 'active')), '[]') AS pauses
          FROM services s JOIN packages p ON p.id = s.package_id
         WHERE s.id = $1`,
  params: [serviceId],
});

/**
 * The internet service as the residential dashboard shows it on `today`: a pause that began or ended since
 * the settling job ran already counts.
 */
function serviceInfoOf(row: ServiceInfoRow, serviceId: number, today: string, fr: boolean): RouterServiceInfo {
  const pausedToday = row.pauses.some((pause) => pauseStatusOn(pause, today) === "active");
  const packageStatus = packageStatusOn(row.package_status, pausedToday);
  const status = packageStatus !== row.package_status && packageStatus !== "cancelled" ? SERVICE_STATUS[packageStatus] : row.status;
  return {
    customer_id: row.customer_id,
    service_id: serviceId,
    package_id: row.package_id,
    name: fr ? row.name_fr : row.name,
    status,
    service_address: addressOf(row),
  };
}

/** The router's row, with each part the page asked for (but the leases) read as a JSON column. */
type RouterPageRow = RouterRow & {
  service_row?: ServiceInfoRow;
  rules?: ForwardingRow[];
  upnp_rows?: UpnpRow[];
  interfaces?: Parameters<typeof statisticsFrom>[2];
  devices?: { count: number } | null;
  pauses?: PauseRow[];
  incident_rows?: Parameters<typeof accountIncidentsOf>[0];
};

export function routerPageRoutes(ctx: ServiceContext): Router {
  const router = Router();

  router.get(
    "/router/:serviceId/cpe-info",
    route(async (req, res) => {
      const { serviceId, customerId } = await routerAccess(ctx, req);
      const include = new Set(parseInput(CpeInfoQuery, req.query).include?.split(",") as RouterPageInclude[] | undefined);
      const now = ctx.now();
      // One statement (context.ts `together`): the router's row and every part asked for as a JSON column,
      // but the leases, whose reading may refresh them from the router (a write): read after it.
      const rows = (read: Statement) => ({ ...read, as: "rows" as const });
      const stats = statisticsReads(serviceId, now);
      const read = together(
        { sql: "SELECT * FROM routers WHERE service_id = $1", params: [serviceId] },
        {
          ...(include.has("service") && { service_row: { ...serviceInfoRead(serviceId), as: "row" as const } }),
          ...(include.has("port_forwarding_rules") && { rules: rows(rulesRead(serviceId)) }),
          ...(include.has("upnp_port_forwarding_rules") && { upnp_rows: rows(upnpRead(serviceId)) }),
          ...(include.has("statistics") && { interfaces: rows(stats.interfaces), devices: { ...stats.devices, as: "row" as const } }),
          ...(include.has("device_pauses") && { pauses: rows(pausesRead(serviceId)) }),
          ...(include.has("incidents") && { incident_rows: rows(accountIncidentsRead(customerId, serviceId, req.lang)) }),
        },
      );
      const r = await ctx.db.one<RouterPageRow>(read.sql, read.params);
      if (!r) throw notFound("Router");
      const leases = include.has("dhcp_leases") ? await dhcpLeasesOf(ctx.db, r, now, false) : undefined;
      const service = r.service_row && serviceInfoOf(r.service_row, serviceId, todayOf(ctx), req.lang === "fr");
      const rules = r.rules && rulesOf(r.rules);
      const upnpRules = r.upnp_rows && upnpRulesOf(r.upnp_rows, now);
      const statistics = r.interfaces && statisticsFrom(r, now, r.interfaces, r.devices);
      const pauses = r.pauses && [...pausesFrom(r.pauses, now).values()];
      const incidents = r.incident_rows && accountIncidentsOf(r.incident_rows, now).incidents;
      const answer: CpeInfoAnswer = {
        data: { data: cpeInfoOf(r, now) },
        ...(service && { service }),
        ...(include.has("network_settings") && { network_settings: networkSettingsOf(r) }),
        ...(leases && { dhcp_leases: leases }),
        ...(rules && { port_forwarding_rules: rules }),
        ...(upnpRules && { upnp_port_forwarding_rules: upnpRules }),
        ...(include.has("upnp") && { upnp: upnpOf(r) }),
        ...(statistics && { statistics }),
        ...(pauses && { device_pauses: pauses }),
        ...(incidents && { incidents }),
        // From the router's row: no read of its own.
        ...(include.has("restart") && { restart: restartOf(r, now) }),
      };
      res.json(answer);
    }),
  );

  return router;
}
