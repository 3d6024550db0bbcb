import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ErrorAnswer } from "#contract/common";
import {
  AcceptAgreementAnswer,
  AgreementAnswer,
  ConfirmAppointmentAnswer,
  OrderConfirmationAnswer,
  OrderHandoffAnswer,
  OrderHandoffContinueAnswer,
  OrderSummaryAnswer,
} from "#contract/orders";
import { AUTH_FLOWS_DEMO as SEED } from "../../api/db/seed/auth-flows.ts";
import { createTestApi, type TestApi } from "./support/api.ts";
import { NOW, SEED_DAY } from "./support/constants.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());
afterEach(() => {
  api.clock.now = new Date(NOW);
});

const ORDER = SEED.orders.newCustomer;
const T = SEED.tokens;
const errorsOf = (body: unknown) => ErrorAnswer.parse(body).errors;
const daysLater = (days: number) => new Date(NOW.getTime() + days * 86_400_000);
/** An instant on a day after the seed day, at a UTC hour. */
const at = (days: number, hour: number) => {
  const d = new Date(`${SEED_DAY}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  d.setUTCHours(hour);
  return d.toISOString();
};

async function confirmation() {
  const { status, body } = await api.call("GET", `/order-confirmation/${T.orderConfirmation}`);
  expect(status).toBe(200);
  return OrderConfirmationAnswer.parse(body);
}

describe("GET /order-summary/{token}", () => {
  it("answers the items, monthly and one-time prices with HST, the address and the booked window", async () => {
    const { status, body } = await api.call("GET", `/order-summary/${T.orderSummary}`);
    expect(status).toBe(200);
    const summary = OrderSummaryAnswer.parse(body);
    expect(summary).toMatchObject({
      order_id: ORDER,
      order_number: "ORD-900001",
      status: "awaiting_agreement",
      contract_name: "Olivia Tremblay",
      install_address: { line1: "88 Broadview Avenue", line2: "Unit 12", city: "Toronto", province: "ON", postal_code: "M4M 2E6" },
      appointment_confirmed: false,
      agreement_accepted: false,
    });
    expect(summary.items).toHaveLength(5);
    expect(summary.items[0]).toEqual({ name: "Fibre 1 Gbps", monthly_price: 85, one_time_price: 0 });
    expect(summary.monthly).toEqual({ subtotal: 120, taxes: [{ name: "HST", rate_percent: 13, amount: 15.6 }], total: 135.6 });
    expect(summary.one_time).toEqual({ subtotal: 124, taxes: [{ name: "HST", rate_percent: 13, amount: 16.12 }], total: 140.12 });
    expect(summary.appointment).toMatchObject({ starts_at: at(3, 13), ends_at: at(3, 17) });
  });

  it("names items and taxes in French for Accept-Language fr", async () => {
    const { body } = await api.call("GET", `/order-summary/${T.orderSummary}`, { headers: { "Accept-Language": "fr-CA" } });
    const summary = OrderSummaryAnswer.parse(body);
    expect(summary.items[0].name).toBe("Fibre 1 Gbit/s");
    expect(summary.monthly.taxes[0].name).toBe("TVH");
  });

  it("answers 404 for unknown, malformed, other pages' and expired tokens", async () => {
    expect((await api.call("GET", "/order-summary/no-such-order-token-000000")).status).toBe(404);
    expect((await api.call("GET", "/order-summary/%3Cscript%3E")).status).toBe(404);
    // A token opens only its own page.
    expect((await api.call("GET", `/order-summary/${T.orderConfirmation}`)).status).toBe(404);
    expect((await api.call("GET", `/agreement/${T.orderSummary}`)).status).toBe(404);
    api.clock.now = daysLater(61);
    const expired = await api.call("GET", `/order-summary/${T.orderSummary}`);
    expect(expired.status).toBe(404);
    ErrorAnswer.parse(expired.body);
  });
});

describe("GET /order-handoff/{orderId}", () => {
  it("shows status and next step to the holder of the hand-over token", async () => {
    const { status, body } = await api.call("GET", `/order-handoff/${ORDER}`, { query: { token: T.orderHandoff } });
    expect(status).toBe(200);
    const handoff = OrderHandoffAnswer.parse(body);
    expect(handoff).toMatchObject({
      order_id: ORDER,
      status: "awaiting_agreement",
      next_step: "accept_agreement",
      sales_agent: { name: "Daniel Okafor", email: "daniel.okafor@lakeshore-fibre.example", phone: "416-555-0410" },
      monthly_total: 135.6,
      one_time_total: 140.12,
      appointment_confirmed: false,
    });
  });

  it("shows an order to a signed-in contact of its customer without a token", async () => {
    const resi = await api.signIn("resi@example.com");
    const { status, body } = await api.call("GET", `/order-handoff/${SEED.orders.resiExtender}`, { token: resi });
    expect(status).toBe(200);
    expect(OrderHandoffAnswer.parse(body)).toMatchObject({ status: "scheduled", next_step: null, appointment_confirmed: true });
  });

  it("answers 404 without access, as for unknown orders", async () => {
    const resi = await api.signIn("resi@example.com");
    const family = await api.signIn("family@example.com");
    const refused = [
      api.call("GET", `/order-handoff/${ORDER}`),
      api.call("GET", `/order-handoff/${ORDER}`, { query: { token: "wrong-handoff-token-0000000" } }),
      // Another order's hand-over token, and the order's other links, do not open it.
      api.call("GET", `/order-handoff/${ORDER}`, { query: { token: T.resiOrderHandoff } }),
      api.call("GET", `/order-handoff/${ORDER}`, { query: { token: T.orderSummary } }),
      api.call("GET", `/order-handoff/${ORDER}`, { token: resi }),
      api.call("GET", `/order-handoff/${SEED.orders.resiExtender}`, { token: family }),
      api.call("GET", "/order-handoff/999999", { query: { token: T.orderHandoff } }),
      api.call("GET", "/order-handoff/abc"),
    ];
    for (const answer of await Promise.all(refused)) expect(answer.status).toBe(404);
    expect((await api.call("POST", `/order-handoff/${ORDER}`, { json: { token: "wrong-handoff-token-0000000" } })).status).toBe(404);
  });
});

describe("the service agreement", () => {
  let agreementLink: string;

  it("POST /order-handoff continues to the agreement through a fresh link", async () => {
    const { status, body } = await api.call("POST", `/order-handoff/${ORDER}`, { form: { token: T.orderHandoff } });
    expect(status).toBe(200);
    const { redirect } = OrderHandoffContinueAnswer.parse(body);
    expect(redirect).toMatch(/^\/agreement\/view\/[A-Za-z0-9_-]{43}$/);
    agreementLink = redirect.split("/").pop()!;
    expect((await api.call("GET", `/agreement/${agreementLink}`)).status).toBe(200);
  });

  it("GET /agreement/{token} answers the text in the request's language, starting with the order's services", async () => {
    const en = AgreementAnswer.parse((await api.call("GET", `/agreement/${T.agreement}`)).body);
    expect(en).toMatchObject({ order_number: "ORD-900001", status: "pending", accepted_at: null, monthly_total: 135.6 });
    expect(en.agreement.title).toBe("Residential service agreement");
    expect(en.agreement.sections[0].heading).toBe("Your services and prices");
    expect(en.agreement.sections[0].body).toContain("Fibre 1 Gbps: $85.00 per month");
    expect(en.agreement.sections.map((s) => s.heading)).toContain("Cancelling");

    const fr = AgreementAnswer.parse((await api.call("GET", `/agreement/${T.agreement}`, { headers: { "Accept-Language": "fr" } })).body);
    expect(fr.agreement.language).toBe("fr");
    expect(fr.agreement.title).toBe("Contrat de service résidentiel");
    expect(fr.agreement.sections[0].body).toContain("Fibre 1 Gbit/s: 85,00\u00a0$ par mois");
  });

  it("answers 404 for unknown tokens", async () => {
    expect((await api.call("GET", "/agreement/no-such-agreement-token-0000")).status).toBe(404);
    expect((await api.call("POST", "/agreement/no-such-agreement-token-0000/accept", { json: { accept_terms: true } })).status).toBe(404);
  });

  it("needs the terms ticked to accept", async () => {
    const { status, body } = await api.call("POST", `/agreement/${T.agreement}/accept`, { form: { accept_terms: "" } });
    expect(status).toBe(422);
    expect(errorsOf(body)).toEqual({ accept_terms: ["accept_terms.required"] });
    const none = await api.call("POST", `/agreement/${T.agreement}/accept`, { json: {} });
    expect(errorsOf(none.body)).toEqual({ accept_terms: ["accept_terms.required"] });
  });

  it("records the acceptance and redirects to /welcome; accepting again keeps the first", async () => {
    const { status, body } = await api.call("POST", `/agreement/${agreementLink}/accept`, {
      form: { accept_terms: "on" },
      headers: { "Accept-Language": "fr" },
    });
    expect(status).toBe(200);
    expect(AcceptAgreementAnswer.parse(body)).toEqual({ success: true, redirect: "/welcome" });
    const row = await api.db.one<{ agreement_accepted_at: Date; agreement_language: string }>(
      "SELECT agreement_accepted_at, agreement_language FROM orders WHERE id = $1",
      [ORDER],
    );
    expect(row).toEqual({ agreement_accepted_at: NOW, agreement_language: "fr" });

    api.clock.now = daysLater(1);
    expect((await api.call("POST", `/agreement/${T.agreement}/accept`, { json: { accept_terms: true } })).status).toBe(200);
    const view = AgreementAnswer.parse((await api.call("GET", `/agreement/${T.agreement}`)).body);
    expect(view).toMatchObject({ status: "accepted", accepted_at: NOW.toISOString() });
    const handoff = OrderHandoffAnswer.parse((await api.call("GET", `/order-handoff/${ORDER}`, { query: { token: T.orderHandoff } })).body);
    expect(handoff).toMatchObject({ status: "awaiting_appointment", next_step: "confirm_appointment" });
  });
});

describe("/order-confirmation/{token}", () => {
  it("POST /order-handoff now continues to the appointment confirmation", async () => {
    const { body } = await api.call("POST", `/order-handoff/${ORDER}`, { json: { token: T.orderHandoff } });
    const { redirect } = OrderHandoffContinueAnswer.parse(body);
    expect(redirect).toMatch(/^\/confirmation\/order\/[A-Za-z0-9_-]{43}$/);
    expect((await api.call("GET", `/order-confirmation/${redirect.split("/").pop()}`)).status).toBe(200);
  });

  it("answers the booked window and the offered ones, those within 24 hours unavailable", async () => {
    const view = await confirmation();
    expect(view).toMatchObject({ status: "awaiting_appointment", confirmed_at: null, can_change: true });
    expect(view.appointment).toMatchObject({ starts_at: at(3, 13) });
    expect(view.windows.map((w) => [w.starts_at, w.available, w.booked])).toEqual([
      [at(1, 13), false, false],
      [at(3, 13), true, true],
      [at(3, 17), true, false],
      [at(5, 13), true, false],
      [at(8, 17), true, false],
    ]);
  });

  it("answers 404 for unknown tokens", async () => {
    expect((await api.call("GET", "/order-confirmation/no-such-confirmation-00000")).status).toBe(404);
    expect((await api.call("POST", "/order-confirmation/no-such-confirmation-00000", { json: { window_id: 1 } })).status).toBe(404);
  });

  it("refuses a missing, foreign or too soon window", async () => {
    const view = await confirmation();
    const missing = await api.call("POST", `/order-confirmation/${T.orderConfirmation}`, { form: {} });
    expect(missing.status).toBe(422);
    expect(errorsOf(missing.body)).toEqual({ window_id: ["window_id.required"] });
    const foreign = await api.db.one<{ id: number }>("SELECT id FROM order_appointment_windows WHERE order_id = $1 LIMIT 1", [
      SEED.orders.resiExtender,
    ]);
    const other = await api.call("POST", `/order-confirmation/${T.orderConfirmation}`, { json: { window_id: foreign!.id } });
    expect(errorsOf(other.body)).toEqual({ window_id: ["window_id.unknown"] });
    const soon = await api.call("POST", `/order-confirmation/${T.orderConfirmation}`, { json: { window_id: view.windows[0].window_id } });
    expect(soon.status).toBe(422);
    expect(errorsOf(soon.body)).toEqual({ window_id: ["window_id.too_soon"] });
    expect((await confirmation()).confirmed_at).toBeNull();
  });

  it("books and confirms another offered window, then redirects to /order-confirmed", async () => {
    const view = await confirmation();
    const chosen = view.windows[3];
    const { status, body } = await api.call("POST", `/order-confirmation/${T.orderConfirmation}`, {
      form: { window_id: String(chosen.window_id) },
    });
    expect(status).toBe(200);
    const answer = ConfirmAppointmentAnswer.parse(body);
    expect(answer).toEqual({
      success: true,
      redirect: "/order-confirmed",
      appointment: { window_id: chosen.window_id, starts_at: chosen.starts_at, ends_at: chosen.ends_at },
    });
    const after = await confirmation();
    expect(after).toMatchObject({ status: "scheduled", confirmed_at: NOW.toISOString(), appointment: { window_id: chosen.window_id } });
    const summary = OrderSummaryAnswer.parse((await api.call("GET", `/order-summary/${T.orderSummary}`)).body);
    expect(summary).toMatchObject({ status: "scheduled", appointment_confirmed: true, agreement_accepted: true });
  });

  it("refuses a change within 48 hours of the booked window, but still accepts confirming it", async () => {
    api.clock.now = daysLater(4); // the booked window (day 5) is 22 hours away
    const view = await confirmation();
    expect(view.can_change).toBe(false);
    const late = await api.call("POST", `/order-confirmation/${T.orderConfirmation}`, { json: { window_id: view.windows[4].window_id } });
    expect(late.status).toBe(422);
    expect(errorsOf(late.body)).toEqual({ window_id: ["window_id.too_late_to_change"] });
    const same = await api.call("POST", `/order-confirmation/${T.orderConfirmation}`, { json: { window_id: view.appointment!.window_id } });
    expect(same.status).toBe(200);
    // Confirming again does not move the confirmation time.
    expect((await confirmation()).confirmed_at).toBe(NOW.toISOString());
  });

  it("hands a scheduled order over to its summary", async () => {
    const handoff = OrderHandoffAnswer.parse((await api.call("GET", `/order-handoff/${ORDER}`, { query: { token: T.orderHandoff } })).body);
    expect(handoff).toMatchObject({ status: "scheduled", next_step: null, appointment_confirmed: true });
    const { body } = await api.call("POST", `/order-handoff/${ORDER}`, { json: { token: T.orderHandoff } });
    expect(OrderHandoffContinueAnswer.parse(body).redirect).toMatch(/^\/order-summary\/[A-Za-z0-9_-]{43}$/);
  });
});

describe("closed orders", () => {
  it("refuse changes with 409 once cancelled", async () => {
    await api.db.query("UPDATE orders SET status = 'cancelled', agreement_accepted_at = NULL WHERE id = $1", [ORDER]);
    const view = await confirmation();
    expect(view).toMatchObject({ status: "cancelled", can_change: false });
    expect(view.windows.every((w) => !w.available)).toBe(true);
    const confirm = await api.call("POST", `/order-confirmation/${T.orderConfirmation}`, {
      json: { window_id: view.windows[2].window_id },
    });
    expect(confirm.status).toBe(409);
    const accept = await api.call("POST", `/agreement/${T.agreement}/accept`, { json: { accept_terms: true } });
    expect(accept.status).toBe(409);
    ErrorAnswer.parse(accept.body);
    expect((await api.call("POST", `/order-handoff/${ORDER}`, { json: { token: T.orderHandoff } })).status).toBe(409);
    const handoff = OrderHandoffAnswer.parse((await api.call("GET", `/order-handoff/${ORDER}`, { query: { token: T.orderHandoff } })).body);
    expect(handoff).toMatchObject({ status: "cancelled", next_step: null });
  });
});
