/**
 * /services/{customerId}/scheduled-pause…: schedule a pause of packages (for whole months, starting
 * from tomorrow up to a year ahead, with nothing owed, not overlapping another pause or a pending move),
 * change its dates or remove it while it is still scheduled. Needs the authoritative role.
 */
import { recordActivity } from "./activity.ts";
import { Router } from "express";
import { CreatePauseRequest, UpdatePauseRequest } from "../contract/accounts.ts";
import type { Db } from "../db/client.ts";
import { addMonths } from "#common/calendar";
import { todayOf, type ServiceContext } from "./context.ts";
import { type FieldErrors, notFound, unprocessable } from "./errors.ts";
import { parseWithRules, route } from "./http.ts";
import {
  balanceOwing,
  changePackages,
  checkDate,
  hasErrors,
  loadPackages,
  requireOwnPackages,
  residentialAccess,
  settlePauses,
  type Loaded,
  type PauseRow,
} from "./services-packages.ts";

/**
 * A pause may not include the day a pending move of its package takes effect (the service would be
 * paused at one address and moving to another): it ends by then (service resumes on its until date) or
 * starts after. A pause that starts on or after the move date is the moved service's.
 */
const includesMove = (loaded: Loaded, packageId: number, startDate: string, until: string) =>
  loaded.requests.some(
    (r) => r.package_id === packageId && r.kind === "move" && r.effective_on && startDate <= r.effective_on && r.effective_on < until,
  );

const pauseDateRules = (today: string) => (sent: Record<string, unknown>, errors: FieldErrors) =>
  checkDate(sent, errors, "start_date", today, 1);

/** The account's pause named in the path (404 when it is not one of the account's). */
async function pauseOf(db: Db, customerId: number, pauseIdParam: string): Promise<PauseRow> {
  const pauseId = Number(pauseIdParam);
  const row =
    Number.isSafeInteger(pauseId) && pauseId > 0
      ? await db.one<PauseRow>(
          "SELECT id, package_id, starts_on, ends_on, status FROM service_pauses WHERE id = $1 AND customer_id = $2 FOR UPDATE",
          [pauseId, customerId],
        )
      : undefined;
  if (!row) throw notFound("Pause");
  return row;
}

export function servicePausesRoutes(ctx: ServiceContext): Router {
  const router = Router();

  router.post(
    "/services/:customerId/scheduled-pause",
    route(async (req, res) => {
      const access = await residentialAccess(ctx, req, true);
      const today = todayOf(ctx);
      const input = parseWithRules(CreatePauseRequest, req.body ?? {}, pauseDateRules(today));
      const pauseIds = await changePackages(ctx, access.customerId, async (tx) => {
        const loaded = await loadPackages(tx, access.customerId);
        const balance = await balanceOwing(ctx, access.customerId, tx);
        const packages = requireOwnPackages(input.package_ids, loaded);
        const until = addMonths(input.start_date, input.months);
        const errors: Record<string, string[]> = {};
        const add = (field: string, code: string) => (errors[field] ??= []).includes(code) || errors[field].push(code);
        if (balance > 0) add("_form", "_form.balance_owing");
        for (const p of packages) {
          if (p.status !== "active") add("package_ids", "package_ids.not_active");
          if (loaded.requests.some((r) => r.package_id === p.id && r.kind === "cancel")) add("package_ids", "package_ids.cancel_pending");
          const overlaps = loaded.pauses.some(
            (x) =>
              x.package_id === p.id &&
              (x.status === "scheduled" || x.status === "active") &&
              x.starts_on < until &&
              input.start_date < x.ends_on,
          );
          if (overlaps) add("start_date", "start_date.overlapping_pause");
          if (includesMove(loaded, p.id, input.start_date, until)) add("start_date", "start_date.includes_move");
        }
        if (hasErrors(errors)) throw unprocessable(errors, "The pause breaks a rule");
        const rows = await tx.query<{ id: number }>(
          `INSERT INTO service_pauses (customer_id, package_id, starts_on, ends_on, status, requested_by)
           SELECT $1, id, $3, $4, 'scheduled', $5 FROM unnest($2::int[]) AS id
           RETURNING id`,
          [access.customerId, packages.map((p) => p.id), input.start_date, until, req.user!.userId],
        );
        await recordActivity(tx, ctx.now(), access.customerId, req.user!.userId, "pause_scheduled", {
          starts_on: input.start_date,
          ends_on: until,
        });
        return rows.map((r) => r.id).sort((a, b) => a - b);
      });
      res.status(201).json({ success: true, pause_ids: pauseIds });
    }),
  );

  router.put(
    "/services/:customerId/scheduled-pause/:pauseId",
    route(async (req, res) => {
      const access = await residentialAccess(ctx, req, true);
      const today = todayOf(ctx);
      const input = parseWithRules(UpdatePauseRequest, req.body ?? {}, pauseDateRules(today));
      await changePackages(ctx, access.customerId, async (tx) => {
        const pause = await pauseOf(tx, access.customerId, String(req.params.pauseId));
        const balance = await balanceOwing(ctx, access.customerId, tx);
        if (pause.status !== "scheduled")
          throw unprocessable({ pause_id: ["pause_id.not_scheduled"] }, "Only a scheduled pause can be changed");
        const until = addMonths(input.start_date, input.months);
        const errors: Record<string, string[]> = {};
        if (balance > 0) errors._form = ["_form.balance_owing"];
        const overlapping = await tx.one(
          `SELECT 1 FROM service_pauses
            WHERE package_id = $1 AND id <> $2 AND status IN ('scheduled', 'active') AND starts_on < $4 AND $3 < ends_on`,
          [pause.package_id, pause.id, input.start_date, until],
        );
        if (overlapping) (errors.start_date ??= []).push("start_date.overlapping_pause");
        if (includesMove(await loadPackages(tx, access.customerId), pause.package_id, input.start_date, until)) {
          (errors.start_date ??= []).push("start_date.includes_move");
        }
        if (hasErrors(errors)) throw unprocessable(errors, "The pause breaks a rule");
        await tx.query("UPDATE service_pauses SET starts_on = $2, ends_on = $3, updated_at = $4 WHERE id = $1", [
          pause.id,
          input.start_date,
          until,
          ctx.now(),
        ]);
        await recordActivity(tx, ctx.now(), access.customerId, req.user!.userId, "pause_changed", {
          starts_on: input.start_date,
          ends_on: until,
        });
      });
      res.json({ success: true });
    }),
  );

  router.delete(
    "/services/:customerId/scheduled-pause/:pauseId",
    route(async (req, res) => {
      const access = await residentialAccess(ctx, req, true);
      await settlePauses(ctx.db, access.customerId, ctx.now());
      await ctx.db.transaction(async (tx) => {
        const pause = await pauseOf(tx, access.customerId, String(req.params.pauseId));
        if (pause.status !== "scheduled")
          throw unprocessable({ pause_id: ["pause_id.not_scheduled"] }, "Only a scheduled pause can be removed");
        await tx.query("UPDATE service_pauses SET status = 'removed', updated_at = $2 WHERE id = $1", [pause.id, ctx.now()]);
        await recordActivity(tx, ctx.now(), access.customerId, req.user!.userId, "pause_cancelled", {
          starts_on: String(pause.starts_on).slice(0, 10),
          ends_on: String(pause.ends_on).slice(0, 10),
        });
      });
      res.json({ success: true });
    }),
  );

  return router;
}
