/**
 * The demo's activity log and a second authoritative contact of 200301 who signs in:
 * office@example.com (Marie Lavoie, the demo password), authoritative and support on 200301. Signed in
 * as her, a change of a contact's roles on 200301 shows in business@'s activity log of that account.
 * olivier.cote@ and chloe.martin@ (no account) sign in from several browsers and sign out of them.
 * A few events, relative to the seed's moment, on 200301 (business@) and 100101 (resi@).
 */
import { hashPassword } from "../../service/passwords.ts";
import { recordActivity } from "../../service/activity.ts";
import { DEMO, DEMO_PASSWORD, type SeedContext } from "./core.ts";
import { insert } from "./tools.ts";

/** People with a sign-in and no account, there to sign out of their other sessions (the end-to-end tests use one per project). */
export const DEMO_SESSIONS_USERS = [
  { id: 66, username: "olivier.cote@example.com", first_name: "Olivier", last_name: "Côté" },
  { id: 67, username: "chloe.martin@example.com", first_name: "Chloé", last_name: "Martin" },
] as const;

export const DEMO_SECOND_AUTHORITATIVE = { id: 65, username: "office@example.com", customerId: DEMO.commercialFirst } as const;

const daysBefore = (now: Date, days: number, hour = 0) => new Date(now.getTime() - days * 86_400_000 - hour * 3_600_000);

export async function seedActivity(ctx: SeedContext): Promise<void> {
  const { db, now } = ctx;
  await insert(db, "users", [
    {
      id: DEMO_SECOND_AUTHORITATIVE.id,
      username: DEMO_SECOND_AUTHORITATIVE.username,
      password_hash: await hashPassword(DEMO_PASSWORD),
      first_name: "Marie",
      last_name: "Lavoie",
      phone: "416-555-0193",
      preferred_language: "fr",
    },
  ]);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await insert(
    db,
    "users",
    DEMO_SESSIONS_USERS.map((user) => ({ ...user, password_hash: passwordHash, phone: null, preferred_language: "en" })),
  );
  await insert(db, "contacts", [
    {
      customer_id: DEMO_SECOND_AUTHORITATIVE.customerId,
      user_id: DEMO_SECOND_AUTHORITATIVE.id,
      first_name: "Marie",
      last_name: "Lavoie",
      email: DEMO_SECOND_AUTHORITATIVE.username,
      phone: "416-555-0193",
      status: "activated",
      roles: ["authoritative", "support"],
      marked_for_deactivation: false,
      used_for_tv_go: false,
    },
  ]);

  const business = DEMO.commercialFirst;
  const priya = DEMO.users.business;
  const marie = DEMO_SECOND_AUTHORITATIVE.id;
  await recordActivity(db, daysBefore(now, 40, 3), business, priya, "autopay_set_up", { method: "pad" });
  await recordActivity(db, daysBefore(now, 21, 2), business, marie, "new_device_sign_in", {
    user_agent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15",
    network: "198.51.100.0/24",
  });
  await recordActivity(db, daysBefore(now, 20, 5), business, marie, "contact_added", {
    contact_name: "IT Desk",
    roles: ["notify", "support"],
  });
  await recordActivity(db, daysBefore(now, 6, 1), business, priya, "payment", { amount: 1250, method: "bank" });
  await recordActivity(db, daysBefore(now, 2, 4), business, priya, "router_changed", { setting: "forwarding" });

  const resi = DEMO.customers.resi;
  const maya = DEMO.users.resi;
  await recordActivity(db, daysBefore(now, 30, 2), resi, maya, "payment", { amount: 98.5, method: "credit_card" });
  await recordActivity(db, daysBefore(now, 12, 6), resi, maya, "wifi_changed", { setting: "wifi" });
  await recordActivity(db, daysBefore(now, 3, 1), resi, maya, "new_device_sign_in", {
    user_agent:
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
    network: "203.0.113.0/24",
  });
}
