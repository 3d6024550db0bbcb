/**
 * Service status: outages and planned maintenance of the network. The public list names areas only
 * (postal code prefixes), never an address, a customer or a service; the signed-in views answer what
 * touches one account's services, or one service. All three are optional for an operator's API: the
 * portal's pages do without them (docs/api.md, "Service status").
 */
import { z } from "zod";
import { IsoDateTime } from "./common.ts";
import { endpoint } from "./endpoint.ts";

/** The kinds of service an incident touches. */
export const INCIDENT_SERVICES = ["internet", "tv", "phone"] as const;
export const IncidentService = z.enum(INCIDENT_SERVICES);
export type IncidentService = z.infer<typeof IncidentService>;

export const IncidentKind = z.enum(["outage", "maintenance"]);
export type IncidentKind = z.infer<typeof IncidentKind>;

/** Resolved incidents stay on the public list this many days. */
export const RECENTLY_RESOLVED_DAYS = 7;

/** A text posted while the incident lasts, in the answer's language. */
export const IncidentUpdate = z.object({ at: IsoDateTime, text: z.string() });
export type IncidentUpdate = z.infer<typeof IncidentUpdate>;

const incidentFields = {
  incident_id: z.number().int(),
  kind: IncidentKind,
  /** What happened or will be done, in the answer's language. */
  summary: z.string(),
  /** When it began, or when the maintenance window opens. */
  starts_at: IsoDateTime,
  /** When service should be back (null: not known yet). */
  expected_end_at: IsoDateTime.nullable(),
  /** Newest first. */
  updates: z.array(IncidentUpdate),
};

/** An incident on the public list. */
export const PublicIncident = z.object({
  ...incidentFields,
  /** current: started and not resolved; upcoming: a maintenance window ahead; resolved: in the last RECENTLY_RESOLVED_DAYS days. */
  state: z.enum(["current", "upcoming", "resolved"]),
  /** The kinds of service it touches. */
  services: z.array(IncidentService).min(1),
  /** The areas it touches: postal code prefixes ("M4M"), sorted. */
  areas: z.array(z.string()).min(1),
  resolution: z.object({ at: IsoDateTime, text: z.string() }).nullable(),
});
export type PublicIncident = z.infer<typeof PublicIncident>;

/** GET /status/incidents */
export const PublicIncidentsAnswer = z.object({
  /** Current ones (latest start first), upcoming ones (soonest first), then resolved ones (latest first). */
  incidents: z.array(PublicIncident),
  /** The moment the list was made. */
  as_of: IsoDateTime,
});
export type PublicIncidentsAnswer = z.infer<typeof PublicIncidentsAnswer>;

/** An open incident that touches an account's services. */
export const AccountIncident = z.object({
  ...incidentFields,
  state: z.enum(["current", "upcoming"]),
  /** The kinds of the account's services it touches. */
  services: z.array(IncidentService).min(1),
  /** area: it touches the area of the service address; service: it names the account's services. */
  touches: z.enum(["area", "service"]),
  /** The account's services it touches. */
  service_ids: z.array(z.number().int()).min(1),
});
export type AccountIncident = z.infer<typeof AccountIncident>;

/** GET /status/{customerId}, GET /status/services/{serviceId} */
export const AccountIncidentsAnswer = z.object({
  /** Current ones, then upcoming ones, each by start. */
  incidents: z.array(AccountIncident),
});
export type AccountIncidentsAnswer = z.infer<typeof AccountIncidentsAnswer>;

const OPTIONAL = "Optional for an operator's API: the portal's pages do without it when it answers 404.";

export const statusEndpoints = [
  endpoint({
    method: "get",
    path: "/status/incidents",
    tag: "status",
    summary: `Current outages, upcoming maintenance and incidents resolved in the last ${RECENTLY_RESOLVED_DAYS} days, by area (postal code prefixes): no address, customer or service. Incidents that name services only are left out. ${OPTIONAL}`,
    auth: "public",
    answer: PublicIncidentsAnswer,
  }),
  endpoint({
    method: "get",
    path: "/status/{customerId}",
    tag: "status",
    summary: `The open incidents (current and upcoming) that touch the account's services: by the area of their service address, or by naming them. ${OPTIONAL}`,
    auth: "bearer",
    answer: AccountIncidentsAnswer,
  }),
  endpoint({
    method: "get",
    path: "/status/services/{serviceId}",
    tag: "status",
    summary: `The open incidents (current and upcoming) that touch one service, through its customer's access. ${OPTIONAL}`,
    auth: "bearer",
    answer: AccountIncidentsAnswer,
  }),
];
