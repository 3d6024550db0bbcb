/**
 * npm run db:seed -- --customers N [--seed S] [--day YYYY-MM-DD]: recreates the reference API's database
 * with the demo data and N generated customers (api/db/seed/scale.ts), deterministic from the seed number
 * (default 1) and the seed day (default today). Uses DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite, up to
 * 20,000 customers), as the server does; stop a server that uses PGlite first.
 */
import { openDb } from "../api/db/client.ts";
import { migrate } from "../api/db/migrate.ts";
import { seedDemo } from "../api/db/seed/index.ts";
import { SecretBox, twoStepKeyMaterial } from "../api/service/two-step-secrets.ts";
import { SCALE, seedScale } from "../api/db/seed/scale.ts";
import { commandLine } from "./command-line.mjs";

const PGLITE_MOST = 20_000;

const { values } = commandLine(import.meta.url, "npm run db:seed --", {
  options: {
    customers: { type: "string" },
    seed: { type: "string", default: "1" },
    day: { type: "string", default: new Date().toISOString().slice(0, 10) },
  },
});
const customers = Number(values.customers);
const seed = Number(values.seed);
const today = values.day!;
const fail = (message: string) => {
  console.error(message);
  process.exit(2);
};
if (!Number.isInteger(customers) || customers < 1) fail("--customers: a whole number of customers to generate, at least 1");
if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) fail("--seed: a whole number from 0 to 4294967295");
if (!/^\d{4}-\d{2}-\d{2}$/.test(today) || Number.isNaN(Date.parse(today))) fail("--day: a date, YYYY-MM-DD");

const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = process.env.DATA_DIR || ".data";
// The key the server seals two-step secrets with (TWO_STEP_KEY, or the demo's in DATA_DIR): the demo's is sealed with it too.
const twoStepSecrets = new SecretBox(
  twoStepKeyMaterial({
    configured: process.env.TWO_STEP_KEY || undefined,
    production: process.env.NODE_ENV === "production",
    embeddedDemo: true,
    dataDir,
  }),
);
if (!databaseUrl && customers > PGLITE_MOST) {
  fail(`The embedded database (PGlite) holds up to ${PGLITE_MOST.toLocaleString("en")} generated customers: set DATABASE_URL for more.`);
}

const started = performance.now();
const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
const db = await openDb({ databaseUrl, dataDir });
try {
  await db.exec("DROP SCHEMA public CASCADE; CREATE SCHEMA public;");
  await migrate(db);
  await seedDemo(db, { today, now: new Date(), twoStepSecrets });
  console.log(`Demo data (${databaseUrl ? "DATABASE_URL" : `PGlite in ${dataDir}`}), seed day ${today}: ${seconds()}`);
  const summary = await seedScale(db, { customers, seed, today, progress: (message) => console.log(`  ${message}`) });
  console.log(
    `${summary.customers} customers generated (seed ${seed}) in ${seconds()}: ${summary.residential} residential, ` +
      `${summary.commercial} commercial accounts of ${summary.businessContacts} business contacts.\n` +
      `Sign in as ${SCALE.residentialUsername(1)} … ${SCALE.residentialUsername(summary.residential)} (residential) or ` +
      `${SCALE.businessUsername(1)} … ${SCALE.businessUsername(summary.businessContacts)} (business; b1 has the most accounts), ` +
      `password ${SCALE.password}.`,
  );
} finally {
  await db.close();
}
