/**
 * Service status (api/service/status.ts): the public list names areas only, never an address, a
 * customer or a service; the per-account and per-service views answer the open incidents touching
 * the account by the postal code prefix of its service address (for the kinds of service the incident
 * names) or by naming its services; resolved incidents leave the public list after a week; the
 * revision moves when an incident is written or starts.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { RevisionAnswer } from "#contract/dashboard";
import { AccountIncidentsAnswer, PublicIncidentsAnswer } from "#contract/status";
import { DEMO_INCIDENTS } from "../../api/db/seed/status.ts";
import { createTestApi, type TestApi } from "./support/api.ts";
import { NOW } from "./support/constants.ts";

let api: TestApi;
let resi: string;
let family: string;
let business: string;

beforeAll(async () => {
  api = await createTestApi();
  [resi, family, business] = await api.signInAll("resi@example.com", "family@example.com", "business@example.com");
});
afterAll(() => api.close());

/** Incidents a test adds (ids from 900), removed after it; the clock put back. */
afterEach(async () => {
  await api.db.query("DELETE FROM incidents WHERE id >= 900");
  await api.db.query("UPDATE incidents SET resolved_at = NULL, resolution_en = NULL, resolution_fr = NULL WHERE id = $1", [
    DEMO_INCIDENTS.outage,
  ]);
  api.clock.now = new Date(NOW);
});

const HOUR = 3_600_000;
const at = (hoursFromNow: number) => new Date(NOW.getTime() + hoursFromNow * HOUR);

