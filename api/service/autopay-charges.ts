/**
 * Automatic charges. On a bill's charge date the account's card (CARD_CHARGE_BUSINESS_DAYS business days
 * after the billing date) or pre-authorized debit (the cycle's third week) is charged what is still owed
 * then: the balance less every pending payment, so money the customer already sent is not taken again.
 * Nothing owed, nothing charged. Each bill is charged once (autopay_charges.invoice_id is unique): by the
 * method in force whose charge date comes first; the other method then finds the bill done. A card is
 * charged at once by its processor token; a PAD debit is pending and settles within 48 hours, like any
 * payment from a bank account.
 *
 * The settling job runs it (settle.ts). It handles the charge dates after autopay_charge_progress's
 * charged_through and up to today, then moves charged_through to today: one cheap read on every other
 * run of the day. Its first run only writes today, so charge dates that passed before the job existed
 * (a fresh demo database's history) are never charged after the fact. Each bill is charged in its own
 * transaction under the account's lock, the one a one-time payment takes: a payment and a charge never
 * both take what is owed. Safe with several processes on one PostgreSQL (the unique bill settles it).
 */
import type { Db } from "../db/client.ts";
import { accountBalance, cardExpired, liftSuspensionIfPaid } from "./billing.ts";
import { cardChargeOf, padChargeOf } from "./billing-autopay.ts";
import type { LinkSigner } from "./notify-links.ts";
import { queueNotice } from "./notify.ts";
import { chargeStoredCard, newTransactionId } from "./payment-processor.ts";
import { addDays } from "#common/calendar";
import { logEvent } from "#common/logger";

/** Bills issued this many days before the last day done are still looked at: more than a cycle and a charge delay. */
const LOOKBACK_DAYS = 45;

const dayOf = (instant: Date) => instant.toISOString().slice(0, 10);

interface Bill {
  invoice_id: number;
  customer_id: number;
  issued_on: string;
}
interface CardOnFile {
  card_brand: string;
  card_last4: string;
  expiry_month: number;
  expiry_year: number;
  processor_token: string;
  set_up_at: Date;
}
interface PadOnFile {
  active_from: string;
  removal_effective_on: string | null;
}
type Charge = { method: "credit_card"; on: string; card: CardOnFile } | { method: "pad"; on: string };

/**
 * How a bill is charged, if a charge date of it falls in (after, upTo]: the card if it was set up before
 * its charge date and has not expired by then; a PAD whose agreement covers its debit date (active from
 * it, not removed by it). The earlier date wins; null when no method in force has a date in the window.
 */
export function chargeOfBill(issuedOn: string, card: CardOnFile | null, pads: PadOnFile[], after: string, upTo: string): Charge | null {
  const inWindow = (on: string) => on > after && on <= upTo;
  const options: Charge[] = [];
  const cardOn = cardChargeOf(issuedOn);
  if (card && inWindow(cardOn) && dayOf(card.set_up_at) < cardOn && !cardExpired(card.expiry_month, card.expiry_year, cardOn)) {
    options.push({ method: "credit_card", on: cardOn, card });
  }
  const padOn = padChargeOf(issuedOn);
  if (inWindow(padOn) && pads.some((p) => p.active_from <= padOn && (p.removal_effective_on === null || padOn < p.removal_effective_on))) {
    options.push({ method: "pad", on: padOn });
  }
  return options.sort((a, b) => a.on.localeCompare(b.on))[0] ?? null;
}

/**
 * Charges one bill what is still owed, once. Answers whether money was asked for (a payment recorded);
 * false when the bill was charged before or nothing was left to charge.
 */
