/**
 * A device's internet paused on the router of a residential internet service
 * (`/router/{serviceId}/device-pauses`): by hand, until resumed, or on a weekly schedule (bedtime: days,
 * from and to in the customer's time zone, crossing midnight allowed). The device is named by its MAC
 * address and must be in the router's table (a lease, a reservation or a device seen on the network).
 * Any contact reads them; authoritative and support contacts change them, which the router must take
 * at once: refused while it is offline or restarting (422 `_form.router_unreachable`).
 */
import { z } from "zod";
import { IsoDateTime } from "./common.ts";
import { endpoint } from "./endpoint.ts";
import { ROUTER_UNREACHABLE_CODES } from "./router-upnp.ts";
import { PAUSE_DAYS, PAUSE_TIME_ZONE } from "./values.ts";

export { PAUSE_DAYS, PAUSE_TIME_ZONE };

const Mac = z.string().regex(/^[0-9A-F]{2}(:[0-9A-F]{2}){5}$/);
/** A time of day, 24 hours: "21:00". */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

export const PauseSchedule = z.object({
  /** Days the pause starts on, Monday first. */
  days: z.array(z.enum(PAUSE_DAYS)).min(1),
  from: z.string().regex(TIME_OF_DAY),
  /** Before `from`: the pause ends the next day (21:00–07:00). */
  to: z.string().regex(TIME_OF_DAY),
  time_zone: z.literal(PAUSE_TIME_ZONE),
});
export type PauseSchedule = z.infer<typeof PauseSchedule>;

export const DevicePause = z.object({
  mac_address: Mac,
  /** Paused by hand until resumed (since `paused_at`). */
  paused: z.boolean(),
  paused_at: IsoDateTime.nullable(),
  schedule: PauseSchedule.nullable(),
  /** Whether the schedule covers this moment. */
  schedule_in_effect: z.boolean(),
  /** Whether the device has no internet now: paused by hand, or inside its schedule. */
  in_effect: z.boolean(),
  updated_at: IsoDateTime,
});
export type DevicePause = z.infer<typeof DevicePause>;

/** GET /router/{serviceId}/device-pauses: the router's paused or scheduled devices. */
export const DevicePausesAnswer = z.object({ device_pauses: z.array(DevicePause) });
export type DevicePausesAnswer = z.infer<typeof DevicePausesAnswer>;

/** PUT …/schedule: JSON, or a form (`days` repeated, or comma separated). */
export const PauseScheduleRequest = z.object({
  days: z.union([z.array(z.string().max(20)).max(7), z.string().max(100)]).optional(),
  from: z.string().max(20).optional(),
  to: z.string().max(20).optional(),
});
export type PauseScheduleRequest = z.input<typeof PauseScheduleRequest>;

/** A change's answer: the device's pause after it (null: neither paused nor scheduled any more). */
export const DevicePauseSaved = z.object({ success: z.literal(true), device_pause: DevicePause.nullable() });
export type DevicePauseSaved = z.infer<typeof DevicePauseSaved>;

export const PAUSE_SCHEDULE_CODES = ["days.required", "days.invalid", "from.invalid", "to.invalid", "to.same_as_from"];

export const devicePausesEndpoints = [
  endpoint({
    method: "get",
    path: "/router/{serviceId}/device-pauses",
    tag: "router",
    summary: "The devices whose internet is paused now or on a schedule, and whether each pause is in effect now",
    auth: "bearer",
    answer: DevicePausesAnswer,
    errors: [404],
  }),
  endpoint({
    method: "put",
    path: "/router/{serviceId}/device-pauses/{macAddress}/paused",
    tag: "router",
    summary:
      "Pause a device's internet now, until resumed (authoritative or support contacts; a device of the router's table). Refused while the router is offline or restarting",
    auth: "bearer",
    answer: DevicePauseSaved,
    errors: [404, 422],
    errorCodes: [...ROUTER_UNREACHABLE_CODES],
  }),
  endpoint({
    method: "delete",
    path: "/router/{serviceId}/device-pauses/{macAddress}/paused",
    tag: "router",
    summary: "Resume a device paused by hand (its schedule, if any, stays). Refused while the router is offline or restarting",
    auth: "bearer",
    answer: DevicePauseSaved,
    errors: [404, 422],
    errorCodes: [...ROUTER_UNREACHABLE_CODES],
  }),
  endpoint({
    method: "put",
    path: "/router/{serviceId}/device-pauses/{macAddress}/schedule",
    tag: "router",
    summary:
      "Set a device's pause schedule: days it starts on, from and to (HH:MM, America/Toronto; to before from ends the next day). Refused while the router is offline or restarting",
    auth: "bearer",
    body: PauseScheduleRequest,
    answer: DevicePauseSaved,
    errors: [404, 422],
    errorCodes: [...PAUSE_SCHEDULE_CODES, ...ROUTER_UNREACHABLE_CODES],
  }),
  endpoint({
    method: "delete",
    path: "/router/{serviceId}/device-pauses/{macAddress}/schedule",
    tag: "router",
    summary: "Remove a device's pause schedule (a pause by hand stays). Refused while the router is offline or restarting",
    auth: "bearer",
    answer: DevicePauseSaved,
    errors: [404, 422],
    errorCodes: [...ROUTER_UNREACHABLE_CODES],
  }),
];
