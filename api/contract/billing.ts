/**
 * /billing: invoices (and their PDF), the balance, payment history, one-time payments, automatic
 * payments by credit card or pre-authorized debit (PAD), and proof of payment of a suspended account.
 *
 * Every endpoint answers 403 for an account that is not billing-authoritative (it is billed through
 * its parent account). Reads need any activated contact; writes need the authoritative or billing role.
 * Writes that move money or set up autopay need an `Idempotency-Key` header (see docs/api.md).
 */
import { z } from "zod";
import { includeList, IsoDate, IsoDateTime, Money } from "./common.ts";
import { endpoint } from "./endpoint.ts";

/** Payments and autopay changes carry a key: the same key twice charges once and answers the same. */
const IDEMPOTENCY_KEY = {
  name: "Idempotency-Key",
  required: true,
  description: "1–255 visible ASCII characters, unique per intended charge; a repeat answers the stored result",
} as const;

export const InvoiceStatus = z.enum(["paid", "unpaid", "partially_paid", "overdue"]);
export type InvoiceStatus = z.infer<typeof InvoiceStatus>;

export const Invoice = z.object({
  invoice_id: z.number().int(),
  invoice_number: z.string(),
  issued_on: IsoDate,
  due_on: IsoDate,
  period_start: IsoDate,
  period_end: IsoDate,
  total: Money,
  /** What the account's successful payments cover of this invoice, oldest invoices first. */
  amount_paid: Money,
  balance_due: Money,
  /** paid; partially_paid or unpaid before the due date; overdue once the due date passed unpaid. */
  status: InvoiceStatus,
  /** The invoice as a PDF, relative to the API base (/api/v1). */
  pdf_path: z.string(),
});
export type Invoice = z.infer<typeof Invoice>;

/** GET /billing/{id}/invoices: newest first. */
export const InvoicesAnswer = z.object({ invoices: z.array(Invoice) });
export type InvoicesAnswer = z.infer<typeof InvoicesAnswer>;

export const PaymentMethod = z.enum(["credit_card", "bank", "pad", "cheque"]);
export const PaymentType = z.enum(["one_time", "autopay"]);
export const PaymentStatus = z.enum(["successful", "declined", "pending"]);
export const CardBrand = z.enum(["visa", "mastercard", "amex"]);
export type CardBrand = z.infer<typeof CardBrand>;

export const PaymentRecord = z.object({
  payment_id: z.number().int(),
  transaction_id: z.string(),
  /** The day the payment was made (UTC). */
  date: IsoDate,
  paid_at: IsoDateTime,
  amount: Money,
  method: PaymentMethod,
  type: PaymentType,
  status: PaymentStatus,
  card_brand: CardBrand.nullable(),
  card_last_four: z
    .string()
    .regex(/^\d{4}$/)
    .nullable(),
  /** Pending payments only: when it settles at the latest (bank 48 hours, others 24 hours). */
  settles_by: IsoDateTime.nullable(),
});
export type PaymentRecord = z.infer<typeof PaymentRecord>;

/** GET /billing/{id}/payments: newest first. */
export const PaymentsQuery = z.object({
  from_date: IsoDate.optional(),
  to_date: IsoDate.optional(),
  /** Only the payment of this transaction (the payment outcome page); none when the account has no such payment. */
  transaction_id: z
    .string()
    .regex(/^[\w-]{1,64}$/)
    .optional(),
  /** A comma-separated list of PAYMENTS_INCLUDES. */
  include: includeList(["summary"]),
});

export const BalanceDetails = z.object({
  /** Billed minus successful payments (never below zero). Pending payments are not deducted. */
  balance_owing: Money,
  /**
   * What is still owed: balance_owing less pending_total, never below zero. The most a payment may be
   * (one-time or automatic): a larger one is refused (`amount.exceeds_amount_due`).
   */
  amount_due: Money,
  /** What of the balance belongs to invoices whose due date has passed. */
  past_due: Money,
  /** Due date of the current invoice while a balance is owing. */
  due_date: IsoDate.nullable(),
  /** Payments made but not settled yet (bank and pre-authorized debits 48 hours, others 24), newest first. */
  pending_payments: z.array(PaymentRecord),
  pending_total: Money,
  last_payment: z.object({ amount: Money, date: IsoDate }).nullable(),
  next_bill_date: IsoDate,
});

export type BalanceDetails = z.infer<typeof BalanceDetails>;

