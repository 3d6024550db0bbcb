/**
 * Automatic charges (api/service/autopay-charges.ts): on its charge date a bill is charged, by card or
 * pre-authorized debit, what is still owed (the balance less pending payments), and only once, whichever
 * methods are in force. The settling job makes them; tests run it with api.service.settle().
 *
 * The seed day is Sunday 2026-11-15 and the job's first run (at start) marks it done. In the next days:
 * 11-16 the PAD debit of 200310 (billed on the 1st) and the card charge of 100203 (billed on the 2nd);
 * 11-19 the card charge (and PAD debit, if any) of 100101 (billed on the 5th).
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BillingSummaryAnswer, PaymentsAnswer } from "#contract/billing";
import { chargeOfBill } from "../../api/service/autopay-charges.ts";
import type { SettleResult } from "../../api/service/settle.ts";
import { createTestApi, type TestApi } from "./support/api.ts";
import { NOW } from "./support/constants.ts";

let api: TestApi;

const RESI = 100101; // active Visa 4242, owes its November invoice
const JUNCTION = 200310; // active PAD, owes its November invoice, all of it paid by a pending bank payment

const BANK = { institution_number: "004", transit_number: "12345", account_number: "1234567", account_holder: "Maya Singh" };
const cents = (dollars: number) => Math.round(dollars * 100);

beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

/** Runs the job at an instant of the service clock. */
async function settleAt(iso: string) {
  api.clock.now = new Date(iso);
  return (await api.service.settle()) as SettleResult;
}

async function summaryOf(customerId: number, username: string) {
  const token = await api.signIn(username);
  const { body } = await api.call("GET", `/billing/${customerId}/summary`, { token });
  return BillingSummaryAnswer.parse(body).balanceDetails;
}

const autopayPayments = async (customerId: number) =>
  api.db.query<{ amount_cents: number; method: string; status: string; card_last4: string | null }>(
    "SELECT amount_cents, method, status, card_last4 FROM payments WHERE customer_id = $1 AND type = 'autopay' AND paid_at >= $2 ORDER BY id",
    [customerId, NOW],
  );

const chargesOf = async (customerId: number) =>
  api.db.query<{ method: string; charge_on: string; amount_cents: number; payment_id: number | null }>(
    "SELECT method, charge_on, amount_cents, payment_id FROM autopay_charges WHERE customer_id = $1 ORDER BY id",
    [customerId],
  );

describe("which method charges a bill, and when", () => {
  const card = {
    card_brand: "visa",
    card_last4: "4242",
    expiry_month: 9,
    expiry_year: 2028,
    processor_token: "card_x",
    set_up_at: new Date("2026-03-01T12:00:00Z"),
  };
  const pad = { active_from: "2026-01-01", removal_effective_on: null };

  it("takes the earlier charge date of the methods in force, the card on a tie", () => {
    // Billed Thursday November 5: card 10 business days later (the 19th), PAD from day 15 (the 19th too).
    expect(chargeOfBill("2026-11-05", card, [pad], "2026-11-15", "2026-11-30")).toMatchObject({ method: "credit_card", on: "2026-11-19" });
    // Billed Sunday November 1: card on the 13th, PAD on the 16th (the 15th is a Sunday).
    expect(chargeOfBill("2026-11-01", card, [pad], "2026-11-01", "2026-11-30")).toMatchObject({ method: "credit_card", on: "2026-11-13" });
    expect(chargeOfBill("2026-11-01", card, [pad], "2026-11-13", "2026-11-30")).toMatchObject({ method: "pad", on: "2026-11-16" });
  });

  it("charges nothing outside the window, with a card set up after its date or expired by it, or a PAD not in force", () => {
    expect(chargeOfBill("2026-11-05", card, [pad], "2026-11-19", "2026-11-30")).toBeNull();
    expect(chargeOfBill("2026-11-05", card, [pad], "2026-11-15", "2026-11-18")).toBeNull();
    const late = { ...card, set_up_at: new Date("2026-11-19T08:00:00Z") };
    expect(chargeOfBill("2026-11-05", late, [], "2026-11-15", "2026-11-30")).toBeNull();
    expect(chargeOfBill("2026-11-05", { ...card, expiry_month: 10, expiry_year: 2026 }, [], "2026-11-15", "2026-11-30")).toBeNull();
    expect(
      chargeOfBill("2026-11-05", null, [{ active_from: "2026-11-20", removal_effective_on: null }], "2026-11-15", "2026-11-30"),
    ).toBeNull();
    expect(
      chargeOfBill("2026-11-05", null, [{ active_from: "2026-01-01", removal_effective_on: "2026-11-19" }], "2026-11-15", "2026-11-30"),
    ).toBeNull();
    expect(
      chargeOfBill("2026-11-05", null, [{ active_from: "2026-01-01", removal_effective_on: "2026-11-20" }], "2026-11-15", "2026-11-30"),
    ).toMatchObject({
      method: "pad",
    });
  });
});

