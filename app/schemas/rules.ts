/**
 * Every rule of a form on every submit. zod runs an object's own refinements only once each field
 * parsed to its type: a required field left empty, a box not ticked or an unknown choice would hide
 * the rules between fields (a postal code and its province, a confirmation and its password) until
 * the customer fixed that field first, one answer at a time. `everyRule` runs the object's rules
 * whatever its fields said, in the browser and in the portal's actions alike; the check sees what was
 * posted, so a field may be missing or not of its type (read it with `posted`).
 */
import type { z } from "zod";

/** What was posted for each field of the form: possibly nothing, possibly not of the field's type. */
export type Posted<T> = { [K in keyof T]?: unknown };

/** The object's rules, run on every submit (see the module's comment). */
export function everyRule<S extends z.ZodObject>(schema: S, check: (value: Posted<z.output<S>>, ctx: z.RefinementCtx) => void) {
  return schema.superRefine(
    (value, ctx) => {
      if (typeof value === "object" && value !== null) check(value as Posted<z.output<S>>, ctx);
    },
    { when: () => true },
  );
}

/** A posted text (trimmed), or "" when the field is missing or not a text. */
export const posted = (value: unknown): string => (typeof value === "string" ? value.trim() : "");

/** The posted texts of a form whose fields are all optional texts: anything else (a file) counts as not sent. */
export function texts<T>(value: Posted<T>): { [K in keyof T]?: string } {
  return Object.fromEntries(Object.entries(value).map(([name, v]) => [name, typeof v === "string" ? v : undefined])) as {
    [K in keyof T]?: string;
  };
}
