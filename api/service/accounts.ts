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
import { addressOf, together, type AddressColumns, type ServiceContext } from "./context.ts";
import { parseWithRules, requireCustomer, route } from "./http.ts";
import { profileRoutes } from "./profile.ts";
import { servicesRoutes } from "./services.ts";
import { servicePausesRoutes } from "./services-pauses.ts";
import { serviceRequestsRoutes } from "./services-requests.ts";

/** Preferences of an account that never saved any. */
export const DEFAULT_PREFERENCES = { paperless_billing: false, correspondence_language: "en" as const };

export function accountsRoutes(ctx: ServiceContext): Router {
  const router = Router();

  router.get(
    "/account-details/:customerId",
    route(async (req, res) => {
      const access = await requireCustomer(ctx.db, req, req.params.customerId);
      const id = access.customerId;
      // One statement (context.ts `together`): the account, its preferences, its packages' statuses and the
      // addresses it is served at (residential: its packages'; commercial: its services').
      const read = together(
        {
          sql: `SELECT account_number, contract_name, is_residential, customer_since, suspended_for_nonpayment,
                       address_line1, address_line2, city, province, postal_code
                  FROM customers WHERE id = $1`,
          params: [id],
        },
        {
          preferences: {
            sql: "SELECT paperless_billing, correspondence_language FROM account_preferences WHERE customer_id = $1",
            params: [id],
            as: "row",
          },
          package_statuses: { sql: "SELECT status FROM packages WHERE customer_id = $1", params: [id], as: "rows" },
          addresses: {
            sql: access.isResidential
              ? `SELECT address_line1, address_line2, city, province, postal_code FROM packages
                  WHERE customer_id = $1 AND status <> 'cancelled' ORDER BY id`
              : `SELECT address_line1, address_line2, city, province, postal_code FROM services
                  WHERE customer_id = $1 AND address_line1 IS NOT NULL ORDER BY id`,
            params: [id],
            as: "rows",
          },
        },
      );
      const customer = await ctx.db.one<
        AddressColumns & {
          account_number: string;
          contract_name: string;
          is_residential: boolean;
          customer_since: string;
          suspended_for_nonpayment: boolean;
          preferences: { paperless_billing: boolean; correspondence_language: "en" | "fr" } | null;
          package_statuses: { status: string }[];
          addresses: AddressColumns[];
        }
      >(read.sql, read.params);
      const { preferences, package_statuses: packageStatuses, addresses } = customer!;
      const seen = new Set<string>();
      const serviceAddresses = addresses.map(addressOf).filter((a) => {
        const key = [a.line1, a.line2, a.postal_code].join("|").toLowerCase();
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
      const allCancelled = packageStatuses.length > 0 && packageStatuses.every((p) => p.status === "cancelled");
      const answer: AccountDetailsAnswer = {
        account_details: {
          customer_id: id,
          account_number: customer!.account_number,
          contract_name: customer!.contract_name,
          is_residential: customer!.is_residential,
          status: customer!.suspended_for_nonpayment ? "suspended_for_nonpayment" : allCancelled ? "cancelled" : "active",
          customer_since: customer!.customer_since,
          billing_address: addressOf(customer!),
          service_addresses: serviceAddresses,
          preferences: preferences
            ? { paperless_billing: preferences.paperless_billing, correspondence_language: preferences.correspondence_language }
            : { ...DEFAULT_PREFERENCES },
          can_edit: access.roles.includes("authoritative"),
        },
      };
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
