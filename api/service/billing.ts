/**
 * /billing: invoices and their PDF, the balance, payment history, one-time payments, card and PAD
 * autopay, proof of payment.
 *
 * Access: any activated contact reads; paying, autopay changes and proof of payment need the
 * authoritative or billing role; an account that is not billing-authoritative answers 403 (it is billed
 * through its parent). Payment and autopay requests are idempotent by their Idempotency-Key header.
 *
 * Time-driven changes are applied lazily, when an account's billing is next used: pending payments
 * settle once their settlement period passed (bank 48 hours, others 24), PAD agreements become active
 * after the setup period and removed after the cancellation period.
 */
import { createHash } from "node:crypto";
import { Router, type Request, type Response } from "express";
import type { z } from "zod";
import {
  CardAutopayRequest,
  MakePaymentRequest,
  PadAutopayFields,
  PaymentsQuery,
  ProofOfPaymentFields,
  cardBrandOf,
  cardDigits,
  cardExpired,
  isAccepted,
  parseAmount,
  parseExpiry,
  type AutopayDetails,
  type BillingSummaryAnswer,
  type CardBrand,
  type Invoice,
  type InvoiceStatus,
  type MakePaymentAnswer,
  type PadRemovalAnswer,
  type PaymentRecord,
} from "../contract/billing.ts";
import type { Db } from "../db/client.ts";
import { dollars, todayOf, type AddressColumns, type ServiceContext } from "./context.ts";
import { ApiError, type FieldErrors, fieldErrors, forbidden, notFound, unprocessable } from "./errors.ts";
import { checkFiles, storeFiles } from "./files.ts";
import { currentUser, parseWithRules, requireCustomer, route, type ContactRole, type CustomerAccess, type UploadedFile } from "./http.ts";
import { renderInvoicePdf } from "./invoice-pdf.ts";
import { restorePackages } from "./packages.ts";
import { chargeCard, newTransactionId, registerBankAccount, settlementHours, verifyCard } from "./payment-processor.ts";
import { addBusinessDays, addDays, addMonths, isBusinessDay, parseDay } from "#common/calendar";

/** The monthly credit of an account that pays automatically. */
export const AUTOPAY_CREDIT_CENTS = 500;
/** Card autopay charges about this many business days after the billing date. */
export const CARD_CHARGE_BUSINESS_DAYS = 10;
/** PAD debits are taken on the first business day of the cycle's third week (day 15 on). */
export const PAD_CHARGE_CYCLE_DAY = 15;
/** Pre-authorized debit notice periods (days): debit amount notice, setup, cancellation. */
export const PAD_NOTICE = { debit_notice_days: 10, setup_days: 15, cancellation_days: 30 } as const;
/** How long an Idempotency-Key is remembered. */
export const IDEMPOTENCY_KEY_DAYS = 30;

const PAYING_ROLES: ContactRole[] = ["authoritative", "billing"];

// --- Billing cycles ---

/** The start of the billing cycle that today falls in (billing days are 1 to 28). */
const cycleStart = (today: string, billingDay: number) => addMonths(today, Number(today.slice(8, 10)) >= billingDay ? 0 : -1, billingDay);

/** The first charge after today, on or after `earliest` and before `before`, of a charge date per cycle. */
function nextCharge(today: string, billingDay: number, chargeOf: (start: string) => string, earliest = today, before?: string) {
  const start = cycleStart(today, billingDay);
  for (let k = -1; k <= 3; k++) {
    const charge = chargeOf(addMonths(start, k, billingDay));
    if (charge > today && charge >= earliest) return before && charge >= before ? null : charge;
  }
  return null;
}
/** The card autopay charge date of the cycle that starts on `start` (its billing date). */
export const cardChargeOf = (start: string) => addBusinessDays(start, CARD_CHARGE_BUSINESS_DAYS);
/** The PAD debit date of the cycle that starts on `start` (its billing date). */
export function padChargeOf(start: string) {
  let day = addDays(start, PAD_CHARGE_CYCLE_DAY - 1);
  while (!isBusinessDay(day)) day = addDays(day, 1);
  return day;
}

// --- Balance and invoices ---

export interface AccountBalance {
  /** Billed minus successful payments, never below zero. */
  balanceCents: number;
  /** The part of the balance on invoices whose due date has passed. */
  pastDueCents: number;
  /** Successful payments, all time (what covers invoices, oldest first). */
  paidCents: number;
  /** Payments not settled yet (not deducted from the balance). */
  pendingCents: number;
  /**
   * What is still owed: the balance less the payments on their way, never below zero. A payment
   * (one-time or automatic) may be at most this much.
   */
  amountDueCents: number;
}

/**
 * The columns of an account's balance as of a day ($1 the customer, $2 the day), for one SELECT with others
 * (the residential dashboard reads them with its billing details in one statement).
 */
export const BALANCE_COLUMNS = `
       COALESCE((SELECT SUM(total_cents) FROM invoices WHERE customer_id = $1), 0) AS billed,
       COALESCE((SELECT SUM(total_cents) FROM invoices WHERE customer_id = $1 AND due_on < $2), 0) AS billed_due,
       COALESCE((SELECT SUM(amount_cents) FROM payments WHERE customer_id = $1 AND status = 'successful'), 0) AS paid,
       COALESCE((SELECT SUM(amount_cents) FROM payments WHERE customer_id = $1 AND status = 'pending'), 0) AS pending`;

