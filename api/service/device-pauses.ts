/**
 * /router/{serviceId}/device-pauses: a device's internet paused on the router (migration 0025), by hand
 * until resumed, or on a weekly schedule read in the customer's time zone (America/Toronto) against the
 * service clock: nothing settles it. Any contact of the account reads them; changes need the
 * authoritative or support role (router.ts) and must reach the router at once, so they are refused while
 * it is offline or restarting (as UPnP, router-upnp.ts). The device must be in the router's table: a
 * DHCP lease, a reservation or a device seen on the home network.
 */
import { Router } from "express";
import {
  PAUSE_DAYS,
  PAUSE_TIME_ZONE,
  PauseScheduleRequest,
  TIME_OF_DAY,
  type DevicePause,
  type DevicePauseSaved,
  type DevicePausesAnswer,
} from "../contract/device-pauses.ts";
import type { PauseDay } from "../contract/values.ts";
import type { Db } from "../db/client.ts";
import { recordActivity } from "./activity.ts";
import type { ServiceContext, Statement } from "./context.ts";
import { FieldErrors, notFound } from "./errors.ts";
import { currentUser, parseInput, route } from "./http.ts";
import { iso, loadRouter, routerAccess } from "./router.ts";
import { requireReachable } from "./router-upnp.ts";
import { normalizeMac } from "#common/net";

export interface PauseRow {
  service_id: number;
  mac_address: string;
  /** Dates, or ISO strings when read as JSON (context.ts `together`). */
  paused_at: Date | string | null;
  /** ISO days, 1 = Monday … 7 = Sunday. */
  schedule_days: number[] | null;
  schedule_from: string | null;
  schedule_to: string | null;
  updated_at: Date | string;
}

