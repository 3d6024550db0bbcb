/**
 * Two-step verification's forms: a code of the authenticator app (the sign-in's code step and the first
 * code that turns it on), a recovery code, and the password that turns it off or makes new recovery
 * codes. The formats are the contract's (#contract/two-step); messages are the API's codes.
 */
import { z } from "zod";
import { isCodeFormat, isRecoveryCodeFormat, normalizeCode } from "#contract/two-step";
import { PASSWORD_MAX_LENGTH } from "#contract/passwords";

/** Six digits (spaces allowed, as some apps show them: "123 456"). */
export const TwoStepCodeSchema = z.object({
  code: z
    .string({ error: "api:code.required" })
    .trim()
    .max(20, "api:code.invalid")
    .refine(isCodeFormat, "api:code.invalid")
    .transform(normalizeCode),
});

/** One of the ten recovery codes ("k7m2q-9xrtf"; case, spaces and the hyphen do not matter). */
export const RecoveryCodeSchema = z.object({
  recovery_code: z
    .string({ error: "api:recovery_code.required" })
    .trim()
    .max(40, "api:recovery_code.invalid")
    .refine(isRecoveryCodeFormat, "api:recovery_code.invalid"),
});

/** The password again: turning it off, new recovery codes. */
export const TwoStepPasswordSchema = z.object({
  password: z.string({ error: "api:password.required" }).max(PASSWORD_MAX_LENGTH, "api:password.incorrect"),
});
