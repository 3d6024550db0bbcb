/**
 * /router/{serviceId}/restart: restarting the router of a residential internet service, and following
 * the restart. The provider keeps the latest restart on the router's row (migration 0019): while its
 * expected end is ahead of the service clock the router is restarting (cpe-info answers "restarting"),
 * then it is back online since that time. How long a restart takes is the context's
 * `routerRestartSeconds` (ROUTER_RESTART_SECONDS, 120 s by default); nothing settles it, a read compares
 * with the clock.
 *
 * Any contact of the account reads; restarting needs the authoritative or support role (as every router
 * change). Refused (422) while a restart is under way and while the router is offline (nothing reaches it).
 */
import { Router } from "express";
import type { RouterRestart, RouterRestartAnswer, RouterRestartStarted } from "../contract/router-restart.ts";
import type { ServiceContext } from "./context.ts";
import { unprocessable } from "./errors.ts";
import { currentUser, route } from "./http.ts";
import { iso, isRestarting, loadRouter, routerAccess, type RouterRow } from "./router.ts";

type RestartColumns = Pick<RouterRow, "restart_started_at" | "restart_back_at">;

/** The latest restart as answered, or null when there was none. */
export function restartOf(row: RestartColumns, now: Date): RouterRestart | null {
  if (!row.restart_started_at || !row.restart_back_at) return null;
  const restarting = isRestarting(row, now);
  return {
    status: restarting ? "restarting" : "back_online",
    started_at: iso(row.restart_started_at),
    back_online_at: iso(row.restart_back_at),
    seconds_left: restarting ? Math.ceil((row.restart_back_at.getTime() - now.getTime()) / 1000) : 0,
  };
}

export function routerRestartRoutes(ctx: ServiceContext): Router {
  const router = Router();

  router.get(
    "/router/:serviceId/restart",
    route(async (req, res) => {
      const { serviceId } = await routerAccess(ctx, req);
      const row = await loadRouter(ctx.db, serviceId);
      const answer: RouterRestartAnswer = { restart: restartOf(row, ctx.now()) };
      res.json(answer);
    }),
  );

  router.post(
    "/router/:serviceId/restart",
    route(async (req, res) => {
      const { serviceId } = await routerAccess(ctx, req, true);
      const { userId } = currentUser(req);
      const restart = await ctx.db.transaction(async (tx) => {
        // The row locked: two restarts asked at once start one, and refuse the other.
        const row = await loadRouter(tx, serviceId, true);
        const now = ctx.now();
        if (row.offline_since) throw unprocessable({ _form: ["_form.router_offline"] }, "The router is offline");
        if (isRestarting(row, now)) throw unprocessable({ _form: ["_form.restart_in_progress"] }, "The router is restarting");
        const back = new Date(now.getTime() + ctx.routerRestartSeconds * 1000);
        const updated = await tx.one<RestartColumns>(
          `UPDATE routers SET restart_started_at = $2, restart_back_at = $3, restart_requested_by = $4
            WHERE service_id = $1 RETURNING restart_started_at, restart_back_at`,
          [serviceId, now, back, userId],
        );
        return restartOf(updated!, now)!;
      });
      const answer: RouterRestartStarted = { success: true, restart };
      res.status(202).json(answer);
    }),
  );

  return router;
}
