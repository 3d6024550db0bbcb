/**
 * GET /router/{serviceId}/cpe-info: the router of a residential internet service and, with `include`
 * (decision 230), what the router page's other calls answer, read in parallel in the same request: one
 * access check and one read of the router's row instead of ten of each. Each part is made by the code of
 * its own call (router.ts, router-dhcp.ts, router-forwarding.ts, router-upnp.ts, device-pauses.ts,
 * status.ts), so the two ways answer alike.
 */
import { Router } from "express";
import { CpeInfoQuery, type CpeInfoAnswer, type RouterPageInclude, type RouterServiceInfo } from "../contract/router-page.ts";
import type { Db } from "../db/client.ts";
import { addressOf, todayOf, type AddressColumns, type ServiceContext } from "./context.ts";
import { pausesOf } from "./device-pauses.ts";
import { parseInput, route } from "./http.ts";
import { SERVICE_STATUS } from "./packages.ts";
import { cpeInfoOf, loadRouter, networkSettingsOf, routerAccess, statisticsOf } from "./router.ts";
import { dhcpLeasesOf } from "./router-dhcp.ts";
import { listRules, listUpnp } from "./router-forwarding.ts";
import { upnpOf } from "./router-upnp.ts";
import { packageStatusOn, pauseStatusOn } from "./services-packages.ts";
import { accountIncidents } from "./status.ts";

type ServiceInfoRow = AddressColumns & {
  customer_id: number;
  package_id: number;
  name: string;
  name_fr: string;
  status: RouterServiceInfo["status"];
  package_status: "active" | "suspended" | "paused" | "cancelled";
  pauses: { starts_on: string; ends_on: string; status: "scheduled" | "active" }[];
};

/**
 * The internet service with its account and its package's address, its status as the residential
 * dashboard shows it on `today`: a pause that began or ended since the settling job ran already counts.
 */
async function serviceInfo(db: Db, serviceId: number, today: string, fr: boolean): Promise<RouterServiceInfo> {
  const row = (await db.one<ServiceInfoRow>(
    `SELECT s.customer_id, s.package_id, s.name, s.name_fr, s.status, p.status AS package_status,
            p.address_line1, p.address_line2, p.city, p.province, p.postal_code,
            COALESCE((SELECT json_agg(json_build_object('starts_on', x.starts_on, 'ends_on', x.ends_on, 'status', x.status))
                        FROM service_pauses x WHERE x.package_id = s.package_id AND x.status IN ('scheduled', 'active')), '[]') AS pauses
       FROM services s JOIN packages p ON p.id = s.package_id
      WHERE s.id = $1`,
    [serviceId],
  ))!;
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

export function routerPageRoutes(ctx: ServiceContext): Router {
  const router = Router();

  router.get(
    "/router/:serviceId/cpe-info",
    route(async (req, res) => {
      const { serviceId, customerId } = await routerAccess(ctx, req);
      const include = new Set(parseInput(CpeInfoQuery, req.query).include?.split(",") as RouterPageInclude[] | undefined);
      const r = await loadRouter(ctx.db, serviceId);
      const now = ctx.now();
      const db = ctx.db;
      const part = <T>(name: RouterPageInclude, read: () => Promise<T>) => (include.has(name) ? read() : undefined);
      const [service, leases, rules, upnpRules, statistics, pauses, incidents] = await Promise.all([
        part("service", () => serviceInfo(db, serviceId, todayOf(ctx), req.lang === "fr")),
        part("dhcp_leases", () => dhcpLeasesOf(db, r, now, false)),
        part("port_forwarding_rules", () => listRules(db, serviceId)),
        part("upnp_port_forwarding_rules", () => listUpnp(db, serviceId, now)),
        part("statistics", () => statisticsOf(db, r, now)),
        part("device_pauses", async () => [...(await pausesOf(db, serviceId, now)).values()]),
        part("incidents", async () => (await accountIncidents(ctx, customerId, serviceId, req.lang)).incidents),
      ]);
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
      };
      res.json(answer);
    }),
  );

  return router;
}
