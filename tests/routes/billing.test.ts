/**
 * The billing screens' loaders and actions in isolation (msw answers as the API): summary, make a
 * payment, automatic payments by card and PAD, their confirmations, and proof of payment.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { requireUserMiddleware } from "../../app/lib/auth.server.ts";
import { messageParts } from "../../app/lib/form-messages.ts";
import * as autopayCard from "../../app/routes/billing/autopay-card.tsx";
import * as stopCard from "../../app/routes/billing/autopay-card-stop.tsx";
import * as removeCard from "../../app/routes/billing/autopay-card-remove.tsx";
import * as autopayPad from "../../app/routes/billing/autopay-pad.tsx";
import * as removePad from "../../app/routes/billing/autopay-pad-remove.tsx";
import * as autopay from "../../app/routes/billing/autopay.tsx";
import * as pay from "../../app/routes/billing/pay.tsx";
import * as outcome from "../../app/routes/billing/payment-outcome.tsx";
import * as proof from "../../app/routes/billing/proof-of-payment.tsx";
import * as summaryRoute from "../../app/routes/billing/summary.tsx";
import {
  autopayCard as cardAutopayFixture,
  autopayPadPending,
  payment,
  payments,
  pendingBankPayment,
  summary,
  summaryWithPending,
} from "../mocks/billing.ts";
import { on, refuse, reply } from "../mocks/contract.ts";
import { pageCalls, recordApiCalls } from "../support/api-calls.ts";
import { commercialCustomer, dashboard, residentialCustomer } from "../mocks/fixtures.ts";
import { useEnv } from "../support/config.ts";
import { server } from "../support/msw.ts";
import { callRoute, signedInCookie, type RouteCall } from "../support/route.ts";

// Each route module types its own arguments; callRoute supplies them.
type Handler = (args: any) => unknown;

const call = async (handler: Handler, url: string, params: Record<string, string>, extra: Partial<RouteCall> = {}) =>
  callRoute<any>(handler, { url, params, cookie: await signedInCookie(), middleware: [requireUserMiddleware], ...extra });

const quiet = () => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
};
afterEach(() => vi.restoreAllMocks());

/** The user's accounts, with the resi account changed (roles, billing authority, cards). */
function accountsWith(changes: Partial<typeof residentialCustomer>) {
  server.use(
    on("GET /dashboard", () =>
      reply("GET /dashboard", { ...dashboard, customers: [{ ...residentialCustomer, ...changes }, commercialCustomer] }),
    ),
  );
}

/** Records the headers and multipart fields of the API calls to one endpoint. */
function captureWrites(key: Parameters<typeof on>[0], answer: () => Response) {
  const seen: { headers: Headers; form: FormData | null }[] = [];
  server.use(
    on(key, async ({ request }) => {
      const type = request.headers.get("Content-Type") ?? "";
      seen.push({ headers: request.headers, form: type.includes("multipart") ? await request.formData() : null });
      return answer();
    }),
  );
  return seen;
}

const VISA = { card_number: "4242 4242 4242 4242", expiry: "08/30", cvv: "123", cardholder_name: "Maya Singh" };
const paymentForm = (fields: Record<string, string> = {}) => ({
  idempotency_key: "key-1",
  amount_choice: "other",
  amount: "50.00",
  method: "credit_card",
  ...VISA,
  ...fields,
});

describe("billing summary", () => {
  it("shows the balance, the current invoice and whether the contact may pay", async () => {
    const result = await call(summaryRoute.loader as Handler, "/billing/100101", { customerId: "100101" });
    expect(result.status).toBe(200);
    expect(result.data.summary.balanceDetails.balance_owing).toBe(163.85);
    expect(result.data.canManage).toBe(true);
    expect(result.data.autopay).toBe(true);
  });

  it("is read-only for a contact without the authoritative or billing role", async () => {
    accountsWith({ roles: ["support"] });
    const result = await call(summaryRoute.loader as Handler, "/billing/100101", { customerId: "100101" });
    expect(result.data.canManage).toBe(false);
  });

  it("answers 403 for an account billed through its parent, saying so, without asking the API", async () => {
    accountsWith({ isBillingAuthoritative: false });
    const result = await call(summaryRoute.loader as Handler, "/billing/100101", { customerId: "100101" });
    expect(result.status).toBe(403);
    expect(result.data).toEqual({ kind: "billed-elsewhere", id: 100101, name: expect.any(String) });
  });

  it("answers 403 for another user's account and 404 for an id that is not a number", async () => {
    expect((await call(summaryRoute.loader as Handler, "/billing/999999", { customerId: "999999" })).status).toBe(403);
    expect((await call(summaryRoute.loader as Handler, "/billing/abc", { customerId: "abc" })).status).toBe(404);
  });
});