/** GET /billing/{id}/summary */
export const BillingSummaryAnswer = z.object({
  currentInvoice: Invoice.nullable(),
  balanceDetails: BalanceDetails,
  suspended_for_nonpayment: z.boolean(),
  submitted_proof_of_payment: z.boolean(),
});
export type BillingSummaryAnswer = z.infer<typeof BillingSummaryAnswer>;

/** GET /billing/{id}/payments */
export const PaymentsAnswer = z.object({
  payments: z.array(PaymentRecord),
  /** With ?include=summary: what GET /billing/{id}/summary answers (the payment outcome page, in one round trip). */
  summary: BillingSummaryAnswer.optional(),
});
export type PaymentsAnswer = z.infer<typeof PaymentsAnswer>;

export const CardAutopay = z.object({
  status: z.enum(["active", "stopped"]),
  brand: CardBrand,
  last_four: z.string().regex(/^\d{4}$/),
  expiry_month: z.number().int().min(1).max(12),
  expiry_year: z.number().int(),
  /** The card expired: autopay charges would fail until a new card is set up. */
  expired: z.boolean(),
  cardholder_name: z.string(),
  set_up_at: IsoDateTime,
  stopped_at: IsoDateTime.nullable(),
  /** About 10 business days after the billing date; null when stopped or expired. */
  next_charge_on: IsoDate.nullable(),
});

export const PadAutopay = z.object({
  status: z.enum(["pending_setup", "active", "pending_removal", "removed"]),
  institution_number: z.string(),
  transit_number: z.string(),
  account_last_four: z.string(),
  account_holder: z.string(),
  branch_address: z.string(),
  agreement_accepted_at: IsoDateTime,
  /** The first day debits may be taken (setup notice period after the agreement). */
  active_from: IsoDate,
  removal_requested_at: IsoDateTime.nullable(),
  /** When a removal takes effect (cancellation notice period after the request). */
  removal_effective_on: IsoDate.nullable(),
  /** In the third week of the billing cycle; null when removed or no debit remains before removal. */
  next_charge_on: IsoDate.nullable(),
});

export const AutopayDetails = z.object({
  /** The latest card autopay of the account, or null if none is on file (never set up, or removed). */
  card: CardAutopay.nullable(),
  /** The current (or last removed) PAD agreement, or null if none was ever set up. */
  pad: PadAutopay.nullable(),
  /**
   * Card autopay is active and a PAD is pending setup or active: the page asks to stop one. New setups
   * cannot make this (one replaces the other only by the customer's choice); older agreements can.
   */
  both_methods_configured: z.boolean(),
  /** The monthly credit for paying automatically, and whether it applies now (a method is active). */
  autopay_credit: z.object({ amount: Money, applies: z.boolean() }),
  /** Pre-authorized debit notice periods, in days. */
  pad_notice_periods: z.object({
    debit_notice_days: z.number().int(),
    setup_days: z.number().int(),
    cancellation_days: z.number().int(),
  }),
});
export type AutopayDetails = z.infer<typeof AutopayDetails>;

/** GET /billing/{id}/autopay */
export const AutopayAnswer = z.object({ autopayDetails: AutopayDetails });
export type AutopayAnswer = z.infer<typeof AutopayAnswer>;

/** A card number without the spaces and dashes people type. */
export const cardDigits = (value: string) => value.replace(/[\s-]/g, "");

/** The Luhn checksum every card number carries. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** The brand of a card number by its prefix and length; null for brands not accepted. */
export function cardBrandOf(digits: string): CardBrand | null {
  if (/^4/.test(digits) && [13, 16, 19].includes(digits.length)) return "visa";
  if (/^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/.test(digits) && digits.length === 16) return "mastercard";
  if (/^3[47]/.test(digits) && digits.length === 15) return "amex";
  return null;
}

/** Expiry as MM/YY or MM/YYYY (also MMYY); null when it is not a month of this century. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^(\d{1,2})\s*\/?\s*(\d{2}|\d{4})$/.exec(value.trim());
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12 || year < 2000 || year > 2099) return null;
  return { month, year };
}

/**
 * Dollars as sent (a JSON number or a form string) to cents, or the rule it breaks: required, invalid,
 * too_small (0 or less), too_many_decimals, too_large (over MAX_PAYMENT_CENTS).
 */
