/**
 * Restarting the router of a residential internet service (`/router/{serviceId}/restart`): asked by an
 * authoritative or support contact, refused while a restart is under way or while the router cannot be
 * reached; the provider keeps the restart's state, which readers follow until the router is back online.
 */
import { z } from "zod";
import { IsoDateTime } from "./common.ts";
import { endpoint } from "./endpoint.ts";

/** How long a restart takes, in seconds, unless the service is told otherwise (ROUTER_RESTART_SECONDS). */
export const ROUTER_RESTART_SECONDS = 120;

/** The router's latest restart: under way (`restarting`) or over (`back_online`). */
export const RouterRestart = z.object({
  status: z.enum(["restarting", "back_online"]),
  started_at: IsoDateTime,
  /** When the router is back, or is expected to be while it restarts. */
  back_online_at: IsoDateTime,
  /** Seconds until the router is expected back (0 once it is). */
  seconds_left: z.number().int().min(0),
});
export type RouterRestart = z.infer<typeof RouterRestart>;

/** GET /router/{serviceId}/restart: null when the router was never restarted this way. */
export const RouterRestartAnswer = z.object({ restart: RouterRestart.nullable() });
export type RouterRestartAnswer = z.infer<typeof RouterRestartAnswer>;

/** POST /router/{serviceId}/restart */
export const RouterRestartStarted = z.object({ success: z.literal(true), restart: RouterRestart });
export type RouterRestartStarted = z.infer<typeof RouterRestartStarted>;

export const routerRestartEndpoints = [
  endpoint({
    method: "get",
    path: "/router/{serviceId}/restart",
    tag: "router",
    summary: "The router's latest restart: under way, or when it came back online (null when never restarted)",
    auth: "bearer",
    answer: RouterRestartAnswer,
    errors: [404],
  }),
  endpoint({
    method: "post",
    path: "/router/{serviceId}/restart",
    tag: "router",
    summary:
      "Restart the router (authoritative or support contacts): WiFi and phone stop for about two minutes; refused while a restart is under way or the router is offline",
    auth: "bearer",
    answer: RouterRestartStarted,
    status: 202,
    errors: [404, 422],
    errorCodes: ["_form.restart_in_progress", "_form.router_offline"],
  }),
];
