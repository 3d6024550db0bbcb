/**
 * Checks an API against the portal's contract, signed in as one of its users:
 *   npm run api:check -- --base https://api.example.com/api/v1 --username someone@example.com --password '…' [--fr]
 * Prints each GET endpoint with the calls made and what failed; exits 1 when something failed.
 */
import { commandLine } from "./command-line.mjs";
import { checkBackend, conformanceFailures } from "#contract/conformance";

const { values } = commandLine(import.meta.url, "npm run api:check --", {
  options: {
    base: { type: "string" },
    username: { type: "string" },
    password: { type: "string" },
    fr: { type: "boolean", default: false },
  },
});
if (!values.base || !values.username || !values.password) {
  console.error("usage: npm run api:check -- --base <url with /api/v1> --username <u> --password <p> [--fr]");
  process.exit(2);
}

// A sign-in that gives no session (wrong password, a user with two-step verification on) stops here, in one line.
const report = await checkBackend({
  baseUrl: values.base,
  username: values.username,
  password: values.password,
  language: values.fr ? "fr" : "en",
}).catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(2);
});
console.log(`${report.username}: ${report.customers.length} customer(s): ${report.customers.join(", ")}`);
for (const entry of report.endpoints) {
  const statuses = [...new Set(entry.calls.map((c) => c.status))].join("/") || "-";
  const mark = entry.problems.some((p) => !p.startsWith("no id")) ? "FAIL" : entry.ok ? "ok  " : "----";
  console.log(
    `${mark} GET ${entry.path.padEnd(52)} ${String(entry.ok).padStart(3)} ok of ${String(entry.calls.length).padStart(3)} (${statuses})`,
  );
  for (const problem of entry.problems) console.log(`       ${problem}`);
}
for (const skipped of report.skipped) console.log(`skip GET ${skipped.path}: ${skipped.reason}`);
const failures = conformanceFailures([report]).filter((f) => !f.includes("no user reached it"));
console.log(
  failures.length
    ? `\n${failures.length} failure(s)`
    : "\nNo answer broke the contract. Endpoints marked ---- found no data for this user: run again as another user.",
);
process.exit(failures.length ? 1 : 0);
