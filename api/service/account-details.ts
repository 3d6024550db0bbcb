/**
 * An account's details (GET /account-details/{customerId}, and GET /services/{customerId} with
 * ?include=account_details): number, name, status, billing and service addresses, preferences.
 */
import type { AccountDetailsAnswer } from "../contract/accounts.ts";
import { addressOf, together, type AddressColumns, type ServiceContext } from "./context.ts";
import type { CustomerAccess } from "./http.ts";

/** Preferences of an account that never saved any. */
export const DEFAULT_PREFERENCES = { paperless_billing: false, correspondence_language: "en" as const };

export async function accountDetails(ctx: ServiceContext, access: CustomerAccess): Promise<AccountDetailsAnswer["account_details"]> {
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
  return {
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
  };
}
