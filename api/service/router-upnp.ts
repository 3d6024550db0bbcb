/**
 * /router/{serviceId}/upnp: whether the router lets the home's devices open ports by themselves
 * (migration 0022). Any contact of the account reads it; turning it on or off needs the authoritative
 * or support role, as every router change. The router must take it at once (its mappings go with it),
 * so it is refused (422 `_form.router_unreachable`) while the router is offline or restarting, unlike
 * LAN settings, which the provider keeps until the router reconnects.
 */
import { Router } from "express";
import { RouterUpnpRequest, type RouterUpnp, type RouterUpnpAnswer, type RouterUpnpSaved } from "../contract/router-upnp.ts";
import type { ServiceContext } from "./context.ts";
import { unprocessable } from "./errors.ts";
import { currentUser, parseInput, route } from "./http.ts";
import { recordActivity } from "./activity.ts";
import { iso, isRestarting, loadRouter, routerAccess, type RouterRow } from "./router.ts";

type UpnpColumns = Pick<RouterRow, "upnp_enabled" | "upnp_updated_at">;

export const upnpOf = (row: UpnpColumns): RouterUpnp => ({
  enabled: row.upnp_enabled,
  updated_at: row.upnp_updated_at ? iso(row.upnp_updated_at) : null,
});

/** Refuses a change the router must take now while nothing reaches it (offline, or restarting at `now`). */
export function requireReachable(row: Pick<RouterRow, "offline_since" | "restart_back_at">, now: Date) {
  if (row.offline_since || isRestarting(row, now)) {
    throw unprocessable({ _form: ["_form.router_unreachable"] }, "The router cannot be reached");
  }
}

export function routerUpnpRoutes(ctx: ServiceContext): Router {
  const router = Router();

  router.get(
    "/router/:serviceId/upnp",
    route(async (req, res) => {
      const { serviceId } = await routerAccess(ctx, req);
      const answer: RouterUpnpAnswer = { upnp: upnpOf(await loadRouter(ctx.db, serviceId)) };
      res.json(answer);
    }),
  );

  router.put(
    "/router/:serviceId/upnp",
    route(async (req, res) => {
      const { serviceId, customerId } = await routerAccess(ctx, req, true);
      const { userId } = currentUser(req);
      const input = parseInput(RouterUpnpRequest, req.body ?? {});
      const upnp = await ctx.db.transaction(async (tx) => {
        const row = await loadRouter(tx, serviceId, true);
        const now = ctx.now();
        requireReachable(row, now);
        const updated = await tx.one<UpnpColumns>(
          `UPDATE routers SET upnp_enabled = $2, upnp_updated_at = $3, upnp_updated_by = $4
            WHERE service_id = $1 RETURNING upnp_enabled, upnp_updated_at`,
          [serviceId, input.enabled, now, userId],
        );
        await recordActivity(tx, now, customerId, userId, "router_changed", { setting: "upnp" });
        return upnpOf(updated!);
      });
      const answer: RouterUpnpSaved = { success: true, upnp };
      res.json(answer);
    }),
  );

  return router;
}
