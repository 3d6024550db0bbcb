/**
 * The forms of the service screens: schedule or change a pause, move, cancel, reactivate, and the
 * account's billing address and preferences. Messages are the API's error codes ("api:<field>.<rule>"),
 * so a value refused by the browser, the portal or the API reads the same. Dates are checked against
 * today in Toronto as the API checks them (a pause or a move after today, a cancellation from today,
 * at most a year ahead); the API checks again, with what only it knows (no balance owing, no
 * overlapping pause). Every rule runs on every submit (everyRule).
 */
import { z } from "zod";
import {
  CANCEL_REASONS,
  MAX_DAYS_AHEAD,
  PAUSE_MAX_MONTHS,
  PAUSE_MIN_MONTHS,
  PROVINCES,
  postalCodeMatchesProvince,
} from "#contract/accounts";
import { everyRule, posted } from "./rules";
import { addDays, torontoToday } from "./values";

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A required text; conform sends an empty field as undefined. */
const text = (field: string, max: number) =>
  z
    .string({ error: `api:${field}.required` })
    .trim()
    .min(1, `api:${field}.required`)
    .max(max, `api:${field}.too_long`);

const optional = (field: string, max: number) => z.string().trim().max(max, `api:${field}.too_long`).optional();

/**
 * A date from `earliest` days after today (1: after today, `<field>.not_in_future`; 0: today or later,
 * `<field>.in_past`) to a year ahead (`<field>.too_far`).
 */
const date = (field: string, earliest: 0 | 1) =>
  z
    .string({ error: `api:${field}.required` })
    .trim()
    .superRefine((value, ctx) => {
      if (!ISO_DATE.test(value) || Number.isNaN(Date.parse(value))) {
        ctx.addIssue({ code: "custom", message: `api:${field}.invalid` });
        return;
      }
      const today = torontoToday();
      if (value < addDays(today, earliest))
        ctx.addIssue({ code: "custom", message: `api:${field}.${earliest ? "not_in_future" : "in_past"}` });
      else if (value > addDays(today, MAX_DAYS_AHEAD)) ctx.addIssue({ code: "custom", message: `api:${field}.too_far` });
    });

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
export const PauseSchema = z.object({ start_date: date("start_date", 1), months });

const POSTAL_CODE = /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/i;

const addressFields = {
  address_line1: text("address_line1", 100),
  address_line2: optional("address_line2", 100),
  city: text("city", 60),
  province: z.enum(PROVINCES, { error: "api:province.required" }),
  postal_code: text("postal_code", 7).refine((value) => POSTAL_CODE.test(value), "api:postal_code.invalid_format"),
};

/** A postal code of another province than the one chosen (checked whatever the other fields say). */
const withPostalCheck = (value: { province?: unknown; postal_code?: unknown }, ctx: z.RefinementCtx) => {
  const postalCode = posted(value.postal_code);
  const province = posted(value.province);
  if (
    POSTAL_CODE.test(postalCode) &&
    (PROVINCES as readonly string[]).includes(province) &&
    !postalCodeMatchesProvince(postalCode, province)
  ) {
    ctx.addIssue({ code: "custom", message: "api:postal_code.province_mismatch", path: ["postal_code"] });
  }
};

/** Move a package to a new address on a future date. */
export const MoveSchema = everyRule(
  z.object({ move_date: date("move_date", 1), ...addressFields, comment: optional("comment", 1000) }),
  withPostalCheck,
);

/** Cancel a package on a date, for a reason ("other" needs a comment), having read what it means. */
export const CancelSchema = everyRule(
  z.object({
    cancel_date: date("cancel_date", 0),
    reason: z.enum(CANCEL_REASONS, { error: "api:reason.required" }),
    comment: optional("comment", 1000),
    understood: z.literal("on", { error: "services:cancel.understoodRequired" }),
  }),
  (value, ctx) => {
    if (value.reason === "other" && !posted(value.comment))
      ctx.addIssue({ code: "custom", message: "api:comment.required", path: ["comment"] });
  },
);

/** Reactivate a paused or cancelled package (a comment for support, optional). */
export const ReactivateSchema = z.object({ comment: optional("comment", 1000) });

/** The billing address and preferences of the account. */
export const AccountDetailsSchema = everyRule(
  z.object({
    ...addressFields,
    paperless_billing: z.enum(["true", "false"], { error: "api:paperless_billing.required" }),
    correspondence_language: z.enum(["en", "fr"], { error: "api:correspondence_language.required" }),
  }),
  withPostalCheck,
);
