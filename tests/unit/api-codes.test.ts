/**
 * Every error code of every endpoint the portal calls has a message in English and French
 * (locales/*\/api.json), so no raw code ever reaches a customer. The endpoints called are found in
 * app/ by their names ("POST /billing/{id}/payments").
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { endpointKey, endpoints } from "#contract/index";

const ROOT = path.resolve(import.meta.dirname, "../..");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? sources(full) : /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const called = new Set<string>();
for (const file of sources(path.join(ROOT, "app"))) {
  for (const match of readFileSync(file, "utf8").matchAll(/"((?:GET|POST|PUT|DELETE) \/[^"\s]*)"/g)) called.add(match[1]);
}

const messages = (language: string) => JSON.parse(readFileSync(path.join(ROOT, "locales", language, "api.json"), "utf8"));
const has = (tree: Record<string, unknown>, code: string) => {
  const [field, ...rule] = code.split(".");
  const group = tree[field] as Record<string, unknown> | undefined;
  return typeof group?.[rule.join(".")] === "string";
};

describe("API error codes", () => {
  it("the scan finds the endpoints the billing screens call", () => {
    expect([...called]).toEqual(
      expect.arrayContaining(["POST /billing/{id}/payments", "POST /billing/{id}/autopay/pad", "GET /dashboard"]),
    );
  });

  it("every endpoint named in app/ exists in the contract", () => {
    const known = new Set(endpoints.map(endpointKey));
    expect([...called].filter((key) => !known.has(key as never))).toEqual([]);
  });

  it.each(["en", "fr"])("every code of every endpoint the portal calls has a message in %s", (language) => {
    const tree = messages(language);
    const missing = endpoints
      .filter((e) => called.has(endpointKey(e)))
      .flatMap((e) => (e.errorCodes ?? []).map((code) => ({ code, endpoint: endpointKey(e) })))
      .filter(({ code }) => !has(tree, code))
      .map(({ code, endpoint }) => `${endpoint}: ${code}`);
    expect(missing).toEqual([]);
  });

  it.each(["en", "fr"])("has the generic messages for codes nobody foresaw (%s)", (language) => {
    const tree = messages(language);
    expect(has(tree, "_generic.field") && has(tree, "_generic.form")).toBe(true);
  });
});
