import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { manualOf } from "../../scripts/command-line.mjs";

const run = (script: string, ...args: string[]) =>
  spawnSync(process.execPath, ["--import", "tsx", script, ...args], { encoding: "utf8", env: { ...process.env, DATABASE_URL: "" } });

describe("the scripts' command line", () => {
  it("reads a script's manual from its first block comment", () => {
    expect(manualOf("#!/usr/bin/env node\n/**\n * Does a thing.\n *\n *   --only WORD   only that\n */\nconst x = 1; /** later */")).toBe(
      "Does a thing.\n\n  --only WORD   only that",
    );
  });

  it("prints the manual for --help and touches nothing", () => {
    const seed = run("scripts/db-seed.ts", "--help");
    expect(seed.status).toBe(0);
    expect(seed.stdout).toContain("npm run db:seed -- --customers N [--seed S] [--day YYYY-MM-DD]");
    expect(seed.stderr).toBe("");
    const bench = run("scripts/bench-day.mjs", "-h");
    expect(bench.status).toBe(0);
    expect(bench.stdout).toContain("--shape production|embedded");
  });

  it("answers a mistyped option in one line, with the way to the manual", () => {
    const seed = run("scripts/db-seed.ts", "--customer", "20");
    expect(seed.status).toBe(2);
    expect(seed.stderr.trim().split("\n")).toEqual(["Unknown option '--customer'", "Its options: npm run db:seed -- --help"]);
    const bench = run("scripts/bench.mjs", "--rounds");
    expect(bench.status).toBe(2);
    expect(bench.stderr).toContain("Option '--rounds <value>' argument missing");
    expect(bench.stderr).not.toContain("    at ");
  });
});
