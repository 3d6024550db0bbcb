import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const dir = mkdtempSync(path.join(tmpdir(), "portal-unmapped-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A module with an inline source map, as a build with maps would be. */
function mappedModule(name: string): string {
  const map = { version: 3, sources: [`${name}.ts`], names: [], mappings: "AAAA" };
  const file = path.join(dir, `${name}.mjs`);
  writeFileSync(
    file,
    `export const name = ${JSON.stringify(name)};\n//# sourceMappingURL=data:application/json;base64,${Buffer.from(JSON.stringify(map)).toString("base64")}\n`,
  );
  return file;
}

describe("importUnmapped", () => {
  it("loads a module without keeping its source map, and leaves maps on for the rest (under tsx, as the portal runs)", () => {
    const unmapped = mappedModule("build");
    const mapped = mappedModule("other");
    const script = `
      import { findSourceMap } from "node:module";
      import { importUnmapped } from ${JSON.stringify(pathToFileURL(path.join(ROOT, "server/import-unmapped.ts")).href)};
      const a = await importUnmapped(${JSON.stringify(unmapped)});
      const b = await import(${JSON.stringify(mapped)});
      const kept = (file) => Boolean(findSourceMap(file) ?? findSourceMap(${"`file://${file}`"}));
      console.log(JSON.stringify({ names: [a.name, b.name], build: kept(${JSON.stringify(unmapped)}), other: kept(${JSON.stringify(mapped)}), on: process.sourceMapsEnabled }));
    `;
    const out = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: ROOT, encoding: "utf8" });
    expect(JSON.parse(out.trim().split("\n").at(-1)!)).toEqual({ names: ["build", "other"], build: false, other: true, on: true });
  });
});
