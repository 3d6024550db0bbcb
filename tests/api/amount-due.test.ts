/**
 * What is owed is what is owed: a payment may be at most the balance less the payments on their way
 * (pending), whatever key it carries, and two payments sent at the same moment cannot both take it.
 * On PGlite, and on PostgreSQL with TEST_DATABASE_URL (where requests really run side by side).
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BillingSummaryAnswer, MakePaymentAnswer } from "#contract/billing";
import { ErrorAnswer } from "#contract/common";
import { ResidentialBillingDetailsAnswer } from "#contract/dashboard";
import { createTestApi, type TestApi } from "./support/api.ts";
import { NOW } from "./support/constants.ts";

let api: TestApi;
let resi: string;
let family: string;
let business: string;

const RESI = 100101; // owes its current invoice, nothing pending
const FAMILY_HOME = 100201; // suspended: three invoices owing, a bank payment of one of them pending
const QUEEN_WEST = 200305; // owes its invoice, $200 of it pending (a card payment held for review)
const JUNCTION = 200310; // owes its invoice, all of it pending (a bank payment)

const VISA = { card_number: "4242 4242 4242 4242", expiry: "09/29", cvv: "123", cardholder_name: "Maya Singh" };
const BANK = { institution_number: "004", transit_number: "12345", account_number: "1234567", account_holder: "Maya Singh" };

const codes = (body: unknown) => ErrorAnswer.parse(body).errors ?? {};
const cents = (dollars: number) => Math.round(dollars * 100);
const dollars = (amount: number) => (amount / 100).toFixed(2);

const pay = (customerId: number, token: string, json: unknown, key = randomUUID()) =>
  api.call("POST", `/billing/${customerId}/payments`, { token, json, headers: { "Idempotency-Key": key } });

async function balanceOf(customerId: number, token: string) {
  const { status, body } = await api.call("GET", `/billing/${customerId}/summary`, { token });
  expect(status).toBe(200);
  return BillingSummaryAnswer.parse(body).balanceDetails;
}

const paymentsSince = async (customerId: number) =>
  api.db.query<{ amount_cents: number; status: string; method: string }>(
    "SELECT amount_cents, status, method FROM payments WHERE customer_id = $1 AND paid_at >= $2 ORDER BY id",
    [customerId, NOW],
  );

beforeAll(async () => {
  api = await createTestApi();
  [resi, family, business] = await api.signInAll("resi@example.com", "family@example.com", "business@example.com");
});
afterAll(() => api.close());

describe("what is still owed", () => {
  it("is the balance less the pending payments, never below zero, on the summary and the dashboard", async () => {
    const own = await balanceOf(RESI, resi);
    expect(own).toMatchObject({ pending_total: 0, pending_payments: [] });
    expect(own.amount_due).toBe(own.balance_owing);

    const home = await balanceOf(FAMILY_HOME, family);
    expect(home.pending_total).toBe(124.3);
    expect(cents(home.amount_due)).toBe(cents(home.balance_owing) - 12_430);

    const partly = await balanceOf(QUEEN_WEST, business);
    expect(partly.pending_total).toBe(200);
    expect(cents(partly.amount_due)).toBe(cents(partly.balance_owing) - 20_000);

    const covered = await balanceOf(JUNCTION, business);
    expect(covered.balance_owing).toBeGreaterThan(0);
    expect(covered.pending_total).toBe(covered.balance_owing);
    expect(covered.amount_due).toBe(0);

    const { body } = await api.call("GET", `/residential-dashboard/${FAMILY_HOME}/billing-details`, { token: family });
    const details = ResidentialBillingDetailsAnswer.parse(body).billing_details;
    expect(details).toMatchObject({ balance_owing: home.balance_owing, pending_total: 124.3, amount_due: home.amount_due });
    expect(details.pending_payments).toEqual([
      { amount: 124.3, method: "bank", date: home.pending_payments[0].date, settles_by: home.pending_payments[0].settles_by },
    ]);
  });

  it("bounds a payment: above the balance is exceeds_balance; above what pending payments leave, exceeds_amount_due", async () => {
    const own = await balanceOf(RESI, resi);
    const overBalance = await pay(RESI, resi, { method: "bank", amount: dollars(cents(own.balance_owing) + 1), ...BANK });
    expect(overBalance.status).toBe(422);
    expect(codes(overBalance.body)).toEqual({ amount: ["amount.exceeds_balance"] });
    const covered = await pay(JUNCTION, business, { method: "bank", amount: "0.01", ...BANK });
    expect(covered.status).toBe(422);
    expect(codes(covered.body)).toEqual({ amount: ["amount.exceeds_amount_due"] });
    const partly = await balanceOf(QUEEN_WEST, business);
    const over = await pay(QUEEN_WEST, business, { method: "bank", amount: partly.balance_owing.toFixed(2), ...BANK });
    expect(over.status).toBe(422);
    expect(codes(over.body)).toEqual({ amount: ["amount.exceeds_amount_due"] });
    for (const account of [RESI, JUNCTION, QUEEN_WEST]) expect(await paymentsSince(account)).toEqual([]);
  });
});

describe("a second payment of the whole balance", () => {
  it("is refused after a pending bank payment; the first key still answers its payment", async () => {
    const before = await balanceOf(FAMILY_HOME, family);
    const firstKey = randomUUID();
    const first = await pay(FAMILY_HOME, family, { method: "bank", amount: dollars(cents(before.amount_due)), ...BANK }, firstKey);
    expect(first.status).toBe(201);
    const made = MakePaymentAnswer.parse(first.body);
    expect(made.payment.status).toBe("pending");
    expect(made).toMatchObject({ balance_owing: before.balance_owing, amount_due: 0 });

    // Another view of the pay page: a new key, the whole balance again.
    const second = await pay(FAMILY_HOME, family, { method: "bank", amount: before.balance_owing.toFixed(2), ...BANK });
    expect(second.status).toBe(422);
    expect(codes(second.body)).toEqual({ amount: ["amount.exceeds_amount_due"] });
    // By card, a cent: refused too, and nothing recorded.
    const cent = await pay(FAMILY_HOME, family, { method: "credit_card", amount: "0.01", ...VISA });
    expect(codes(cent.body)).toEqual({ amount: ["amount.exceeds_amount_due"] });
    // The same key is the same payment, answered again.
    const again = await pay(FAMILY_HOME, family, { method: "bank", amount: dollars(cents(before.amount_due)), ...BANK }, firstKey);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await paymentsSince(FAMILY_HOME)).toEqual([{ amount_cents: cents(before.amount_due), status: "pending", method: "bank" }]);

    const after = await balanceOf(FAMILY_HOME, family);
    expect(after).toMatchObject({ balance_owing: before.balance_owing, amount_due: 0 });
    expect(cents(after.pending_total)).toBe(cents(before.balance_owing));
  });

  it("leaves room for part of it: payments up to what is still owed pass, a cent more does not", async () => {
    const before = await balanceOf(QUEEN_WEST, business);
    const due = cents(before.amount_due);
    expect(due).toBeGreaterThan(1_000);
    const part = await pay(QUEEN_WEST, business, { method: "credit_card", amount: dollars(due - 1_000), ...VISA });
    expect(part.status).toBe(201);
    expect(MakePaymentAnswer.parse(part.body).amount_due).toBe(10);
    const tooMuch = await pay(QUEEN_WEST, business, { method: "bank", amount: "10.01", ...BANK });
    expect(tooMuch.status).toBe(422);
    expect(codes(tooMuch.body)).toEqual({ amount: ["amount.exceeds_amount_due"] });
    const rest = await pay(QUEEN_WEST, business, { method: "bank", amount: "10.00", ...BANK });
    expect(rest.status).toBe(201);
    expect(MakePaymentAnswer.parse(rest.body).amount_due).toBe(0);
    expect((await balanceOf(QUEEN_WEST, business)).amount_due).toBe(0);
  });

  it("twenty views of the pay page, each posted for the whole balance by bank, pay it once", async () => {
    const { balance_owing: balance } = await balanceOf(RESI, resi);
    const statuses: number[] = [];
    for (let view = 0; view < 20; view++) {
      statuses.push((await pay(RESI, resi, { method: "bank", amount: balance.toFixed(2), ...BANK })).status);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 422)).toHaveLength(19);
    expect(await paymentsSince(RESI)).toEqual([{ amount_cents: cents(balance), status: "pending", method: "bank" }]);

    // 49 hours later the one payment settled: the balance is paid, exactly.
    api.clock.now = new Date(NOW.getTime() + 49 * 3_600_000);
    try {
      const later = await api.signIn("resi@example.com");
      expect(await balanceOf(RESI, later)).toMatchObject({ balance_owing: 0, pending_total: 0, amount_due: 0 });
      expect(await paymentsSince(RESI)).toEqual([{ amount_cents: cents(balance), status: "successful", method: "bank" }]);
    } finally {
      api.clock.now = new Date(NOW);
    }
  });
});

describe("payments sent at the same moment with different keys", () => {
  it("let exactly one take what is still owed", async () => {
    // The condo owes nothing: an invoice of its own for this test.
    const account = 100202;
    const [invoice] = await api.db.query<{ id: number }>(
      `INSERT INTO invoices (customer_id, invoice_number, issued_on, due_on, period_start, period_end, total_cents)
       VALUES ($1, 'INV-RACE-1', '2026-11-14', '2026-12-05', '2026-11-14', '2026-12-13', 9999) RETURNING id`,
      [account],
    );
    expect(invoice.id).toBeGreaterThan(0);
    expect((await balanceOf(account, family)).amount_due).toBe(99.99);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        pay(account, family, i % 2 ? { method: "bank", amount: "99.99", ...BANK } : { method: "credit_card", amount: "99.99", ...VISA }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422, 422, 422, 422, 422]);
    for (const refused of answers.filter((a) => a.status === 422)) {
      expect(Object.keys(codes(refused.body))).toEqual(["amount"]);
    }
    const made = await paymentsSince(account);
    expect(made).toHaveLength(1);
    expect(made[0].amount_cents).toBe(9_999);
    expect((await balanceOf(account, family)).amount_due).toBe(0);
  });
});
