/**
 * Two-step verification: a code from an authenticator app (TOTP, RFC 6238) after the password. The
 * signed-in user sets it up (a secret the API keeps sealed), turns it on with a first code and receives
 * ten recovery codes (shown once, kept hashed, each usable once); turning it off and making new recovery
 * codes ask for the password. With it on, `POST /auth/access-token` answers a short-lived two-step token
 * instead of a session, and `POST /auth/two-step` exchanges that token and a code (or a recovery code)
 * for the session. A code is accepted once: a second use within its window is refused (`code.used`).
 *
 * No Node module here: the portal's forms (app/schemas/two-step.ts) use the same format rules.
 */
import { z } from "zod";
import { AccessTokenAnswer } from "./auth.ts";

export { TWO_STEP_TOKEN_SECONDS, TwoStepRequiredAnswer } from "./auth.ts";
import { IsoDateTime, SuccessAnswer } from "./common.ts";
import { endpoint } from "./endpoint.ts";
import { PASSWORD_MAX_LENGTH } from "./passwords.ts";

/** Recovery codes handed out at once. */
export const RECOVERY_CODE_COUNT = 10;
/** Wrong codes (and recovery codes) of one user per sign-in window, from every address; then each try waits for the window's end. */
export const TWO_STEP_FAILURES_PER_USER = 5;

/** A code as typed: digits, perhaps with spaces ("123 456"). */
export const normalizeCode = (value: string) => value.replace(/\s+/g, "");
/** Six digits, once spaces are taken out. */
export const isCodeFormat = (value: string) => /^\d{6}$/.test(normalizeCode(value));

/** The letters of recovery codes: no 0/o, 1/l/i to tell apart. */
export const RECOVERY_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";
/** A recovery code as typed: case, spaces and hyphens do not matter. */
export const normalizeRecoveryCode = (value: string) => value.toLowerCase().replace(/[\s-]+/g, "");
const RECOVERY_FORMAT = new RegExp(`^[${RECOVERY_ALPHABET}]{10}$`);
/** Ten letters of the alphabet once normalized (shown as two groups of five: "k7m2q-9xrtf"). */
export const isRecoveryCodeFormat = (value: string) => RECOVERY_FORMAT.test(normalizeRecoveryCode(value));

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/** Missing or blank answers `<field>.required` (and nothing else); otherwise the value goes on to `schema`. */
const required = <S extends z.ZodType>(field: string, schema: S) =>
  z.preprocess((value, check) => {
    const present = blankToUndefined(value);
    if (present === undefined) check.addIssue({ code: "custom", message: `${field}.required`, continue: false });
    return present;
  }, schema);

/** A code field: `code.required` when blank; another form than six digits `code.invalid`. */
const codeField = required("code", z.string().max(20, "code.invalid").refine(isCodeFormat, "code.invalid").transform(normalizeCode));

const passwordField = required("password", z.string().max(PASSWORD_MAX_LENGTH, "password.incorrect"));

/** POST /auth/two-step: the two-step token and either a code or a recovery code. */
export const TwoStepSignInRequest = z.object({
  two_step_token: z.string().min(1).max(2000),
  code: z.string().max(20).optional(),
  recovery_code: z.string().max(40).optional(),
});

/** The session, as the password alone gives it to others; after a recovery code, how many are left. */
export const TwoStepSignInAnswer = AccessTokenAnswer.extend({
  recovery_codes_left: z.number().int().min(0).optional(),
});
export type TwoStepSignInAnswer = z.infer<typeof TwoStepSignInAnswer>;

/** GET /profile-settings/two-step */
export const TwoStepStatusAnswer = z.object({
  two_step: z.object({
    enabled: z.boolean(),
    enabled_at: IsoDateTime.nullable(),
    /** Recovery codes not used yet (0 while off). */
    recovery_codes_left: z.number().int().min(0),
  }),
});
export type TwoStepStatusAnswer = z.infer<typeof TwoStepStatusAnswer>;

/** The secret of a setup waiting for its first code, and how the app must use it (RFC 6238). */
export const TwoStepSetup = z.object({
  /** Base32 (RFC 4648), without padding. */
  secret: z.string().regex(/^[A-Z2-7]+$/),
  algorithm: z.enum(["SHA1", "SHA256", "SHA512"]),
  digits: z.union([z.literal(6), z.literal(8)]),
  period: z.number().int().positive(),
});
export type TwoStepSetup = z.infer<typeof TwoStepSetup>;

