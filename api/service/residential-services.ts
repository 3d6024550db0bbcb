/**
 * /residential-internet/{packageId} and /residential-tv/{packageId}: what the residential internet and
 * TV pages show of a package's internet or TV service (404 when the package holds none), and
 * /residential-tv/services/{serviceId}: the TV page's answer for one TV service, by its id.
 */
import { Router } from "express";
import { ResidentialInternetQuery, type InternetSettingsAnswer, type TvPackageAnswer } from "../contract/home-network.ts";
import { addressOf, dollars, planOf, together, type AddressColumns, type ServiceContext } from "./context.ts";
import { notFound } from "./errors.ts";
import { parseInput, requirePackage, requireService, route } from "./http.ts";
import { accountIncidents } from "./status.ts";
import { isRestarting, lastBootOf, type RouterRow } from "./router.ts";
import { wifiNamesOf } from "./wifi.ts";

type ServiceRow = AddressColumns & {
  id: number;
  customer_id: number;
  name: string;
  name_fr: string;
  status: "connected" | "interrupted" | "paused";
  details: Record<string, unknown>;
  activated_on: string;
};

type TvChannelRow = { number: number; name: string; call_sign: string; hd: boolean; language: "en" | "fr" | "multi"; genre: string };

/** The TV page's statement (GET /residential-tv/{packageId}): the service and line-up, the rest as JSON columns. */
type TvRow = Pick<ServiceRow, "id" | "name" | "name_fr" | "status"> & {
  package_id: number;
  lineup_code: string | null;
  lineup_name: string | null;
  lineup_name_fr: string | null;
  tv_go_included: boolean | null;
  tv_go_max_streams: number | null;
  lineup: TvChannelRow[];
  packs: { code: string; name: string; name_fr: string; monthly_price_cents: number; added_on: string | null }[];
  pack_channels: (TvChannelRow & { pack_code: string })[];
  boxes: {
    serial_number: string;
    model: string;
    room: string;
    mac_address: string;
    status: "online" | "standby" | "offline";
    activated_on: string;
  }[];
  tv_go_email: { email: string } | null;
};

export function residentialServicesRoutes(ctx: ServiceContext): Router {
  const router = Router();

  const serviceOf = async (packageId: number, category: "internet" | "tv", what: string) => {
    const row = await ctx.db.one<ServiceRow>(
      `SELECT id, customer_id, name, name_fr, status, details, activated_on,
              address_line1, address_line2, city, province, postal_code
         FROM services WHERE package_id = $1 AND category = $2 ORDER BY id LIMIT 1`,
      [packageId, category],
    );
    if (!row) throw notFound(what);
    return row;
  };

  router.get(
    "/residential-internet/:packageId",
    route(async (req, res) => {
      const { packageId, customerId } = await requirePackage(ctx.db, req, req.params.packageId);
      const include = new Set(parseInput(ResidentialInternetQuery, req.query).include?.split(","));
      const service = await serviceOf(packageId, "internet", "Internet service of this package");
      const [r, names, incidents] = await Promise.all([
        ctx.db.one<RouterRow>("SELECT * FROM routers WHERE service_id = $1", [service.id]),
        wifiNamesOf(ctx.db, customerId, ctx.now()),
        include.has("incidents") ? accountIncidents(ctx, customerId, service.id, req.lang) : undefined,
      ]);
      // A router restarting (POST /router/{serviceId}/restart) is offline until it is back, then online since then.
      const now = ctx.now();
      const restarting = r !== undefined && r.offline_since === null && isRestarting(r, now);
      const online = r ? r.offline_since === null && !restarting : service.status === "connected";
      const answer: InternetSettingsAnswer = {
        internet_settings: {
          package_id: packageId,
          service_id: service.id,
          plan: planOf(service, req.lang),
          status: service.status,
          activated_on: service.activated_on,
          service_address: addressOf(service),
          connection: {
            status: online ? "online" : "offline",
            public_ipv4: r?.wan_ipv4 ?? null,
            ipv6_prefix: r?.wan_ipv6_prefix ?? null,
            dns_servers: r?.wan_dns ?? [],
            online_since: r && online ? lastBootOf(r, now).toISOString() : null,
            offline_since: r?.offline_since
              ? r.offline_since.toISOString()
              : restarting && r?.restart_started_at
                ? r.restart_started_at.toISOString()
                : null,
          },
          router: r
            ? {
                vendor: r.vendor,
                model: r.model,
                generation: r.generation,
                firmware_version: r.firmware_version,
                serial_number: r.serial_number,
                mac_address: r.mac_address,
              }
            : null,
          wifi: names[String(packageId)] ?? [],
        },
        ...(incidents && { incidents: incidents.incidents }),
      };
      res.json(answer);
    }),
  );

  router.get(
    "/residential-tv/:packageId",
    route(async (req, res) => {
      const { packageId, customerId } = await requirePackage(ctx.db, req, req.params.packageId);
      res.json(await tvPackage(ctx, { packageId }, customerId, req.lang));
    }),
  );

  router.get(
    "/residential-tv/services/:serviceId",
    route(async (req, res) => {
      const access = await requireService(ctx.db, req, req.params.serviceId, { categories: ["tv"] });
      // A TV service outside any package is not a residential one.
      if (access.packageId === null) throw notFound("TV service of a package");
      res.json(await tvPackage(ctx, { serviceId: access.serviceId }, access.customerId, req.lang));
    }),
  );

  return router;
}