export interface BalanceColumns {
  billed: number;
  billed_due: number;
  paid: number;
  pending: number;
}

/** An account's balance from BALANCE_COLUMNS. */
export function balanceOf(totals: BalanceColumns): AccountBalance {
  const balanceCents = Math.max(0, totals.billed - totals.paid);
  return {
    balanceCents,
    pastDueCents: Math.max(0, totals.billed_due - totals.paid),
    paidCents: totals.paid,
    pendingCents: totals.pending,
    amountDueCents: Math.max(0, balanceCents - totals.pending),
  };
}

/** The balance of an account as of a day: the one computation behind every balance the API answers. */
export async function accountBalance(db: Db, customerId: number, today: string): Promise<AccountBalance> {
  return balanceOf((await db.one<BalanceColumns>(`SELECT ${BALANCE_COLUMNS}`, [customerId, today]))!);
}

interface InvoiceRow {
  id: number;
  invoice_number: string;
  issued_on: string;
  due_on: string;
  period_start: string;
  period_end: string;
  total_cents: number;
}

interface AllocatedInvoice extends InvoiceRow {
  paid_cents: number;
  status: InvoiceStatus;
}

/** Invoices oldest first, each with what successful payments cover of it (oldest invoices first). */
async function allocatedInvoices(db: Db, customerId: number, today: string): Promise<AllocatedInvoice[]> {
  const [rows, balance] = await Promise.all([
    db.query<InvoiceRow>(
      `SELECT id, invoice_number, issued_on, due_on, period_start, period_end, total_cents
         FROM invoices WHERE customer_id = $1 ORDER BY issued_on, id`,
      [customerId],
    ),
    accountBalance(db, customerId, today),
  ]);
  let left = balance.paidCents;
  return rows.map((row) => {
    const paid = Math.max(0, Math.min(row.total_cents, left));
    left -= paid;
    const status: InvoiceStatus =
      paid >= row.total_cents ? "paid" : row.due_on < today ? "overdue" : paid > 0 ? "partially_paid" : "unpaid";
    return { ...row, paid_cents: paid, status };
  });
}

const toInvoice = (customerId: number, row: AllocatedInvoice): Invoice => ({
  invoice_id: row.id,
  invoice_number: row.invoice_number,
  issued_on: row.issued_on,
  due_on: row.due_on,
  period_start: row.period_start,
  period_end: row.period_end,
  total: dollars(row.total_cents),
  amount_paid: dollars(row.paid_cents),
  balance_due: dollars(row.total_cents - row.paid_cents),
  status: row.status,
  pdf_path: `/billing/${customerId}/invoices/${row.id}/pdf`,
});

// --- Payments ---

interface PaymentRow {
  id: number;
  paid_at: Date;
  amount_cents: number;
  method: PaymentRecord["method"];
  type: PaymentRecord["type"];
  status: PaymentRecord["status"];
  transaction_id: string;
  card_brand: CardBrand | null;
  card_last4: string | null;
}
const PAYMENT_COLUMNS = "id, paid_at, amount_cents, method, type, status, transaction_id, card_brand, card_last4";

const toPayment = (p: PaymentRow): PaymentRecord => ({
  payment_id: p.id,
  transaction_id: p.transaction_id,
  date: p.paid_at.toISOString().slice(0, 10),
  paid_at: p.paid_at.toISOString(),
  amount: dollars(p.amount_cents),
  method: p.method,
  type: p.type,
  status: p.status,
  card_brand: p.card_brand,
  card_last_four: p.card_last4,
  settles_by: p.status === "pending" ? new Date(p.paid_at.getTime() + settlementHours(p.method) * 3_600_000).toISOString() : null,
});

/**
 * Once an account suspended for non-payment owes nothing, the suspension ends: the account's flags
 * clear, its suspended packages become active and their interrupted services connected again.
 * Run inside the transaction that recorded the payment. Answers whether it lifted the suspension.
 */
export async function liftSuspensionIfPaid(tx: Db, customerId: number, now: Date): Promise<boolean> {
  const today = now.toISOString().slice(0, 10);
  const customer = await tx.one<{ suspended_for_nonpayment: boolean }>("SELECT suspended_for_nonpayment FROM customers WHERE id = $1", [
    customerId,
  ]);
  if (!customer?.suspended_for_nonpayment) return false;
  if ((await accountBalance(tx, customerId, today)).balanceCents > 0) return false;
  await tx.query("UPDATE customers SET suspended_for_nonpayment = false, submitted_proof_of_payment = false WHERE id = $1", [customerId]);
  // Only what non-payment suspended: a suspension the customer asked for stays until they reinstate.
  const packages = await tx.query<{ id: number }>(
    `SELECT p.id FROM packages p
      WHERE p.customer_id = $1 AND p.status = 'suspended'
        AND NOT EXISTS (SELECT 1 FROM package_suspensions s
                         WHERE s.package_id = p.id AND s.ended_at IS NULL AND s.reason = 'customer_request')`,
    [customerId],
  );
  await restorePackages(
    tx,
    packages.map((p) => p.id),
  );
  await tx.query(
    "UPDATE package_suspensions SET ended_at = GREATEST($2, started_at) WHERE customer_id = $1 AND reason = 'non_payment' AND ended_at IS NULL",
    [customerId, now],
  );
  return true;
}

