/**
 * Demo contacts beyond the core ones, and their activation links.
 *
 * There is no mail server, so the demo's live activation links use fixed tokens (only their hashes are
 * stored), listed in DEMO_CONTACT_TOKENS:
 *  - resi@example.com (100101): Arjun Singh is pending with a live link; Ravi Singh is used for TV Go
 *    (removing him answers contact.used_for_tv_go).
 *  - family@example.com: on 100202 Léa Tremblay is pending and her link has expired (resend it); on
 *    100203 Louise Gagnon is a second authoritative contact (Jordan may demote or remove himself there).
 *  - business@example.com: the IT Desk contact of 200301 is pending with a live link; the other IT Desk
 *    contacts' links have expired.
 *  - leaving@example.com (Daniel Okafor, password as every demo user): a second authoritative contact of
 *    200310 and 200312, there to remove himself (his access to that account ends; the other stays).
 * Links are relative to the seed day: live ones were sent the day before and last 30 days (a fresh link
 * lasts CONTACT_ACTIVATION_DAYS); expired ones were sent 10 days before and ended 3 days before.
 */
import { createHash } from "node:crypto";
import { hashPassword } from "../../service/passwords.ts";
import { DEMO, DEMO_PASSWORD, type SeedContext } from "./core.ts";
import { addDays, dayAt } from "#common/calendar";
import { insert } from "./tools.ts";

/** The demo's activation tokens: open /activate-customer-contact/{customer_id}/{token}. */
export const DEMO_CONTACT_TOKENS = {
  /** Arjun Singh on 100101, live (arjun.singh@example.com has no sign-in yet: activation creates one). */
  arjun: { customerId: DEMO.customers.resi, email: "arjun.singh@example.com", token: "demo-activate-arjun-singh-100101" },
  /** IT Desk on 200301, live. */
  itDesk: { customerId: DEMO.commercialFirst, email: "it@harbourfrontlogi.example", token: "demo-activate-it-desk-200301" },
  /** Léa Tremblay on 100202, expired (the link answers 404; resend it from the contacts screen). */
  lea: { customerId: DEMO.customers.familyCondo, email: "lea.tremblay@example.com", token: "demo-expired-lea-tremblay-100202" },
} as const;

/** A demo user who may remove himself from two commercial accounts (e2e: one account per run). */
export const DEMO_LEAVING_USER = { id: 61, username: "leaving@example.com", customers: [200310, 200312] } as const;

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

export async function seedContacts(ctx: SeedContext): Promise<void> {
  const { db, today } = ctx;

  await insert(db, "contacts", [
    {
      customer_id: DEMO.customers.resi,
      user_id: null,
      first_name: "Ravi",
      last_name: "Singh",
      email: "ravi.singh@example.com",
      phone: "416-555-0125",
      status: "activated",
      roles: ["billing", "support"],
      marked_for_deactivation: false,
      used_for_tv_go: true,
    },
    {
      customer_id: DEMO.customers.familyCondo,
      user_id: null,
      first_name: "Léa",
      last_name: "Tremblay",
      email: "lea.tremblay@example.com",
      phone: "647-555-0142",
      status: "pending_activation",
      roles: ["support"],
      marked_for_deactivation: false,
      used_for_tv_go: false,
    },
    {
      customer_id: DEMO.customers.familyCottage,
      user_id: null,
      first_name: "Louise",
      last_name: "Gagnon",
      email: "louise.gagnon@example.com",
      phone: "416-555-0165",
      status: "activated",
      roles: ["authoritative", "billing"],
      marked_for_deactivation: false,
      used_for_tv_go: false,
    },
  ]);

  await insert(db, "users", [
    {
      id: DEMO_LEAVING_USER.id,
      username: DEMO_LEAVING_USER.username,
      password_hash: await hashPassword(DEMO_PASSWORD),
      first_name: "Daniel",
      last_name: "Okafor",
      phone: "416-555-0191",
      preferred_language: "en",
    },
  ]);
  await insert(
    db,
    "contacts",
    DEMO_LEAVING_USER.customers.map((customerId) => ({
      customer_id: customerId,
      user_id: DEMO_LEAVING_USER.id,
      first_name: "Daniel",
      last_name: "Okafor",
      email: DEMO_LEAVING_USER.username,
      phone: "416-555-0191",
      status: "activated",
      roles: ["authoritative", "support"],
      marked_for_deactivation: false,
      used_for_tv_go: false,
    })),
  );

  const pending = await db.query<{ id: number; customer_id: number; email: string }>(
    "SELECT id, customer_id, email FROM contacts WHERE status = 'pending_activation' ORDER BY id",
  );
  const live = { sent: dayAt(addDays(today, -1), 14), expires: dayAt(addDays(today, 29), 14) };
  const expired = { sent: dayAt(addDays(today, -10), 9), expires: dayAt(addDays(today, -3), 9) };
  const known = Object.values(DEMO_CONTACT_TOKENS);
  const activations = pending.map((contact) => {
    const demo = known.find((k) => k.customerId === contact.customer_id && k.email === contact.email);
    const isLive = demo !== undefined && demo !== DEMO_CONTACT_TOKENS.lea;
    const when = isLive ? live : expired;
    return {
      contact_id: contact.id,
      // Undocumented links of the seed are expired, so their tokens open nothing.
      token_hash: sha256(demo ? demo.token : `seed-expired-link-${contact.customer_id}-${contact.email}`),
      created_at: when.sent,
      expires_at: when.expires,
      sent_by_user_id: null,
    };
  });
  await insert(db, "contact_activations", activations);
}