describe("make a payment", () => {
  it("renders the form with a fresh idempotency key each time", async () => {
    const first = await call(pay.loader as Handler, "/billing/100101/pay", { customerId: "100101" });
    const second = await call(pay.loader as Handler, "/billing/100101/pay", { customerId: "100101" });
    expect(first.data.balance).toBe(163.85);
    expect(first.data.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.data.idempotencyKey).not.toBe(first.data.idempotencyKey);
  });

  it("pays another amount by card with the form's key, then goes to the outcome with a notification", async () => {
    const seen = captureWrites("POST /billing/{id}/payments", () =>
      reply("POST /billing/{id}/payments", {
        success: true,
        payment: payment({ transaction_id: "TX-ABC", amount: 50 }),
        balance_owing: 113.85,
        amount_due: 113.85,
        suspension_lifted: false,
      }),
    );
    const result = await call(pay.action as Handler, "/billing/100101/pay", { customerId: "100101" }, { form: paymentForm() });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/billing/100101/pay/TX-ABC");
    expect(result.setCookies.join()).toMatch(/__session=/);
    expect(seen[0].headers.get("Idempotency-Key")).toBe("key-1");
    expect(seen[0].form?.get("amount")).toBe("50.00");
    expect(seen[0].form?.get("card_number")).toBe("4242 4242 4242 4242");
    expect(seen[0].form?.has("institution_number")).toBe(false);
  });

  it("takes an amount as customers write money, and sends the API dollars and cents", async () => {
    const typed = ["12,50", "12,50\u00a0$", "$12.50", " 12.5 ", "1,000.00", "1\u00a0000,00 $", "1.000,00"];
    const seen = captureWrites("POST /billing/{id}/payments", () =>
      reply("POST /billing/{id}/payments", {
        success: true,
        payment: payment({ transaction_id: "TX-ABC", amount: 12.5 }),
        balance_owing: 151.35,
        amount_due: 151.35,
        suspension_lifted: false,
      }),
    );
    for (const amount of typed) {
      const result = await call(pay.action as Handler, "/billing/100101/pay", { customerId: "100101" }, { form: paymentForm({ amount }) });
      expect(result.status, amount).toBe(302);
    }
    expect(seen.map((write) => write.form?.get("amount"))).toEqual(["12.50", "12.50", "12.50", "12.5", "1000.00", "1000.00", "1000.00"]);
    // What is still no amount is refused as before, and sent nowhere.
    for (const amount of ["12,5,0", "1,00.00", "12.50$$", "12,5050"]) {
      const result = await call(pay.action as Handler, "/billing/100101/pay", { customerId: "100101" }, { form: paymentForm({ amount }) });
      expect(result.status, amount).toBe(400);
    }
    expect(seen).toHaveLength(typed.length);
  });

  it("pays the balance as the API knows it when the customer chose the balance", async () => {
    server.use(
      on("GET /billing/{id}/summary", () =>
        reply("GET /billing/{id}/summary", {
          ...summary,
          balanceDetails: { ...summary.balanceDetails, balance_owing: 99.5, amount_due: 99.5 },
        }),
      ),
    );
    const seen = captureWrites("POST /billing/{id}/payments", () =>
      reply("POST /billing/{id}/payments", {
        success: true,
        payment: payment({ amount: 99.5 }),
        balance_owing: 0,
        amount_due: 0,
        suspension_lifted: true,
      }),
    );
    const result = await call(
      pay.action as Handler,
      "/billing/100101/pay",
      { customerId: "100101" },
      { form: paymentForm({ amount_choice: "balance", amount: "" }) },
    );
    expect(result.status).toBe(302);
    expect(seen[0].form?.get("amount")).toBe("99.50");
  });

  it("names the payments on their way and offers only what is still owed", async () => {
    server.use(on("GET /billing/{id}/summary", () => reply("GET /billing/{id}/summary", summaryWithPending(100))));
    const result = await call(pay.loader as Handler, "/billing/100101/pay", { customerId: "100101" });
    expect(result.status).toBe(200);
    expect(result.data).toMatchObject({ balance: 163.85, amountDue: 63.85 });
    expect(result.data.pending).toEqual([{ payment_id: pendingBankPayment.payment_id, amount: 100, paid_at: pendingBankPayment.paid_at }]);
  });

  it("pays what is still owed when the customer chose it, as the API knows it at the post", async () => {
    server.use(on("GET /billing/{id}/summary", () => reply("GET /billing/{id}/summary", summaryWithPending(100))));
    const seen = captureWrites("POST /billing/{id}/payments", () =>
      reply("POST /billing/{id}/payments", {
        success: true,
        payment: payment({ transaction_id: "TX-DUE", amount: 63.85 }),
        balance_owing: 100,
        amount_due: 0,
        suspension_lifted: false,
      }),
    );
    const result = await call(
      pay.action as Handler,
      "/billing/100101/pay",
      { customerId: "100101" },
      { form: paymentForm({ amount_choice: "balance", amount: "" }) },
    );
    expect(result.status).toBe(302);
    expect(result.location).toBe("/billing/100101/pay/TX-DUE");
    expect(seen).toHaveLength(1);
    expect(seen[0].form?.get("amount")).toBe("63.85");
  });

  it("refuses to pay when nothing is left, next to the amount, keeping what was typed, without posting", async () => {
    // Another tab paid the whole balance by bank since this page was shown.
    server.use(on("GET /billing/{id}/summary", () => reply("GET /billing/{id}/summary", summaryWithPending(163.85))));
    const seen = captureWrites("POST /billing/{id}/payments", () => refuse(500));
    const bank = {
      method: "bank",
      card_number: "",
      institution_number: "004",
      transit_number: "12345",
      account_number: "1234567",
      account_holder: "Maya Singh",
    };
    const result = await call(
      pay.action as Handler,
      "/billing/100101/pay",
      { customerId: "100101" },
      { form: paymentForm({ amount_choice: "balance", amount: "", ...bank }) },
    );
    expect(result.status).toBe(422);
    expect(result.data.result.error).toEqual({ amount: ['billing:pay.exceedsAmountDue|{"pending":"$163.85","max":"$0.00"}'] });
    expect(result.data.result.initialValue).toMatchObject({
      amount_choice: "balance",
      method: "bank",
      transit_number: "12345",
      account_holder: "Maya Singh",
    });
    expect(result.data.result.initialValue).not.toHaveProperty("account_number");
    expect(result.data.idempotencyKey).not.toBe("key-1");
    expect(seen).toHaveLength(0);
  });

  it("says, in French too, how much is on its way and how much may still be paid when the API refuses an amount", async () => {
    server.use(
      on("GET /billing/{id}/summary", () => reply("GET /billing/{id}/summary", summaryWithPending(100))),
      on("POST /billing/{id}/payments", () => refuse(422, { amount: ["amount.exceeds_amount_due"] })),
    );
    const result = await call(
      pay.action as Handler,
      "/billing/100101/pay?lng=fr",
      { customerId: "100101" },
      { form: paymentForm({ amount: "163.85" }) },
    );
    expect(result.status).toBe(422);
    expect(result.data.result.error).toEqual({ amount: ['billing:pay.exceedsAmountDue|{"pending":"100,00\u00a0$","max":"63,85\u00a0$"}'] });
    expect(result.data.result.initialValue).toMatchObject({ amount_choice: "other", amount: "163.85", cardholder_name: "Maya Singh" });
    expect(result.data.result.initialValue).not.toHaveProperty("card_number");
  });

  it("refuses a bad form with 400, field by field, keeps what was typed but never the card number or code", async () => {
    const seen = captureWrites("POST /billing/{id}/payments", () => refuse(500));
    const result = await call(
      pay.action as Handler,
      "/billing/100101/pay",
      { customerId: "100101" },
      { form: paymentForm({ amount: "12.345", card_number: "4242 4242 4242 4243", expiry: "13/30" }) },
    );
    expect(result.status).toBe(400);
    expect(result.data.result.error).toMatchObject({
      amount: ["api:amount.too_many_decimals"],
      card_number: ["api:card_number.checksum"],
      expiry: ["api:expiry.invalid"],
    });
    expect(result.data.result.initialValue).toMatchObject({ amount: "12.345", expiry: "13/30", cardholder_name: "Maya Singh" });
    expect(result.data.result.initialValue).not.toHaveProperty("card_number");
    expect(result.data.result.initialValue).not.toHaveProperty("cvv");
    expect(seen).toHaveLength(0);
  });

  it("checks only the chosen method's fields", async () => {
    const result = await call(
      pay.action as Handler,
      "/billing/100101/pay",
      { customerId: "100101" },
      {
        form: paymentForm({
          method: "bank",
          card_number: "",
          institution_number: "12",
          transit_number: "12345",
          account_number: "1234567",
          account_holder: "Maya",
        }),
      },
    );
    expect(result.status).toBe(400);
    expect(result.data.result.error).toEqual({ institution_number: ["api:institution_number.invalid"] });
  });

  it("shows a declined card on the card field, keeps the form, and gives a new key for the next try", async () => {
    const result = await call(
      pay.action as Handler,
      "/billing/100101/pay",
      { customerId: "100101" },
      { form: paymentForm({ card_number: "4000 0000 0000 0002" }) },
    );
    expect(result.status).toBe(422);
    expect(result.data.result.error).toEqual({ card_number: ["api:card_number.declined"] });
    expect(result.data.result.initialValue).toMatchObject({ amount: "50.00", cardholder_name: "Maya Singh" });
    expect(result.data.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.data.idempotencyKey).not.toBe("key-1");
  });

  it("puts API errors of fields the form does not have above the form, translated", async () => {
    server.use(
      on("POST /billing/{id}/payments", () => refuse(422, { idempotency_key: ["idempotency_key.reused"], mystery: ["mystery.code"] })),
    );
    quiet();
    const result = await call(pay.action as Handler, "/billing/100101/pay", { customerId: "100101" }, { form: paymentForm() });
    expect(result.status).toBe(422);
    expect(result.data.result.error[""]).toEqual(["api:idempotency_key.reused", "api:_generic.form"]);
  });

  it.each([
    [403, "common:formErrors.forbidden"],
    [503, "common:formErrors.unavailable"],
    [500, "common:formErrors.server"],
  ])("keeps the form and what was typed when the API answers %i", async (status, message) => {
    server.use(on("POST /billing/{id}/payments", () => refuse(status)));
    quiet();
    const result = await call(pay.action as Handler, "/billing/100101/pay", { customerId: "100101" }, { form: paymentForm() });
    expect(result.status).toBe(status === 500 ? 502 : status);
    expect(result.data.result.error[""]).toEqual([message]);
    expect(result.data.result.initialValue.amount).toBe("50.00");
  });

  it("answers 415 with the page for a JSON post, and 413 for an oversized form, without calling the API", async () => {
    const seen = captureWrites("POST /billing/{id}/payments", () => refuse(500));
    const json = await call(
      pay.action as Handler,
      "/billing/100101/pay",
      { customerId: "100101" },
      {
        body: JSON.stringify(paymentForm()),
        headers: { "Content-Type": "application/json" },
      },
    );
    expect(json.status).toBe(415);
    expect(json.data.result.error[""]).toEqual(["common:formErrors.unsupported"]);
    const huge = await call(
      pay.action as Handler,
      "/billing/100101/pay",
      { customerId: "100101" },
      { form: paymentForm({ cardholder_name: "A".repeat(200_000) }) },
    );
    expect(huge.status).toBe(413);
    expect(JSON.stringify(huge.data).length).toBeLessThan(5_000);
    expect(seen).toHaveLength(0);
  });

  it("never echoes a value longer than its field allows", async () => {
    const result = await call(
      pay.action as Handler,
      "/billing/100101/pay",
      { customerId: "100101" },
      { form: paymentForm({ cardholder_name: "B".repeat(5_000) }) },
    );
    expect(result.status).toBe(400);
    expect(result.data.result.initialValue.cardholder_name.length).toBeLessThanOrEqual(120);
  });
});

