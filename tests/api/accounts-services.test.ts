import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AccountDetailsAnswer,
  CreatePauseAnswer,
  RequestCreatedAnswer,
  ScheduledPauseDetailAnswer,
  ServicesAnswer,
  type Bundle,
} from "#contract/accounts";
import { ErrorAnswer, SuccessAnswer } from "#contract/common";
import { ResidentialDashboardAnswer } from "#contract/dashboard";
import { createTestApi, type TestApi } from "./support/api.ts";
import { NOW } from "./support/constants.ts";

// Demo accounts (api/db/seed/core.ts, accounts.ts), seed day 2026-11-15:
//  - 100101 (resi@example.com): package 5001, a balance owing, an ended pause last year;
//  - 100201 (family; sam.gagnon@example.com is billing+support only): 5101 suspended for non-payment;
//  - 100202 (family): 5201 with a pause scheduled 2026-12-01 to 2027-03-01 and an ended one;
//  - 100203 (family): 5301 with a pending move, 5302 with a pending cancellation;
//  - 200301 (business@example.com): commercial.
const RESI = 100101;
const HOME = 100201;
const CONDO = 100202;
const PARENTS = 100203;
const COMMERCIAL = 200301;

let api: TestApi;
let resi: string;
let family: string;
let sam: string;
let business: string;

beforeAll(async () => {
  api = await createTestApi();
  [resi, family, sam, business] = await api.signInAll(
    "resi@example.com",
    "family@example.com",
    "sam.gagnon@example.com",
    "business@example.com",
  );
});
afterAll(() => api.close());

async function services(token: string, customerId: number, lang?: string) {
  const { status, body } = await api.call("GET", `/services/${customerId}`, {
    token,
    headers: lang ? { "Accept-Language": lang } : undefined,
  });
  expect(status).toBe(200);
  return ServicesAnswer.parse(body);
}

async function bundle(token: string, customerId: number, packageId: number): Promise<Bundle> {
  const found = (await services(token, customerId)).bundles.find((b) => b.package_id === packageId);
  if (!found) throw new Error(`No package ${packageId} on ${customerId}`);
  return found;
}

/** Expects a 422 whose errors name exactly these codes for the field. */
function expectRefused(response: { status: number; body: unknown }, field: string, codes: string[]) {
  expect(response.status).toBe(422);
  expect(ErrorAnswer.parse(response.body).errors?.[field]).toEqual(codes);
}

describe("GET /services/{customerId}", () => {
  it("lists the packages with their services, the scheduled pause and what the user may do", async () => {
    const answer = await services(family, CONDO);
    expect(answer.balance_owing).toBe(0);
    expect(answer.can_manage).toBe(true);
    expect(answer.bundles).toHaveLength(1);
    const condo = answer.bundles[0];
    expect(condo).toMatchObject({
      package_id: 5201,
      name: "Internet Only",
      status: "active",
      monthly_price: 75,
      service_address: { line1: "55 Bremner Boulevard", line2: "Suite 2304", postal_code: "M5J 0A6" },
      suspension: null,
      pending_requests: [],
    });
    expect(condo.services).toEqual([{ service_id: 7201, category: "internet", name: "Fibre 300 Mbps", status: "connected" }]);
    expect(condo.scheduled_pauses).toEqual([
      expect.objectContaining({
        from_date: "2026-12-01",
        until_date: "2027-03-01",
        months: 3,
        status: "scheduled",
        can_edit: true,
        can_remove: true,
      }),
    ]);
    expect(condo.actions).toEqual({
      can_suspend: true,
      can_reinstate: false,
      can_pause: true,
      can_move: true,
      can_cancel: true,
      can_reactivate: false,
    });
  });

  it("shows pending move and cancel requests, and that a pending cancellation can be undone", async () => {
    const answer = await services(family, PARENTS);
    const [home, basement] = answer.bundles;
    expect(home.pending_requests).toEqual([
      expect.objectContaining({
        kind: "move",
        status: "pending",
        effective_date: "2027-01-01",
        new_address: { line1: "88 Glebeholme Boulevard", line2: null, city: "Toronto", province: "ON", postal_code: "M4J 1S5" },
        reason: null,
      }),
    ]);
    expect(home.actions.can_move).toBe(false);
    expect(basement.pending_requests).toEqual([
      expect.objectContaining({ kind: "cancel", reason: "moving", effective_date: "2026-12-31", new_address: null }),
    ]);
    expect(basement.actions).toMatchObject({ can_cancel: false, can_move: false, can_pause: false, can_reactivate: true });
  });

  it("says why a package is suspended: non-payment cannot be reinstated by the customer", async () => {
    const answer = await services(family, HOME);
    expect(answer.suspended_for_nonpayment).toBe(true);
    expect(answer.balance_owing).toBeGreaterThan(0);
    const [pkg] = answer.bundles;
    expect(pkg.status).toBe("suspended");
    expect(pkg.suspension).toEqual({ reason: "non_payment", since: expect.any(String) });
    expect(pkg.actions.can_reinstate).toBe(false);
    expect(pkg.actions.can_pause).toBe(false);
  });

  it("lets a contact without the authoritative role read, with every action off", async () => {
    const answer = await services(sam, HOME);
    expect(answer.can_manage).toBe(false);
    expect(Object.values(answer.bundles[0].actions).every((allowed) => allowed === false)).toBe(true);
  });

  it("does not offer a pause while a balance is owing", async () => {
    const answer = await services(resi, RESI);
    expect(answer.balance_owing).toBeGreaterThan(0);
    expect(answer.bundles[0].actions.can_pause).toBe(false);
    expect(answer.bundles[0].actions.can_suspend).toBe(true);
  });

  it("names packages and services in French for Accept-Language fr", async () => {
    const answer = await services(family, PARENTS, "fr-CA,fr;q=0.9");
    expect(answer.bundles.map((b) => b.name)).toEqual(["Internet + Téléphone", "Internet de base"]);
    expect(answer.bundles[0].services.map((s) => s.name)).toContain("Téléphone résidentiel local");
  });

  it("answers 401 without a token, 403 for another user's account, 404 for a commercial account", async () => {
    expect((await api.call("GET", `/services/${CONDO}`)).status).toBe(401);
    expect((await api.call("GET", `/services/${CONDO}`, { token: resi })).status).toBe(403);
    expect((await api.call("GET", `/services/999999`, { token: resi })).status).toBe(403);
    expect((await api.call("GET", `/services/${COMMERCIAL}`, { token: business })).status).toBe(404);
  });
});

