/**
 * The command line of the project's scripts (`npm run db:seed`, `bench`, `bench:day`, …): node's parseArgs,
 * with `--help` (or `-h`) printing the script's own header comment, its manual, and a mistyped option
 * answered in one line with the way to that manual, instead of a stack trace.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

/** The first block comment of a script, without its stars: what the script does and its options. */
export function manualOf(source) {
  const block = source.match(/\/\*\*([\s\S]*?)\*\//);
  if (!block) return "";
  return block[1]
    .split("\n")
    .map((line) => line.replace(/^\s*\* ?/, ""))
    .join("\n")
    .trim();
}

/**
 * parseArgs({ args, options, … }) for the script at `scriptUrl` (its import.meta.url), run as `invocation`
 * ("npm run db:seed --"). `--help` prints its manual and exits 0; an option it does not know, or a value
 * missing, prints why and exits 2.
 */
export function commandLine(scriptUrl, invocation, config) {
  const args = config.args ?? process.argv.slice(2);
  if (args.includes("--help") || args.includes("-h")) {
    console.log(manualOf(readFileSync(fileURLToPath(scriptUrl), "utf8")));
    process.exit(0);
  }
  try {
    return parseArgs({ strict: true, ...config, args });
  } catch (error) {
    if (!String(error?.code).startsWith("ERR_PARSE_ARGS")) throw error;
    console.error(`${error.message}\nIts options: ${invocation} --help`);
    process.exit(2);
  }
}
