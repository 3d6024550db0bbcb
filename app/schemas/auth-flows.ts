/**
 * The forms of the pages reached without signing in first: forgotten password, password recovery,
 * account activation, contact activation, OAuth consent, the installation appointment and the service
 * agreement. Password rules are the contract's (api/contract/passwords.ts), and every message is the
 * API's error code translated (locales/…/api.json), so the browser, the portal and the API refuse a
 * value in the same words.
 */
import { z } from "zod";
import { TOO_LONG } from "./messages";
import { PASSWORD_MAX_LENGTH, passwordRuleCodes } from "#contract/passwords";
import { everyRule, type Posted } from "./rules";

/** A new password checked with the rules of spec section 5 ("<field>.too_short"…). */
const newPassword = (field: string) =>
  z.preprocess(
    (value) => value ?? "",
    z.string({ error: `api:${field}.required` }).superRefine((value, ctx) => {
      for (const code of passwordRuleCodes(value, field)) ctx.addIssue({ code: "custom", message: `api:${code}` });
    }),
  );

/** A confirmation that must match the new password. */
function confirmation(field: string, of: string) {
  return (value: Posted<Record<string, unknown>>, ctx: z.RefinementCtx) => {
    const confirm = typeof value[field] === "string" ? (value[field] as string) : "";
    if (!confirm) ctx.addIssue({ code: "custom", path: [field], message: `api:${field}.required` });
    else if (confirm !== value[of]) ctx.addIssue({ code: "custom", path: [field], message: `api:${field}.mismatch` });
  };
}

/** A box that must be ticked (posts "on"). */
const mustTick = (message: string) =>
  z.preprocess((value) => value === "on" || value === "true" || value === true, z.literal(true, { error: message }));

export const ForgotPasswordSchema = z.object({
  username: z.string({ error: "api:username.required" }).trim().min(1, "api:username.required").max(254, "api:username.too_long"),
});

export const RecoverPasswordSchema = everyRule(
  z.object({ new_password: newPassword("new_password"), confirm_password: z.string().max(PASSWORD_MAX_LENGTH, TOO_LONG).optional() }),
  confirmation("confirm_password", "new_password"),
);

export const ActivateAccountSchema = everyRule(
  z.object({
    new_password: newPassword("new_password"),
    confirm_password: z.string().max(PASSWORD_MAX_LENGTH, TOO_LONG).optional(),
    accept_terms: mustTick("api:accept_terms.required"),
  }),
  confirmation("confirm_password", "new_password"),
);

/** A contact without a sign-in yet chooses a password. */
export const ContactNewSignInSchema = everyRule(
  z.object({ password: newPassword("password"), password_confirmation: z.string().max(PASSWORD_MAX_LENGTH, TOO_LONG).optional() }),
  confirmation("password_confirmation", "password"),
);

/** A contact who already signs in with that e-mail proves it with the password. */
export const ContactExistingSignInSchema = z.object({
  password: z.string({ error: "api:password.required" }).min(1, "api:password.required").max(PASSWORD_MAX_LENGTH, "api:password.too_long"),
});

/** The OAuth consent: Allow or Deny (the request itself is in the page's address). */
export const OAuthDecisionSchema = z.object({
  decision: z.enum(["allow", "deny"], { error: "api:decision.required" }),
});

/** Single sign-on while someone else is signed in: switch to the link's user, or stay. */
export const SsoAnswerSchema = z.object({
  answer: z.enum(["switch", "stay"], { error: "account:sso.choose" }),
});

/** The installation appointment: the booked window or another offered one. */
export const AppointmentSchema = z.object({
  window_id: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.coerce.number({ error: "api:window_id.required" }).int("api:window_id.invalid").positive("api:window_id.invalid"),
  ),
});

export const AgreementSchema = z.object({ accept_terms: mustTick("api:accept_terms.required") });

/** The hand-over's "continue": nothing to fill in. */
export const ContinueSchema = z.object({});
