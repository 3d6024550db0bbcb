/**
 * UPnP of the router of a residential internet service (`/router/{serviceId}/upnp`): whether devices of
 * the home may open ports on the router by themselves. Any contact reads it; authoritative and support
 * contacts turn it on or off, which the router must take at once: refused while it is offline or restarting.
 */
import { z } from "zod";
import { IsoDateTime } from "./common.ts";
import { endpoint } from "./endpoint.ts";
import { FormBoolean } from "./home-network.ts";

export const RouterUpnp = z.object({
  enabled: z.boolean(),
  /** When a contact last turned it on or off (null: as the router shipped). */
  updated_at: IsoDateTime.nullable(),
});
export type RouterUpnp = z.infer<typeof RouterUpnp>;

/** GET /router/{serviceId}/upnp */
export const RouterUpnpAnswer = z.object({ upnp: RouterUpnp });
export type RouterUpnpAnswer = z.infer<typeof RouterUpnpAnswer>;

/** PUT /router/{serviceId}/upnp: JSON or form ("true"/"false"). */
export const RouterUpnpRequest = z.object({ enabled: FormBoolean });
export type RouterUpnpRequest = z.input<typeof RouterUpnpRequest>;

export const RouterUpnpSaved = z.object({ success: z.literal(true), upnp: RouterUpnp });
export type RouterUpnpSaved = z.infer<typeof RouterUpnpSaved>;

/** The refusals of a change the router must take at once (UPnP; not kept for later as LAN settings are). */
export const ROUTER_UNREACHABLE_CODES = ["_form.router_unreachable"];

export const routerUpnpEndpoints = [
  endpoint({
    method: "get",
    path: "/router/{serviceId}/upnp",
    tag: "router",
    summary: "Whether UPnP is on: devices may open ports on the router by themselves (their mappings: upnp-port-forwarding-rules)",
    auth: "bearer",
    answer: RouterUpnpAnswer,
    errors: [404],
  }),
  endpoint({
    method: "put",
    path: "/router/{serviceId}/upnp",
    tag: "router",
    summary:
      "Turn UPnP on or off (authoritative or support contacts); while off the router keeps no UPnP mapping. Refused while the router is offline or restarting",
    auth: "bearer",
    body: RouterUpnpRequest,
    answer: RouterUpnpSaved,
    errors: [404, 422],
    errorCodes: ["enabled.invalid", ...ROUTER_UNREACHABLE_CODES],
  }),
];
