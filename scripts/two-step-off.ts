/**
 * npm run two-step:off -- <username>: customer support turns a customer's two-step verification off,
 * after checking who is calling (docs/sign-in-security.md, "When a customer lost their phone and their
 * codes"). The secret and the recovery codes are deleted and every session of the customer ends; they
 * then sign in with their password alone and may turn it on again. Uses DATABASE_URL (PostgreSQL) or
 * DATA_DIR (PGlite, default .data) as the server does; stop a server that uses PGlite first (an embedded
 * database opens in one process at a time). Exit status: 0 turned off, 1 it was not on, 2 no such
 * username or no username given.
 */
import { openDb } from "../api/db/client.ts";
import { turnOffForSupport } from "../api/service/two-step.ts";

const username = process.argv[2]?.trim();
if (!username || username.startsWith("-")) {
  console.error("Usage: npm run two-step:off -- <username>");
  process.exit(2);
}
const databaseUrl = process.env.DATABASE_URL || undefined;
const db = await openDb({ databaseUrl, dataDir: process.env.DATA_DIR || ".data" });
let outcome: Awaited<ReturnType<typeof turnOffForSupport>>;
try {
  outcome = await turnOffForSupport(db, username, new Date());
} finally {
  await db.close();
}
const lines = {
  off: `Two-step verification of ${username} is off; every session of theirs ended. They sign in with their password alone.`,
  "was-not-on": `${username} did not have two-step verification on: nothing changed.`,
  "no-such-user": `No sign-in is named ${username}: nothing changed.`,
};
console.log(lines[outcome]);
process.exit({ off: 0, "was-not-on": 1, "no-such-user": 2 }[outcome]);
