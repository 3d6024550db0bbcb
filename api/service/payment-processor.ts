/**
 * The simulated payment processor of the reference API. Card numbers reach it and go no further: the
 * service keeps only the brand, the last four digits and the processor's opaque token.
 *
 * Test card numbers (any future expiry, any CVV of the right length):
 *   4242 4242 4242 4242 (Visa), 5555 5555 5555 4444 (Mastercard), 3782 822463 10005 (Amex): approved;
 *   4000 0000 0000 0002: declined (card declined);
 *   4000 0000 0000 9995: declined (insufficient funds);
 *   4000 0000 0000 0077: held for review: the payment stays pending, then settles within 24 hours.
 * Any other number that passes the checks is approved. Verifying a card for autopay (a $0
 * authorization) declines the two declined numbers and approves the others.
 *
 * Bank payments (a debit from institution/transit/account) and pre-authorized debits are always accepted
 * as pending and settle within 48 hours; pending card payments within 24 hours (spec section 9).
 */
import { randomBytes } from "node:crypto";

export const TEST_CARDS = {
  approvedVisa: "4242424242424242",
  approvedMastercard: "5555555555554444",
  approvedAmex: "378282246310005",
  declined: "4000000000000002",
  insufficientFunds: "4000000000009995",
  pending: "4000000000000077",
} as const;

/** Hours a pending payment takes at most to settle, by method: debits from a bank account (bank, pad) 48, others 24. */
export const SETTLEMENT_HOURS = { bank: 48, other: 24 } as const;
export const settlementHours = (method: string) => (method === "bank" || method === "pad" ? SETTLEMENT_HOURS.bank : SETTLEMENT_HOURS.other);

export type ChargeOutcome = { status: "successful" | "pending" } | { status: "declined"; reason: "card_declined" | "insufficient_funds" };

/** Charges a card (digits only, already checked for format, Luhn and brand). */
export function chargeCard(digits: string): ChargeOutcome {
  if (digits === TEST_CARDS.declined) return { status: "declined", reason: "card_declined" };
  if (digits === TEST_CARDS.insufficientFunds) return { status: "declined", reason: "insufficient_funds" };
  if (digits === TEST_CARDS.pending) return { status: "pending" };
  return { status: "successful" };
}

/** A $0 authorization before a card is kept for autopay: answers the processor's token, or null when declined. */
export function verifyCard(digits: string): { token: string } | null {
  if (digits === TEST_CARDS.declined || digits === TEST_CARDS.insufficientFunds) return null;
  return { token: `card_${randomBytes(12).toString("hex")}` };
}

/**
 * Charges a card kept for autopay, by the processor's token (card numbers are never kept). The simulated
 * processor approves: the numbers it declines never got a token (verifyCard refused them).
 */
export function chargeStoredCard(token: string): ChargeOutcome {
  return token ? { status: "successful" } : { status: "declined", reason: "card_declined" };
}

/** Registers a bank account for pre-authorized debits: the processor's token for it. */
export function registerBankAccount(): { token: string } {
  return { token: `bank_${randomBytes(12).toString("hex")}` };
}

/** A new transaction id (TX- and 12 hex digits; the demo seed's ids are shorter, so never equal). */
export const newTransactionId = () => `TX-${randomBytes(6).toString("hex").toUpperCase()}`;
