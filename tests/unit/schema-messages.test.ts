/**
 * Every form's schema, sent empty or with every field blank (what a customer gets by pressing the
 * button at once, with or without JavaScript), answers with translation keys that exist in English
 * and French: never zod's own English ("Invalid input: expected string…").
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { messageParts } from "../../app/lib/form-messages.ts";

const modules = import.meta.glob<Record<string, unknown>>("../../app/schemas/*.ts", { eager: true });
const schemas = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter((entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType)
    .map(([name, schema]) => ({ name: `${file.split("/").pop()} ${name}`, schema })),
);

const locale = (language: string, namespace: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`../../locales/${language}/${namespace}.json`, import.meta.url), "utf8"));

/** Whether a key ("api:amount.required", "billing:pay.x") has a text in the language (plural forms count). */
function translated(language: string, key: string): boolean {
  const [namespace, path] = key.includes(":") ? key.split(":", 2) : ["common", key];
  let node: unknown = locale(language, namespace);
  const parts = path.split(".");
  const last = parts.pop()!;
  for (const part of parts) node = (node as Record<string, unknown> | undefined)?.[part];
  const leaf = node as Record<string, unknown> | undefined;
  return typeof leaf?.[last] === "string" || typeof leaf?.[`${last}_one`] === "string";
}

/** The object keys of a schema (through effects), to send each one blank. */
function fieldsOf(schema: z.ZodType): string[] {
  const def = (schema as { def?: { type?: string; shape?: Record<string, unknown>; in?: z.ZodType; schema?: z.ZodType } }).def;
  if (def?.type === "object" && def.shape) return Object.keys(def.shape);
  if (def?.type === "pipe" && def.in) return fieldsOf(def.in);
  return [];
}

describe("form schemas answer with translated keys", () => {
  it("finds the schemas", () => {
    expect(schemas.length).toBeGreaterThan(20);
  });

  for (const { name, schema } of schemas) {
    it(name, () => {
      const blank = new FormData();
      for (const field of fieldsOf(schema)) blank.append(field, "");
      for (const data of [new FormData(), blank]) {
        const error = parseWithZod(data, { schema }).reply().error ?? {};
        for (const message of Object.values(error).flat()) {
          const [key] = messageParts(message as string);
          expect(key, `${name}: "${key}"`).toMatch(/^([a-z-]+:)?[\w.-]+$/i);
          expect(translated("en", key) && translated("fr", key), `${name}: ${key} in en and fr`).toBe(true);
        }
      }
    });
  }
});
