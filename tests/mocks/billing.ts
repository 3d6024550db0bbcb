/**
 * msw: /billing of the residential fixture account 100101 (balance $163.85, nothing on its way, card and
 * PAD autopay possible) and of the commercial one 200301. Tests change an answer with server.use(on(...)),
 * summaryWithPending(amount) for payments on their way.
 */
import { HttpResponse } from "msw";
import type {
  AutopayAnswer,
  AutopayDetails,
  BillingSummaryAnswer,
  Invoice,
  InvoicesAnswer,
  PaymentRecord,
  PaymentsAnswer,
} from "#contract/billing";
import { on, refuse, reply } from "./contract.ts";

const invoice = (month: number, total: number, paid: number, status: Invoice["status"]): Invoice => {
  const mm = String(month).padStart(2, "0");
  return {
    invoice_id: 9000 + month,
    invoice_number: `INV-100101-2026${mm}`,
    issued_on: `2026-${mm}-05`,
    due_on: `2026-${mm}-26`,
    period_start: `2026-${mm}-05`,
    period_end: `2026-${String(month + 1).padStart(2, "0")}-04`,
    total,
    amount_paid: paid,
    balance_due: Math.round((total - paid) * 100) / 100,
    status,
    pdf_path: `/billing/100101/invoices/${9000 + month}/pdf`,
  };
};

export const invoices: InvoicesAnswer = {
  invoices: [invoice(11, 163.85, 0, "unpaid"), invoice(10, 178.53, 178.53, "paid"), invoice(9, 163.85, 163.85, "paid")],
};

export const payment = (overrides: Partial<PaymentRecord> = {}): PaymentRecord => ({
  payment_id: 501,
  transaction_id: "TX-4F2A9C01B7E3",
  date: "2026-10-22",
  paid_at: "2026-10-22T14:05:00Z",
  amount: 178.53,
  method: "credit_card",
  type: "one_time",
  status: "successful",
  card_brand: "visa",
  card_last_four: "4242",
  settles_by: null,
  ...overrides,
});

export const payments: PaymentsAnswer = {
  payments: [
    payment(),
    payment({
      payment_id: 500,
      transaction_id: "TX-0000A1",
      date: "2026-09-20",
      paid_at: "2026-09-20T13:00:00Z",
      amount: 163.85,
      method: "pad",
      type: "autopay",
      card_brand: null,
      card_last_four: null,
    }),
  ],
};

export const summary: BillingSummaryAnswer = {
  currentInvoice: invoices.invoices[0],
  balanceDetails: {
    balance_owing: 163.85,
    amount_due: 163.85,
    past_due: 0,
    due_date: "2026-11-26",
    pending_payments: [],
    pending_total: 0,
    last_payment: { amount: 178.53, date: "2026-10-22" },
    next_bill_date: "2026-12-05",
  },
  suspended_for_nonpayment: false,
  submitted_proof_of_payment: false,
};

/** A bank payment of $100.00 sent on November 24, on its way (it settles within 48 hours). */
export const pendingBankPayment = payment({
  payment_id: 502,
  transaction_id: "TX-PENDING00001",
  date: "2026-11-24",
  paid_at: "2026-11-24T15:30:00Z",
  amount: 100,
  method: "bank",
  status: "pending",
  card_brand: null,
  card_last_four: null,
  settles_by: "2026-11-26T15:30:00Z",
});

/** The summary with payments on their way: `pending` of the $163.85 balance (all of it: nothing left to pay). */
export const summaryWithPending = (pending = 100): BillingSummaryAnswer => ({
  ...summary,
  balanceDetails: {
    ...summary.balanceDetails,
    pending_payments: [{ ...pendingBankPayment, amount: pending }],
    pending_total: pending,
    amount_due: Math.max(0, Math.round((163.85 - pending) * 100) / 100),
  },
});

const noticePeriods = { debit_notice_days: 10, setup_days: 15, cancellation_days: 30 };

export const autopayNone: AutopayDetails = {
  card: null,
  pad: null,
  both_methods_configured: false,
  autopay_credit: { amount: 5, applies: false },
  pad_notice_periods: noticePeriods,
};

