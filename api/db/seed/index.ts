/**
 * The deterministic demo seed: the same data for the same seed day on every machine (a payment still
 * settling is placed relative to the moment of seeding). It runs once, on
 * the first start of an empty database (or by `npm run db:reset`), in one transaction.
 */
import { dayAt } from "#common/calendar";
import type { Db } from "../client.ts";
import { seedBusinessNetwork } from "./business-network.ts";
import { seedContacts } from "./contacts.ts";
import { seedAccounts } from "./accounts.ts";
import { seedAuthFlows } from "./auth-flows.ts";
import { seedBilling } from "./billing.ts";
import { seedCore, type SeedContext } from "./core.ts";
import { seedHomeNetwork } from "./home-network.ts";
import { seedReferrals } from "./referrals.ts";
import { seedStatus } from "./status.ts";
import { seedTwoStep } from "./two-step.ts";
import { seedActivity } from "./activity.ts";
import { seededRandom } from "./tools.ts";
import { DEVELOPMENT_TWO_STEP_KEY, SecretBox } from "../../service/two-step-secrets.ts";

export { DEMO, DEMO_PASSWORD } from "./core.ts";
export { DEMO_TWO_STEP, DEMO_TWO_STEP_TRIAL } from "./two-step.ts";

/** The seed modules, in order: later ones build on the ids of earlier ones. */
const MODULES: ((ctx: SeedContext) => Promise<void>)[] = [
  seedCore,
  seedHomeNetwork,
  seedBilling,
  seedAuthFlows,
  seedBusinessNetwork,
  seedContacts,
  seedAccounts,
  seedReferrals,
  seedStatus,
  seedTwoStep,
  seedActivity,
];

export async function isSeeded(db: Db): Promise<boolean> {
  const row = await db.one("SELECT 1 FROM app_settings WHERE key = 'seed_day'");
  return Boolean(row);
}

/**
 * Seeds the demo data of a day. `now` is the moment of seeding on that day (noon when not given): the
 * payments still settling are placed just before it, so that they are still pending for a day whatever
 * the hour the demo was seeded, and the home networks at 15:00 or before it (SeedContext.networkMoment).
 */
export async function seedDemo(db: Db, options: { today: string; now?: Date; twoStepSecrets?: SecretBox }): Promise<void> {
  await db.transaction(async (tx) => {
    const sameDay = options.now !== undefined && options.now.toISOString().slice(0, 10) === options.today;
    const now = sameDay ? options.now! : dayAt(options.today, 12);
    const afternoon = dayAt(options.today, 15);
    const ctx: SeedContext = {
      db: tx,
      today: options.today,
      now,
      networkMoment: sameDay && options.now! < afternoon ? options.now! : afternoon,
      random: seededRandom(20_261_122),
      twoStepSecrets: options.twoStepSecrets ?? new SecretBox(DEVELOPMENT_TWO_STEP_KEY),
    };
    for (const seed of MODULES) await seed(ctx);
    await tx.query("INSERT INTO app_settings (key, value) VALUES ('seed_day', $1)", [options.today]);
  });
}