describe("GET /services/{customerId}/scheduled-pause-detail", () => {
  it("answers the scheduled and past pauses of the packages asked for, and the pause options", async () => {
    const { status, body } = await api.call("GET", `/services/${CONDO}/scheduled-pause-detail`, {
      token: family,
      query: { package_ids: "5201" },
    });
    expect(status).toBe(200);
    const detail = ScheduledPauseDetailAnswer.parse(body);
    expect(detail.packages).toHaveLength(1);
    expect(detail.packages[0].scheduled_pauses.map((p) => [p.from_date, p.until_date])).toEqual([["2026-12-01", "2027-03-01"]]);
    expect(detail.packages[0].past_pauses).toEqual([
      expect.objectContaining({
        from_date: "2025-12-15",
        until_date: "2026-02-15",
        months: 2,
        status: "ended",
        can_edit: false,
        can_remove: false,
      }),
    ]);
    expect(detail.packages[0].can_pause).toBe(true);
    expect(detail.pause_options).toEqual({
      months: [1, 2, 3, 4, 5, 6],
      min_months: 1,
      max_months: 6,
      earliest_start_date: "2026-11-16",
      latest_start_date: "2027-11-15",
    });
    expect(detail.balance_owing).toBe(0);
  });

  it("answers every package of the account without package_ids, and the balance that blocks a pause", async () => {
    const parents = ScheduledPauseDetailAnswer.parse(
      (await api.call("GET", `/services/${PARENTS}/scheduled-pause-detail`, { token: family })).body,
    );
    expect(parents.packages.map((p) => p.package_id)).toEqual([5301, 5302]);
    const own = ScheduledPauseDetailAnswer.parse(
      (await api.call("GET", `/services/${RESI}/scheduled-pause-detail`, { token: resi, query: { package_ids: "5001" } })).body,
    );
    expect(own.balance_owing).toBeGreaterThan(0);
    expect(own.packages[0].can_pause).toBe(false);
    expect(own.packages[0].past_pauses).toHaveLength(1);
  });

  it("refuses package ids of another account (403) and ids that are not numbers (422)", async () => {
    const other = await api.call("GET", `/services/${CONDO}/scheduled-pause-detail`, {
      token: family,
      query: { package_ids: "5201,5001" },
    });
    expect(other.status).toBe(403);
    const bad = await api.call("GET", `/services/${CONDO}/scheduled-pause-detail`, { token: family, query: { package_ids: "5201,abc" } });
    expectRefused(bad, "package_ids", ["package_ids.invalid"]);
  });

  /** Two users' accounts, in English and French. */
  const threeAccounts = () =>
    [
      [family, CONDO, "en"],
      [resi, RESI, "fr-CA"],
      [family, PARENTS, "en"],
    ] as const;

  it("comes with the account's details when asked (?include=account_details), as their own call answers them", async () => {
    for (const [token, id, lang] of threeAccounts()) {
      const headers = { "Accept-Language": lang };
      const own = AccountDetailsAnswer.parse((await api.call("GET", `/account-details/${id}`, { token, headers })).body);
      const response = await api.call("GET", `/services/${id}`, { token, headers, query: { include: "account_details,past_pauses" } });
      expect(response.status).toBe(200);
      const { account_details, ...rest } = ServicesAnswer.parse(response.body);
      expect(account_details).toEqual(own.account_details);
      expect(rest.bundles.every((b) => b.past_pauses)).toBe(true);
      // Without it, none: the plain call's answer.
      expect(await services(token, id, lang)).not.toHaveProperty("account_details");
    }
    // Whoever asks, the account's rules hold: a commercial account has no residential services (404),
    // another user's account is refused (403).
    expect((await api.call("GET", `/services/${RESI}`, { token: family, query: { include: "account_details" } })).status).toBe(403);
    expect((await api.call("GET", "/services/200301", { token: business, query: { include: "account_details" } })).status).toBe(404);
  });

  it("comes with the packages when asked (?include=past_pauses,pause_options), in English and French", async () => {
    for (const [token, id, lang] of threeAccounts()) {
      const headers = { "Accept-Language": lang };
      const detail = ScheduledPauseDetailAnswer.parse(
        (await api.call("GET", `/services/${id}/scheduled-pause-detail`, { token, headers })).body,
      );
      const response = await api.call("GET", `/services/${id}`, { token, headers, query: { include: "past_pauses,pause_options" } });
      expect(response.status).toBe(200);
      const answer = ServicesAnswer.parse(response.body);
      expect(answer.pause_options).toEqual(detail.pause_options);
      expect(answer.balance_owing).toBe(detail.balance_owing);
      expect(answer.bundles.map((b) => [b.package_id, b.scheduled_pauses, b.past_pauses, b.actions.can_pause])).toEqual(
        detail.packages.map((p) => [p.package_id, p.scheduled_pauses, p.past_pauses, p.can_pause]),
      );
      // The rest of the answer is the plain call's.
      const { pause_options, ...rest } = answer;
      expect(pause_options).toBeDefined();
      expect({ ...rest, bundles: rest.bundles.map(({ past_pauses, ...b }) => (expect(past_pauses).toBeDefined(), b)) }).toEqual(
        await services(token, id, lang),
      );
    }
    const one = ServicesAnswer.parse(
      (await api.call("GET", `/services/${CONDO}`, { token: family, query: { include: "past_pauses" } })).body,
    );
    expect(one.pause_options).toBeUndefined();
    expect(one.bundles[0].past_pauses).toEqual([expect.objectContaining({ from_date: "2025-12-15", status: "ended" })]);
    const plain = await services(family, CONDO);
    expect(plain.pause_options).toBeUndefined();
    expect(plain.bundles[0].past_pauses).toBeUndefined();
  });

  it("refuses an include it does not know (422), and still answers 401 and 403 with one", async () => {
    for (const include of ["past_pauses,everything", "", "past_pauses,", "PAST_PAUSES"]) {
      expectRefused(await api.call("GET", `/services/${CONDO}`, { token: family, query: { include } }), "include", ["include.invalid"]);
    }
    const query = { include: "past_pauses" };
    expect((await api.call("GET", `/services/${CONDO}`, { query })).status).toBe(401);
    expect((await api.call("GET", `/services/${CONDO}`, { token: resi, query })).status).toBe(403);
  });

  it("answers 401 and 403", async () => {
    expect((await api.call("GET", `/services/${CONDO}/scheduled-pause-detail`)).status).toBe(401);
    expect((await api.call("GET", `/services/${CONDO}/scheduled-pause-detail`, { token: resi })).status).toBe(403);
  });
});