/** GET /profile-settings/two-step/setup: the setup waiting for its first code, or null. */
export const TwoStepSetupAnswer = z.object({ setup: TwoStepSetup.nullable() });
export type TwoStepSetupAnswer = z.infer<typeof TwoStepSetupAnswer>;

/** POST /profile-settings/two-step/setup: a new secret (a setup started before is replaced). */
export const TwoStepSetupStarted = z.object({ success: z.literal(true), setup: TwoStepSetup });

/** POST /profile-settings/two-step: the first code turns it on. */
export const TwoStepConfirmRequest = z.object({ code: codeField });

/** Ten recovery codes, in clear this once ("k7m2q-9xrtf"). */
export const RecoveryCodesAnswer = z.object({
  success: z.literal(true),
  recovery_codes: z
    .array(z.string().regex(new RegExp(`^[${RECOVERY_ALPHABET}]{5}-[${RECOVERY_ALPHABET}]{5}$`)))
    .length(RECOVERY_CODE_COUNT),
});
export type RecoveryCodesAnswer = z.infer<typeof RecoveryCodesAnswer>;

/** POST /profile-settings/two-step/disable and /recovery-codes: the password again. */
export const TwoStepPasswordRequest = z.object({ password: passwordField });

export const twoStepEndpoints = [
  endpoint({
    method: "post",
    path: "/auth/two-step",
    tag: "auth",
    summary:
      "Second step of signing in: the two-step token POST /auth/access-token answered and a code of the authenticator app (or a recovery code, once each) for the session. A code already used is refused; wrong codes are limited like passwords, and past TWO_STEP_FAILURES_PER_USER in a window per user (429 with Retry-After); 401 when the token expired, was for another state of the account, or is not one",
    auth: "public",
    body: TwoStepSignInRequest,
    answer: TwoStepSignInAnswer,
    errors: [401, 422, 429],
    errorCodes: ["code.required", "code.invalid", "code.used", "recovery_code.invalid"],
  }),
  endpoint({
    method: "get",
    path: "/profile-settings/two-step",
    tag: "profile",
    summary: "Whether two-step verification is on for the signed-in user, since when, and how many recovery codes are left",
    auth: "bearer",
    answer: TwoStepStatusAnswer,
  }),
  endpoint({
    method: "get",
    path: "/profile-settings/two-step/setup",
    tag: "profile",
    summary: "The secret of a setup waiting for its first code (to show as a QR code and as text), or null",
    auth: "bearer",
    answer: TwoStepSetupAnswer,
  }),
  endpoint({
    method: "post",
    path: "/profile-settings/two-step/setup",
    tag: "profile",
    summary: "Start setting up two-step verification: a new secret, kept sealed, waiting for a first code",
    auth: "bearer",
    answer: TwoStepSetupStarted,
    errors: [422],
    errorCodes: ["_form.already_enabled"],
  }),
  endpoint({
    method: "post",
    path: "/profile-settings/two-step",
    tag: "profile",
    summary:
      "Turn two-step verification on with a first code of the app; answers ten recovery codes (shown once) and ends the user's other sessions",
    auth: "bearer",
    body: TwoStepConfirmRequest,
    answer: RecoveryCodesAnswer,
    errors: [422],
    errorCodes: ["code.required", "code.invalid", "_form.no_setup", "_form.already_enabled"],
  }),
  endpoint({
    method: "post",
    path: "/profile-settings/two-step/recovery-codes",
    tag: "profile",
    summary: "Ten new recovery codes with the password (the others stop working)",
    auth: "bearer",
    body: TwoStepPasswordRequest,
    answer: RecoveryCodesAnswer,
    errors: [422],
    errorCodes: ["password.required", "password.incorrect", "_form.not_enabled"],
  }),
  endpoint({
    method: "post",
    path: "/profile-settings/two-step/disable",
    tag: "profile",
    summary: "Turn two-step verification off with the password: the secret and recovery codes are deleted",
    auth: "bearer",
    body: TwoStepPasswordRequest,
    answer: SuccessAnswer,
    errors: [422],
    errorCodes: ["password.required", "password.incorrect", "_form.not_enabled"],
  }),
];
