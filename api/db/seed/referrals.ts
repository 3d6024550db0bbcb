/**
 * Referrals: resi@example.com's account (100101) has its code and three friends referred (two credited,
 * one pending). The other accounts get their code on first ask and have referred nobody.
 */
import { DEMO, type SeedContext } from "./core.ts";
import { addDays } from "#common/calendar";
import { insert } from "./tools.ts";

export const DEMO_REFERRAL_CODE = "MAYA-7K4Q";

export async function seedReferrals(ctx: SeedContext): Promise<void> {
  const { db, today } = ctx;
  const resi = DEMO.customers.resi;
  await insert(db, "referral_codes", [{ customer_id: resi, code: DEMO_REFERRAL_CODE }]);
  await insert(db, "referrals", [
    {
      referrer_customer_id: resi,
      friend_first_name: "Priya",
      friend_last_initial: "R",
      referred_on: addDays(today, -160),
      status: "credited",
      credited_on: addDays(today, -95),
      credit_cents: 5000,
    },
    {
      referrer_customer_id: resi,
      friend_first_name: "Élise",
      friend_last_initial: "M",
      referred_on: addDays(today, -75),
      status: "credited",
      credited_on: addDays(today, -12),
      credit_cents: 5000,
    },
    {
      referrer_customer_id: resi,
      friend_first_name: "Tom",
      friend_last_initial: "B",
      referred_on: addDays(today, -9),
      status: "pending",
      credited_on: null,
      credit_cents: null,
    },
  ]);
}
