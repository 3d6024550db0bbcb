/**
 * Builds one migrated and seeded database for the API suite; each test file then starts from a copy.
 *  - PGlite (default): a dump of the seeded database, loaded in memory by each file (~1 s).
 *  - PostgreSQL (TEST_DATABASE_URL): a template database; each file creates its own from it.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDb } from "../../../api/db/client.ts";
import { migrate } from "../../../api/db/migrate.ts";
import { seedDemo } from "../../../api/db/seed/index.ts";
import { SEED_DAY, TEMPLATE_DATABASE, adminUrl } from "./constants.ts";

declare module "vitest" {
  export interface ProvidedContext {
    apiDatabase: { kind: "pglite"; dumpPath: string } | { kind: "postgres"; url: string };
  }
}

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = await openDb({ databaseUrl: adminUrl(url) });
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
    await admin.close();
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${TEMPLATE_DATABASE}`;
    const db = await openDb({ databaseUrl: templateUrl.toString() });
    await migrate(db);
    await seedDemo(db, { today: SEED_DAY });
    await db.close();
    project.provide("apiDatabase", { kind: "postgres", url });
    return;
  }
  const db = await openDb({});
  await migrate(db);
  await seedDemo(db, { today: SEED_DAY });
  const dump = await db.dump!();
  await db.close();
  const dir = mkdtempSync(path.join(tmpdir(), "portal-api-tests-"));
  const dumpPath = path.join(dir, "seeded.tar");
  writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  project.provide("apiDatabase", { kind: "pglite", dumpPath });
}
