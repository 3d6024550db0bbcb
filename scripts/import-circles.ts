/**
 * No import circles (part of `npm run lint` and of `npm test`): every module of the repository, its static
 * and dynamic imports and its type-only ones too (a circle of types still ties two modules to each other),
 * resolved as TypeScript resolves them (tsconfig.json: `~/`, `#contract/`, `#common/`). dpdm reads the
 * imports; a circle is fixed by moving what both modules share to a third that both import
 * (docs/decisions/151-import-circles.md).
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseCircular, parseDependencyTree } from "dpdm";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** What is checked: every source file of the repository. */
export const SOURCES = [
  "*.ts",
  "app/**/*.{ts,tsx}",
  "api/**/*.ts",
  "common/**/*.ts",
  "server/**/*.ts",
  "scripts/**/*.{ts,mjs}",
  "tests/**/*.ts",
  "e2e/**/*.ts",
];

/** Packages, and the circle the check's own test is given (tests/fixtures/import-circle). */
export const EXCLUDE = /node_modules|\/tests\/fixtures\//;

/** The import circles among the modules these globs name (paths relative to the repository). */
export async function importCircles(patterns: string[] = SOURCES, { exclude = EXCLUDE } = {}): Promise<string[][]> {
  const tree = await parseDependencyTree(patterns, {
    cwd: ROOT,
    context: ROOT,
    tsconfig: path.join(ROOT, "tsconfig.json"),
    exclude,
    transform: false,
    skipDynamicImports: false,
  });
  return parseCircular(tree, false);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const circles = await importCircles();
  if (circles.length > 0) {
    console.error(`${circles.length} import circle(s):`);
    for (const circle of circles) console.error(`  ${[...circle, circle[0]].join(" -> ")}`);
    process.exit(1);
  }
  console.log("No import circles.");
}