export const autopayCard: AutopayDetails = {
  ...autopayNone,
  card: {
    status: "active",
    brand: "visa",
    last_four: "4242",
    expiry_month: 8,
    expiry_year: 2028,
    expired: false,
    cardholder_name: "Maya Singh",
    set_up_at: "2026-06-01T15:00:00Z",
    stopped_at: null,
    next_charge_on: "2026-12-17",
  },
  autopay_credit: { amount: 5, applies: true },
};

export const autopayPadPending: AutopayDetails = {
  ...autopayNone,
  pad: {
    status: "pending_setup",
    institution_number: "003",
    transit_number: "12345",
    account_last_four: "6789",
    account_holder: "Maya Singh",
    branch_address: "100 King Street West, Toronto",
    agreement_accepted_at: "2026-11-20T15:00:00Z",
    active_from: "2026-12-05",
    removal_requested_at: null,
    removal_effective_on: null,
    next_charge_on: "2026-12-19",
  },
};

export const autopay: AutopayAnswer = { autopayDetails: autopayNone };

/** The one-time payment the API made of a post (what the form sent decides the method). */
const madePayment = async (request: Request) => {
  if (!request.headers.get("Idempotency-Key")) return refuse(400, { idempotency_key: ["idempotency_key.required"] });
  const form = await request.formData();
  const method = String(form.get("method"));
  const card = String(form.get("card_number") ?? "").replace(/\D/g, "");
  if (card === "4000000000000002") return refuse(422, { card_number: ["card_number.declined"] });
  return reply("POST /billing/{id}/payments", {
    success: true,
    payment: payment({
      payment_id: 777,
      transaction_id: "TX-NEW000000001",
      date: "2026-11-23",
      paid_at: "2026-11-23T15:00:00Z",
      amount: Number(form.get("amount")),
      method: method === "bank" ? "bank" : "credit_card",
      status: method === "bank" ? "pending" : "successful",
      card_brand: method === "bank" ? null : "visa",
      card_last_four: method === "bank" ? null : card.slice(-4),
      settles_by: method === "bank" ? "2026-11-25T15:00:00Z" : null,
    }),
    balance_owing: method === "bank" ? 163.85 : Math.round((163.85 - Number(form.get("amount"))) * 100) / 100,
    amount_due: Math.round((163.85 - Number(form.get("amount"))) * 100) / 100,
    suspension_lifted: false,
  });
};

export const billingHandlers = [
  on("GET /billing/{id}/summary", () => reply("GET /billing/{id}/summary", summary)),
  on("GET /billing/{id}/invoices", () => reply("GET /billing/{id}/invoices", invoices)),
  on(
    "GET /billing/{id}/invoices/{invoiceId}/pdf",
    ({ params }) =>
      new HttpResponse(`%PDF-1.4 invoice ${String(params.invoiceId)}`, {
        headers: { "Content-Type": "application/pdf", "Content-Disposition": `inline; filename="INV-${String(params.invoiceId)}.pdf"` },
      }),
  ),
  on("GET /billing/{id}/payments", () => reply("GET /billing/{id}/payments", payments)),
  on("POST /billing/{id}/payments", ({ request }) => madePayment(request)),
  on("GET /billing/{id}/autopay", () => reply("GET /billing/{id}/autopay", autopay)),
  on("POST /billing/{id}/autopay/credit-card", ({ request }) =>
    request.headers.get("Idempotency-Key")
      ? reply("POST /billing/{id}/autopay/credit-card", { success: true, autopayDetails: autopayCard })
      : refuse(400, { idempotency_key: ["idempotency_key.required"] }),
  ),
  on("POST /billing/{id}/autopay/pad", ({ request }) =>
    request.headers.get("Idempotency-Key")
      ? reply("POST /billing/{id}/autopay/pad", { success: true, autopayDetails: autopayPadPending })
      : refuse(400, { idempotency_key: ["idempotency_key.required"] }),
  ),
  on("DELETE /billing/{id}/autopay", () => reply("DELETE /billing/{id}/autopay", { success: true })),
  on("DELETE /billing/{id}/autopay-card", () => reply("DELETE /billing/{id}/autopay-card", { success: true })),
  on("DELETE /billing/{id}/autopay-pad", () =>
    reply("DELETE /billing/{id}/autopay-pad", { success: true, status: "pending_removal", removal_effective_on: "2026-12-23" }),
  ),
  on("POST /billing/{id}/proof-of-payment", () =>
    reply("POST /billing/{id}/proof-of-payment", { success: true, submitted_proof_of_payment: true, file_count: 1 }),
  ),
];
