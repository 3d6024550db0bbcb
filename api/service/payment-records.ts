/**
 * Payments as the API answers them (GET /billing/{id}/payments, the summary's pending payments): the
 * columns read and the record made of a row.
 */
import type { CardBrand, PaymentRecord } from "../contract/billing.ts";
import { dollars } from "./context.ts";
import { settlementHours } from "./payment-processor.ts";

export interface PaymentRow {
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
export const PAYMENT_COLUMNS = "id, paid_at, amount_cents, method, type, status, transaction_id, card_brand, card_last4";

export const toPayment = (p: PaymentRow): PaymentRecord => ({
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
