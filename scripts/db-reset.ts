/**
 * npm run db:reset: drops the reference API's tables and creates them again with fresh demo data (dated
 * today). Uses DATA_DIR (PGlite, default .data) or DATABASE_URL, as the server does. Stop the server
 * first when it uses PGlite: one process at a time opens an embedded database.
 */
import { openDb } from "../api/db/client.ts";
import { migrate } from "../api/db/migrate.ts";
import { seedDemo } from "../api/db/seed/index.ts";
import { SecretBox, twoStepKeyMaterial } from "../api/service/two-step-secrets.ts";

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
const started = performance.now();
const db = await openDb({ databaseUrl, dataDir });
try {
  await db.exec("DROP SCHEMA public CASCADE; CREATE SCHEMA public;");
  const applied = await migrate(db);
  const today = new Date().toISOString().slice(0, 10);
  await seedDemo(db, { today, now: new Date(), twoStepSecrets });
  console.log(
    `Demo data recreated (${databaseUrl ? "DATABASE_URL" : `PGlite in ${dataDir}`}): ${applied.length} migrations, seed day ${today}, ${Math.round(performance.now() - started)} ms`,
  );
} finally {
  await db.close();
}
