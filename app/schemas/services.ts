/**
 * The forms of the service screens: schedule or change a pause, move, cancel, reactivate, and the
 * account's billing address and preferences. Messages are the API's error codes ("api:<field>.<rule>"),
 * so a value refused by the browser, the portal or the API reads the same. The API checks again
 * (dates in the future, no balance owing, no overlapping pause).
 */
import { z } from "zod";
import { CANCEL_REASONS, PAUSE_MAX_MONTHS, PAUSE_MIN_MONTHS, PROVINCES, postalCodeMatchesProvince } from "../../api/contract/accounts";

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A required text; conform sends an empty field as undefined. */
const text = (field: string, max: number) =>
  z
    .string({ error: `api:${field}.required` })
    .trim()
    .min(1, `api:${field}.required`)
    .max(max, `api:${field}.too_long`);

const optional = (field: string, max: number) => z.string().trim().max(max, `api:${field}.too_long`).optional();

const date = (field: string) =>
  z
    .string({ error: `api:${field}.required` })
    .trim()
    .refine((value) => ISO_DATE.test(value) && !Number.isNaN(Date.parse(value)), `api:${field}.invalid`);

/** Whole months, 1 to 6; typed as digits (a number input without a maximum, so 7 reaches the rule). */
const months = z
  .string({ error: "api:months.required" })
  .trim()
  .regex(/^\d{1,3}$/, "api:months.invalid")
  .superRefine((value, ctx) => {
    const n = Number(value);
    if (n < PAUSE_MIN_MONTHS) ctx.addIssue({ code: "custom", message: "api:months.below_minimum" });
    if (n > PAUSE_MAX_MONTHS) ctx.addIssue({ code: "custom", message: "api:months.above_maximum" });
  });

/** Schedule a pause, or change the dates of one. */
export const PauseSchema = z.object({ start_date: date("start_date"), months });

const POSTAL_CODE = /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/i;

const addressFields = {
  address_line1: text("address_line1", 100),
  address_line2: optional("address_line2", 100),
  city: text("city", 60),
  province: z.enum(PROVINCES, { error: "api:province.required" }),
  postal_code: text("postal_code", 7).refine((value) => POSTAL_CODE.test(value), "api:postal_code.invalid_format"),
};

const withPostalCheck = <T extends { province: string; postal_code: string }>(value: T, ctx: z.RefinementCtx) => {
  if (POSTAL_CODE.test(value.postal_code) && !postalCodeMatchesProvince(value.postal_code, value.province)) {
    ctx.addIssue({ code: "custom", message: "api:postal_code.province_mismatch", path: ["postal_code"] });
  }
};

/** Move a package to a new address on a future date. */
export const MoveSchema = z
  .object({ move_date: date("move_date"), ...addressFields, comment: optional("comment", 1000) })
  .superRefine(withPostalCheck);

/** Cancel a package on a date, for a reason ("other" needs a comment), having read what it means. */
export const CancelSchema = z
  .object({
    cancel_date: date("cancel_date"),
    reason: z.enum(CANCEL_REASONS, { error: "api:reason.required" }),
    comment: optional("comment", 1000),
    understood: z.literal("on", { error: "services:cancel.understoodRequired" }),
  })
  .superRefine((value, ctx) => {
    if (value.reason === "other" && !value.comment) ctx.addIssue({ code: "custom", message: "api:comment.required", path: ["comment"] });
  });

/** Reactivate a paused or cancelled package (a comment for support, optional). */
export const ReactivateSchema = z.object({ comment: optional("comment", 1000) });

/** The billing address and preferences of the account. */
export const AccountDetailsSchema = z
  .object({
    ...addressFields,
    paperless_billing: z.enum(["true", "false"], { error: "api:paperless_billing.required" }),
    correspondence_language: z.enum(["en", "fr"], { error: "api:correspondence_language.required" }),
  })
  .superRefine(withPostalCheck);
