/**
 * Accounts, services and profile demo rows, on top of the core seed:
 *  - account preferences of the residential accounts (paperless or paper bills, English or French);
 *  - why the suspended home account (100201) is suspended: non-payment, since its second unpaid bill;
 *  - past, ended pauses: on Maya's package (100101) last year, and on the condo (100202), which also
 *    has the core seed's scheduled pause;
 *  - the parents' account (100203) is moving: a pending move of "Internet + Phone" to a new address,
 *    and a pending cancellation of the basement suite's "Internet Basic".
 */
import { DEMO, type SeedContext } from "./core.ts";
import { addDays, addMonths, dayAt } from "#common/calendar";
import { insert } from "./tools.ts";

export async function seedAccounts(ctx: SeedContext): Promise<void> {
  const { db, today } = ctx;

  await insert(db, "account_preferences", [
    { customer_id: DEMO.customers.resi, paperless_billing: true, correspondence_language: "en", updated_by: DEMO.users.resi },
    { customer_id: DEMO.customers.familyHome, paperless_billing: false, correspondence_language: "fr", updated_by: DEMO.users.family },
    { customer_id: DEMO.customers.familyCondo, paperless_billing: true, correspondence_language: "fr", updated_by: DEMO.users.family },
    { customer_id: DEMO.customers.familyCottage, paperless_billing: false, correspondence_language: "en", updated_by: DEMO.users.family },
  ]);

  // The home account's package was suspended for non-payment a little after its bill of two months ago fell due.
  await insert(db, "package_suspensions", [
    {
      customer_id: DEMO.customers.familyHome,
      package_id: 5101,
      reason: "non_payment",
      started_at: dayAt(addDays(addMonths(today, -2, 12), 25), 6, 0),
      requested_by: null,
    },
  ]);

  // Ended pauses: a summer away last year (Maya), and two winter months on the condo.
  const mayaFrom = addMonths(today, -16, 1);
  const condoFrom = addMonths(today, -11, 15);
  await insert(db, "service_pauses", [
    {
      customer_id: DEMO.customers.resi,
      package_id: 5001,
      starts_on: mayaFrom,
      ends_on: addMonths(mayaFrom, 2),
      status: "ended",
      requested_by: DEMO.users.resi,
    },
    {
      customer_id: DEMO.customers.familyCondo,
      package_id: 5201,
      starts_on: condoFrom,
      ends_on: addMonths(condoFrom, 2),
      status: "ended",
      requested_by: DEMO.users.family,
    },
  ]);
  await db.query("UPDATE service_pauses SET requested_by = $1 WHERE package_id = 5201 AND status = 'scheduled' AND requested_by IS NULL", [
    DEMO.users.family,
  ]);

  // The parents move on the first of the month after next; the basement suite's internet ends the day before.
  const requestedAt = dayAt(addDays(today, -6), 19, 20);
  const moveDate = addMonths(today, 2, 1);
  await insert(db, "service_requests", [
    {
      customer_id: DEMO.customers.familyCottage,
      package_id: 5301,
      kind: "move",
      status: "pending",
      effective_on: moveDate,
      reason: null,
      comment: "Please keep the same phone number.",
      address_line1: "88 Glebeholme Boulevard",
      address_line2: null,
      city: "Toronto",
      province: "ON",
      postal_code: "M4J 1S5",
      requested_by: DEMO.users.family,
      created_at: requestedAt,
    },
    {
      customer_id: DEMO.customers.familyCottage,
      package_id: 5302,
      kind: "cancel",
      status: "pending",
      effective_on: addDays(moveDate, -1),
      reason: "moving",
      comment: null,
      address_line1: null,
      address_line2: null,
      city: null,
      province: null,
      postal_code: null,
      requested_by: DEMO.users.family,
      created_at: requestedAt,
    },
  ]);
}