export const MAX_PAYMENT_CENTS = 5_000_000;
export function parseAmount(value: unknown): { cents: number } | { code: string } {
  if (value === undefined || value === null || (typeof value === "string" && !value.trim())) return { code: "required" };
  let text: string;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return { code: "invalid" };
    text = String(value);
    if (/e/i.test(text)) return { code: value <= 0 ? "too_small" : value > 1 ? "too_large" : "too_many_decimals" };
  } else if (typeof value === "string") text = value.trim();
  else return { code: "invalid" };
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return { code: "invalid" };
  const [, minus, whole, decimals = ""] = match;
  if (decimals.length > 2) return { code: "too_many_decimals" };
  if (whole.length > 12) return { code: "too_large" };
  const cents = Number(whole) * 100 + Number(decimals.padEnd(2, "0"));
  if (minus || cents <= 0) return { code: "too_small" };
  if (cents > MAX_PAYMENT_CENTS) return { code: "too_large" };
  return { cents };
}

type Check = (value: string) => string | null;
const notBlank: Check = (v) => (v.trim() ? null : "required");
const nameRule: Check = (v) => (!v.trim() ? "required" : v.trim().length > 100 ? "too_long" : null);

/** The rule each field breaks, as the code suffix (`required`, `invalid`…), or null. */
export const FIELD_RULES = {
  card_number: (v: string) => {
    const digits = cardDigits(v);
    if (!digits) return "required";
    if (!/^\d{12,19}$/.test(digits)) return "invalid";
    if (!luhnValid(digits)) return "checksum";
    return cardBrandOf(digits) ? null : "unsupported_brand";
  },
  expiry: (v: string) => (!v.trim() ? "required" : parseExpiry(v) ? null : "invalid"),
  cvv: (v: string) => (!v.trim() ? "required" : /^\d{3,4}$/.test(v.trim()) ? null : "invalid"),
  cardholder_name: nameRule,
  institution_number: (v: string) => (!v.trim() ? "required" : /^\d{3}$/.test(v.trim()) ? null : "invalid"),
  transit_number: (v: string) => (!v.trim() ? "required" : /^\d{5}$/.test(v.trim()) ? null : "invalid"),
  account_number: (v: string) => {
    const value = v.trim();
    if (!value) return "required";
    if (!/^\d+$/.test(value)) return "digits_only";
    return value.length >= 5 && value.length <= 12 ? null : "invalid_length";
  },
  account_holder: nameRule,
  branch_address: (v: string) => {
    const value = v.trim();
    if (!value) return "required";
    if (value.length < 7) return "too_short";
    return value.length > 200 ? "too_long" : null;
  },
  note: (v: string) => (v.length > 1000 ? "too_long" : null),
} satisfies Record<string, Check>;

/** A text field that must be sent; its rule's code becomes `<field>.<rule>`. */
const required = (field: string, check: Check = notBlank) =>
  z.preprocess(
    (v) => v ?? "",
    z.string().superRefine((value, ctx) => {
      const code = check(value);
      if (code) ctx.addIssue({ code: "custom", message: `${field}.${code}` });
    }),
  );
const rule = <K extends keyof typeof FIELD_RULES>(field: K) => required(field, FIELD_RULES[field]);

/** Whether a security code of 3 or 4 digits has the wrong length for the card's brand (Amex 4, the others 3). */
export function cvvMismatchesBrand(cardNumber: string, cvv: string): boolean {
  const brand = cardBrandOf(cardDigits(cardNumber));
  const code = cvv.trim();
  return Boolean(brand && /^\d{3,4}$/.test(code) && code.length !== (brand === "amex" ? 4 : 3));
}

/** Whether a card valid through the end of `month`/`year` has expired on `today` (YYYY-MM-DD). */
export const cardExpired = (month: number, year: number, today: string) =>
  year * 12 + month < Number(today.slice(0, 4)) * 12 + Number(today.slice(5, 7));

/** Amex cards have a 4-digit security code, the other brands 3 digits. */
function checkCvvLength(value: { card_number?: string; cvv?: string }, ctx: z.RefinementCtx) {
  if (cvvMismatchesBrand(value.card_number ?? "", value.cvv ?? "")) ctx.addIssue({ code: "custom", message: "cvv.invalid", path: ["cvv"] });
}

const acceptedValues = new Set(["true", "on", "1", "yes"]);
export const isAccepted = (value: unknown) =>
  value === true || (typeof value === "string" && acceptedValues.has(value.trim().toLowerCase()));

/** A box a form may tick ("true", "on" or "1"), or a JSON boolean; absent is false. */
const optionalChoice = z.union([z.boolean(), z.string()]).optional();

