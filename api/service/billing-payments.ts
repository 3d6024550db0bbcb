/**
 * /billing/{id}/payments: an account's payment history (between two optional days) and one-time
 * payments by card or bank account, idempotent by their Idempotency-Key (idempotency.ts). Paying needs
 * the authoritative or billing role (billing.ts); a payment may be at most what is still owed.
 */
import { recordActivity } from "./activity.ts";
import { Router } from "express";
import { MakePaymentRequest, PaymentsQuery, parseAmount, type MakePaymentAnswer, type PaymentsAnswer } from "../contract/billing.ts";
import { accountBalance, billingAccess, cardNotExpired, cardOf, liftSuspensionIfPaid } from "./billing.ts";
import { dollars, todayOf, type ServiceContext } from "./context.ts";
import { billingSummary } from "./billing-invoices.ts";
import { PAYMENT_COLUMNS, toPayment, type PaymentRow } from "./payment-records.ts";
import { unprocessable } from "./errors.ts";
import { currentUser, parseWithRules, route } from "./http.ts";
import { fingerprint, idempotencyKey, idempotent } from "./idempotency.ts";
import { queueNotice } from "./notify.ts";
import { chargeCard, newTransactionId } from "./payment-processor.ts";
import { addDays, parseDay } from "#common/calendar";

export function paymentsRoutes(ctx: ServiceContext): Router {
  const router = Router();

  router.get(
    "/billing/:id/payments",
    route(async (req, res) => {
      const { customerId, customer } = await billingAccess(ctx, req, false);
      const query = PaymentsQuery.parse(req.query);
      if (query.from_date && query.to_date && query.to_date < query.from_date) {
        throw unprocessable({ to_date: ["to_date.before_from_date"] });
      }
      const [rows, summary] = await Promise.all([
        ctx.db.query<PaymentRow>(
          `SELECT ${PAYMENT_COLUMNS} FROM payments
            WHERE customer_id = $1 AND ($2::timestamptz IS NULL OR paid_at >= $2) AND ($3::timestamptz IS NULL OR paid_at < $3)
              AND ($4::text IS NULL OR transaction_id = $4)
            ORDER BY paid_at DESC, id DESC`,
          [
            customerId,
            query.from_date ? parseDay(query.from_date) : null,
            query.to_date ? parseDay(addDays(query.to_date, 1)) : null,
            query.transaction_id ?? null,
          ],
        ),
        query.include?.split(",").includes("summary") ? billingSummary(ctx, customerId, customer) : undefined,
      ]);
      const answer: PaymentsAnswer = { payments: rows.map(toPayment), ...(summary && { summary }) };
      res.json(answer);
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
        // A received card payment is mailed to the contacts; a declined one is not, since the one who paid
        // reads the refusal on the page and nothing changed. A bank payment is mailed when it settles.
        if (outcome.status === "successful") {
          await queueNotice(tx, ctx.links, customerId, { template: "payment_received", amountCents: cents, method }, ctx.now());
        }
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
        await recordActivity(tx, ctx.now(), customerId, currentUser(req).userId, "payment", { amount: dollars(cents), method });
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

  return router;
}
