/**
 * The demo's two-step verification: Louise Gagnon, a second authoritative contact of 100203 (family@'s
 * cottage), signs in as louise.gagnon@example.com with the demo password and a code of an authenticator
 * app set up with DEMO_TWO_STEP.secret (or one of its recovery codes). Other demo users have it off.
 * The secret is sealed with the API's TWO_STEP_KEY like any other (`SeedContext.twoStepSecrets`).
 * docs/sign-in-security.md, "The demo".
 */
import { hashPassword } from "../../service/passwords.ts";
import { storeEnabledSecret } from "../../service/two-step.ts";
import { DEMO, DEMO_PASSWORD, type SeedContext } from "./core.ts";
import { insert } from "./tools.ts";

export const DEMO_TWO_STEP = {
  userId: 62,
  username: "louise.gagnon@example.com",
  customerId: DEMO.customers.familyCottage,
  /** Base32, as an app takes it typed (RFC 6238: SHA-1, 6 digits, 30 s). */
  secret: "LOUISEGAGNONDEMOTWOSTEPSECRET234",
  /** Each works once per database (npm run db:reset brings them back). */
  recoveryCodes: [
    "k72cm-qf4ss",
    "5f6fu-fapa7",
    "akd97-6h7qc",
    "mked3-qt86f",
    "3bwck-b35re",
    "mvp4e-bu94e",
    "2vxaj-xqnu7",
    "4zfrz-m9xrc",
    "6ju9v-fd55a",
    "njq23-jas34",
  ],
} as const;

export async function seedTwoStep(ctx: SeedContext): Promise<void> {
  const { db, now } = ctx;
  await insert(db, "users", [
    {
      id: DEMO_TWO_STEP.userId,
      username: DEMO_TWO_STEP.username,
      password_hash: await hashPassword(DEMO_PASSWORD),
      first_name: "Louise",
      last_name: "Gagnon",
      phone: "416-555-0165",
      preferred_language: "fr",
    },
  ]);
  // Her contact entry on the cottage (seeded without a sign-in by contacts.ts) becomes hers.
  await db.query("UPDATE contacts SET user_id = $1 WHERE customer_id = $2 AND email = $3", [
    DEMO_TWO_STEP.userId,
    DEMO_TWO_STEP.customerId,
    DEMO_TWO_STEP.username,
  ]);
  await storeEnabledSecret(db, ctx.twoStepSecrets, DEMO_TWO_STEP.userId, DEMO_TWO_STEP.secret, [...DEMO_TWO_STEP.recoveryCodes], now);
}
