/**
 * Billing's shared part: the balance of an account (the one computation behind every balance the API
 * answers), the time-driven changes of billing, and access to an account's billing with the request
 * helpers of its endpoints. The /billing endpoints live beside it: invoices, their PDF and the summary
 * (billing-invoices.ts), payments (billing-payments.ts), card and PAD autopay (billing-autopay.ts) and
 * proof of payment (billing-proof-of-payment.ts); payment and autopay requests are idempotent by their
 * Idempotency-Key header (idempotency.ts).
 *
 * Access: any activated contact reads; paying, autopay changes and proof of payment need the
 * authoritative or billing role; an account that is not billing-authoritative answers 403 (it is billed
 * through its parent).
 *
 * Time-driven changes are applied lazily, when an account's billing is next used: pending payments
 * settle once their settlement period passed (bank 48 hours, others 24), PAD agreements become active
 * after the setup period and removed after the cancellation period.
 */
import type { Request } from "express";
import type { z } from "zod";
import { cardBrandOf, cardDigits, cardExpired, parseExpiry } from "../contract/billing.ts";
import type { Db } from "../db/client.ts";
import type { AddressColumns, ServiceContext } from "./context.ts";
import { type FieldErrors, fieldErrors, forbidden, unprocessable } from "./errors.ts";
import { requireCustomer, type ContactRole, type CustomerAccess, type UploadedFile } from "./http.ts";
import type { LinkSigner } from "./notify-links.ts";
import { queueNotice } from "./notify.ts";
import { restorePackages } from "./packages.ts";
import { addMonths } from "#common/calendar";

const PAYING_ROLES: ContactRole[] = ["authoritative", "billing"];

/** A card is valid through the last day of its expiry month. */
export { cardExpired };

/** The start of the billing cycle that today falls in (billing days are 1 to 28). */
export const cycleStart = (today: string, billingDay: number) =>
  addMonths(today, Number(today.slice(8, 10)) >= billingDay ? 0 : -1, billingDay);

// --- Balance ---

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

/** Whether anything of an account's billing is due ($1 the customer, $2 now, $3 today), as columns of one SELECT with others. */
export const DUE_COLUMNS = `EXISTS (SELECT 1 FROM payments WHERE customer_id = $1 AND ${MATURED_PAYMENT}) AS payments_due,
            EXISTS (SELECT 1 FROM autopay_pads WHERE customer_id = $1 AND ${DUE_PAD.replaceAll("$2", "$3")}) AS pads_due`;

export interface DueColumns {
  payments_due: boolean;
  pads_due: boolean;
}

/**
 * Applies what time has made due on an account: pending payments past their settlement period settle
 * (and may lift a suspension), PAD agreements move on from pending_setup and pending_removal. A cheap
 * read decides first (DUE_COLUMNS, or `due` when the caller read them with its own row); nothing is
 * written when nothing is due. Idempotent, and safe with several processes: the account's row is locked
 * and every UPDATE names the state it leaves.
 */
export async function settleBilling(db: Db, links: LinkSigner, customerId: number, now: Date, due?: DueColumns): Promise<boolean> {
  const today = now.toISOString().slice(0, 10);
  due ??= (await db.one<DueColumns>(`SELECT ${DUE_COLUMNS}`, [customerId, now, today]))!;
  if (!due.payments_due && !due.pads_due) return false;
  await db.transaction(async (tx) => {
    await tx.query("SELECT id FROM customers WHERE id = $1 FOR UPDATE", [customerId]);
    const settled = await tx.query<{ amount_cents: number; method: string }>(
      `UPDATE payments SET status = 'successful' WHERE customer_id = $1 AND ${MATURED_PAYMENT} RETURNING id, amount_cents, method`,
      [customerId, now],
    );
    if (settled.length) await liftSuspensionIfPaid(tx, customerId, now);
    // A payment from a bank account is received once it settled.
    for (const payment of settled) {
      await queueNotice(
        tx,
        links,
        customerId,
        { template: "payment_received", amountCents: payment.amount_cents, method: payment.method },
        now,
      );
    }
    await tx.query(
      `UPDATE autopay_pads SET status = CASE WHEN status = 'pending_setup' THEN 'active' ELSE 'removed' END
        WHERE customer_id = $1 AND ${DUE_PAD}`,
      [customerId, today],
    );
  });
  return true;
}

// --- Request helpers ---

export interface CustomerRow extends AddressColumns {
  id: number;
  contract_name: string;
  account_number: string;
  is_billing_authoritative: boolean;
  credit_card_allowed: boolean;
  suspended_for_nonpayment: boolean;
  submitted_proof_of_payment: boolean;
  billing_day: number;
}

const CUSTOMER_COLUMNS = `id, contract_name, account_number, is_billing_authoritative, credit_card_allowed, suspended_for_nonpayment,
       submitted_proof_of_payment, billing_day, address_line1, address_line2, city, province, postal_code`;

/**
 * The user's access to an account's billing: an activated contact (with the authoritative or billing
 * role to change anything) of a billing-authoritative account; 403 otherwise.
 */
export async function billingAccess(
  ctx: ServiceContext,
  req: Request,
  write: boolean,
): Promise<CustomerAccess & { customer: CustomerRow }> {
  const access = await requireCustomer(ctx.db, req, req.params.id, write ? PAYING_ROLES : undefined);
  const now = ctx.now();
  // The account and whether billing's time-driven changes are due, in one statement.
  const read = (id: number) =>
    ctx.db.one<CustomerRow & DueColumns>(`SELECT ${CUSTOMER_COLUMNS}, ${DUE_COLUMNS} FROM customers WHERE id = $1`, [
      id,
      now,
      now.toISOString().slice(0, 10),
    ]);
  let row = await read(access.customerId);
  if (!row?.is_billing_authoritative) throw forbidden("This account is billed through its parent account");
  // What settling changed (a suspension lifted) shows in this answer already.
  if (await settleBilling(ctx.db, ctx.links, access.customerId, now, row)) row = (await read(access.customerId))!;
  const { payments_due: _payments, pads_due: _pads, ...customer } = row;
  return { ...access, customer };
}

/** Parses a body with a contract schema, adding file-rule codes; one 422 with every field's codes. */
export function parseWithFiles<S extends z.ZodType>(schema: S, body: unknown, fileErrors: Record<string, string[]>): z.infer<S> {
  const result = schema.safeParse(body ?? {});
  const errors = { ...(result.success ? {} : fieldErrors(result.error)), ...fileErrors };
  if (!result.success || Object.keys(errors).length) throw unprocessable(errors, "Invalid request");
  return result.data;
}

export const filesOf = (req: Request, field: string): UploadedFile[] => (req.files ?? []).filter((f) => f.field === field);

/** A card's expiry in the past, named beside the contract's refusals of the other fields (parseWithRules). */
export const cardNotExpired = (today: string) => (sent: Record<string, unknown>, errors: FieldErrors) => {
  const expiry = parseExpiry(typeof sent.expiry === "string" ? sent.expiry : "");
  if (expiry && cardExpired(expiry.month, expiry.year, today)) errors.add("expiry", "expired");
};

/** The card fields, checked by the contract, as the processor and the records need them. */
export function cardOf(input: { card_number?: string; expiry?: string; cardholder_name?: string }, today: string) {
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