async function addIncident(
  id: number,
  options: {
    kind?: "outage" | "maintenance";
    services?: string[];
    areas?: string[];
    serviceIds?: number[];
    starts?: Date;
    ends?: Date | null;
    resolved?: Date | null;
  },
) {
  const resolved = options.resolved ?? null;
  await api.db.query(
    `INSERT INTO incidents (id, kind, services, summary_en, summary_fr, starts_at, expected_end_at, resolved_at, resolution_en, resolution_fr)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      id,
      options.kind ?? "outage",
      options.services ?? ["internet"],
      `Incident ${id}`,
      `Incident ${id} (fr)`,
      options.starts ?? at(-1),
      options.ends ?? null,
      resolved,
      resolved ? "Fixed." : null,
      resolved ? "Réglé." : null,
    ],
  );
  for (const prefix of options.areas ?? []) {
    await api.db.query("INSERT INTO incident_areas (incident_id, postal_prefix) VALUES ($1, $2)", [id, prefix]);
  }
  for (const serviceId of options.serviceIds ?? []) {
    await api.db.query("INSERT INTO incident_services (incident_id, service_id) VALUES ($1, $2)", [id, serviceId]);
  }
}

async function publicList(language = "en") {
  const { status, body } = await api.call("GET", "/status/incidents", { headers: { "Accept-Language": language } });
  expect(status).toBe(200);
  return PublicIncidentsAnswer.parse(body);
}

async function accountList(token: string, path: string, language = "en") {
  const { status, body } = await api.call("GET", path, { token, headers: { "Accept-Language": language } });
  expect(status, JSON.stringify(body)).toBe(200);
  return AccountIncidentsAnswer.parse(body).incidents;
}

describe("GET /status/incidents (public)", () => {
  it("lists the current outage by area, then the incidents resolved this week, without a token", async () => {
    const answer = await publicList();
    expect(answer.as_of).toBe(NOW.toISOString());
    expect(answer.incidents.map((i) => [i.incident_id, i.state, i.areas, i.services])).toEqual([
      [DEMO_INCIDENTS.outage, "current", ["M4L", "M4M"], ["internet"]],
      // Resolved: the latest first.
      [DEMO_INCIDENTS.tvResolved, "resolved", ["M6G"], ["tv"]],
      [DEMO_INCIDENTS.maintenanceResolved, "resolved", ["M5J", "M5V"], ["internet", "phone"]],
    ]);
    const [outage, tv] = answer.incidents;
    expect(outage.summary).toMatch(/^A fibre cable was cut/);
    expect(outage.expected_end_at! > outage.starts_at).toBe(true);
    expect(outage.resolution).toBeNull();
    // Its updates, newest first.
    expect(outage.updates.map((u) => u.text)).toEqual([
      "The crew found the cut cable and is splicing the fibres. Service will come back gradually.",
      "We know about the outage and a repair crew is on its way.",
    ]);
    expect(outage.updates[0].at > outage.updates[1].at).toBe(true);
    expect(tv.resolution).toEqual({ at: expect.any(String), text: "A faulty video server was replaced. All channels are back." });
  });

  it("names no address, customer or service: a maintenance named by its service alone is not listed", async () => {
    const { body } = await api.call("GET", "/status/incidents", { token: resi });
    const text = JSON.stringify(body);
    for (const secret of ["Carlaw", "245", "M4M 2S1", "100101", "200301", "8001", "7001", "Singh", "Harbourfront", "Queens Quay"]) {
      expect(text).not.toContain(secret);
    }
    expect(PublicIncidentsAnswer.parse(body).incidents.map((i) => i.incident_id)).not.toContain(DEMO_INCIDENTS.maintenance);
    // An incident with an area and services shows its area only.
    await addIncident(901, { areas: ["M5E"], serviceIds: [8001] });
    const listed = (await publicList()).incidents.find((i) => i.incident_id === 901)!;
    expect(listed.areas).toEqual(["M5E"]);
    expect(JSON.stringify(listed)).not.toContain("8001");
  });

  it("answers in French", async () => {
    const [outage] = (await publicList("fr")).incidents;
    expect(outage.summary).toMatch(/^Un câble de fibre a été sectionné/);
    expect(outage.updates[1].text).toBe("Nous sommes au courant de la panne et une équipe de réparation est en route.");
  });

  it("lists upcoming maintenance soonest first, after the current incidents", async () => {
    await addIncident(910, { kind: "maintenance", areas: ["M6J"], starts: at(48), ends: at(52) });
    await addIncident(911, { kind: "maintenance", areas: ["M6K"], starts: at(20), ends: at(22) });
    const states = (await publicList()).incidents.map((i) => [i.incident_id, i.state]);
    expect(states.slice(0, 3)).toEqual([
      [DEMO_INCIDENTS.outage, "current"],
      [911, "upcoming"],
      [910, "upcoming"],
    ]);
  });

  it("keeps resolved incidents for seven days, then leaves them out", async () => {
    // The TV outage was resolved at 01:15 UTC the day before the seed day.
    api.clock.now = new Date("2026-11-21T01:00:00Z");
    expect((await publicList()).incidents.map((i) => i.incident_id)).toContain(DEMO_INCIDENTS.tvResolved);
    api.clock.now = new Date("2026-11-21T01:30:00Z");
    const ids = (await publicList()).incidents.map((i) => i.incident_id);
    expect(ids).not.toContain(DEMO_INCIDENTS.tvResolved);
    expect(ids).not.toContain(DEMO_INCIDENTS.maintenanceResolved);
    // The open outage stays until it is resolved.
    expect(ids).toEqual([DEMO_INCIDENTS.outage]);
  });
});

describe("GET /status/{customerId}", () => {
  it("answers the outage in resi@'s area (M4M) for her internet service only", async () => {
    const incidents = await accountList(resi, "/status/100101");
    expect(incidents).toHaveLength(1);
    expect(incidents[0]).toMatchObject({
      incident_id: DEMO_INCIDENTS.outage,
      kind: "outage",
      state: "current",
      services: ["internet"],
      touches: "area",
      service_ids: [7001],
    });
    expect(incidents[0].updates).toHaveLength(2);
    expect((await accountList(resi, "/status/100101", "fr"))[0].summary).toMatch(/^Un câble de fibre/);
  });

  it("answers the maintenance ahead of the business endpoint it names, and nothing for other accounts", async () => {
    const incidents = await accountList(business, "/status/200301");
    expect(incidents).toEqual([
      expect.objectContaining({
        incident_id: DEMO_INCIDENTS.maintenance,
        kind: "maintenance",
        state: "upcoming",
        services: ["internet"],
        touches: "service",
        service_ids: [8001],
      }),
    ]);
    // Kensington Dental (M5T) has none; Leslieville Bakery (M4M 1K1) is in the outage's area: its
    // wavelength and dark fibre are internet-kind services there.
    expect(await accountList(business, "/status/200302")).toEqual([]);
    const bakery = await accountList(business, "/status/200309");
    expect(bakery.map((i) => [i.incident_id, i.touches, i.service_ids])).toEqual([[DEMO_INCIDENTS.outage, "area", [8029, 8030]]]);
  });

  it("matches by the kinds of service the incident names", async () => {
    // TV in M4M: resi's TV; phone in M6G: family's home there has internet and TV only.
    await addIncident(920, { services: ["tv"], areas: ["M4M"] });
    await addIncident(921, { services: ["phone"], areas: ["M6G"] });
    const resiIncidents = await accountList(resi, "/status/100101");
    expect(resiIncidents.map((i) => [i.incident_id, i.services, i.service_ids])).toEqual([
      [DEMO_INCIDENTS.outage, ["internet"], [7001]],
      [920, ["tv"], [7002]],
    ]);
    expect(await accountList(family, "/status/100201")).toEqual([]);
    // Internet and phone in M4J: both of the account's packages there, each service touched.
    await addIncident(922, { services: ["internet", "phone"], areas: ["M4J"] });
    const cottage = await accountList(family, "/status/100203");
    expect(cottage.map((i) => [i.incident_id, i.services, i.service_ids])).toEqual([[922, ["internet", "phone"], [7301, 7302, 7303]]]);
  });

  it("matches a province's letter or two characters of a postal code, by the package's service address", async () => {
    await addIncident(930, { areas: ["M"] });
    await addIncident(931, { areas: ["M4"] });
    await addIncident(932, { areas: ["M5"] });
    const ids = (await accountList(resi, "/status/100101")).map((i) => i.incident_id);
    expect(ids).toContain(930);
    expect(ids).toContain(931);
    expect(ids).not.toContain(932);
  });

  it("leaves out resolved incidents and cancelled packages", async () => {
    await api.db.query("UPDATE incidents SET resolved_at = $2, resolution_en = 'Fixed.', resolution_fr = 'Réglé.' WHERE id = $1", [
      DEMO_INCIDENTS.outage,
      at(-0.5),
    ]);
    expect(await accountList(resi, "/status/100101")).toEqual([]);
    expect((await publicList()).incidents[0]).toMatchObject({ incident_id: DEMO_INCIDENTS.outage, state: "resolved" });

    await addIncident(940, { areas: ["M4M"] });
    await api.db.query("UPDATE packages SET status = 'cancelled' WHERE id = 5001");
    try {
      expect(await accountList(resi, "/status/100101")).toEqual([]);
    } finally {
      await api.db.query("UPDATE packages SET status = 'active' WHERE id = 5001");
    }
  });

  it("refuses another user's account and unknown ids alike (403), and answers 401 without a token", async () => {
    for (const path of ["/status/200301", "/status/999999", "/status/abc"]) {
      const { status, body } = await api.call("GET", path, { token: resi });
      expect(status, path).toBe(403);
      expect(body.success).toBe(false);
      expect(JSON.stringify(body)).not.toContain("Incident");
    }
    expect((await api.call("GET", "/status/100101", { token: business })).status).toBe(403);
    expect((await api.call("GET", "/status/100101")).status).toBe(401);
  });
});

describe("GET /status/services/{serviceId}", () => {
  it("answers the incidents touching one service", async () => {
    expect((await accountList(resi, "/status/services/7001")).map((i) => i.incident_id)).toEqual([DEMO_INCIDENTS.outage]);
    // Her TV is not in the internet outage.
    expect(await accountList(resi, "/status/services/7002")).toEqual([]);
    expect((await accountList(business, "/status/services/8001")).map((i) => [i.incident_id, i.state])).toEqual([
      [DEMO_INCIDENTS.maintenance, "upcoming"],
    ]);
    // 200301's other service (a wavelength at the same address) is not named by the maintenance.
    expect(await accountList(business, "/status/services/8002")).toEqual([]);
  });

  it("refuses another customer's service and unknown ids (403)", async () => {
    expect((await api.call("GET", "/status/services/8001", { token: resi })).status).toBe(403);
    expect((await api.call("GET", "/status/services/7001", { token: business })).status).toBe(403);
    expect((await api.call("GET", "/status/services/99999999", { token: resi })).status).toBe(403);
    expect((await api.call("GET", "/status/services/7001")).status).toBe(401);
  });

  it("turns a maintenance window from upcoming to current when it opens", async () => {
    api.clock.now = new Date(Date.parse((await accountList(business, "/status/services/8001"))[0].starts_at) + 60_000);
    const token = await api.signIn("business@example.com");
    expect((await accountList(token, "/status/services/8001"))[0].state).toBe("current");
  });
});

describe("the revision of signed-in pages", () => {
  async function revision(token: string, customerId: number) {
    const { body } = await api.call("GET", "/revision", { token, query: { customer_id: customerId } });
    return RevisionAnswer.parse(body).revision;
  }

  it("changes for everyone when an incident is written, and when one starts", async () => {
    const before = [await revision(resi, 100101), await revision(business, 200301)];
    await addIncident(950, { kind: "maintenance", areas: ["M4M"], starts: at(2), ends: at(4) });
    const written = [await revision(resi, 100101), await revision(business, 200301)];
    expect(written[0]).not.toBe(before[0]);
    expect(written[1]).not.toBe(before[1]);

    // An hour on (the day the same, nothing written): the same revision; once the window opens, another.
    api.clock.now = at(1);
    let token = await api.signIn("resi@example.com");
    const waiting = await revision(token, 100101);
    api.clock.now = at(1.5);
    token = await api.signIn("resi@example.com");
    expect(await revision(token, 100101)).toBe(waiting);
    api.clock.now = at(2.5);
    token = await api.signIn("resi@example.com");
    expect(await revision(token, 100101)).not.toBe(waiting);
  });
});