const clock = new Intl.DateTimeFormat("en-US", {
  timeZone: PAUSE_TIME_ZONE,
  weekday: "short",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
const WEEKDAY_NUMBER: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** The day (ISO, 1 = Monday) and time ("HH:MM") of an instant in Toronto. */
export function torontoClock(now: Date): { day: number; time: string } {
  const parts = Object.fromEntries(clock.formatToParts(now).map((p) => [p.type, p.value]));
  return { day: WEEKDAY_NUMBER[parts.weekday!]!, time: `${parts.hour}:${parts.minute}` };
}

/**
 * Whether a weekly schedule covers `now`: on one of its days from `from`, until `to` the same day, or the
 * next day when `to` comes before `from` (21:00–07:00 on Friday covers Saturday 06:59, not 07:00).
 */
export function scheduleCovers(schedule: { days: number[]; from: string; to: string }, now: Date): boolean {
  const { day, time } = torontoClock(now);
  if (schedule.from < schedule.to) return schedule.days.includes(day) && schedule.from <= time && time < schedule.to;
  const yesterday = day === 1 ? 7 : day - 1;
  return (schedule.days.includes(day) && time >= schedule.from) || (schedule.days.includes(yesterday) && time < schedule.to);
}

export function pauseOf(row: PauseRow, now: Date): DevicePause {
  const schedule =
    row.schedule_days && row.schedule_from && row.schedule_to
      ? { days: [...row.schedule_days].sort(), from: row.schedule_from, to: row.schedule_to }
      : null;
  const scheduleInEffect = schedule ? scheduleCovers(schedule, now) : false;
  return {
    mac_address: row.mac_address,
    paused: row.paused_at !== null,
    paused_at: row.paused_at ? iso(row.paused_at) : null,
    schedule: schedule
      ? { days: schedule.days.map((d) => PAUSE_DAYS[d - 1]!), from: schedule.from, to: schedule.to, time_zone: PAUSE_TIME_ZONE }
      : null,
    schedule_in_effect: scheduleInEffect,
    in_effect: row.paused_at !== null || scheduleInEffect,
    updated_at: iso(row.updated_at),
  };
}

/** The pauses of a router's devices, by MAC, as they stand at `now`. */
export async function pausesOf(db: Db, serviceId: number, now: Date): Promise<Map<string, DevicePause>> {
  const read = pausesRead(serviceId);
  return pausesFrom(await db.query<PauseRow>(read.sql, read.params), now);
}

/** A router's device pauses, by MAC (`pausesFrom` makes them answers). */
export const pausesRead = (serviceId: number): Statement => ({
  sql: "SELECT * FROM device_pauses WHERE service_id = $1 ORDER BY mac_address",
  params: [serviceId],
});

export const pausesFrom = (rows: PauseRow[], now: Date): Map<string, DevicePause> =>
  new Map(rows.map((row) => [row.mac_address, pauseOf(row, now)]));

/** The device of the path, as the router knows it: 404 unless a lease, a reservation or a device has its MAC. */
async function deviceOf(db: Db, serviceId: number, macParam: unknown): Promise<string> {
  const mac = normalizeMac(String(macParam ?? ""));
  const known =
    mac &&
    (await db.one(
      `SELECT 1 WHERE EXISTS (SELECT 1 FROM dhcp_leases WHERE service_id = $1 AND mac_address = $2)
          OR EXISTS (SELECT 1 FROM dhcp_reservations WHERE service_id = $1 AND mac_address = $2)
          OR EXISTS (SELECT 1 FROM network_devices WHERE service_id = $1 AND mac_address = $2)`,
      [serviceId, mac],
    ));
  if (!known) throw notFound("Device");
  return mac;
}

/** A schedule's days as ISO numbers, from a JSON array or a form's repeated or comma separated field. */
function daysOf(value: string | string[] | undefined, errors: FieldErrors): number[] {
  const names = (Array.isArray(value) ? value : (value ?? "").split(",")).map((d) => d.trim().toLowerCase()).filter(Boolean);
  if (!names.length) {
    errors.add("days", "required");
    return [];
  }
  if (names.some((d) => !(PAUSE_DAYS as readonly string[]).includes(d))) {
    errors.add("days", "invalid");
    return [];
  }
  return [...new Set(names.map((d) => PAUSE_DAYS.indexOf(d as PauseDay) + 1))].sort();
}

export function devicePausesRoutes(ctx: ServiceContext): Router {
  const router = Router();

  router.get(
    "/router/:serviceId/device-pauses",
    route(async (req, res) => {
      const { serviceId } = await routerAccess(ctx, req);
      await loadRouter(ctx.db, serviceId);
      const answer: DevicePausesAnswer = { device_pauses: [...(await pausesOf(ctx.db, serviceId, ctx.now())).values()] };
      res.json(answer);
    }),
  );

  /**
   * One change of a device's pause, in a transaction with the router's row locked: the router must be
   * reachable; `write` changes the row and answers it (a row left with neither pause nor schedule goes).
   */
  const change = (
    write: (tx: Db, serviceId: number, mac: string, now: Date, userId: number, body: unknown) => Promise<PauseRow | undefined>,
  ) =>
    route(async (req, res) => {
      const { serviceId, customerId } = await routerAccess(ctx, req, true);
      const { userId } = currentUser(req);
      const saved = await ctx.db.transaction(async (tx) => {
        const r = await loadRouter(tx, serviceId, true);
        const mac = await deviceOf(tx, serviceId, req.params.macAddress);
        const now = ctx.now();
        const row = await write(tx, serviceId, mac, now, userId, req.body ?? {});
        requireReachable(r, now);
        await recordActivity(tx, now, customerId, userId, "router_changed", { setting: "device_pause" });
        if (row && row.paused_at === null && row.schedule_days === null) {
          await tx.query("DELETE FROM device_pauses WHERE service_id = $1 AND mac_address = $2", [serviceId, mac]);
          return null;
        }
        return row ? pauseOf(row, now) : null;
      });
      const answer: DevicePauseSaved = { success: true, device_pause: saved };
      res.json(answer);
    });

  router.put(
    "/router/:serviceId/device-pauses/:macAddress/paused",
    change((tx, serviceId, mac, now, userId) =>
      tx.one<PauseRow>(
        `INSERT INTO device_pauses (service_id, mac_address, paused_at, updated_at, updated_by) VALUES ($1, $2, $3, $3, $4)
         ON CONFLICT (service_id, mac_address) DO UPDATE
           SET paused_at = COALESCE(device_pauses.paused_at, EXCLUDED.paused_at), updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by
         RETURNING *`,
        [serviceId, mac, now, userId],
      ),
    ),
  );

  router.delete(
    "/router/:serviceId/device-pauses/:macAddress/paused",
    change((tx, serviceId, mac, now, userId) =>
      tx.one<PauseRow>(
        `UPDATE device_pauses SET paused_at = NULL, updated_at = $3, updated_by = $4
          WHERE service_id = $1 AND mac_address = $2 AND (paused_at IS NOT NULL OR schedule_days IS NOT NULL) RETURNING *`,
        [serviceId, mac, now, userId],
      ),
    ),
  );

  router.put(
    "/router/:serviceId/device-pauses/:macAddress/schedule",
    change(async (tx, serviceId, mac, now, userId, body) => {
      const input = parseInput(PauseScheduleRequest, body);
      const errors = new FieldErrors();
      const days = daysOf(input.days, errors);
      const from = input.from?.trim() ?? "";
      const to = input.to?.trim() ?? "";
      if (!TIME_OF_DAY.test(from)) errors.add("from", "invalid");
      if (!TIME_OF_DAY.test(to)) errors.add("to", "invalid");
      else if (to === from) errors.add("to", "same_as_from");
      errors.throwIfAny("The schedule breaks a rule");
      return tx.one<PauseRow>(
        `INSERT INTO device_pauses (service_id, mac_address, schedule_days, schedule_from, schedule_to, updated_at, updated_by)
         VALUES ($1, $2, $3::smallint[], $4, $5, $6, $7)
         ON CONFLICT (service_id, mac_address) DO UPDATE
           SET schedule_days = EXCLUDED.schedule_days, schedule_from = EXCLUDED.schedule_from, schedule_to = EXCLUDED.schedule_to,
               updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by
         RETURNING *`,
        [serviceId, mac, days, from, to, now, userId],
      );
    }),
  );

  router.delete(
    "/router/:serviceId/device-pauses/:macAddress/schedule",
    change((tx, serviceId, mac, now, userId) =>
      tx.one<PauseRow>(
        `UPDATE device_pauses SET schedule_days = NULL, schedule_from = NULL, schedule_to = NULL, updated_at = $3, updated_by = $4
          WHERE service_id = $1 AND mac_address = $2 RETURNING *`,
        [serviceId, mac, now, userId],
      ),
    ),
  );

  return router;
}
