/**
 * POST /billing/{id}/proof-of-payment: an account suspended for non-payment sends proof that it paid
 * (one or more files and an optional note); the account shows it was sent until its suspension is lifted
 * (liftSuspensionIfPaid, billing.ts). Needs the authoritative or billing role.
 */
import { Router } from "express";
import { ProofOfPaymentFields } from "../contract/billing.ts";
import { billingAccess, filesOf, parseWithFiles } from "./billing.ts";
import type { ServiceContext } from "./context.ts";
import { unprocessable } from "./errors.ts";
import { checkFiles, storeFiles } from "./files.ts";
import { currentUser, route } from "./http.ts";

export function proofOfPaymentRoutes(ctx: ServiceContext): Router {
  const router = Router();

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