describe("the settling job's automatic charges", () => {
  it("started on the seed day: nothing was charged at start", async () => {
    expect(await api.db.one("SELECT charged_through FROM autopay_charge_progress")).toEqual({ charged_through: "2026-11-15" });
    expect(await api.db.query("SELECT id FROM autopay_charges")).toEqual([]);
  });

  it("a PAD debit does not take what a pending payment already pays", async () => {
    try {
      // Monday 01:00: the PAD debit date of 200310; its bank payment of the whole bill is still pending.
      const before = await summaryOf(JUNCTION, "business@example.com");
      expect(before.balance_owing).toBeGreaterThan(0);
      expect(before.amount_due).toBe(0);
      const result = await settleAt("2026-11-16T01:00:00Z");
      expect(result.autopay).toBe(0);
      expect(await chargesOf(JUNCTION)).toEqual([{ method: "pad", charge_on: "2026-11-16", amount_cents: 0, payment_id: null }]);
      expect(await autopayPayments(JUNCTION)).toEqual([]);
      // Later that day the bank payment settles: the bill is paid once, and never debited.
      expect((await settleAt("2026-11-17T12:00:00Z")).autopay).toBe(0);
      expect(await summaryOf(JUNCTION, "business@example.com")).toMatchObject({ balance_owing: 0, amount_due: 0 });
      expect(await autopayPayments(JUNCTION)).toEqual([]);
    } finally {
      api.clock.now = new Date(NOW);
    }
  });

  it("a card charge takes only what is still owed after a pending payment, once, even with a PAD in force too", async () => {
    try {
      // A PAD in force beside the card: the same bill has two charge dates (both the 19th).
      await api.db.query(
        `INSERT INTO autopay_pads (customer_id, status, institution_number, transit_number, account_last4, account_holder,
                                   branch_address, processor_token, agreement_accepted_at, active_from)
         VALUES ($1, 'active', '004', '12345', '4567', 'Maya Singh', '100 King St W, Toronto', 'bank_test', $2, '2026-10-01')`,
        [RESI, new Date("2026-09-10T12:00:00Z")],
      );
      // Wednesday the 18th: a bank payment of part of the bill, pending (48 hours) when the charge comes.
      api.clock.now = new Date("2026-11-18T12:00:00Z");
      const token = await api.signIn("resi@example.com");
      const { balance_owing: balance } = await summaryOf(RESI, "resi@example.com");
      const sent = await api.call("POST", `/billing/${RESI}/payments`, {
        token,
        json: { method: "bank", amount: "63.85", ...BANK },
        headers: { "Idempotency-Key": randomUUID() },
      });
      expect(sent.status).toBe(201);

      const result = await settleAt("2026-11-19T01:00:00Z");
      expect(result.autopay).toBe(1);
      const owedThen = cents(balance) - 6_385;
      expect(await autopayPayments(RESI)).toEqual([
        { amount_cents: owedThen, method: "credit_card", status: "successful", card_last4: "4242" },
      ]);
      expect(await chargesOf(RESI)).toEqual([
        { method: "credit_card", charge_on: "2026-11-19", amount_cents: owedThen, payment_id: expect.any(Number) },
      ]);
      // The balance is what the bank payment will pay; nothing is left to pay, by hand or automatically.
      const after = await summaryOf(RESI, "resi@example.com");
      expect(after).toMatchObject({ balance_owing: 63.85, pending_total: 63.85, amount_due: 0 });
      const cent = await api.call("POST", `/billing/${RESI}/payments`, {
        token: await api.signIn("resi@example.com"),
        json: { method: "bank", amount: "0.01", ...BANK },
        headers: { "Idempotency-Key": randomUUID() },
      });
      expect(cent.status).toBe(422);

      // The job again that day, and days later: the bill is not charged again by either method.
      expect((await settleAt("2026-11-19T01:01:00Z")).autopay).toBe(0);
      expect((await settleAt("2026-11-27T09:00:00Z")).autopay).toBe(0);
      expect(await autopayPayments(RESI)).toHaveLength(1);
      expect(await summaryOf(RESI, "resi@example.com")).toMatchObject({ balance_owing: 0, pending_total: 0, amount_due: 0 });
      // The customer sees the charge in the history.
      const { body } = await api.call("GET", `/billing/${RESI}/payments`, { token: await api.signIn("resi@example.com") });
      const automatic = PaymentsAnswer.parse(body).payments.filter((p) => p.type === "autopay" && p.date === "2026-11-19");
      expect(automatic).toMatchObject([{ amount: owedThen / 100, method: "credit_card", card_last_four: "4242", status: "successful" }]);
    } finally {
      api.clock.now = new Date(NOW);
    }
  });

  it("a bill whose charge date passed before the job's first run is never charged after the fact", async () => {
    try {
      await api.db.query(
        `INSERT INTO invoices (customer_id, invoice_number, issued_on, due_on, period_start, period_end, total_cents)
         VALUES ($1, 'INV-100101-202612', '2026-12-05', '2026-12-26', '2026-12-05', '2027-01-04', 5000),
                ($1, 'INV-100101-202701', '2027-01-05', '2027-01-26', '2027-01-05', '2027-02-04', 7000)`,
        [RESI],
      );
      // A database the job has not run on yet, first started on December 22 (the December charge date, the 18th, passed).
      await api.db.query("DELETE FROM autopay_charge_progress");
      expect((await settleAt("2026-12-22T10:00:00Z")).autopay).toBe(0);
      expect(await api.db.one("SELECT charged_through FROM autopay_charge_progress")).toEqual({ charged_through: "2026-12-22" });
      // January's charge date (the 19th) comes while it runs: charged, December's bill with it (what is owed).
      expect((await settleAt("2027-01-19T03:00:00Z")).autopay).toBe(1);
      expect((await autopayPayments(RESI)).at(-1)).toMatchObject({ amount_cents: 12_000, method: "credit_card" });
    } finally {
      api.clock.now = new Date(NOW);
    }
  });
});