describe("PUT /services/{customerId}/suspend and /reinstate", () => {
  it("suspends at the customer's request, interrupts the services, then reinstates", async () => {
    const suspended = await api.call("PUT", `/services/${RESI}/suspend`, { token: resi, json: { package_ids: [5001] } });
    expect(suspended.status).toBe(200);
    SuccessAnswer.parse(suspended.body);

    const during = await bundle(resi, RESI, 5001);
    expect(during.status).toBe("suspended");
    expect(during.suspension).toEqual({ reason: "customer_request", since: "2026-11-15" });
    expect(during.services.every((s) => s.status === "interrupted")).toBe(true);
    expect(during.actions).toMatchObject({ can_reinstate: true, can_suspend: false });
    const dashboard = ResidentialDashboardAnswer.parse((await api.call("GET", `/residential-dashboard/${RESI}`, { token: resi })).body);
    expect(dashboard.bundled_services[0].status).toBe("suspended");

    expectRefused(await api.call("PUT", `/services/${RESI}/suspend`, { token: resi, json: { package_ids: [5001] } }), "package_ids", [
      "package_ids.not_active",
    ]);

    const reinstated = await api.call("PUT", `/services/${RESI}/reinstate`, { token: resi, form: { package_ids: "5001" } });
    expect(reinstated.status).toBe(200);
    SuccessAnswer.parse(reinstated.body);
    const after = await bundle(resi, RESI, 5001);
    expect(after.status).toBe("active");
    expect(after.suspension).toBeNull();
    expect(after.services.every((s) => s.status === "connected")).toBe(true);

    expectRefused(await api.call("PUT", `/services/${RESI}/reinstate`, { token: resi, json: { package_ids: [5001] } }), "package_ids", [
      "package_ids.not_suspended",
    ]);
  });

  it("refuses to reinstate a package suspended for non-payment", async () => {
    const response = await api.call("PUT", `/services/${HOME}/reinstate`, { token: family, json: { package_ids: [5101] } });
    expectRefused(response, "package_ids", ["package_ids.suspended_for_nonpayment"]);
    expect((await bundle(family, HOME, 5101)).status).toBe("suspended");
  });

  it("needs package ids, of this account", async () => {
    expectRefused(await api.call("PUT", `/services/${CONDO}/suspend`, { token: family, json: {} }), "package_ids", [
      "package_ids.required",
    ]);
    expectRefused(await api.call("PUT", `/services/${CONDO}/suspend`, { token: family, json: { package_ids: ["x"] } }), "package_ids", [
      "package_ids.invalid",
    ]);
    expect((await api.call("PUT", `/services/${CONDO}/suspend`, { token: family, json: { package_ids: [5001] } })).status).toBe(403);
    expect((await bundle(resi, RESI, 5001)).status).toBe("active");
  });

  it("answers 401, 403 for another user's account and for a contact without the authoritative role, 404 for a commercial one", async () => {
    expect((await api.call("PUT", `/services/${CONDO}/suspend`, { json: { package_ids: [5201] } })).status).toBe(401);
    expect((await api.call("PUT", `/services/${CONDO}/suspend`, { token: resi, json: { package_ids: [5201] } })).status).toBe(403);
    expect((await api.call("PUT", `/services/${HOME}/reinstate`, { token: sam, json: { package_ids: [5101] } })).status).toBe(403);
    expect((await api.call("PUT", `/services/${HOME}/suspend`, { token: sam, json: { package_ids: [5101] } })).status).toBe(403);
    expect((await api.call("PUT", `/services/${COMMERCIAL}/suspend`, { token: business, json: { package_ids: [5201] } })).status).toBe(404);
  });
});

