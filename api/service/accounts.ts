/**
 * /account-details/{customerId}: account number, name, status, billing and service addresses and
 * preferences (paperless billing, language of correspondence). Any activated contact reads them; only
 * authoritative contacts change them.
 *
 * accountsRoutes also mounts the services (services.ts, services-pauses.ts, services-requests.ts) and
 * profile (profile.ts) routes of this module.
 */
import { Router } from "express";
import { UpdateAccountDetailsRequest, postalCodeOfOtherProvince, type AccountDetailsAnswer } from "../contract/accounts.ts";
import { accountDetails } from "./account-details.ts";
import { type ServiceContext } from "./context.ts";
import { parseWithRules, requireCustomer, route } from "./http.ts";
import { profileRoutes } from "./profile.ts";
import { servicesRoutes } from "./services.ts";
import { servicePausesRoutes } from "./services-pauses.ts";
import { serviceRequestsRoutes } from "./services-requests.ts";

export function accountsRoutes(ctx: ServiceContext): Router {
  const router = Router();

  router.get(
    "/account-details/:customerId",
    route(async (req, res) => {
      const access = await requireCustomer(ctx.db, req, req.params.customerId);
      const answer: AccountDetailsAnswer = { account_details: await accountDetails(ctx, access) };
      res.json(answer);
    }),
  );

  router.put(
    "/account-details/:customerId",
    route(async (req, res) => {
      const access = await requireCustomer(ctx.db, req, req.params.customerId, ["authoritative"]);
      // The postal code of another province is named beside every other field's refusal.
      const input = parseWithRules(UpdateAccountDetailsRequest, req.body ?? {}, (sent, errors) => {
        if (postalCodeOfOtherProvince(sent.postal_code, sent.province)) errors.add("postal_code", "province_mismatch");
      });
      const now = ctx.now();
      await ctx.db.transaction(async (tx) => {
        await tx.query(
          `UPDATE customers SET address_line1 = $2, address_line2 = $3, city = $4, province = $5, postal_code = $6
            WHERE id = $1`,
          [access.customerId, input.address_line1, input.address_line2 ?? null, input.city, input.province, input.postal_code],
        );
        await tx.query(
          `INSERT INTO account_preferences (customer_id, paperless_billing, correspondence_language, updated_at, updated_by)
           VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (customer_id) DO UPDATE
             SET paperless_billing = EXCLUDED.paperless_billing,
                 correspondence_language = EXCLUDED.correspondence_language,
                 updated_at = EXCLUDED.updated_at,
                 updated_by = EXCLUDED.updated_by`,
          [access.customerId, input.paperless_billing, input.correspondence_language, now, req.user!.userId],
        );
      });
      res.json({ success: true });
    }),
  );

  router.use(servicesRoutes(ctx));
  router.use(servicePausesRoutes(ctx));
  router.use(serviceRequestsRoutes(ctx));
  router.use(profileRoutes(ctx));
  return router;
}
