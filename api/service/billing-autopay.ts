/**
 * /billing/{id}/autopay…: automatic payment by card or by pre-authorized debit (PAD), one method at a
 * time: the details and next charge dates, setting up a card or a PAD agreement (idempotent by their
 * Idempotency-Key, idempotency.ts), stopping card autopay, removing the card on file, and removing a PAD
 * agreement after its cancellation notice. Changes need the authoritative or billing role (billing.ts).
 * The charges themselves are made by the settling job (autopay-charges.ts) on the dates computed here.
 */
import { recordActivity } from "./activity.ts";
import { Router } from "express";
import { queueNotice } from "./notify.ts";
import {
  CardAutopayRequest,
  PadAutopayFields,
  isAccepted,
  type AutopayDetails,
  type CardBrand,
  type PadRemovalAnswer,
} from "../contract/billing.ts";
import type { Db } from "../db/client.ts";
import { billingAccess, cardExpired, cardNotExpired, cardOf, cycleStart, filesOf, parseWithFiles } from "./billing.ts";
import { dollars, todayOf, type ServiceContext } from "./context.ts";
import { unprocessable } from "./errors.ts";
import { checkFiles, storeFiles } from "./files.ts";
import { currentUser, parseWithRules, route } from "./http.ts";
import { fingerprint, idempotencyKey, idempotent } from "./idempotency.ts";
import { registerBankAccount, verifyCard } from "./payment-processor.ts";
import { addBusinessDays, addDays, addMonths, isBusinessDay } from "#common/calendar";

/** The monthly credit of an account that pays automatically. */
export const AUTOPAY_CREDIT_CENTS = 500;
/** Card autopay charges about this many business days after the billing date. */
export const CARD_CHARGE_BUSINESS_DAYS = 10;
/** PAD debits are taken on the first business day of the cycle's third week (day 15 on). */
export const PAD_CHARGE_CYCLE_DAY = 15;
/** Pre-authorized debit notice periods (days): debit amount notice, setup, cancellation. */
export const PAD_NOTICE = { debit_notice_days: 10, setup_days: 15, cancellation_days: 30 } as const;

// --- Charge dates ---

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

// --- Details ---

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

// --- Routes ---

export function autopayRoutes(ctx: ServiceContext): Router {
  const router = Router();

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
        await queueNotice(tx, ctx.links, customerId, { template: "autopay_set_up", method: "credit_card" }, now);
        await recordActivity(tx, now, customerId, currentUser(req).userId, "autopay_set_up", { method: "credit_card" });
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
        await queueNotice(tx, ctx.links, customerId, { template: "autopay_set_up", method: "pad" }, now);
        await recordActivity(tx, now, customerId, currentUser(req).userId, "autopay_set_up", { method: "pad" });
        return { status: 201, body: { success: true, autopayDetails: await autopayDetails(tx, customerId, customer.billing_day, today) } };
      });
    }),
  );

  router.delete(
    "/billing/:id/autopay",
    route(async (req, res) => {
      const { customerId } = await billingAccess(ctx, req, true);
      await ctx.db.transaction(async (tx) => {
        const now = ctx.now();
        const stopped = await tx.query(
          "UPDATE autopay_cards SET status = 'stopped', stopped_at = $2 WHERE customer_id = $1 AND status = 'active' RETURNING id",
          [customerId, now],
        );
        if (!stopped.length) throw unprocessable({ autopay: ["autopay.not_active"] }, "Card autopay is not active");
        await queueNotice(tx, ctx.links, customerId, { template: "autopay_stopped", method: "credit_card" }, now);
        await recordActivity(tx, now, customerId, currentUser(req).userId, "autopay_stopped", { method: "credit_card" });
      });
      res.json({ success: true });
    }),
  );

  router.delete(
    "/billing/:id/autopay-card",
    route(async (req, res) => {
      const { customerId } = await billingAccess(ctx, req, true);
      const now = ctx.now();
      // Every card still on file: an active one stops now, and none can be charged again (no token).
      await ctx.db.transaction(async (tx) => {
        const active = await tx.one("SELECT 1 AS active FROM autopay_cards WHERE customer_id = $1 AND status = 'active' FOR UPDATE", [
          customerId,
        ]);
        const removed = await tx.query(
          `UPDATE autopay_cards SET status = 'removed', removed_at = $2, stopped_at = COALESCE(stopped_at, $2), processor_token = NULL
            WHERE customer_id = $1 AND status <> 'removed' RETURNING id`,
          [customerId, now],
        );
        if (!removed.length) throw unprocessable({ autopay_card: ["autopay_card.none"] }, "No card is on file");
        // Removing the card that paid automatically stops automatic payments.
        if (active) {
          await queueNotice(tx, ctx.links, customerId, { template: "autopay_stopped", method: "credit_card" }, now);
          await recordActivity(tx, now, customerId, currentUser(req).userId, "autopay_stopped", { method: "credit_card" });
        }
      });
      res.json({ success: true });
    }),
  );

  router.delete(
    "/billing/:id/autopay-pad",
    route(async (req, res) => {
      const { customerId } = await billingAccess(ctx, req, true);
      const today = todayOf(ctx);
      // An agreement still pending setup never debited: it ends today. An active one gets the notice period.
      const removing = await ctx.db.transaction(async (tx) => {
        const now = ctx.now();
        const [row] = await tx.query<{ status: "removed" | "pending_removal"; removal_effective_on: string }>(
          `UPDATE autopay_pads
              SET status = CASE WHEN status = 'pending_setup' THEN 'removed' ELSE 'pending_removal' END,
                  removal_requested_at = $2,
                  removal_effective_on = CASE WHEN status = 'pending_setup' THEN $3::date ELSE $4::date END
            WHERE customer_id = $1 AND status IN ('pending_setup', 'active') RETURNING status, removal_effective_on`,
          [customerId, now, today, addDays(today, PAD_NOTICE.cancellation_days)],
        );
        if (!row) throw unprocessable({ autopay_pad: ["autopay_pad.not_active"] }, "No PAD agreement to remove");
        await queueNotice(tx, ctx.links, customerId, { template: "autopay_stopped", method: "pad" }, now);
        await recordActivity(tx, now, customerId, currentUser(req).userId, "autopay_stopped", { method: "pad" });
        return row;
      });
      const answer: PadRemovalAnswer = { success: true, status: removing.status, removal_effective_on: removing.removal_effective_on };
      res.json(answer);
    }),
  );

  return router;
}
