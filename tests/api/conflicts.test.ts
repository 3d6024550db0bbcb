/**
 * Requests that contradict each other are refused with a reason, or one replaces the other only by the
 * customer's explicit choice: one automatic payment method at a time (a card replaces a PAD, or a PAD a
 * card, only with `replace_pad` / `replace_card`), a PAD still pending setup ends at once when removed,
 * a pause never includes the date of a pending move and a move never falls in a pause, and a move and a
 * cancellation are never pending together. Two conflicting requests sent at the same moment: exactly
 * one is accepted (on PostgreSQL, with TEST_DATABASE_URL, they really run side by side; each takes the
 * account's lock, as payments do, before it checks).
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AutopayAnswer, AutopaySetupAnswer, PadRemovalAnswer } from "#contract/billing";
import { ServicesAnswer } from "#contract/accounts";
import { ErrorAnswer } from "#contract/common";
import { chargeOfBill } from "../../api/service/autopay-charges.ts";
import { samplePng } from "../support/sample-files.ts";
import { createTestApi, type TestApi } from "./support/api.ts";
import { NOW } from "./support/constants.ts";

let api: TestApi;
let resi: string;
let family: string;
let business: string;

const RESI = 100101; // card autopay (Visa 4242), no PAD; package 5001
const FAMILY_HOME = 100201; // a stopped card and a removed PAD: no method in force
const CONDO = 100202; // an active PAD, no card; package 5201 paused from December 1 to March 1
const PARENTS = 100203; // an Amex card and a PAD pending setup; 5301 moves on January 1, 5302 cancels
const HARBOURFRONT = 200301; // card and PAD both active (from before one method at a time)
const QUEEN_WEST = 200305; // a PAD pending setup, no card

const VISA = { card_number: "4242 4242 4242 4242", expiry: "09/29", cvv: "123", cardholder_name: "Jordan Gagnon" };

const codes = (body: unknown) => ErrorAnswer.parse(body).errors ?? {};

const setUpCard = (customerId: number, token: string, extra: Record<string, unknown> = {}) =>
  api.call("POST", `/billing/${customerId}/autopay/credit-card`, {
    token,
    json: { ...VISA, ...extra },
    headers: { "Idempotency-Key": randomUUID() },
  });

function padForm(extra: Record<string, string> = {}) {
  const form = new FormData();
  const fields = {
    institution_number: "004",
    transit_number: "12345",
    account_number: "0012345678",
    account_holder: "Jordan Gagnon",
    branch_address: "18 Wychwood Ave, Toronto",
    agreement_accepted: "true",
    ...extra,
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("void_cheque", new Blob([new Uint8Array(samplePng())], { type: "image/png" }), "cheque.png");
  return form;
}

const setUpPad = (customerId: number, token: string, extra: Record<string, string> = {}) =>
  api.call("POST", `/billing/${customerId}/autopay/pad`, { token, form: padForm(extra), headers: { "Idempotency-Key": randomUUID() } });

const autopayOf = async (customerId: number, token: string) =>
  AutopayAnswer.parse((await api.call("GET", `/billing/${customerId}/autopay`, { token })).body).autopayDetails;

const bundleOf = async (customerId: number, packageId: number, token: string) =>
  ServicesAnswer.parse((await api.call("GET", `/services/${customerId}`, { token })).body).bundles.find((b) => b.package_id === packageId)!;

beforeAll(async () => {
  api = await createTestApi();
  [resi, family, business] = await api.signInAll("resi@example.com", "family@example.com", "business@example.com");
});
afterAll(() => api.close());

describe("one automatic payment method at a time", () => {
  it("refuses card autopay over an active PAD unless the customer chooses to replace it; the PAD then ends today", async () => {
    const refused = await setUpCard(CONDO, family);
    expect(refused.status).toBe(422);
    expect(codes(refused.body)).toEqual({ replace_pad: ["replace_pad.required"] });
    expect(await autopayOf(CONDO, family)).toMatchObject({ card: null, pad: { status: "active" } });

    const replaced = await setUpCard(CONDO, family, { replace_pad: "on" });
    expect(replaced.status).toBe(201);
    const { autopayDetails } = AutopaySetupAnswer.parse(replaced.body);
    expect(autopayDetails.card).toMatchObject({ status: "active", last_four: "4242" });
    expect(autopayDetails.pad).toMatchObject({ status: "removed", removal_effective_on: "2026-11-15", next_charge_on: null });
    expect(autopayDetails.both_methods_configured).toBe(false);
  });

  it("refuses a PAD over card autopay unless the customer chooses to replace it; card autopay then stops now", async () => {
    const files = async () =>
      Number((await api.db.one<{ n: number }>("SELECT count(*) AS n FROM uploaded_files WHERE customer_id = $1", [RESI]))!.n);
    const before = await files();
    const refused = await setUpPad(RESI, resi);
    expect(refused.status).toBe(422);
    expect(codes(refused.body)).toEqual({ replace_card: ["replace_card.required"] });
    expect(await files()).toBe(before);
    expect(await autopayOf(RESI, resi)).toMatchObject({ card: { status: "active" }, pad: null });

    const replaced = await setUpPad(RESI, resi, { replace_card: "true" });
    expect(replaced.status).toBe(201);
    const { autopayDetails } = AutopaySetupAnswer.parse(replaced.body);
    expect(autopayDetails.card).toMatchObject({ status: "stopped", stopped_at: NOW.toISOString(), next_charge_on: null });
    expect(autopayDetails.pad).toMatchObject({ status: "pending_setup", active_from: "2026-11-30" });
    expect(autopayDetails.both_methods_configured).toBe(false);
  });

  it("refuses a new card on an account with both methods until one is chosen; a PAD pending removal simply ends", async () => {
    expect((await autopayOf(HARBOURFRONT, business)).both_methods_configured).toBe(true);
    const refused = await setUpCard(HARBOURFRONT, business);
    expect(codes(refused.body)).toEqual({ replace_pad: ["replace_pad.required"] });

    const removal = await api.call("DELETE", `/billing/${HARBOURFRONT}/autopay-pad`, { token: business });
    expect(PadRemovalAnswer.parse(removal.body)).toMatchObject({ status: "pending_removal", removal_effective_on: "2026-12-15" });
    // The customer already asked to remove it: a new card takes over at once, no choice needed.
    const card = await setUpCard(HARBOURFRONT, business);
    expect(card.status).toBe(201);
    expect(AutopaySetupAnswer.parse(card.body).autopayDetails.pad).toMatchObject({ status: "removed", removal_effective_on: "2026-11-15" });
  });

  it("removes a PAD still pending setup at once: no debit is ever scheduled", async () => {
    const before = await autopayOf(QUEEN_WEST, business);
    expect(before.pad).toMatchObject({ status: "pending_setup" });
    const { status, body } = await api.call("DELETE", `/billing/${QUEEN_WEST}/autopay-pad`, { token: business });
    expect(status).toBe(200);
    expect(PadRemovalAnswer.parse(body)).toEqual({ success: true, status: "removed", removal_effective_on: "2026-11-15" });
    const after = await autopayOf(QUEEN_WEST, business);
    expect(after.pad).toMatchObject({ status: "removed", next_charge_on: null });
    // The charging job finds no debit of it for any bill to come.
    const [row] = await api.db.query<{ active_from: string; removal_effective_on: string }>(
      "SELECT active_from, removal_effective_on FROM autopay_pads WHERE customer_id = $1 ORDER BY id DESC LIMIT 1",
      [QUEEN_WEST],
    );
    for (const issuedOn of ["2026-12-01", "2027-01-01", "2027-02-01"]) {
      expect(chargeOfBill(issuedOn, null, [row], "2026-11-15", "2027-03-31")).toBeNull();
    }
  });

  it("lets exactly one of a card and a PAD sent at the same moment be set up", async () => {
    const answers = await Promise.all([setUpCard(FAMILY_HOME, family), setUpPad(FAMILY_HOME, family)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422]);
    const refused = answers.find((a) => a.status === 422)!;
    expect(Object.keys(codes(refused.body))).toEqual([expect.stringMatching(/^replace_(pad|card)$/)]);
    const autopay = await autopayOf(FAMILY_HOME, family);
    const inForce = [autopay.card?.status === "active", autopay.pad?.status === "pending_setup"].filter(Boolean);
    expect(inForce).toHaveLength(1);
    expect(autopay.both_methods_configured).toBe(false);
  });
});

describe("a move, a cancellation and a pause of one package", () => {
  it("refuses a pause that includes the date of a pending move; one that ends by then is scheduled", async () => {
    const bundle = await bundleOf(PARENTS, 5301, family);
    expect(bundle.pending_requests).toMatchObject([{ kind: "move", effective_date: "2027-01-01" }]);
    const over = await api.call("POST", `/services/${PARENTS}/scheduled-pause`, {
      token: family,
      json: { package_ids: [5301], start_date: "2026-12-01", months: 2 },
    });
    expect(over.status).toBe(422);
    expect(codes(over.body)).toEqual({ start_date: ["start_date.includes_move"] });

    const before = await api.call("POST", `/services/${PARENTS}/scheduled-pause`, {
      token: family,
      json: { package_ids: [5301], start_date: "2026-12-01", months: 1 },
    });
    expect(before.status).toBe(201);
    const [pauseId] = before.body.pause_ids as number[];
    // Stretched over the move date: refused too.
    const stretched = await api.call("PUT", `/services/${PARENTS}/scheduled-pause/${pauseId}`, {
      token: family,
      json: { start_date: "2026-12-01", months: 3 },
    });
    expect(stretched.status).toBe(422);
    expect(codes(stretched.body)).toEqual({ start_date: ["start_date.includes_move"] });
    expect((await api.call("DELETE", `/services/${PARENTS}/scheduled-pause/${pauseId}`, { token: family })).status).toBe(200);
  });

  it("refuses a moving date inside a scheduled pause; a date after it is accepted", async () => {
    const move = (moveDate: string) =>
      api.call("POST", `/services/${CONDO}/move-requests`, {
        token: family,
        json: {
          package_id: 5201,
          move_date: moveDate,
          address_line1: "40 Lower Simcoe Street",
          city: "Toronto",
          province: "ON",
          postal_code: "M5J 0B1",
        },
      });
    const during = await move("2027-01-15");
    expect(during.status).toBe(422);
    expect(codes(during.body)).toEqual({ move_date: ["move_date.during_pause"] });
    const after = await move("2027-03-01");
    expect(after.status).toBe(201);
    expect((await api.call("DELETE", `/services/${CONDO}/requests/${after.body.request_id}`, { token: family })).status).toBe(200);
  });

  it("refuses a cancellation while a move is pending, and offers no cancellation then", async () => {
    expect((await bundleOf(PARENTS, 5301, family)).actions.can_cancel).toBe(false);
    const cancel = await api.call("POST", `/services/${PARENTS}/cancel-requests`, {
      token: family,
      json: { package_id: 5301, cancel_date: "2026-12-31", reason: "moving" },
    });
    expect(cancel.status).toBe(422);
    expect(codes(cancel.body)).toEqual({ package_id: ["package_id.move_pending"] });
    // And the other way round (the basement suite's cancellation is pending).
    const move = await api.call("POST", `/services/${PARENTS}/move-requests`, {
      token: family,
      json: {
        package_id: 5302,
        move_date: "2027-02-01",
        address_line1: "1 Yonge Street",
        city: "Toronto",
        province: "ON",
        postal_code: "M5E 1E5",
      },
    });
    expect(codes(move.body)).toEqual({ package_id: ["package_id.cancel_pending"] });
  });

  it("lets exactly one of a move and a cancellation sent at the same moment be pending", async () => {
    const [move, cancel] = await Promise.all([
      api.call("POST", `/services/${RESI}/move-requests`, {
        token: resi,
        json: {
          package_id: 5001,
          move_date: "2027-02-01",
          address_line1: "80 Broadview Avenue",
          city: "Toronto",
          province: "ON",
          postal_code: "M4M 2E6",
        },
      }),
      api.call("POST", `/services/${RESI}/cancel-requests`, {
        token: resi,
        json: { package_id: 5001, cancel_date: "2027-02-01", reason: "moving" },
      }),
    ]);
    expect([move.status, cancel.status].sort()).toEqual([201, 422]);
    const refused = move.status === 422 ? move : cancel;
    expect(codes(refused.body)).toEqual({ package_id: [move.status === 422 ? "package_id.cancel_pending" : "package_id.move_pending"] });
    const pending = (await bundleOf(RESI, 5001, resi)).pending_requests;
    expect(pending).toHaveLength(1);
  });
});
