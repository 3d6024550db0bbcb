/**
 * msw: the service status. By default no incident touches an account or a service (pages show no
 * notice); the public list has an internet outage in M4M and M4L and a TV outage resolved the day
 * before. Tests answer `outage` or `maintenance` where they need a notice.
 */
import type { AccountIncident, PublicIncidentsAnswer } from "#contract/status";
import { on, reply } from "./contract.ts";

/** An internet outage in the account's area since 2:10 p.m. (Toronto) on 2026-11-15, back by 6 p.m. */
export const outage: AccountIncident = {
  incident_id: 1,
  kind: "outage",
  summary: "A fibre cable was cut during construction work in Leslieville.",
  starts_at: "2026-11-15T19:10:00.000Z",
  expected_end_at: "2026-11-15T23:00:00.000Z",
  updates: [
    { at: "2026-11-15T20:05:00.000Z", text: "The crew found the cut cable and is splicing the fibres." },
    { at: "2026-11-15T19:30:00.000Z", text: "A repair crew is on its way." },
  ],
  state: "current",
  services: ["internet"],
  touches: "area",
  service_ids: [7001],
};

/** A maintenance window of endpoint 8001, Wednesday 2026-11-18 from 1 a.m. to 5 a.m. (Toronto). */
export const maintenance: AccountIncident = {
  incident_id: 2,
  kind: "maintenance",
  summary: "Planned upgrade of the equipment serving your dedicated internet circuit.",
  starts_at: "2026-11-18T06:00:00.000Z",
  expected_end_at: "2026-11-18T10:00:00.000Z",
  updates: [],
  state: "upcoming",
  services: ["internet"],
  touches: "service",
  service_ids: [8001],
};

export const publicIncidents: PublicIncidentsAnswer = {
  incidents: [
    {
      incident_id: 1,
      kind: "outage",
      state: "current",
      summary: outage.summary,
      starts_at: outage.starts_at,
      expected_end_at: outage.expected_end_at,
      updates: outage.updates,
      services: ["internet"],
      areas: ["M4L", "M4M"],
      resolution: null,
    },
    {
      incident_id: 3,
      kind: "outage",
      state: "resolved",
      summary: "Some TV channels froze or went dark.",
      starts_at: "2026-11-13T23:40:00.000Z",
      expected_end_at: null,
      updates: [],
      services: ["tv"],
      areas: ["M6G"],
      resolution: { at: "2026-11-14T01:15:00.000Z", text: "A faulty video server was replaced." },
    },
  ],
  as_of: "2026-11-15T20:30:00.000Z",
};

export const statusHandlers = [
  // Before /status/{customerId}: msw answers with the first handler that matches.
  on("GET /status/incidents", () => reply("GET /status/incidents", publicIncidents)),
  on("GET /status/services/{serviceId}", () => reply("GET /status/services/{serviceId}", { incidents: [] })),
  on("GET /status/{customerId}", () => reply("GET /status/{customerId}", { incidents: [] })),
];