/**
 * What the TV page shows of a package's TV service (its first) or of one TV service, in one statement
 * (context.ts `together`).
 */
async function tvPackage(
  ctx: ServiceContext,
  which: { packageId: number } | { serviceId: number },
  customerId: number,
  lang: "en" | "fr",
): Promise<TvPackageAnswer> {
  // One statement (context.ts `together`): the package's TV service with its line-up, then the line-up's
  // channels, the theme packs, their channels, the set-top boxes and the TV GO e-mail, which read the
  // service's columns (f.id, f.lineup_code).
  const read = together(
    {
      sql: `SELECT s.id, s.package_id, s.name, s.name_fr, s.status, t.lineup_code, l.name AS lineup_name, l.name_fr AS lineup_name_fr,
                   t.tv_go_included, t.tv_go_max_streams
              FROM services s
              LEFT JOIN tv_services t ON t.service_id = s.id
              LEFT JOIN tv_lineups l ON l.code = t.lineup_code
             WHERE ${"serviceId" in which ? "s.id = $1" : "s.package_id = $1"} AND s.category = 'tv' ORDER BY s.id LIMIT 1`,
      params: ["serviceId" in which ? which.serviceId : which.packageId],
    },
    {
      lineup: {
        sql: `SELECT lc.number, c.name, c.call_sign, c.hd, c.language, c.genre
                FROM tv_lineup_channels lc JOIN tv_channels c ON c.id = lc.channel_id
               WHERE lc.lineup_code = f.lineup_code ORDER BY lc.number`,
        params: [],
        as: "rows",
      },
      packs: {
        sql: `SELECT p.code, p.name, p.name_fr, p.monthly_price_cents, s.added_on
                FROM tv_theme_packs p LEFT JOIN tv_service_theme_packs s ON s.pack_code = p.code AND s.service_id = f.id
               ORDER BY p.name, p.code`,
        params: [],
        as: "rows",
      },
      pack_channels: {
        sql: `SELECT pc.pack_code, pc.number, c.name, c.call_sign, c.hd, c.language, c.genre
                FROM tv_theme_pack_channels pc JOIN tv_channels c ON c.id = pc.channel_id ORDER BY pc.number`,
        params: [],
        as: "rows",
      },
      boxes: {
        sql: `SELECT serial_number, model, room, mac_address, status, activated_on
                FROM set_top_boxes WHERE service_id = f.id ORDER BY activated_on, id`,
        params: [],
        as: "rows",
      },
      tv_go_email: {
        sql: "SELECT email FROM contacts WHERE customer_id = $1 AND used_for_tv_go ORDER BY id LIMIT 1",
        params: [customerId],
        as: "row",
      },
    },
  );
  const service = await ctx.db.one<TvRow>(read.sql, read.params);
  if (!service) throw notFound("TV service of this package");
  const fr = lang === "fr";
  const tv = service.lineup_code === null ? null : service;
  const { lineup, packs, pack_channels: packChannels, boxes } = service;
  const tvGo = service.tv_go_email;
  const subscribed = new Set(packs.filter((p) => p.added_on !== null).map((p) => p.code));
  const channels = [
    ...lineup.map((c) => ({ ...c, source: "base" })),
    ...packChannels.filter((c) => subscribed.has(c.pack_code)).map(({ pack_code, ...c }) => ({ ...c, source: pack_code })),
  ].sort((a, b) => a.number - b.number);

  return {
    tv_package: {
      package_id: service.package_id,
      service_id: service.id,
      name: fr ? service.name_fr : service.name,
      status: service.status,
      base_package: tv ? { code: tv.lineup_code!, name: (fr ? tv.lineup_name_fr : tv.lineup_name)!, channel_count: lineup.length } : null,
      channels,
      theme_packs: packs.map((p) => ({
        code: p.code,
        name: fr ? p.name_fr : p.name,
        monthly_price: dollars(p.monthly_price_cents),
        subscribed: p.added_on !== null,
        added_on: p.added_on,
        channel_numbers: packChannels.filter((c) => c.pack_code === p.code).map((c) => c.number),
      })),
      set_top_boxes: boxes,
      tv_go: {
        included: tv?.tv_go_included ?? false,
        max_streams: tv?.tv_go_included ? (tv.tv_go_max_streams ?? 0) : 0,
        account_email: tv?.tv_go_included ? (tvGo?.email ?? null) : null,
      },
    },
  };
}
