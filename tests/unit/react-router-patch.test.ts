/**
 * The server's React Router carries the portal's patch (decision 217): four results that depend only on the
 * build's route table, remembered instead of computed for every rendered page. An upgrade of React Router
 * without the patch carried forward fails here, not silently in the benchmark.
 */
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const require = createRequire(import.meta.url);
const installed = (require("react-router/package.json") as { version: string }).version;
const development = path.join(root, "node_modules/react-router/dist/development");
const patched = readdirSync(development)
  .filter((name) => name.endsWith(".mjs"))
  .map((name) => readFileSync(path.join(development, name), "utf8"))
  .join("\n");

describe("React Router on the server", () => {
  it("is the version the patch was made for", () => {
    expect(readdirSync(path.join(root, "patches"))).toContain(`react-router+${installed}.patch`);
  });

  it("carries the patch's four memos", () => {
    for (const memo of ["matchedBranches", "staticDataRoutes", "entryRouteModules", "serverRoutesOf"]) {
      expect(patched, memo).toContain(`var ${memo} = /* @__PURE__ */ new WeakMap();`);
    }
  });
});