/**
 * POST /billing/{id}/autopay/credit-card (header Idempotency-Key). Spaces and dashes in the number are
 * ignored; the number and CVV are never stored. The expiry must not be past (checked by the service).
 * One automatic method at a time: while a PAD is pending setup or active, the card replaces it only
 * with `replace_pad` (422 `replace_pad.required` otherwise); the PAD then ends at once, as does a PAD
 * already pending removal.
 */
export const CardAutopayRequest = z
  .object({
    card_number: rule("card_number"),
    /** MM/YY or MM/YYYY; the card is valid through the end of that month. */
    expiry: rule("expiry"),
    /** 3 digits, 4 for American Express. */
    cvv: rule("cvv"),
    cardholder_name: rule("cardholder_name"),
    /** The customer chose to replace the pre-authorized debit by this card. */
    replace_pad: optionalChoice,
  })
  .superRefine(checkCvvLength);
export type CardAutopayRequest = z.infer<typeof CardAutopayRequest>;

/** The text fields of POST /billing/{id}/autopay/pad. */
export const PadAutopayFields = z.object({
  /** Exactly 3 digits. */
  institution_number: rule("institution_number"),
  /** Exactly 5 digits. */
  transit_number: rule("transit_number"),
  /** Digits only, 5 to 12 of them; only the last four are kept. */
  account_number: rule("account_number"),
  account_holder: rule("account_holder"),
  /** At least 7 characters. */
  branch_address: rule("branch_address"),
  /**
   * The customer chose to replace card autopay by this debit: required while card autopay is active
   * (422 `replace_card.required` otherwise); card autopay then stops at once.
   */
  replace_card: optionalChoice,
  /** Must be true ("true", "on" or "1" from a form). */
  agreement_accepted: z.preprocess(
    (v) => v ?? false,
    z.union([z.boolean(), z.string()]).superRefine((value, ctx) => {
      if (!isAccepted(value)) ctx.addIssue({ code: "custom", message: "agreement_accepted.required" });
    }),
  ),
});
/** POST /billing/{id}/autopay/pad, multipart (header Idempotency-Key): the fields and a void cheque. */
export const PadAutopayRequest = PadAutopayFields.extend({
  /** JPG, JPEG, PNG, BMP or PDF (checked by content), at most 20 MB. */
  void_cheque: z.file(),
});

/** POST autopay/credit-card and autopay/pad: the account's autopay after the change. */
export const AutopaySetupAnswer = z.object({ success: z.literal(true), autopayDetails: AutopayDetails });
export type AutopaySetupAnswer = z.infer<typeof AutopaySetupAnswer>;

/** DELETE /billing/{id}/autopay, /billing/{id}/autopay-card and /billing/{id}/autopay-pad */
export const AutopayStopAnswer = z.object({ success: z.literal(true) });

/**
 * DELETE /billing/{id}/autopay-pad: an agreement still pending setup ends at once (`removed`, no debit is
 * ever taken); an active one is `pending_removal` until the cancellation notice period ends.
 */
export const PadRemovalAnswer = AutopayStopAnswer.extend({
  status: z.enum(["removed", "pending_removal"]),
  removal_effective_on: IsoDate,
});
export type PadRemovalAnswer = z.infer<typeof PadRemovalAnswer>;

const CARD_FIELDS = ["card_number", "expiry", "cvv", "cardholder_name"] as const;
const BANK_FIELDS = ["institution_number", "transit_number", "account_number", "account_holder"] as const;

/**
 * POST /billing/{id}/payments (header Idempotency-Key). `method` credit_card needs the card fields;
 * bank (a debit from an institution/transit/account) needs the bank fields; the others are ignored.
 */
export const MakePaymentRequest = z
  .object({
    method: required("method", (v) => (!v.trim() ? "required" : ["credit_card", "bank"].includes(v.trim()) ? null : "invalid")),
    /** Dollars, more than 0, at most two decimals, at most what is still owed (the balance less pending payments). */
    amount: z.preprocess(
      (v) => v ?? "",
      z.union([z.number(), z.string()]).superRefine((value, ctx) => {
        const parsed = parseAmount(value);
        if ("code" in parsed) ctx.addIssue({ code: "custom", message: `amount.${parsed.code}` });
      }),
    ),
    card_number: z.string().optional(),
    expiry: z.string().optional(),
    cvv: z.string().optional(),
    cardholder_name: z.string().optional(),
    institution_number: z.string().optional(),
    transit_number: z.string().optional(),
    account_number: z.string().optional(),
    account_holder: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    const method = value.method.trim();
    const fields = method === "credit_card" ? CARD_FIELDS : method === "bank" ? BANK_FIELDS : [];
    for (const field of fields) {
      const code = FIELD_RULES[field](value[field] ?? "");
      if (code) ctx.addIssue({ code: "custom", message: `${field}.${code}`, path: [field] });
    }
    if (method === "credit_card") checkCvvLength(value, ctx);
  });