describe("payment outcome", () => {
  it("finds the payment by its transaction id, with the balance now", async () => {
    server.use(
      on("GET /billing/{id}/payments", () =>
        reply("GET /billing/{id}/payments", {
          payments: [
            payment({ transaction_id: "TX-P", status: "pending", method: "bank", settles_by: "2026-11-25T15:00:00Z" }),
            ...payments.payments,
          ],
        }),
      ),
    );
    const result = await call(outcome.loader as Handler, "/billing/100101/pay/TX-P", { customerId: "100101", transactionId: "TX-P" });
    expect(result.data.payment.status).toBe("pending");
    expect(result.data.balance).toBe(163.85);
  });

  it("asks the API for the one payment of the transaction", async () => {
    const asked: (string | null)[] = [];
    const all = [payment({ transaction_id: "TX-Q", status: "declined" }), ...payments.payments];
    server.use(
      on("GET /billing/{id}/payments", ({ request }) => {
        const id = new URL(request.url).searchParams.get("transaction_id");
        asked.push(id);
        return reply("GET /billing/{id}/payments", { payments: all.filter((p) => id === null || p.transaction_id === id) });
      }),
    );
    const result = await call(outcome.loader as Handler, "/billing/100101/pay/TX-Q", { customerId: "100101", transactionId: "TX-Q" });
    expect(result.data.payment).toMatchObject({ transaction_id: "TX-Q", status: "declined" });
    expect(asked).toEqual(["TX-Q"]);
    // A transaction the API does not know under the account: none answered, the page is 404.
    const missing = await call(outcome.loader as Handler, "/billing/100101/pay/TX-R", { customerId: "100101", transactionId: "TX-R" });
    expect(missing.status).toBe(404);
  });

  it("takes the balance from the payment's call when the API includes the summary, asking nothing more", async () => {
    const owing = { ...summary, balanceDetails: { ...summary.balanceDetails, balance_owing: 63.85, amount_due: 63.85 } };
    server.use(
      on("GET /billing/{id}/payments", ({ request }) =>
        reply("GET /billing/{id}/payments", {
          payments: [payment({ transaction_id: "TX-S", status: "successful" })],
          ...(new URL(request.url).searchParams.get("include") === "summary" && { summary: owing }),
        }),
      ),
    );
    const calls = recordApiCalls();
    const result = await call(outcome.loader as Handler, "/billing/100101/pay/TX-S", { customerId: "100101", transactionId: "TX-S" });
    expect(result.data).toMatchObject({ balance: 63.85, amountDue: 63.85, payment: { status: "successful" } });
    expect(pageCalls(calls).map((c) => `${c.path} ${c.query.get("transaction_id")} ${c.query.get("include")}`)).toEqual([
      "/billing/100101/payments TX-S summary",
    ]);
  });

  it("asks for the summary apart when the API leaves it out of the payment's answer", async () => {
    server.use(
      on("GET /billing/{id}/payments", () =>
        reply("GET /billing/{id}/payments", { payments: [payment({ transaction_id: "TX-S", status: "successful" })] }),
      ),
    );
    const calls = recordApiCalls();
    const result = await call(outcome.loader as Handler, "/billing/100101/pay/TX-S", { customerId: "100101", transactionId: "TX-S" });
    expect(result.data.balance).toBe(163.85);
    expect(pageCalls(calls).map((c) => c.path)).toEqual(["/billing/100101/payments", "/billing/100101/summary"]);
  });

  it("answers 404 for a transaction that is not the account's", async () => {
    const result = await call(outcome.loader as Handler, "/billing/100101/pay/TX-NOPE", { customerId: "100101", transactionId: "TX-NOPE" });
    expect(result.status).toBe(404);
  });
});

