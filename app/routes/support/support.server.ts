/** Who may open support tickets, and the support page's settings. */
import { data } from "react-router";
import type { Customer } from "#contract/dashboard";
import { featureFlags, getConfig } from "~/lib/config.server";

/** Contacts with the support or authoritative role open tickets; every contact reads them. */
export const canOpenTickets = (customer: Customer) => customer.roles.some((role) => role === "support" || role === "authoritative");

/** 403 for a contact who may not open tickets. */
export function requireTicketRole(customer: Customer): void {
  if (!canOpenTickets(customer)) throw data({ kind: "forbidden" }, { status: 403 });
}

/** The phone number, and the old desk while it is not retired (FEATURE_RETIRE_OLD_DESK off). */
export function supportSettings() {
  const config = getConfig();
  return {
    phone: config.SUPPORT_PHONE,
    oldDeskUrl: featureFlags(config).retireOldDesk ? null : config.OLD_SUPPORT_DESK_URL,
  };
}