describe("scheduled pauses", () => {
  const pause = (token: string, customerId: number, body: Record<string, unknown>) =>
    api.call("POST", `/services/${customerId}/scheduled-pause`, { token, json: body });

  it("refuses 0 and 7 months", async () => {
    expectRefused(await pause(family, CONDO, { package_ids: [5201], start_date: "2027-05-01", months: 0 }), "months", [
      "months.below_minimum",
    ]);
    expectRefused(await pause(family, CONDO, { package_ids: [5201], start_date: "2027-05-01", months: 7 }), "months", [
      "months.above_maximum",
    ]);
    expectRefused(await pause(family, CONDO, { package_ids: [5201], start_date: "2027-05-01", months: "two" }), "months", [
      "months.invalid",
    ]);
  });

  it("refuses a pause while the account owes money", async () => {
    expectRefused(await pause(resi, RESI, { package_ids: [5001], start_date: "2027-01-10", months: 2 }), "_form", ["_form.balance_owing"]);
  });

  it("refuses a pause that overlaps another pause of the package", async () => {
    expectRefused(await pause(family, CONDO, { package_ids: [5201], start_date: "2027-02-01", months: 2 }), "start_date", [
      "start_date.overlapping_pause",
    ]);
    expectRefused(await pause(family, CONDO, { package_ids: [5201], start_date: "2026-11-20", months: 1 }), "start_date", [
      "start_date.overlapping_pause",
    ]);
  });

  it("names a past start date and too many months in one answer", async () => {
    const { status, body } = await pause(family, PARENTS, { package_ids: [5301], start_date: "2026-10-01", months: 9 });
    expect(status).toBe(422);
    expect(ErrorAnswer.parse(body).errors).toEqual({ start_date: ["start_date.not_in_future"], months: ["months.above_maximum"] });
  });

  it("refuses a start today or in the past, or more than a year ahead, and a missing date", async () => {
    const body = { package_ids: [5301], months: 1 };
    expectRefused(await pause(family, PARENTS, { ...body, start_date: "2026-11-15" }), "start_date", ["start_date.not_in_future"]);
    expectRefused(await pause(family, PARENTS, { ...body, start_date: "2026-10-01" }), "start_date", ["start_date.not_in_future"]);
    expectRefused(await pause(family, PARENTS, { ...body, start_date: "2027-11-16" }), "start_date", ["start_date.too_far"]);
    expectRefused(await pause(family, PARENTS, body), "start_date", ["start_date.required"]);
    expectRefused(await pause(family, PARENTS, { ...body, start_date: "2027-02-30" }), "start_date", ["start_date.invalid"]);
    expect((await bundle(family, PARENTS, 5301)).scheduled_pauses).toEqual([]);
  });

  it("refuses packages that are not active, and packages whose cancellation is pending", async () => {
    const suspended = await pause(family, HOME, { package_ids: [5101], start_date: "2027-01-10", months: 1 });
    expect(suspended.status).toBe(422);
    expect(ErrorAnswer.parse(suspended.body).errors?.package_ids).toEqual(["package_ids.not_active"]);
    expectRefused(await pause(family, PARENTS, { package_ids: [5302], start_date: "2027-01-10", months: 1 }), "package_ids", [
      "package_ids.cancel_pending",
    ]);
  });

  it("answers 401, 403 for another user's account and for a contact without the authoritative role", async () => {
    const body = { package_ids: [5201], start_date: "2027-05-01", months: 1 };
    expect((await api.call("POST", `/services/${CONDO}/scheduled-pause`, { json: body })).status).toBe(401);
    expect((await pause(resi, CONDO, body)).status).toBe(403);
    expect((await pause(sam, HOME, { ...body, package_ids: [5101] })).status).toBe(403);
    expect((await pause(family, CONDO, { ...body, package_ids: [5001] })).status).toBe(403);
  });

  let addedPauseId = 0;

  it("schedules a pause from a future date for whole months, right after another one (form data accepted)", async () => {
    const response = await api.call("POST", `/services/${CONDO}/scheduled-pause`, {
      token: family,
      form: { package_ids: "5201", start_date: "2027-03-01", months: "2" },
    });
    expect(response.status).toBe(201);
    const created = CreatePauseAnswer.parse(response.body);
    expect(created.pause_ids).toHaveLength(1);
    addedPauseId = created.pause_ids[0];
    const condo = await bundle(family, CONDO, 5201);
    expect(condo.scheduled_pauses.map((p) => [p.pause_id, p.from_date, p.until_date, p.months])).toEqual([
      [expect.any(Number), "2026-12-01", "2027-03-01", 3],
      [addedPauseId, "2027-03-01", "2027-05-01", 2],
    ]);
  });

  it("accepts package ids as a comma-separated string", async () => {
    const response = await pause(family, PARENTS, { package_ids: "5301", start_date: "2027-06-01", months: 6 });
    expect(response.status).toBe(201);
    expect(CreatePauseAnswer.parse(response.body).pause_ids).toHaveLength(1);
    const detail = ScheduledPauseDetailAnswer.parse(
      (await api.call("GET", `/services/${PARENTS}/scheduled-pause-detail`, { token: family, query: { package_ids: "5301" } })).body,
    );
    expect(detail.packages[0].scheduled_pauses[0]).toMatchObject({ from_date: "2027-06-01", until_date: "2027-12-01", months: 6 });
  });

  it("edits a scheduled pause", async () => {
    const [seeded] = (await bundle(family, CONDO, 5201)).scheduled_pauses;
    const response = await api.call("PUT", `/services/${CONDO}/scheduled-pause/${seeded.pause_id}`, {
      token: family,
      json: { start_date: "2026-12-15", months: 2 },
    });
    expect(response.status).toBe(200);
    SuccessAnswer.parse(response.body);
    const [edited] = (await bundle(family, CONDO, 5201)).scheduled_pauses;
    expect(edited).toMatchObject({ pause_id: seeded.pause_id, from_date: "2026-12-15", until_date: "2027-02-15", months: 2 });
  });

  it("refuses an edit that would overlap another pause, or with months out of range", async () => {
    const [seeded] = (await bundle(family, CONDO, 5201)).scheduled_pauses;
    const path = `/services/${CONDO}/scheduled-pause/${seeded.pause_id}`;
    expectRefused(await api.call("PUT", path, { token: family, json: { start_date: "2027-04-15", months: 1 } }), "start_date", [
      "start_date.overlapping_pause",
    ]);
    expectRefused(await api.call("PUT", path, { token: family, json: { start_date: "2027-01-01", months: 7 } }), "months", [
      "months.above_maximum",
    ]);
    expectRefused(await api.call("PUT", path, { token: family, json: { start_date: "2027-01-01", months: 0 } }), "months", [
      "months.below_minimum",
    ]);
  });

  it("refuses to edit or remove a pause that is not scheduled, and answers 404 for another account's pause", async () => {
    const detail = ScheduledPauseDetailAnswer.parse(
      (await api.call("GET", `/services/${CONDO}/scheduled-pause-detail`, { token: family })).body,
    );
    const ended = detail.packages[0].past_pauses[0];
    const path = `/services/${CONDO}/scheduled-pause/${ended.pause_id}`;
    expectRefused(await api.call("PUT", path, { token: family, json: { start_date: "2027-08-01", months: 1 } }), "pause_id", [
      "pause_id.not_scheduled",
    ]);
    expectRefused(await api.call("DELETE", path, { token: family }), "pause_id", ["pause_id.not_scheduled"]);

    const resiDetail = ScheduledPauseDetailAnswer.parse(
      (await api.call("GET", `/services/${RESI}/scheduled-pause-detail`, { token: resi })).body,
    );
    const othersPause = resiDetail.packages[0].past_pauses[0].pause_id;
    expect((await api.call("DELETE", `/services/${CONDO}/scheduled-pause/${othersPause}`, { token: family })).status).toBe(404);
    expect((await api.call("DELETE", `/services/${RESI}/scheduled-pause/${othersPause}`, { token: family })).status).toBe(403);
  });

  it("removes a scheduled pause, once", async () => {
    const path = `/services/${CONDO}/scheduled-pause/${addedPauseId}`;
    expect((await api.call("DELETE", path, { token: family })).status).toBe(200);
    expect((await bundle(family, CONDO, 5201)).scheduled_pauses.map((p) => p.pause_id)).not.toContain(addedPauseId);
    expectRefused(await api.call("DELETE", path, { token: family }), "pause_id", ["pause_id.not_scheduled"]);
  });

  it("answers 403 to edits by a contact without the authoritative role", async () => {
    const [seeded] = (await bundle(family, CONDO, 5201)).scheduled_pauses;
    expect(
      (
        await api.call("PUT", `/services/${CONDO}/scheduled-pause/${seeded.pause_id}`, {
          token: resi,
          json: { start_date: "2027-01-01", months: 1 },
        })
      ).status,
    ).toBe(403);
    expect((await api.call("DELETE", `/services/${CONDO}/scheduled-pause/${seeded.pause_id}`)).status).toBe(401);
  });
});