describe("automatic payments", () => {
  it("loads the card and PAD state", async () => {
    server.use(on("GET /billing/{id}/autopay", () => reply("GET /billing/{id}/autopay", { autopayDetails: cardAutopayFixture })));
    const result = await call(autopay.loader as Handler, "/billing/100101/autopay", { customerId: "100101" });
    expect(result.data.autopay.card.last_four).toBe("4242");
    expect(result.data.cardsAllowed).toBe(true);
  });

  it("does not exist while the autopay feature is off", async () => {
    useEnv({ FEATURE_AUTOPAY_BILLING: "false" });
    const result = await call(autopay.loader as Handler, "/billing/100101/autopay", { customerId: "100101" });
    expect(result.status).toBe(404);
  });

  it("sets up card autopay with the page's key and says when the first charge is", async () => {
    const seen = captureWrites("POST /billing/{id}/autopay/credit-card", () =>
      reply("POST /billing/{id}/autopay/credit-card", { success: true, autopayDetails: cardAutopayFixture }),
    );
    const result = await call(
      autopayCard.action as Handler,
      "/billing/100101/autopay/card",
      { customerId: "100101" },
      { form: { idempotency_key: "card-key", ...VISA } },
    );
    expect(result.status).toBe(302);
    expect(result.location).toBe("/billing/100101/autopay");
    expect(seen[0].headers.get("Idempotency-Key")).toBe("card-key");
  });

  it("names an expired card together with a wrong security code, in one answer", async () => {
    const seen = captureWrites("POST /billing/{id}/autopay/credit-card", () => refuse(500));
    const result = await call(
      autopayCard.action as Handler,
      "/billing/100101/autopay/card",
      { customerId: "100101" },
      { form: { idempotency_key: "card-key", ...VISA, expiry: "01/25", cvv: "12" } },
    );
    expect(result.status).toBe(400);
    expect(result.data.result.error).toEqual({ expiry: ["api:expiry.expired"], cvv: ["api:cvv.invalid"] });
    expect(seen).toHaveLength(0);
  });

  it("over a PAD in force, says so first and sets up the card only with the box to replace it ticked", async () => {
    const padActive = { ...autopayPadPending, pad: { ...autopayPadPending.pad!, status: "active" as const } };
    server.use(on("GET /billing/{id}/autopay", () => reply("GET /billing/{id}/autopay", { autopayDetails: padActive })));
    const page = await call(autopayCard.loader as Handler, "/billing/100101/autopay/card", { customerId: "100101" });
    expect(page.data.padInForce).toEqual({ last4: "6789" });
    const seen = captureWrites("POST /billing/{id}/autopay/credit-card", () =>
      reply("POST /billing/{id}/autopay/credit-card", { success: true, autopayDetails: cardAutopayFixture }),
    );
    // Not ticked, with a card error too: both messages at once, and nothing sent.
    const unticked = await call(
      autopayCard.action as Handler,
      "/billing/100101/autopay/card",
      { customerId: "100101" },
      { form: { idempotency_key: "card-key", ...VISA, expiry: "13/30", in_force: "1" } },
    );
    expect(unticked.status).toBe(400);
    expect(unticked.data.result.error).toEqual({ expiry: ["api:expiry.invalid"], replace_pad: ["api:replace_pad.required"] });
    expect(seen).toHaveLength(0);
    const ticked = await call(
      autopayCard.action as Handler,
      "/billing/100101/autopay/card",
      { customerId: "100101" },
      { form: { idempotency_key: "card-key", ...VISA, in_force: "1", replace_pad: "on" } },
    );
    expect(ticked.location).toBe("/billing/100101/autopay");
    expect(seen[0].form?.get("replace_pad")).toBe("true");
    expect(seen[0].form?.has("in_force")).toBe(false);
    // A PAD set up in another tab since: the API's refusal is named on the box.
    server.use(on("POST /billing/{id}/autopay/credit-card", () => refuse(422, { replace_pad: ["replace_pad.required"] })));
    const refused = await call(
      autopayCard.action as Handler,
      "/billing/100101/autopay/card",
      { customerId: "100101" },
      { form: { idempotency_key: "card-key-2", ...VISA } },
    );
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.data.result.error)).toContain("api:replace_pad.required");
  });

  it("over card autopay in force, says so first and sets up the PAD only with the box to replace it ticked", async () => {
    server.use(on("GET /billing/{id}/autopay", () => reply("GET /billing/{id}/autopay", { autopayDetails: cardAutopayFixture })));
    const page = await call(autopayPad.loader as Handler, "/billing/100101/autopay/pad", { customerId: "100101" });
    expect(page.data.cardInForce).toEqual({ brand: "visa", last4: "4242" });
    const seen = captureWrites("POST /billing/{id}/autopay/pad", () =>
      reply("POST /billing/{id}/autopay/pad", { success: true, autopayDetails: autopayPadPending }),
    );
    const unticked = await call(
      autopayPad.action as Handler,
      "/billing/100101/autopay/pad",
      { customerId: "100101" },
      { multipart: padForm({ in_force: "1" }) },
    );
    expect(unticked.status).toBe(400);
    expect(unticked.data.result.error).toEqual({ replace_card: ["api:replace_card.required"] });
    expect(seen).toHaveLength(0);
    const ticked = await call(
      autopayPad.action as Handler,
      "/billing/100101/autopay/pad",
      { customerId: "100101" },
      { multipart: padForm({ in_force: "1", replace_card: "on" }) },
    );
    expect(ticked.location).toBe("/billing/100101/autopay");
    expect(seen[0].form?.get("replace_card")).toBe("true");
  });

  it("refuses card autopay on an account that does not take credit cards (403)", async () => {
    accountsWith({ credit_card_allowed: false });
    const result = await call(autopayCard.loader as Handler, "/billing/100101/autopay/card", { customerId: "100101" });
    expect(result.status).toBe(403);
  });

  const cheque = (name = "cheque.pdf", content = "%PDF-1.4 void") => new File([content], name, { type: "application/pdf" });
  const padForm = (fields: Record<string, string | File> = {}) => ({
    idempotency_key: "pad-key",
    institution_number: "003",
    transit_number: "12345",
    account_number: "1234567",
    account_holder: "Jordan Gagnon",
    branch_address: "100 King Street West, Toronto",
    agreement_accepted: "on",
    void_cheque: cheque(),
    ...fields,
  });

  it("sets up PAD with the void cheque as multipart, and the agreement accepted", async () => {
    const seen = captureWrites("POST /billing/{id}/autopay/pad", () =>
      reply("POST /billing/{id}/autopay/pad", { success: true, autopayDetails: autopayPadPending }),
    );
    const result = await call(
      autopayPad.action as Handler,
      "/billing/100101/autopay/pad",
      { customerId: "100101" },
      { multipart: padForm() },
    );
    expect(result.status).toBe(302);
    expect(seen[0].headers.get("Idempotency-Key")).toBe("pad-key");
    expect(seen[0].form?.get("agreement_accepted")).toBe("true");
    const file = seen[0].form?.get("void_cheque") as File;
    expect(file.name).toBe("cheque.pdf");
    expect(await file.text()).toBe("%PDF-1.4 void");
  });

  it("refuses a 2-digit institution, an unticked agreement and a missing cheque, keeping the rest", async () => {
    const { agreement_accepted: _a, void_cheque: _v, ...rest } = padForm({ institution_number: "12" });
    const result = await call(autopayPad.action as Handler, "/billing/100101/autopay/pad", { customerId: "100101" }, { multipart: rest });
    expect(result.status).toBe(400);
    expect(result.data.result.error).toEqual({
      institution_number: ["api:institution_number.invalid"],
      agreement_accepted: ["api:agreement_accepted.required"],
      void_cheque: ["api:void_cheque.required"],
    });
    expect(result.data.result.initialValue).toMatchObject({ transit_number: "12345", branch_address: "100 King Street West, Toronto" });
    expect(result.data.result.initialValue).not.toHaveProperty("account_number");
  });

  it("refuses a file that is not an accepted format by its name, and shows the API's verdict on its content", async () => {
    const byName = await call(
      autopayPad.action as Handler,
      "/billing/100101/autopay/pad",
      { customerId: "100101" },
      { multipart: padForm({ void_cheque: cheque("setup.exe") }) },
    );
    expect(byName.data.result.error).toEqual({ void_cheque: ["api:void_cheque.type"] });
    server.use(on("POST /billing/{id}/autopay/pad", () => refuse(422, { void_cheque: ["void_cheque.type"] })));
    const byContent = await call(
      autopayPad.action as Handler,
      "/billing/100101/autopay/pad",
      { customerId: "100101" },
      { multipart: padForm({ void_cheque: cheque("renamed.pdf", "MZ not a pdf") }) },
    );
    expect(byContent.status).toBe(422);
    expect(byContent.data.result.error).toEqual({ void_cheque: ["api:void_cheque.type"] });
    expect(byContent.data.result.initialValue.transit_number).toBe("12345");
  });

  it("stops card autopay after confirmation, and says so when it was not active any more", async () => {
    server.use(on("GET /billing/{id}/autopay", () => reply("GET /billing/{id}/autopay", { autopayDetails: cardAutopayFixture })));
    const page = await call(stopCard.loader as Handler, "/billing/100101/autopay/card/stop", { customerId: "100101" });
    expect(page.data.card.last_four).toBe("4242");
    expect(page.data.loseCredit).toBe(true);
    const stopped = await call(stopCard.action as Handler, "/billing/100101/autopay/card/stop", { customerId: "100101" }, { form: {} });
    expect(stopped.location).toBe("/billing/100101/autopay");
    server.use(on("DELETE /billing/{id}/autopay", () => refuse(422, { autopay: ["autopay.not_active"] })));
    const refused = await call(stopCard.action as Handler, "/billing/100101/autopay/card/stop", { customerId: "100101" }, { form: {} });
    expect(refused.status).toBe(422);
    expect(refused.data.result.error[""]).toEqual(["api:autopay.not_active"]);
  });

  it("removes the card on file after confirmation, active or stopped, and refuses when none is left", async () => {
    server.use(on("GET /billing/{id}/autopay", () => reply("GET /billing/{id}/autopay", { autopayDetails: cardAutopayFixture })));
    const page = await call(removeCard.loader as Handler, "/billing/100101/autopay/card/remove", { customerId: "100101" });
    expect(page.data.card).toEqual({ brand: "visa", last_four: "4242", active: true });
    expect(page.data.loseCredit).toBe(true);
    const stopped = { ...cardAutopayFixture, card: { ...cardAutopayFixture.card!, status: "stopped" as const, next_charge_on: null } };
    server.use(on("GET /billing/{id}/autopay", () => reply("GET /billing/{id}/autopay", { autopayDetails: stopped })));
    const stoppedPage = await call(removeCard.loader as Handler, "/billing/100101/autopay/card/remove", { customerId: "100101" });
    expect(stoppedPage.data.card.active).toBe(false);
    expect(stoppedPage.data.loseCredit).toBe(false);

    const seen = captureWrites("DELETE /billing/{id}/autopay-card", () => reply("DELETE /billing/{id}/autopay-card", { success: true }));
    const removed = await call(removeCard.action as Handler, "/billing/100101/autopay/card/remove", { customerId: "100101" }, { form: {} });
    expect(removed.location).toBe("/billing/100101/autopay");
    expect(seen).toHaveLength(1);

    server.use(on("DELETE /billing/{id}/autopay-card", () => refuse(422, { autopay_card: ["autopay_card.none"] })));
    const refused = await call(removeCard.action as Handler, "/billing/100101/autopay/card/remove", { customerId: "100101" }, { form: {} });
    expect(refused.status).toBe(422);
    expect(refused.data.result.error[""]).toEqual(["api:autopay_card.none"]);
  });

  it("sends the card removal page back to automatic payments when no card is on file, and refuses it without a paying role", async () => {
    const none = await call(removeCard.loader as Handler, "/billing/100101/autopay/card/remove", { customerId: "100101" });
    expect(none.status).toBe(302);
    expect(none.location).toBe("/billing/100101/autopay");
    accountsWith({ roles: ["support"] });
    expect(
      (await call(removeCard.action as Handler, "/billing/100101/autopay/card/remove", { customerId: "100101" }, { form: {} })).status,
    ).toBe(403);
  });

  it("sends the confirmation page back to automatic payments when there is nothing to remove", async () => {
    const result = await call(removePad.loader as Handler, "/billing/100101/autopay/pad/remove", { customerId: "100101" });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/billing/100101/autopay");
  });

  it("asks to remove the PAD, with the date it takes effect", async () => {
    server.use(on("GET /billing/{id}/autopay", () => reply("GET /billing/{id}/autopay", { autopayDetails: autopayPadPending })));
    const page = await call(removePad.loader as Handler, "/billing/100101/autopay/pad/remove", { customerId: "100101" });
    expect(page.data.cancellationDays).toBe(30);
    expect(page.data.effectiveOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const removed = await call(removePad.action as Handler, "/billing/100101/autopay/pad/remove", { customerId: "100101" }, { form: {} });
    expect(removed.location).toBe("/billing/100101/autopay");
  });

  it("says a PAD still pending setup ends at once, and one in force after the notice period", async () => {
    server.use(on("GET /billing/{id}/autopay", () => reply("GET /billing/{id}/autopay", { autopayDetails: autopayPadPending })));
    const page = await call(removePad.loader as Handler, "/billing/100101/autopay/pad/remove", { customerId: "100101" });
    expect(page.data.pad.status).toBe("pending_setup");
    server.use(
      on("DELETE /billing/{id}/autopay-pad", () =>
        reply("DELETE /billing/{id}/autopay-pad", { success: true, status: "removed", removal_effective_on: "2026-11-23" }),
      ),
    );
    const removed = await call(removePad.action as Handler, "/billing/100101/autopay/pad/remove", { customerId: "100101" }, { form: {} });
    expect(removed.location).toBe("/billing/100101/autopay");
  });

  it("refuses the write pages to a contact without a paying role (403)", async () => {
    accountsWith({ roles: ["support"] });
    expect((await call(autopayPad.loader as Handler, "/billing/100101/autopay/pad", { customerId: "100101" })).status).toBe(403);
    expect(
      (await call(stopCard.action as Handler, "/billing/100101/autopay/card/stop", { customerId: "100101" }, { form: {} })).status,
    ).toBe(403);
  });
});

