/**
 * /services/{customerId}/…-requests: ask support to move a package to another address, cancel it or
 * reactivate it (keeping a package whose cancellation has not happened yet withdraws the cancellation at
 * once), and withdraw a request still pending. Needs the authoritative role.
 */
import { Router } from "express";
import { CancelRequest, MoveRequest, ReactivateRequest, postalCodeOfOtherProvince } from "../contract/accounts.ts";
import { todayOf, type AddressColumns, type ServiceContext } from "./context.ts";
import { notFound, unprocessable } from "./errors.ts";
import { parseInput, parseWithRules, route } from "./http.ts";
import { changePackages, checkDate, hasErrors, loadPackages, requireOwnPackages, residentialAccess } from "./services-packages.ts";

const sameAddress = (a: AddressColumns, b: AddressColumns) => {
  const norm = (v: string | null) => (v ?? "").trim().toLowerCase().replace(/\s+/g, " ");
  return (
    norm(a.address_line1) === norm(b.address_line1) &&
    norm(a.address_line2) === norm(b.address_line2) &&
    norm(a.postal_code).replace(/ /g, "") === norm(b.postal_code).replace(/ /g, "")
  );
};

export function serviceRequestsRoutes(ctx: ServiceContext): Router {
  const router = Router();

  router.post(
    "/services/:customerId/move-requests",
    route(async (req, res) => {
      const access = await residentialAccess(ctx, req, true);
      const today = todayOf(ctx);
      const input = parseWithRules(MoveRequest, req.body ?? {}, (sent, errors) => {
        checkDate(sent, errors, "move_date", today, 1);
        if (postalCodeOfOtherProvince(sent.postal_code, sent.province)) errors.add("postal_code", "province_mismatch");
      });
      const requestId = await changePackages(ctx, access.customerId, async (tx) => {
        const loaded = await loadPackages(tx, access.customerId);
        const [pkg] = requireOwnPackages([input.package_id], loaded);
        const pending = new Set(loaded.requests.filter((r) => r.package_id === pkg.id).map((r) => r.kind));
        const errors: Record<string, string[]> = {};
        if (pkg.status === "cancelled") errors.package_id = ["package_id.cancelled"];
        else if (pending.has("move")) errors.package_id = ["package_id.request_pending"];
        else if (pending.has("cancel")) errors.package_id = ["package_id.cancel_pending"];
        if (
          loaded.pauses.some(
            (x) =>
              x.package_id === pkg.id &&
              (x.status === "scheduled" || x.status === "active") &&
              x.starts_on <= input.move_date &&
              input.move_date < x.ends_on,
          )
        ) {
          errors.move_date = ["move_date.during_pause"];
        }
        const address = {
          address_line1: input.address_line1,
          address_line2: input.address_line2 ?? null,
          city: input.city,
          province: input.province,
          postal_code: input.postal_code,
        };
        if (sameAddress(address, pkg)) errors.address_line1 = ["address_line1.same_as_current"];
        if (hasErrors(errors)) throw unprocessable(errors, "The move request breaks a rule");
        const row = await tx.one<{ id: number }>(
          `INSERT INTO service_requests (customer_id, package_id, kind, effective_on, comment,
                                         address_line1, address_line2, city, province, postal_code, requested_by, created_at)
           VALUES ($1, $2, 'move', $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
          [
            access.customerId,
            pkg.id,
            input.move_date,
            input.comment ?? null,
            address.address_line1,
            address.address_line2,
            address.city,
            address.province,
            address.postal_code,
            req.user!.userId,
            ctx.now(),
          ],
        );
        return row!.id;
      });
      res.status(201).json({ success: true, request_id: requestId, status: "pending" });
    }),
  );

  router.post(
    "/services/:customerId/cancel-requests",
    route(async (req, res) => {
      const access = await residentialAccess(ctx, req, true);
      const today = todayOf(ctx);
      const input = parseWithRules(CancelRequest, req.body ?? {}, (sent, errors) => {
        checkDate(sent, errors, "cancel_date", today, 0);
        const comment = typeof sent.comment === "string" ? sent.comment.trim() : "";
        if (sent.reason === "other" && !comment) errors.add("comment", "required");
      });
      const requestId = await changePackages(ctx, access.customerId, async (tx) => {
        const loaded = await loadPackages(tx, access.customerId);
        const [pkg] = requireOwnPackages([input.package_id], loaded);
        const errors: Record<string, string[]> = {};
        const pending = new Set(loaded.requests.filter((r) => r.package_id === pkg.id).map((r) => r.kind));
        if (pkg.status === "cancelled") errors.package_id = ["package_id.cancelled"];
        else if (pending.has("cancel")) errors.package_id = ["package_id.request_pending"];
        // A move and a cancellation pending together would ask support for two contrary things.
        else if (pending.has("move")) errors.package_id = ["package_id.move_pending"];
        if (hasErrors(errors)) throw unprocessable(errors, "The cancellation request breaks a rule");
        const row = await tx.one<{ id: number }>(
          `INSERT INTO service_requests (customer_id, package_id, kind, effective_on, reason, comment, requested_by, created_at)
           VALUES ($1, $2, 'cancel', $3, $4, $5, $6, $7) RETURNING id`,
          [access.customerId, pkg.id, input.cancel_date, input.reason, input.comment ?? null, req.user!.userId, ctx.now()],
        );
        return row!.id;
      });
      res.status(201).json({ success: true, request_id: requestId, status: "pending" });
    }),
  );

  router.post(
    "/services/:customerId/reactivate-requests",
    route(async (req, res) => {
      const access = await residentialAccess(ctx, req, true);
      const input = parseInput(ReactivateRequest, req.body ?? {});
      const result = await changePackages(ctx, access.customerId, async (tx) => {
        const loaded = await loadPackages(tx, access.customerId);
        const [pkg] = requireOwnPackages([input.package_id], loaded);
        const pending = loaded.requests.filter((r) => r.package_id === pkg.id);
        if (pending.some((r) => r.kind === "reactivate")) {
          throw unprocessable({ package_id: ["package_id.request_pending"] }, "A reactivation is already pending");
        }
        const cancel = pending.find((r) => r.kind === "cancel");
        const now = ctx.now();
        if (cancel) {
          // Keeping a package whose cancellation has not happened yet: the cancellation is withdrawn at once.
          await tx.query("UPDATE service_requests SET status = 'withdrawn', closed_at = $2 WHERE id = $1", [cancel.id, now]);
          const row = await tx.one<{ id: number }>(
            `INSERT INTO service_requests (customer_id, package_id, kind, status, comment, requested_by, created_at, closed_at)
             VALUES ($1, $2, 'reactivate', 'completed', $3, $4, $5, $5) RETURNING id`,
            [access.customerId, pkg.id, input.comment ?? null, req.user!.userId, now],
          );
          return { id: row!.id, status: "completed" as const };
        }
        if (pkg.status !== "paused" && pkg.status !== "cancelled") {
          throw unprocessable({ package_id: ["package_id.not_reactivatable"] }, "Only a paused or cancelled package can be reactivated");
        }
        const row = await tx.one<{ id: number }>(
          `INSERT INTO service_requests (customer_id, package_id, kind, comment, requested_by, created_at)
           VALUES ($1, $2, 'reactivate', $3, $4, $5) RETURNING id`,
          [access.customerId, pkg.id, input.comment ?? null, req.user!.userId, now],
        );
        return { id: row!.id, status: "pending" as const };
      });
      res.status(201).json({ success: true, request_id: result.id, status: result.status });
    }),
  );

  router.delete(
    "/services/:customerId/requests/:requestId",
    route(async (req, res) => {
      const access = await residentialAccess(ctx, req, true);
      const requestId = Number(req.params.requestId);
      await ctx.db.transaction(async (tx) => {
        const row =
          Number.isSafeInteger(requestId) && requestId > 0
            ? await tx.one<{ id: number; status: string }>(
                "SELECT id, status FROM service_requests WHERE id = $1 AND customer_id = $2 FOR UPDATE",
                [requestId, access.customerId],
              )
            : undefined;
        if (!row) throw notFound("Request");
        if (row.status !== "pending")
          throw unprocessable({ request_id: ["request_id.not_pending"] }, "Only a pending request can be withdrawn");
        await tx.query("UPDATE service_requests SET status = 'withdrawn', closed_at = $2 WHERE id = $1", [row.id, ctx.now()]);
      });
      res.json({ success: true });
    }),
  );

  return router;
}