describe("move, cancel and reactivate requests", () => {
  const move = (token: string, customerId: number, body: Record<string, unknown>) =>
    api.call("POST", `/services/${customerId}/move-requests`, { token, json: body });
  const newAddress = {
    address_line1: "12 Fort York Boulevard",
    address_line2: "Unit 905",
    city: "Toronto",
    province: "ON",
    postal_code: "m5v 3z3",
  };

  it("records a move request, then refuses a second one while it is pending", async () => {
    // After the condo's pauses: a move may not fall in one (tests/api/conflicts.test.ts).
    const response = await move(family, CONDO, { package_id: 5201, move_date: "2027-08-20", ...newAddress });
    expect(response.status).toBe(201);
    const created = RequestCreatedAnswer.parse(response.body);
    expect(created.status).toBe("pending");
    const condo = await bundle(family, CONDO, 5201);
    expect(condo.pending_requests).toEqual([
      expect.objectContaining({
        request_id: created.request_id,
        kind: "move",
        requested_at: NOW.toISOString(),
        effective_date: "2027-08-20",
        new_address: { line1: "12 Fort York Boulevard", line2: "Unit 905", city: "Toronto", province: "ON", postal_code: "M5V 3Z3" },
      }),
    ]);
    expect(condo.actions.can_move).toBe(false);
    expectRefused(await move(family, CONDO, { package_id: 5201, move_date: "2027-09-20", ...newAddress }), "package_id", [
      "package_id.request_pending",
    ]);
    expectRefused(await move(family, PARENTS, { package_id: 5301, move_date: "2027-02-20", ...newAddress }), "package_id", [
      "package_id.request_pending",
    ]);
  });

  it("refuses a move on a date not in the future, to a malformed or mismatched postal code, or to the same address", async () => {
    expectRefused(await move(family, PARENTS, { package_id: 5302, move_date: "2027-01-05", ...newAddress }), "package_id", [
      "package_id.cancel_pending",
    ]);
    expectRefused(await move(resi, RESI, { package_id: 5001, move_date: "2026-11-15", ...newAddress }), "move_date", [
      "move_date.not_in_future",
    ]);
    expectRefused(
      await move(resi, RESI, { package_id: 5001, move_date: "2027-01-05", ...newAddress, postal_code: "M5V 3Z" }),
      "postal_code",
      ["postal_code.invalid_format"],
    );
    expectRefused(
      await move(resi, RESI, { package_id: 5001, move_date: "2027-01-05", ...newAddress, postal_code: "D5V 3Z3" }),
      "postal_code",
      ["postal_code.invalid_format"],
    );
    expectRefused(await move(resi, RESI, { package_id: 5001, move_date: "2027-01-05", ...newAddress, province: "QC" }), "postal_code", [
      "postal_code.province_mismatch",
    ]);
    expectRefused(await move(resi, RESI, { package_id: 5001, move_date: "2027-01-05", ...newAddress, province: "XX" }), "province", [
      "province.invalid",
    ]);
    const same = await move(resi, RESI, {
      package_id: 5001,
      move_date: "2027-01-05",
      address_line1: "245 Carlaw Avenue",
      address_line2: "unit 4",
      city: "Toronto",
      province: "ON",
      postal_code: "M4M2S1",
    });
    expectRefused(same, "address_line1", ["address_line1.same_as_current"]);
    expect((await bundle(resi, RESI, 5001)).pending_requests).toEqual([]);
  });

  it("records a cancellation for a reason, refuses a duplicate, and lets it be withdrawn once", async () => {
    const cancel = (body: Record<string, unknown>) => api.call("POST", `/services/${RESI}/cancel-requests`, { token: resi, json: body });
    expectRefused(await cancel({ package_id: 5001, cancel_date: "2026-12-31", reason: "bored" }), "reason", ["reason.invalid"]);
    expectRefused(await cancel({ package_id: 5001, cancel_date: "2026-12-31", reason: "other" }), "comment", ["comment.required"]);
    expectRefused(await cancel({ package_id: 5001, cancel_date: "2026-11-14", reason: "price" }), "cancel_date", ["cancel_date.in_past"]);
    expectRefused(await cancel({ package_id: 5001, cancel_date: "2026-12-31" }), "reason", ["reason.required"]);

    const response = await cancel({ package_id: 5001, cancel_date: "2026-12-31", reason: "other", comment: "Moving abroad" });
    expect(response.status).toBe(201);
    const { request_id } = RequestCreatedAnswer.parse(response.body);
    const pending = await bundle(resi, RESI, 5001);
    expect(pending.pending_requests).toEqual([expect.objectContaining({ kind: "cancel", reason: "other", comment: "Moving abroad" })]);
    expect(pending.actions).toMatchObject({ can_cancel: false, can_reactivate: true });
    expectRefused(await cancel({ package_id: 5001, cancel_date: "2027-01-31", reason: "price" }), "package_id", [
      "package_id.request_pending",
    ]);

    const withdrawn = await api.call("DELETE", `/services/${RESI}/requests/${request_id}`, { token: resi });
    expect(withdrawn.status).toBe(200);
    SuccessAnswer.parse(withdrawn.body);
    expect((await bundle(resi, RESI, 5001)).pending_requests).toEqual([]);
    expectRefused(await api.call("DELETE", `/services/${RESI}/requests/${request_id}`, { token: resi }), "request_id", [
      "request_id.not_pending",
    ]);
    expect((await api.call("DELETE", `/services/${CONDO}/requests/${request_id}`, { token: family })).status).toBe(404);
  });

  it("reactivating a package whose cancellation is pending withdraws the cancellation at once", async () => {
    const response = await api.call("POST", `/services/${PARENTS}/reactivate-requests`, { token: family, json: { package_id: 5302 } });
    expect(response.status).toBe(201);
    expect(RequestCreatedAnswer.parse(response.body).status).toBe("completed");
    const basement = await bundle(family, PARENTS, 5302);
    expect(basement.pending_requests).toEqual([]);
    expect(basement.actions).toMatchObject({ can_cancel: true, can_reactivate: false, can_pause: true });
    const cancel = await api.db.one<{ status: string }>("SELECT status FROM service_requests WHERE package_id = 5302 AND kind = 'cancel'");
    expect(cancel?.status).toBe("withdrawn");
  });

  it("refuses to reactivate an active package", async () => {
    expectRefused(
      await api.call("POST", `/services/${RESI}/reactivate-requests`, { token: resi, json: { package_id: 5001 } }),
      "package_id",
      ["package_id.not_reactivatable"],
    );
    expectRefused(await api.call("POST", `/services/${RESI}/reactivate-requests`, { token: resi, json: {} }), "package_id", [
      "package_id.required",
    ]);
  });

  it("answers 401, 403 for another user's account and for a contact without the authoritative role, 404 for a commercial one", async () => {
    const body = { package_id: 5101, move_date: "2027-01-20", ...newAddress };
    expect((await api.call("POST", `/services/${HOME}/move-requests`, { json: body })).status).toBe(401);
    expect((await move(sam, HOME, body)).status).toBe(403);
    expect((await move(resi, HOME, body)).status).toBe(403);
    expect((await move(family, CONDO, { ...body, package_id: 5001 })).status).toBe(403);
    expect(
      (
        await api.call("POST", `/services/${HOME}/cancel-requests`, {
          token: sam,
          json: { package_id: 5101, cancel_date: "2026-12-31", reason: "price" },
        })
      ).status,
    ).toBe(403);
    expect((await api.call("POST", `/services/${HOME}/reactivate-requests`, { token: sam, json: { package_id: 5101 } })).status).toBe(403);
    expect(
      (
        await api.call("POST", `/services/${COMMERCIAL}/cancel-requests`, {
          token: business,
          json: { package_id: 5101, cancel_date: "2026-12-31", reason: "price" },
        })
      ).status,
    ).toBe(404);
  });
});