export async function chargeBill(db: Db, links: LinkSigner, bill: Bill, charge: Charge, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.query("SELECT id FROM customers WHERE id = $1 FOR UPDATE", [bill.customer_id]);
    const claimed = await tx.one<{ id: number }>(
      `INSERT INTO autopay_charges (customer_id, invoice_id, method, charge_on, charged_at, amount_cents)
       VALUES ($1, $2, $3, $4, $5, 0) ON CONFLICT (invoice_id) DO NOTHING RETURNING id`,
      [bill.customer_id, bill.invoice_id, charge.method, charge.on, now],
    );
    if (!claimed) return false;
    const { amountDueCents } = await accountBalance(tx, bill.customer_id, dayOf(now));
    if (amountDueCents <= 0) return false;
    const card = charge.method === "credit_card" ? charge.card : null;
    const outcome = card ? chargeStoredCard(card.processor_token) : ({ status: "pending" } as const);
    const payment = await tx.one<{ id: number }>(
      `INSERT INTO payments (customer_id, paid_at, amount_cents, method, type, status, transaction_id, card_brand, card_last4)
       VALUES ($1, $2, $3, $4, 'autopay', $5, $6, $7, $8) RETURNING id`,
      [
        bill.customer_id,
        now,
        amountDueCents,
        charge.method,
        outcome.status,
        newTransactionId(),
        card?.card_brand ?? null,
        card?.card_last4 ?? null,
      ],
    );
    await tx.query("UPDATE autopay_charges SET amount_cents = $2, payment_id = $3 WHERE id = $1", [
      claimed.id,
      amountDueCents,
      payment!.id,
    ]);
    if (outcome.status === "successful") await liftSuspensionIfPaid(tx, bill.customer_id, now);
    // A card's answer is known at once; a debit is received when it settles (billing.ts settleBilling).
    if (outcome.status !== "pending") {
      const template = outcome.status === "successful" ? "payment_received" : "payment_declined";
      await queueNotice(tx, links, bill.customer_id, { template, amountCents: amountDueCents, method: charge.method }, now);
    }
    return true;
  });
}

/** Makes the automatic charges whose date came since the last run; answers how many were made. */
export async function chargeDueAutopay(db: Db, links: LinkSigner, now: Date): Promise<number> {
  const today = dayOf(now);
  const progress = await db.one<{ charged_through: string }>("SELECT charged_through FROM autopay_charge_progress");
  if (!progress) {
    await db.query("INSERT INTO autopay_charge_progress (charged_through) VALUES ($1) ON CONFLICT (singleton) DO NOTHING", [today]);
    return 0;
  }
  const after = progress.charged_through;
  if (after >= today) return 0;
  // Recent bills not charged yet, of accounts with an active card or a PAD not removed before the window.
  const bills = await db.query<Bill>(
    `SELECT i.id AS invoice_id, i.customer_id, i.issued_on FROM invoices i JOIN customers c ON c.id = i.customer_id
      WHERE i.issued_on > $1 AND i.issued_on <= $2 AND c.is_billing_authoritative
        AND NOT EXISTS (SELECT 1 FROM autopay_charges a WHERE a.invoice_id = i.id)
        AND (EXISTS (SELECT 1 FROM autopay_cards k WHERE k.customer_id = i.customer_id AND k.status = 'active')
             OR EXISTS (SELECT 1 FROM autopay_pads p WHERE p.customer_id = i.customer_id
                                                       AND (p.removal_effective_on IS NULL OR p.removal_effective_on > $3)))
      ORDER BY i.customer_id, i.issued_on, i.id`,
    [addDays(after, -LOOKBACK_DAYS), today, after],
  );
  const customers = [...new Set(bills.map((b) => b.customer_id))];
  const [cards, pads] = customers.length
    ? await Promise.all([
        db.query<CardOnFile & { customer_id: number }>(
          `SELECT customer_id, card_brand, card_last4, expiry_month, expiry_year, processor_token, set_up_at
             FROM autopay_cards WHERE status = 'active' AND customer_id = ANY ($1)`,
          [customers],
        ),
        db.query<PadOnFile & { customer_id: number }>(
          `SELECT customer_id, active_from, removal_effective_on FROM autopay_pads
            WHERE customer_id = ANY ($1) AND (removal_effective_on IS NULL OR removal_effective_on > $2)`,
          [customers, after],
        ),
      ])
    : [[], []];
  const cardOf = new Map(cards.map((c) => [c.customer_id, c]));
  let made = 0;
  let failed = false;
  for (const bill of bills) {
    const charge = chargeOfBill(
      bill.issued_on,
      cardOf.get(bill.customer_id) ?? null,
      pads.filter((p) => p.customer_id === bill.customer_id),
      after,
      today,
    );
    if (!charge) continue;
    try {
      if (await chargeBill(db, links, bill, charge, now)) made++;
    } catch (error) {
      failed = true;
      logEvent("api.autopay-charge-failed", { invoiceId: bill.invoice_id, reason: error instanceof Error ? error.message : String(error) });
    }
  }
  // A bill that failed is tried again on the next run: the day is done only when every bill is.
  if (!failed) await db.query("UPDATE autopay_charge_progress SET charged_through = $1 WHERE charged_through < $1", [today]);
  return made;
}
