/**
 * Profile settings: the signed-in user's name, phone and preferred language; change password (spec
 * section 5: 8+ characters, a lowercase and an uppercase letter, the confirmation matches, the new one
 * differs from the current one); end the intro tour. Messages are the API's codes ("api:<field>.<rule>").
 */
import { z } from "zod";
import { PASSWORD_MAX_LENGTH, passwordRuleCodes } from "#contract/passwords";
import { everyRule } from "./rules";

const NANP = /^1?[2-9]\d{2}[2-9]\d{2}\d{4}$/;

const name = (field: string) =>
  z
    .string({ error: `api:${field}.required` })
    .trim()
    .min(1, `api:${field}.required`)
    .max(50, `api:${field}.too_long`);

export const ProfileSchema = z.object({
  first_name: name("first_name"),
  last_name: name("last_name"),
  phone: z
    .string()
    .trim()
    .max(30, "api:phone.invalid_format")
    .refine((value) => NANP.test(value.replace(/[\s().+-]/g, "")), "api:phone.invalid_format")
    .optional(),
  preferred_language: z.enum(["en", "fr"], { error: "api:preferred_language.required" }),
});

export const PasswordSchema = everyRule(
  z.object({
    current_password: z.string({ error: "api:current_password.required" }).max(PASSWORD_MAX_LENGTH, "api:current_password.invalid"),
    new_password: z
      .string({ error: "api:new_password.required" })
      .max(PASSWORD_MAX_LENGTH, "api:new_password.too_long")
      .superRefine((value, ctx) => {
        for (const code of passwordRuleCodes(value, "new_password")) ctx.addIssue({ code: "custom", message: `api:${code}` });
      }),
    confirm_password: z.string({ error: "api:confirm_password.required" }).max(PASSWORD_MAX_LENGTH, "api:confirm_password.mismatch"),
  }),
  (value, ctx) => {
    // Passwords are compared as typed (never trimmed).
    const text = (v: unknown) => (typeof v === "string" ? v : "");
    const [current, fresh, confirm] = [text(value.current_password), text(value.new_password), text(value.confirm_password)];
    if (fresh && confirm && fresh !== confirm) {
      ctx.addIssue({ code: "custom", message: "api:confirm_password.mismatch", path: ["confirm_password"] });
    }
    if (current && fresh && current === fresh) {
      ctx.addIssue({ code: "custom", message: "api:new_password.same_as_current", path: ["new_password"] });
    }
  },
);

/** The intro tour's end: skipped (true) or finished (false). */
export const EndTourSchema = z.object({ skipped: z.enum(["true", "false"], { error: "formErrors.unreadable" }) });