describe("pauses follow the clock", () => {
  it("a scheduled pause starts on its day (package paused, no longer editable) and ends on its end date", async () => {
    const [scheduled] = (await bundle(family, CONDO, 5201)).scheduled_pauses;
    expect(scheduled).toMatchObject({ from_date: "2026-12-15", status: "scheduled" });
    try {
      api.clock.now = new Date("2026-12-20T15:00:00Z");
      const token = await api.signIn("family@example.com");
      const during = await bundle(token, CONDO, 5201);
      expect(during.status).toBe("paused");
      expect(during.services.map((s) => s.status)).toEqual(["paused"]);
      expect(during.scheduled_pauses[0]).toMatchObject({
        pause_id: scheduled.pause_id,
        status: "active",
        can_edit: false,
        can_remove: false,
      });
      expect(during.actions).toMatchObject({ can_pause: false, can_suspend: false, can_reactivate: true });
      const path = `/services/${CONDO}/scheduled-pause/${scheduled.pause_id}`;
      expectRefused(await api.call("PUT", path, { token, json: { start_date: "2027-01-01", months: 1 } }), "pause_id", [
        "pause_id.not_scheduled",
      ]);
      expectRefused(await api.call("DELETE", path, { token }), "pause_id", ["pause_id.not_scheduled"]);

      // Asking support to end the pause early.
      const early = await api.call("POST", `/services/${CONDO}/reactivate-requests`, {
        token,
        json: { package_id: 5201, comment: "Back early" },
      });
      expect(early.status).toBe(201);
      expect(RequestCreatedAnswer.parse(early.body).status).toBe("pending");
      expectRefused(await api.call("POST", `/services/${CONDO}/reactivate-requests`, { token, json: { package_id: 5201 } }), "package_id", [
        "package_id.request_pending",
      ]);

      api.clock.now = new Date("2027-02-15T15:00:00Z");
      const laterToken = await api.signIn("family@example.com");
      const after = await bundle(laterToken, CONDO, 5201);
      expect(after.status).toBe("active");
      expect(after.services.map((s) => s.status)).toEqual(["connected"]);
      expect(after.scheduled_pauses).toEqual([]);
    } finally {
      api.clock.now = new Date(NOW);
    }
  });
});

describe("after billing lifts a suspension for non-payment", () => {
  it("the package can be suspended at the customer's request, then reinstated", async () => {
    // What billing does once the balance is paid: flags cleared, suspended packages active again.
    await api.db.query("UPDATE customers SET suspended_for_nonpayment = false WHERE id = $1", [HOME]);
    await api.db.query("UPDATE packages SET status = 'active' WHERE id = 5101");
    expect((await bundle(family, HOME, 5101)).suspension).toBeNull();

    expect((await api.call("PUT", `/services/${HOME}/suspend`, { token: family, json: { package_ids: [5101] } })).status).toBe(200);
    const suspended = await bundle(family, HOME, 5101);
    expect(suspended.suspension).toEqual({ reason: "customer_request", since: "2026-11-15" });
    expect(suspended.actions.can_reinstate).toBe(true);
    expect((await api.call("PUT", `/services/${HOME}/reinstate`, { token: family, json: { package_ids: [5101] } })).status).toBe(200);
    expect((await bundle(family, HOME, 5101)).status).toBe("active");
  });
});
