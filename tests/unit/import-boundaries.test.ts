/**
 * The boundaries `npm run lint` keeps (docs/decisions/150-import-boundaries.md, 151-import-circles.md):
 * ESLint, with the repository's own configuration, refuses an import across them; the circle check finds
 * a circle, of values or of types only; and both are part of the lint and of npm test.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";
import { EXCLUDE, importCircles, ROOT } from "../../scripts/import-circles.ts";

let eslint: ESLint;
// The first lint loads the configuration and its plugins (seconds on a busy machine).
beforeAll(async () => {
  eslint = new ESLint({ cwd: ROOT });
  await eslint.lintText("export {};\n", { filePath: path.join(ROOT, "app/lib/example.ts") });
}, 60_000);

/** The boundary rules' messages for this code, were it the file at `filePath`. */
async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = imported;\n`, { filePath: path.join(ROOT, filePath) });
  return result.messages.filter((m) => m.ruleId === "no-restricted-imports" || m.ruleId === "no-restricted-syntax").map((m) => m.message);
}

describe("the lint's import boundaries", () => {
  it("refuses an app module that imports server/ or the API's service", async () => {
    expect(await boundaryErrors("app/lib/example.ts", 'import { imported } from "../../server/app.ts";')).toEqual([
      expect.stringContaining("nothing of server/"),
    ]);
    expect(
      await boundaryErrors("app/routes/billing/example.tsx", 'import { imported } from "../../../api/service/billing.ts";'),
    ).toHaveLength(1);
    expect(await boundaryErrors("app/lib/example.ts", 'const imported = () => import("../../api/db/client.ts");')).toHaveLength(1);
    expect(await boundaryErrors("app/lib/example.ts", 'import { imported } from "../../server.ts";')).toHaveLength(1);
  });

  it("has the app import the contract through #contract/* only", async () => {
    expect(await boundaryErrors("app/schemas/example.ts", 'import { imported } from "#contract/billing";')).toEqual([]);
    expect(await boundaryErrors("app/schemas/example.ts", 'import { imported } from "../../api/contract/billing.ts";')).toEqual([
      expect.stringContaining("#contract/*"),
    ]);
    expect(await boundaryErrors("app/schemas/example.ts", 'import { imported } from "#common/logger";')).toEqual([]);
  });

  it("refuses an API or common/ module that imports the app or server/", async () => {
    expect(await boundaryErrors("api/service/example.ts", 'import { imported } from "../../app/lib/logger.server.ts";')).toHaveLength(1);
    expect(await boundaryErrors("api/service/example.ts", 'import { imported } from "~/lib/i18n";')).toHaveLength(1);
    expect(await boundaryErrors("api/example.ts", 'import { imported } from "../server/app.ts";')).toHaveLength(1);
    expect(await boundaryErrors("api/service/example.ts", 'import { imported } from "#common/logger";')).toEqual([]);
    expect(await boundaryErrors("common/example.ts", 'import { imported } from "../app/lib/config.server.ts";')).toHaveLength(1);
    expect(await boundaryErrors("common/example.ts", 'import { imported } from "#contract/common";')).toHaveLength(1);
  });

  it("lets tests reach across", async () => {
    expect(await boundaryErrors("tests/unit/example.test.ts", 'import { imported } from "../../server/app.ts";')).toEqual([]);
  });
});

describe("the lint's circle check", () => {
  it("finds a circle of imports, and one of type imports only", async () => {
    // The fixtures are left out of the repository's own check (EXCLUDE): the same check, given only them.
    expect(EXCLUDE.test(path.join(ROOT, "tests/fixtures/import-circle/left.ts"))).toBe(true);
    const circles = await importCircles(["tests/fixtures/import-circle/*.ts"], { exclude: /node_modules/ });
    expect(circles.map((circle) => [...circle].sort())).toEqual(
      expect.arrayContaining([
        ["tests/fixtures/import-circle/left.ts", "tests/fixtures/import-circle/right.ts"],
        ["tests/fixtures/import-circle/type-owner.ts", "tests/fixtures/import-circle/type-user.ts"],
      ]),
    );
    expect(circles).toHaveLength(2);
  });

  it("runs in npm run lint and in npm test", () => {
    const lint = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")).scripts.lint as string;
    expect(lint).toContain("tsx scripts/import-circles.ts");
    expect(readFileSync(path.join(ROOT, "scripts/test.mjs"), "utf8")).toContain('["tsx", "scripts/import-circles.ts"]');
  });
});
