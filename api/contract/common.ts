/** Shapes shared by every /api/v1 answer. */
import { z } from "zod";

/** A calendar date, YYYY-MM-DD. */
export const IsoDate = z.iso.date();
/** An instant, ISO 8601 with offset. */
export const IsoDateTime = z.iso.datetime({ offset: true });
/**
 * A call's `?include=` (what it may answer with its own, in one round trip): a comma-separated list of
 * `values`; anything else answers 422 include.invalid.
 */
export const includeList = (values: readonly string[]) => {
  const one = `(${values.join("|")})`;
  return z
    .string()
    .regex(new RegExp(`^${one}(,${one})*$`))
    .optional();
};
/** Dollars and cents as a JSON number (12.5 is $12.50). */
export const Money = z.number().multipleOf(0.01);

export const Address = z.object({
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  province: z.string(),
  postal_code: z.string(),
});
export type Address = z.infer<typeof Address>;

/** What every write answers on success. */
export const SuccessAnswer = z.object({ success: z.literal(true) });
export type SuccessAnswer = z.infer<typeof SuccessAnswer>;

/**
 * What every refusal answers (4xx, 5xx). `errors` maps a snake_case field name to error codes that
 * the portal translates (for example `password.too_short`); `message` is for logs and operators.
 */
export const ErrorAnswer = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorAnswer = z.infer<typeof ErrorAnswer>;

/** Path parameters are numeric ids. */
export const NumericId = z.coerce.number().int().positive();