export type MakePaymentRequest = z.infer<typeof MakePaymentRequest>;

/** A payment that was made: successful, or pending (bank payments, some card reviews). */
export const MakePaymentAnswer = z.object({
  success: z.literal(true),
  payment: PaymentRecord,
  balance_owing: Money,
  /** What is still owed after this payment: the balance less every pending payment, this one included. */
  amount_due: Money,
  /** The payment cleared the balance of an account suspended for non-payment: services are back. */
  suspension_lifted: z.boolean(),
});
export type MakePaymentAnswer = z.infer<typeof MakePaymentAnswer>;

/** The text fields of POST /billing/{id}/proof-of-payment. */
export const ProofOfPaymentFields = z.object({
  /** At most 1000 characters. */
  note: z
    .string()
    .superRefine((value, ctx) => {
      if (FIELD_RULES.note(value)) ctx.addIssue({ code: "custom", message: "note.too_long" });
    })
    .optional(),
});
/** POST /billing/{id}/proof-of-payment, multipart: 1 to 5 files in `attachments`, and a note. */
export const ProofOfPaymentRequest = ProofOfPaymentFields.extend({
  /** JPG, PNG or PDF (checked by content), at most 20 MB each (FILE_RULES.proof_of_payment). */
  attachments: z.array(z.file()).min(1).max(5),
});
export const ProofOfPaymentAnswer = z.object({
  success: z.literal(true),
  submitted_proof_of_payment: z.literal(true),
  file_count: z.number().int(),
});
export type ProofOfPaymentAnswer = z.infer<typeof ProofOfPaymentAnswer>;

const cardCodes = [
  "card_number.required",
  "card_number.invalid",
  "card_number.checksum",
  "card_number.unsupported_brand",
  "card_number.credit_card_not_allowed",
  "card_number.declined",
  "expiry.required",
  "expiry.invalid",
  "expiry.expired",
  "cvv.required",
  "cvv.invalid",
  "cardholder_name.required",
  "cardholder_name.too_long",
];
const bankCodes = [
  "institution_number.required",
  "institution_number.invalid",
  "transit_number.required",
  "transit_number.invalid",
  "account_number.required",
  "account_number.digits_only",
  "account_number.invalid_length",
  "account_holder.required",
  "account_holder.too_long",
];
const idempotencyCodes = ["idempotency_key.reused"];

export const BILLING_ERROR_CODES = {
  payments: ["from_date.invalid", "to_date.invalid", "to_date.before_from_date", "transaction_id.invalid", "include.invalid"],
  makePayment: [
    "method.required",
    "method.invalid",
    "amount.required",
    "amount.invalid",
    "amount.too_small",
    "amount.too_many_decimals",
    "amount.too_large",
    "amount.exceeds_balance",
    "amount.exceeds_amount_due",
    ...cardCodes,
    "card_number.insufficient_funds",
    ...bankCodes,
    ...idempotencyCodes,
  ],
  cardAutopay: [...cardCodes, "replace_pad.required", ...idempotencyCodes],
  padAutopay: [
    ...bankCodes,
    "branch_address.required",
    "branch_address.too_short",
    "branch_address.too_long",
    "agreement_accepted.required",
    "replace_card.required",
    "void_cheque.required",
    "void_cheque.too_many",
    "void_cheque.empty",
    "void_cheque.too_large",
    "void_cheque.type",
    "void_cheque.unsafe_content",
    ...idempotencyCodes,
  ],
  stopCard: ["autopay.not_active"],
  removeCard: ["autopay_card.none"],
  stopPad: ["autopay_pad.not_active"],
  proofOfPayment: [
    "account.not_suspended",
    "attachments.required",
    "attachments.too_many",
    "attachments.empty",
    "attachments.too_large",
    "attachments.type",
    "attachments.unsafe_content",
    "note.too_long",
  ],
} as const;

const billing = { tag: "billing", auth: "bearer" } as const;