export const MATURED_PAYMENT = `status = 'pending'
  AND paid_at + CASE WHEN method IN ('bank', 'pad') THEN interval '48 hours' ELSE interval '24 hours' END <= $2`;
const DUE_PAD = `((status = 'pending_setup' AND active_from <= $2) OR (status = 'pending_removal' AND removal_effective_on <= $2))`;

/** Payments past their settlement period ($2: now) and PAD agreements whose date came ($2: today), by SQL condition. */
export const DUE_BILLING = { payments: MATURED_PAYMENT, pads: DUE_PAD };

/**
 * Applies what time has made due on an account: pending payments past their settlement period settle
 * (and may lift a suspension), PAD agreements move on from pending_setup and pending_removal. A cheap
 * read decides first; nothing is written when nothing is due. Idempotent, and safe with several
 * processes: the account's row is locked and every UPDATE names the state it leaves.
 */
export async function settleBilling(db: Db, customerId: number, now: Date): Promise<boolean> {
  const today = now.toISOString().slice(0, 10);
  const due = await db.one<{ payments: boolean; pads: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM payments WHERE customer_id = $1 AND ${MATURED_PAYMENT}) AS payments,
            EXISTS (SELECT 1 FROM autopay_pads WHERE customer_id = $1 AND ${DUE_PAD.replaceAll("$2", "$3")}) AS pads`,
    [customerId, now, today],
  );
  if (!due?.payments && !due?.pads) return false;
  await db.transaction(async (tx) => {
    await tx.query("SELECT id FROM customers WHERE id = $1 FOR UPDATE", [customerId]);
    const settled = await tx.query(`UPDATE payments SET status = 'successful' WHERE customer_id = $1 AND ${MATURED_PAYMENT} RETURNING id`, [
      customerId,
      now,
    ]);
    if (settled.length) await liftSuspensionIfPaid(tx, customerId, now);
    await tx.query(
      `UPDATE autopay_pads SET status = CASE WHEN status = 'pending_setup' THEN 'active' ELSE 'removed' END
        WHERE customer_id = $1 AND ${DUE_PAD}`,
      [customerId, today],
    );
  });
  return true;
}

/** Billing's time-driven changes of an account, before a billing request uses it (see settleBilling). */
async function applyDueChanges(ctx: ServiceContext, customerId: number): Promise<void> {
  await settleBilling(ctx.db, customerId, ctx.now());
}

// --- Autopay ---

interface CardRow {
  status: "active" | "stopped";
  card_brand: CardBrand;
  card_last4: string;
  expiry_month: number;
  expiry_year: number;
  cardholder_name: string;
  set_up_at: Date;
  stopped_at: Date | null;
}
interface PadRow {
  status: "pending_setup" | "active" | "pending_removal" | "removed";
  institution_number: string;
  transit_number: string;
  account_last4: string;
  account_holder: string;
  branch_address: string;
  agreement_accepted_at: Date;
  active_from: string;
  removal_requested_at: Date | null;
  removal_effective_on: string | null;
}

/** A card is valid through the last day of its expiry month. */
export { cardExpired };

async function autopayDetails(db: Db, customerId: number, billingDay: number, today: string): Promise<AutopayDetails> {
  const [card, pad] = await Promise.all([
    db.one<CardRow>(
      `SELECT status, card_brand, card_last4, expiry_month, expiry_year, cardholder_name, set_up_at, stopped_at
         FROM autopay_cards WHERE customer_id = $1 AND status <> 'removed'
        ORDER BY (status = 'active') DESC, set_up_at DESC, id DESC LIMIT 1`,
      [customerId],
    ),
    db.one<PadRow>(
      `SELECT status, institution_number, transit_number, account_last4, account_holder, branch_address,
              agreement_accepted_at, active_from, removal_requested_at, removal_effective_on
         FROM autopay_pads WHERE customer_id = $1 ORDER BY (status <> 'removed') DESC, agreement_accepted_at DESC, id DESC LIMIT 1`,
      [customerId],
    ),
  ]);
  const expired = card ? cardExpired(card.expiry_month, card.expiry_year, today) : false;
  const cardCharging = card?.status === "active" && !expired;
  const padCharging = pad?.status === "active" || pad?.status === "pending_removal";
  let padNext: string | null = null;
  if (pad && pad.status !== "removed") {
    padNext = nextCharge(today, billingDay, padChargeOf, pad.active_from, pad.removal_effective_on ?? undefined);
  }
  return {
    card: card
      ? {
          status: card.status,
          brand: card.card_brand,
          last_four: card.card_last4,
          expiry_month: card.expiry_month,
          expiry_year: card.expiry_year,
          expired,
          cardholder_name: card.cardholder_name,
          set_up_at: card.set_up_at.toISOString(),
          stopped_at: card.stopped_at?.toISOString() ?? null,
          next_charge_on: cardCharging ? nextCharge(today, billingDay, cardChargeOf) : null,
        }
      : null,
    pad: pad
      ? {
          status: pad.status,
          institution_number: pad.institution_number,
          transit_number: pad.transit_number,
          account_last_four: pad.account_last4,
          account_holder: pad.account_holder,
          branch_address: pad.branch_address,
          agreement_accepted_at: pad.agreement_accepted_at.toISOString(),
          active_from: pad.active_from,
          removal_requested_at: pad.removal_requested_at?.toISOString() ?? null,
          removal_effective_on: pad.removal_effective_on,
          next_charge_on: padNext,
        }
      : null,
    both_methods_configured: card?.status === "active" && (pad?.status === "pending_setup" || pad?.status === "active"),
    autopay_credit: { amount: dollars(AUTOPAY_CREDIT_CENTS), applies: cardCharging || padCharging },
    pad_notice_periods: { ...PAD_NOTICE },
  };
}

/** Ends the account's PAD agreement today, whatever its state (a replacement by a new agreement or a card). */
async function endPad(tx: Db, customerId: number, now: Date, today: string): Promise<void> {
  await tx.query(
    `UPDATE autopay_pads SET status = 'removed', removal_requested_at = COALESCE(removal_requested_at, $2),
            removal_effective_on = $3
      WHERE customer_id = $1 AND status <> 'removed'`,
    [customerId, now, today],
  );
}

// --- Idempotency ---

interface Outcome {
  status: number;
  body: unknown;
}

/** Thrown inside the transaction when another request holds the key: it is rolled back, then replayed. */
class KeyTaken extends Error {}

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** The Idempotency-Key header: required (400 without), visible ASCII, at most 255 characters. */
function idempotencyKey(req: Request): string {
  const value = req.get("Idempotency-Key");
  if (value === undefined || value.trim() === "") {
    throw new ApiError(400, "An Idempotency-Key header is required", { idempotency_key: ["idempotency_key.required"] });
  }
  if (!IDEMPOTENCY_KEY.test(value.trim())) {
    throw new ApiError(400, "The Idempotency-Key header is not valid", { idempotency_key: ["idempotency_key.invalid"] });
  }
  return value.trim();
}

/** A stable digest of what a request asks (keys sorted). */
function fingerprint(value: unknown): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v && typeof v === "object"
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
          )
        : v;
  return createHash("sha256")
    .update(JSON.stringify(canonical(value)))
    .digest("hex");
}

/**
 * Runs a money-moving request once per Idempotency-Key: a key seen before with the same request answers
 * the stored status and body again (header Idempotent-Replayed: true) without running anything; with
 * another request it is refused (422 idempotency_key.reused). The key is reserved, the work done and its
 * answer stored in one transaction, so a concurrent duplicate waits and then replays. Refusals thrown
 * by the work (business rules) roll back and are not stored.
 *
 * The transaction first locks the account's row (FOR UPDATE), so money-moving requests of one account run
 * one after the other whatever their keys, and the work sees what the one before it wrote. First: the
 * key's row references the account, and on PostgreSQL inserting it takes a key-share lock on the
 * account's row; two requests that each held that and then asked for FOR UPDATE would deadlock.
 */
async function idempotent(
  ctx: ServiceContext,
  req: Request,
  res: Response,
  request: { key: string; customerId: number; endpoint: string; fingerprint: string },
  work: (tx: Db) => Promise<Outcome>,
): Promise<void> {
  const userId = currentUser(req).userId;
  const now = ctx.now();
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_KEY_DAYS * 86_400_000);
  const replay = async () => {
    const row = await ctx.db.one<{ endpoint: string; fingerprint: string; status_code: number; answer: unknown }>(
      `SELECT endpoint, fingerprint, status_code, answer FROM idempotency_keys
        WHERE user_id = $1 AND idempotency_key = $2 AND created_at >= $3 AND status_code IS NOT NULL`,
      [userId, request.key, cutoff],
    );
    if (!row) return false;
    if (row.endpoint !== request.endpoint || row.fingerprint !== request.fingerprint) {
      throw unprocessable({ idempotency_key: ["idempotency_key.reused"] }, "This Idempotency-Key was used for another request");
    }
    res.set("Idempotent-Replayed", "true").status(row.status_code).json(row.answer);
    return true;
  };
  if (await replay()) return;
  let outcome: Outcome;
  try {
    outcome = await ctx.db.transaction(async (tx) => {
      await tx.query("SELECT id FROM customers WHERE id = $1 FOR UPDATE", [request.customerId]);
      await tx.query("DELETE FROM idempotency_keys WHERE user_id = $1 AND created_at < $2", [userId, cutoff]);
      const reserved = await tx.one(
        `INSERT INTO idempotency_keys (user_id, idempotency_key, customer_id, endpoint, fingerprint, created_at)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (user_id, idempotency_key) DO NOTHING RETURNING 1 AS reserved`,
        [userId, request.key, request.customerId, request.endpoint, request.fingerprint, now],
      );
      if (!reserved) throw new KeyTaken();
      const result = await work(tx);
      await tx.query("UPDATE idempotency_keys SET status_code = $3, answer = $4 WHERE user_id = $1 AND idempotency_key = $2", [
        userId,
        request.key,
        result.status,
        JSON.stringify(result.body),
      ]);
      return result;
    });
  } catch (error) {
    if (error instanceof KeyTaken && (await replay())) return;
    if (error instanceof KeyTaken) throw new ApiError(409, "A request with this Idempotency-Key is still being processed");
    throw error;
  }
  res.status(outcome.status).json(outcome.body);
}

// --- Request helpers ---

interface CustomerRow extends AddressColumns {
  id: number;
  contract_name: string;
  account_number: string;
  is_billing_authoritative: boolean;
  credit_card_allowed: boolean;
  suspended_for_nonpayment: boolean;
  submitted_proof_of_payment: boolean;
  billing_day: number;
}

/**
 * The user's access to an account's billing: an activated contact (with the authoritative or billing
 * role to change anything) of a billing-authoritative account; 403 otherwise.
 */
async function billingAccess(ctx: ServiceContext, req: Request, write: boolean): Promise<CustomerAccess & { customer: CustomerRow }> {
  const access = await requireCustomer(ctx.db, req, req.params.id, write ? PAYING_ROLES : undefined);
  const customer = await ctx.db.one<CustomerRow>(
    `SELECT id, contract_name, account_number, is_billing_authoritative, credit_card_allowed, suspended_for_nonpayment,
            submitted_proof_of_payment, billing_day, address_line1, address_line2, city, province, postal_code
       FROM customers WHERE id = $1`,
    [access.customerId],
  );
  if (!customer?.is_billing_authoritative) throw forbidden("This account is billed through its parent account");
  await applyDueChanges(ctx, access.customerId);
  return { ...access, customer };
}

/** Parses a body with a contract schema, adding file-rule codes; one 422 with every field's codes. */
function parseWithFiles<S extends z.ZodType>(schema: S, body: unknown, fileErrors: Record<string, string[]>): z.infer<S> {
  const result = schema.safeParse(body ?? {});
  const errors = { ...(result.success ? {} : fieldErrors(result.error)), ...fileErrors };
  if (!result.success || Object.keys(errors).length) throw unprocessable(errors, "Invalid request");
  return result.data;
}

const filesOf = (req: Request, field: string): UploadedFile[] => (req.files ?? []).filter((f) => f.field === field);

/** A card's expiry in the past, named beside the contract's refusals of the other fields (parseWithRules). */
const cardNotExpired = (today: string) => (sent: Record<string, unknown>, errors: FieldErrors) => {
  const expiry = parseExpiry(typeof sent.expiry === "string" ? sent.expiry : "");
  if (expiry && cardExpired(expiry.month, expiry.year, today)) errors.add("expiry", "expired");
};

/** The card fields, checked by the contract, as the processor and the records need them. */
function cardOf(input: { card_number?: string; expiry?: string; cardholder_name?: string }, today: string) {
  const digits = cardDigits(input.card_number ?? "");
  const expiry = parseExpiry(input.expiry ?? "")!;
  return {
    digits,
    brand: cardBrandOf(digits)!,
    last4: digits.slice(-4),
    expiry,
    expired: cardExpired(expiry.month, expiry.year, today),
    holder: (input.cardholder_name ?? "").trim(),
  };
}

// --- Routes ---

export function billingRoutes(ctx: ServiceContext): Router {
  const router = Router();

  router.get(
    "/billing/:id/invoices",
    route(async (req, res) => {
      const { customerId } = await billingAccess(ctx, req, false);
      const invoices = await allocatedInvoices(ctx.db, customerId, todayOf(ctx));
      res.json({ invoices: invoices.reverse().map((row) => toInvoice(customerId, row)) });
    }),
  );

  router.get(
    "/billing/:id/invoices/:invoiceId/pdf",
    route(async (req, res) => {
      const { customerId, customer } = await billingAccess(ctx, req, false);
      const invoiceId = Number(req.params.invoiceId);
      const invoices = await allocatedInvoices(ctx.db, customerId, todayOf(ctx));
      const invoice = Number.isSafeInteger(invoiceId) ? invoices.find((i) => i.id === invoiceId) : undefined;
      if (!invoice) throw notFound("Invoice");
      const lines = await ctx.db.query<{
        description: string;
        description_fr: string;
        amount_cents: number;
        kind: "charge" | "credit" | "tax";
      }>("SELECT description, description_fr, amount_cents, kind FROM invoice_lines WHERE invoice_id = $1 ORDER BY id", [invoice.id]);
      const fr = req.lang === "fr";
      const pdf = renderInvoicePdf({
        lang: req.lang,
        account: {
          name: customer.contract_name,
          number: customer.account_number,
          address: [
            [customer.address_line1, customer.address_line2].filter(Boolean).join(", "),
            [customer.city, customer.province, customer.postal_code].filter(Boolean).join(" "),
          ],
        },
        invoice: {
          number: invoice.invoice_number,
          issued_on: invoice.issued_on,
          due_on: invoice.due_on,
          period_start: invoice.period_start,
          period_end: invoice.period_end,
          status: invoice.status,
          total_cents: invoice.total_cents,
          paid_cents: invoice.paid_cents,
          balance_cents: invoice.total_cents - invoice.paid_cents,
        },
        lines: lines.map((l) => ({ description: fr ? l.description_fr : l.description, amount_cents: l.amount_cents, kind: l.kind })),
        created_at: ctx.now(),
      });
      res
        .status(200)
        .set({
          "Content-Type": "application/pdf",
          "Content-Disposition": `inline; filename="${invoice.invoice_number.replace(/[^A-Za-z0-9._-]/g, "_")}.pdf"`,
          "Content-Language": req.lang,
          "Content-Length": String(pdf.length),
        })
        .end(pdf);
    }),
  );

  router.get(
    "/billing/:id/summary",
    route(async (req, res) => {
      const { customerId, customer } = await billingAccess(ctx, req, false);
      const today = todayOf(ctx);
      const [invoices, balance, pending, last] = await Promise.all([
        allocatedInvoices(ctx.db, customerId, today),
        accountBalance(ctx.db, customerId, today),
        ctx.db.query<PaymentRow>(
          `SELECT ${PAYMENT_COLUMNS} FROM payments WHERE customer_id = $1 AND status = 'pending' ORDER BY paid_at DESC, id DESC`,
          [customerId],
        ),
        ctx.db.one<{ amount_cents: number; paid_at: Date }>(
          `SELECT amount_cents, paid_at FROM payments WHERE customer_id = $1 AND status = 'successful'
            ORDER BY paid_at DESC, id DESC LIMIT 1`,
          [customerId],
        ),
      ]);
      const current = invoices.at(-1);
      const answer: BillingSummaryAnswer = {
        currentInvoice: current ? toInvoice(customerId, current) : null,
        balanceDetails: {
          balance_owing: dollars(balance.balanceCents),
          past_due: dollars(balance.pastDueCents),
          due_date: balance.balanceCents > 0 && current ? current.due_on : null,
          pending_payments: pending.map(toPayment),
          pending_total: dollars(balance.pendingCents),
          amount_due: dollars(balance.amountDueCents),
          last_payment: last ? { amount: dollars(last.amount_cents), date: last.paid_at.toISOString().slice(0, 10) } : null,
          next_bill_date: addMonths(cycleStart(today, customer.billing_day), 1, customer.billing_day),
        },
        suspended_for_nonpayment: customer.suspended_for_nonpayment,
        submitted_proof_of_payment: customer.submitted_proof_of_payment,
      };
      res.json(answer);
    }),
  );

  router.get(
    "/billing/:id/payments",
    route(async (req, res) => {
      const { customerId } = await billingAccess(ctx, req, false);
      const query = PaymentsQuery.parse(req.query);
      if (query.from_date && query.to_date && query.to_date < query.from_date) {
        throw unprocessable({ to_date: ["to_date.before_from_date"] });
      }
      const rows = await ctx.db.query<PaymentRow>(
        `SELECT ${PAYMENT_COLUMNS} FROM payments
          WHERE customer_id = $1 AND ($2::timestamptz IS NULL OR paid_at >= $2) AND ($3::timestamptz IS NULL OR paid_at < $3)
          ORDER BY paid_at DESC, id DESC`,
        [customerId, query.from_date ? parseDay(query.from_date) : null, query.to_date ? parseDay(addDays(query.to_date, 1)) : null],
      );
      res.json({ payments: rows.map(toPayment) });
    }),
  );

  router.post(
    "/billing/:id/payments",
    route(async (req, res) => {
      const { customerId, customer } = await billingAccess(ctx, req, true);
      const key = idempotencyKey(req);
      const today = todayOf(ctx);
      const input = parseWithRules(MakePaymentRequest, req.body ?? {}, (sent, errors) => {
        if (typeof sent.method === "string" && sent.method.trim() === "credit_card") cardNotExpired(today)(sent, errors);
      });
      const method = input.method.trim() as "credit_card" | "bank";
      const cents = (parseAmount(input.amount) as { cents: number }).cents;
      const card = method === "credit_card" ? cardOf(input, today) : null;
      const bank =
        method === "bank"
          ? {
              institution: input.institution_number!.trim(),
              transit: input.transit_number!.trim(),
              last4: input.account_number!.trim().slice(-4),
              holder: input.account_holder!.trim(),
            }
          : null;
      const request = {
        key,
        customerId,
        endpoint: `POST /billing/${customerId}/payments`,
        // Card numbers and security codes stay out of the stored fingerprint.
        fingerprint: fingerprint({
          method,
          cents,
          card: card && { brand: card.brand, last4: card.last4, expiry: card.expiry, holder: card.holder },
          bank,
        }),
      };
      await idempotent(ctx, req, res, request, async (tx) => {
        if (card && !customer.credit_card_allowed) {
          throw unprocessable({ card_number: ["card_number.credit_card_not_allowed"] }, "This account does not pay by credit card");
        }
        if (card?.expired) throw unprocessable({ expiry: ["expiry.expired"] }, "The card has expired");
        // The account is locked (idempotent does it first): the check and the payment see the same balance
        // and pending payments, and on PostgreSQL (read committed) a request that waited for the lock reads
        // the payment the one before it made.
        const before = await accountBalance(tx, customerId, today);
        if (cents > before.amountDueCents) {
          throw before.pendingCents > 0
            ? unprocessable({ amount: ["amount.exceeds_amount_due"] }, "The amount is more than what is still owed after pending payments")
            : unprocessable({ amount: ["amount.exceeds_balance"] }, "The amount is more than the balance owing");
        }
        const outcome = card ? chargeCard(card.digits) : ({ status: "pending" } as const);
        const payment = await tx.one<PaymentRow>(
          `INSERT INTO payments (customer_id, paid_at, amount_cents, method, type, status, transaction_id, card_brand, card_last4, made_by_user_id)
           VALUES ($1, $2, $3, $4, 'one_time', $5, $6, $7, $8, $9) RETURNING ${PAYMENT_COLUMNS}`,
          [
            customerId,
            ctx.now(),
            cents,
            method,
            outcome.status,
            newTransactionId(),
            card?.brand ?? null,
            card?.last4 ?? null,
            currentUser(req).userId,
          ],
        );
        if (outcome.status === "declined") {
          return {
            status: 422,
            body: {
              success: false,
              message: outcome.reason === "insufficient_funds" ? "The card was declined: insufficient funds" : "The card was declined",
              errors: {
                card_number: [outcome.reason === "insufficient_funds" ? "card_number.insufficient_funds" : "card_number.declined"],
              },
            },
          };
        }
        const lifted = outcome.status === "successful" ? await liftSuspensionIfPaid(tx, customerId, ctx.now()) : false;
        const after = await accountBalance(tx, customerId, today);
        const answer: MakePaymentAnswer = {
          success: true,
          payment: toPayment(payment!),
          balance_owing: dollars(after.balanceCents),
          amount_due: dollars(after.amountDueCents),
          suspension_lifted: lifted,
        };
        return { status: 201, body: answer };
      });
    }),
  );

  router.get(
    "/billing/:id/autopay",
    route(async (req, res) => {
      const { customerId, customer } = await billingAccess(ctx, req, false);
      res.json({ autopayDetails: await autopayDetails(ctx.db, customerId, customer.billing_day, todayOf(ctx)) });
    }),
  );

  router.post(
    "/billing/:id/autopay/credit-card",
    route(async (req, res) => {
      const { customerId, customer } = await billingAccess(ctx, req, true);
      const key = idempotencyKey(req);
      const today = todayOf(ctx);
      const input = parseWithRules(CardAutopayRequest, req.body ?? {}, cardNotExpired(today));
      const card = cardOf(input, today);
      const replacePad = isAccepted(input.replace_pad);
      const request = {
        key,
        customerId,
        endpoint: `POST /billing/${customerId}/autopay/credit-card`,
        fingerprint: fingerprint({ brand: card.brand, last4: card.last4, expiry: card.expiry, holder: card.holder, replacePad }),
      };
      await idempotent(ctx, req, res, request, async (tx) => {
        if (!customer.credit_card_allowed) {
          throw unprocessable({ card_number: ["card_number.credit_card_not_allowed"] }, "This account does not pay by credit card");
        }
        if (card.expired) throw unprocessable({ expiry: ["expiry.expired"] }, "The card has expired");
        const verified = verifyCard(card.digits);
        if (!verified) {
          return {
            status: 422,
            body: { success: false, message: "The card was declined", errors: { card_number: ["card_number.declined"] } },
          };
        }
        // One automatic method at a time, checked under the account's lock (idempotent takes it first).
        const pad = await tx.one<{ status: PadRow["status"] }>(
          "SELECT status FROM autopay_pads WHERE customer_id = $1 AND status <> 'removed'",
          [customerId],
        );
        if ((pad?.status === "pending_setup" || pad?.status === "active") && !replacePad) {
          throw unprocessable({ replace_pad: ["replace_pad.required"] }, "A pre-authorized debit is set up: replacing it must be chosen");
        }
        const now = ctx.now();
        // The card takes over: the PAD ends today, whatever its state (no debit from today on).
        if (pad) await endPad(tx, customerId, now, today);
        await tx.query("UPDATE autopay_cards SET status = 'stopped', stopped_at = $2 WHERE customer_id = $1 AND status = 'active'", [
          customerId,
          now,
        ]);
        await tx.query(
          `INSERT INTO autopay_cards (customer_id, status, card_brand, card_last4, expiry_month, expiry_year, cardholder_name,
                                      processor_token, set_up_at, set_up_by)
           VALUES ($1, 'active', $2, $3, $4, $5, $6, $7, $8, $9)`,
          [
            customerId,
            card.brand,
            card.last4,
            card.expiry.month,
            card.expiry.year,
            card.holder,
            verified.token,
            now,
            currentUser(req).userId,
          ],
        );
        return { status: 201, body: { success: true, autopayDetails: await autopayDetails(tx, customerId, customer.billing_day, today) } };
      });
    }),
  );

  router.post(
    "/billing/:id/autopay/pad",
    route(async (req, res) => {
      const { customerId, customer } = await billingAccess(ctx, req, true);
      const key = idempotencyKey(req);
      const files = filesOf(req, "void_cheque");
      const fileErrors =
        files.length === 0
          ? { void_cheque: ["void_cheque.required"] }
          : files.length > 1
            ? { void_cheque: ["void_cheque.too_many"] }
            : await checkFiles(files, "void_cheque", "void_cheque");
      const input = parseWithFiles(PadAutopayFields, req.body, fileErrors);
      const replaceCard = isAccepted(input.replace_card);
      const today = todayOf(ctx);
      const bank = {
        institution: input.institution_number.trim(),
        transit: input.transit_number.trim(),
        last4: input.account_number.trim().slice(-4),
        holder: input.account_holder.trim(),
        branch: input.branch_address.trim(),
      };
      const request = {
        key,
        customerId,
        endpoint: `POST /billing/${customerId}/autopay/pad`,
        fingerprint: fingerprint({ ...bank, cheque: files[0].sha256, replaceCard }),
      };
      await idempotent(ctx, req, res, request, async (tx) => {
        // One automatic method at a time, checked under the account's lock (idempotent takes it first).
        const card = await tx.one("SELECT 1 AS active FROM autopay_cards WHERE customer_id = $1 AND status = 'active'", [customerId]);
        if (card && !replaceCard) {
          throw unprocessable({ replace_card: ["replace_card.required"] }, "Card autopay is active: replacing it must be chosen");
        }
        const now = ctx.now();
        if (card) {
          await tx.query("UPDATE autopay_cards SET status = 'stopped', stopped_at = $2 WHERE customer_id = $1 AND status = 'active'", [
            customerId,
            now,
          ]);
        }
        // A new agreement replaces the account's current one at once.
        await endPad(tx, customerId, now, today);
        const [chequeId] = await storeFiles(tx, ctx.files, customerId, "void_cheque", files, currentUser(req).userId);
        await tx.query(
          `INSERT INTO autopay_pads (customer_id, status, institution_number, transit_number, account_last4, account_holder,
                                     branch_address, processor_token, void_cheque_file_id, agreement_accepted_at, accepted_by, active_from)
           VALUES ($1, 'pending_setup', $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
          [
            customerId,
            bank.institution,
            bank.transit,
            bank.last4,
            bank.holder,
            bank.branch,
            registerBankAccount().token,
            chequeId,
            now,
            currentUser(req).userId,
            addDays(today, PAD_NOTICE.setup_days),
          ],
        );
        return { status: 201, body: { success: true, autopayDetails: await autopayDetails(tx, customerId, customer.billing_day, today) } };
      });
    }),
  );

  router.delete(
    "/billing/:id/autopay",
    route(async (req, res) => {
      const { customerId } = await billingAccess(ctx, req, true);
      const stopped = await ctx.db.query(
        "UPDATE autopay_cards SET status = 'stopped', stopped_at = $2 WHERE customer_id = $1 AND status = 'active' RETURNING id",
        [customerId, ctx.now()],
      );
      if (!stopped.length) throw unprocessable({ autopay: ["autopay.not_active"] }, "Card autopay is not active");
      res.json({ success: true });
    }),
  );

  router.delete(
    "/billing/:id/autopay-card",
    route(async (req, res) => {
      const { customerId } = await billingAccess(ctx, req, true);
      const now = ctx.now();
      // Every card still on file: an active one stops now, and none can be charged again (no token).
      const removed = await ctx.db.query(
        `UPDATE autopay_cards SET status = 'removed', removed_at = $2, stopped_at = COALESCE(stopped_at, $2), processor_token = NULL
          WHERE customer_id = $1 AND status <> 'removed' RETURNING id`,
        [customerId, now],
      );
      if (!removed.length) throw unprocessable({ autopay_card: ["autopay_card.none"] }, "No card is on file");
      res.json({ success: true });
    }),
  );

  router.delete(
    "/billing/:id/autopay-pad",
    route(async (req, res) => {
      const { customerId } = await billingAccess(ctx, req, true);
      const today = todayOf(ctx);
      // An agreement still pending setup never debited: it ends today. An active one gets the notice period.
      const [removing] = await ctx.db.query<{ status: "removed" | "pending_removal"; removal_effective_on: string }>(
        `UPDATE autopay_pads
            SET status = CASE WHEN status = 'pending_setup' THEN 'removed' ELSE 'pending_removal' END,
                removal_requested_at = $2,
                removal_effective_on = CASE WHEN status = 'pending_setup' THEN $3::date ELSE $4::date END
          WHERE customer_id = $1 AND status IN ('pending_setup', 'active') RETURNING status, removal_effective_on`,
        [customerId, ctx.now(), today, addDays(today, PAD_NOTICE.cancellation_days)],
      );
      if (!removing) throw unprocessable({ autopay_pad: ["autopay_pad.not_active"] }, "No PAD agreement to remove");
      const answer: PadRemovalAnswer = { success: true, status: removing.status, removal_effective_on: removing.removal_effective_on };
      res.json(answer);
    }),
  );

  router.post(
    "/billing/:id/proof-of-payment",
    route(async (req, res) => {
      const { customerId, customer } = await billingAccess(ctx, req, true);
      if (!customer.suspended_for_nonpayment) {
        throw unprocessable({ account: ["account.not_suspended"] }, "Only an account suspended for non-payment sends proof of payment");
      }
      const files = filesOf(req, "attachments");
      const fileErrors =
        files.length === 0 ? { attachments: ["attachments.required"] } : await checkFiles(files, "proof_of_payment", "attachments");
      const input = parseWithFiles(ProofOfPaymentFields, req.body, fileErrors);
      const userId = currentUser(req).userId;
      await ctx.db.transaction(async (tx) => {
        const ids = await storeFiles(tx, ctx.files, customerId, "proof_of_payment", files, userId);
        await tx.query(
          `INSERT INTO proof_of_payment_submissions (customer_id, note, file_ids, submitted_by, submitted_at)
           VALUES ($1, $2, $3, $4, $5)`,
          [customerId, input.note?.trim() || null, ids, userId, ctx.now()],
        );
        await tx.query("UPDATE customers SET submitted_proof_of_payment = true WHERE id = $1", [customerId]);
      });
      res.status(201).json({ success: true, submitted_proof_of_payment: true, file_count: files.length });
    }),
  );

  return router;
}