describe("proof of payment", () => {
  const receipt = (name: string) => new File(["%PDF-1.4 receipt"], name, { type: "application/pdf" });

  it("sends 1 to 5 files and a note, then back to the summary", async () => {
    const seen = captureWrites("POST /billing/{id}/proof-of-payment", () =>
      reply("POST /billing/{id}/proof-of-payment", { success: true, submitted_proof_of_payment: true, file_count: 2 }),
    );
    const result = await call(
      proof.action as Handler,
      "/billing/100101/proof-of-payment",
      { customerId: "100101" },
      {
        multipart: { attachments: [receipt("a.pdf"), receipt("b.pdf")], note: "Paid at my bank on Nov 20" },
      },
    );
    expect(result.status).toBe(302);
    expect(result.location).toBe("/billing/100101");
    expect(seen[0].form?.getAll("attachments")).toHaveLength(2);
    expect(seen[0].form?.get("note")).toBe("Paid at my bank on Nov 20");
  });

  it("refuses no file and more than five", async () => {
    const none = await call(
      proof.action as Handler,
      "/billing/100101/proof-of-payment",
      { customerId: "100101" },
      { multipart: { note: "x" } },
    );
    expect(none.status).toBe(400);
    expect(none.data.result.error.attachments).toEqual(["api:attachments.required"]);
    const six = await call(
      proof.action as Handler,
      "/billing/100101/proof-of-payment",
      { customerId: "100101" },
      {
        multipart: { attachments: ["1", "2", "3", "4", "5", "6"].map((n) => receipt(`${n}.pdf`)) },
      },
    );
    expect(six.status).toBe(413);
    expect(six.data.result.error.attachments).toEqual(["common:formErrors.tooManyFiles"]);
  });

  it("takes files of up to 20 MB, and names that limit when the API refuses a larger one", async () => {
    const seen = captureWrites("POST /billing/{id}/proof-of-payment", () =>
      reply("POST /billing/{id}/proof-of-payment", { success: true, submitted_proof_of_payment: true, file_count: 1 }),
    );
    const fifteen = new File([new Uint8Array(15 * 1024 * 1024)], "statement.pdf", { type: "application/pdf" });
    const result = await call(
      proof.action as Handler,
      "/billing/100101/proof-of-payment",
      { customerId: "100101" },
      { multipart: { attachments: [fifteen] } },
    );
    expect(result.status).toBe(302);
    expect(seen).toHaveLength(1);

    server.use(on("POST /billing/{id}/proof-of-payment", () => refuse(422, { attachments: ["attachments.too_large"] })));
    const refused = await call(
      proof.action as Handler,
      "/billing/100101/proof-of-payment",
      { customerId: "100101" },
      { multipart: { attachments: [receipt("a.pdf")] } },
    );
    expect(refused.status).toBe(422);
    expect(refused.data.result.error.attachments.map(messageParts)).toEqual([["api:attachments.too_large", { size: 20 }]]);
  });

  it("says a file over 20 MB is too large on the file field itself, once", async () => {
    const over = (name: string) => new File([new Uint8Array(20 * 1024 * 1024 + 10)], name, { type: "application/pdf" });
    const result = await call(
      proof.action as Handler,
      "/billing/100101/proof-of-payment",
      { customerId: "100101" },
      { multipart: { attachments: [receipt("a.pdf"), over("scan.pdf"), over("scan-2.pdf"), receipt("setup.exe")] } },
    );
    expect(result.status).toBe(400);
    expect(Object.keys(result.data.result.error)).toEqual(["attachments"]);
    // Each reason once, naming the files it refuses (the customer chooses those again).
    expect(result.data.result.error.attachments.map(messageParts)).toEqual([
      ["api:attachments.too_large_named", { size: 20, files: "scan.pdf, scan-2.pdf" }],
      ["api:attachments.type_named", { files: "setup.exe" }],
    ]);
  });

  it("says there is nothing to send for an account that is not suspended", async () => {
    const result = await call(proof.loader as Handler, "/billing/100101/proof-of-payment", { customerId: "100101" });
    expect(result.data.suspended).toBe(false);
  });
});