export const billingEndpoints = [
  endpoint({
    ...billing,
    method: "get",
    path: "/billing/{id}/invoices",
    summary: "The account's invoices, newest first, with what was paid of each and the path of its PDF",
    answer: InvoicesAnswer,
  }),
  endpoint({
    ...billing,
    method: "get",
    path: "/billing/{id}/invoices/{invoiceId}/pdf",
    summary: "One invoice as a PDF (labels in the Accept-Language language)",
    answer: z.string(),
    answerType: "application/pdf",
    errors: [404],
  }),
  endpoint({
    ...billing,
    method: "get",
    path: "/billing/{id}/summary",
    summary: "Current invoice, balance (past due, due date, pending payments, what is still owed) and suspension",
    answer: BillingSummaryAnswer,
  }),
  endpoint({
    ...billing,
    method: "get",
    path: "/billing/{id}/payments",
    summary: "Payment history between optional dates, newest first (bank payments of any age)",
    query: PaymentsQuery,
    answer: PaymentsAnswer,
    errors: [422],
    errorCodes: [...BILLING_ERROR_CODES.payments],
  }),
  endpoint({
    ...billing,
    method: "post",
    path: "/billing/{id}/payments",
    summary: "One-time payment by credit card or bank debit, at most what is still owed (Idempotency-Key header required)",
    body: MakePaymentRequest,
    answer: MakePaymentAnswer,
    status: 201,
    headers: [IDEMPOTENCY_KEY],
    errors: [400, 409, 422],
    errorCodes: [...BILLING_ERROR_CODES.makePayment],
  }),
  endpoint({
    ...billing,
    method: "get",
    path: "/billing/{id}/autopay",
    summary: "Automatic payments: card and PAD methods, both-configured flag, autopay credit, next charges",
    answer: AutopayAnswer,
  }),
  endpoint({
    ...billing,
    method: "post",
    path: "/billing/{id}/autopay/credit-card",
    summary:
      "Set up (or replace) card autopay; only the brand and last four digits are kept; replacing a PAD needs replace_pad (Idempotency-Key header required)",
    body: CardAutopayRequest,
    answer: AutopaySetupAnswer,
    status: 201,
    headers: [IDEMPOTENCY_KEY],
    errors: [400, 409, 422],
    errorCodes: [...BILLING_ERROR_CODES.cardAutopay],
  }),
  endpoint({
    ...billing,
    method: "post",
    path: "/billing/{id}/autopay/pad",
    summary:
      "Set up (or replace) pre-authorized debit with a void cheque; starts pending_setup; replacing card autopay needs replace_card (Idempotency-Key header required)",
    body: PadAutopayRequest,
    bodyEncoding: "multipart",
    uploads: [{ field: "void_cheque", purpose: "void_cheque" }],
    answer: AutopaySetupAnswer,
    status: 201,
    headers: [IDEMPOTENCY_KEY],
    errors: [400, 409, 422],
    errorCodes: [...BILLING_ERROR_CODES.padAutopay],
  }),
  endpoint({
    ...billing,
    method: "delete",
    path: "/billing/{id}/autopay",
    summary: "Stop card autopay",
    answer: AutopayStopAnswer,
    errors: [422],
    errorCodes: [...BILLING_ERROR_CODES.stopCard],
  }),
  endpoint({
    ...billing,
    method: "delete",
    path: "/billing/{id}/autopay-card",
    summary: "Remove the card on file: card autopay stops if it is active, and the card is no longer kept (GET then answers card: null)",
    answer: AutopayStopAnswer,
    errors: [422],
    errorCodes: [...BILLING_ERROR_CODES.removeCard],
  }),
  endpoint({
    ...billing,
    method: "delete",
    path: "/billing/{id}/autopay-pad",
    summary: "Remove the PAD: one pending setup ends at once; an active one is pending_removal until the cancellation notice period ends",
    answer: PadRemovalAnswer,
    errors: [422],
    errorCodes: [...BILLING_ERROR_CODES.stopPad],
  }),
  endpoint({
    ...billing,
    method: "post",
    path: "/billing/{id}/proof-of-payment",
    summary: "Upload proof of payment of an account suspended for non-payment (1 to 5 files, and a note)",
    body: ProofOfPaymentRequest,
    bodyEncoding: "multipart",
    uploads: [{ field: "attachments", purpose: "proof_of_payment" }],
    answer: ProofOfPaymentAnswer,
    status: 201,
    errors: [422],
    errorCodes: [...BILLING_ERROR_CODES.proofOfPayment],
  }),
];
