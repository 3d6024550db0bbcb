/**
 * The demo's two-step verification: Louise Gagnon, a second authoritative contact of 100203 (family@'s
 * cottage), signs in as louise.gagnon@example.com with the demo password and a code of an authenticator
 * app set up with DEMO_TWO_STEP.secret (or one of its recovery codes). Other demo users have it off.
 * The secret is sealed with the API's TWO_STEP_KEY like any other (`SeedContext.twoStepSecrets`).
 * Two more people sign in with the demo password, have it off and no account yet (DEMO_TWO_STEP_TRIAL):
 * there to turn it on from scratch (the end-to-end tests use one per project, so that no other test's
 * sign-in meets a code step). docs/sign-in-security.md, "The demo".
 */
import { hashPassword } from "../../service/passwords.ts";
import { storeEnabledSecret } from "../../service/two-step.ts";
import { DEMO, DEMO_PASSWORD, type SeedContext } from "./core.ts";
import { insert } from "./tools.ts";
import { DEMO_TWO_STEP_USER } from "./two-step-demo.ts";

export const DEMO_TWO_STEP = { ...DEMO_TWO_STEP_USER, customerId: DEMO.customers.familyCottage } as const;

/** People with a sign-in, two-step verification off and no account yet. */
export const DEMO_TWO_STEP_TRIAL = [
  { id: 63, username: "noah.tremblay@example.com", first_name: "Noah", last_name: "Tremblay" },
  { id: 64, username: "amira.haddad@example.com", first_name: "Amira", last_name: "Haddad" },
] as const;

export async function seedTwoStep(ctx: SeedContext): Promise<void> {
  const { db, now } = ctx;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await insert(db, "users", [
    ...DEMO_TWO_STEP_TRIAL.map((user) => ({ ...user, password_hash: passwordHash, phone: null, preferred_language: "en" })),
    {
      id: DEMO_TWO_STEP.userId,
      username: DEMO_TWO_STEP.username,
      password_hash: passwordHash,
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
