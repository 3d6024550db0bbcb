/**
 * Reaching an account without signing in first: password recovery, first activation of a new
 * customer, single sign-on from the provider's other applications, and the OAuth authorization code
 * flow of registered clients (the support-ticket portal and the router app).
 */
import { z } from "zod";
import { newPasswordCodes } from "./accounts.ts";
import { AccessTokenAnswer } from "./auth.ts";
import { IsoDate, IsoDateTime, SuccessAnswer } from "./common.ts";
import { endpoint } from "./endpoint.ts";

/** The codes of the password rules and of the confirmation. */
export const NEW_PASSWORD_ERROR_CODES = [
  "new_password.required",
  "new_password.too_short",
  "new_password.too_long",
  "new_password.missing_lowercase",
  "new_password.missing_uppercase",
  "confirm_password.required",
  "confirm_password.mismatch",
];

const addCodes = (ctx: z.RefinementCtx, field: string, codes: string[]) => {
  for (const code of codes) ctx.addIssue({ code: "custom", path: [field], message: code });
};

/** A required text field whose refusals are `<field>.required` / `<field>.too_long`. */
const requiredText = (field: string, max: number) =>
  z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      if (!value) ctx.addIssue({ code: "custom", message: `${field}.required` });
      else if (value.length > max) ctx.addIssue({ code: "custom", message: `${field}.too_long` });
    });

/**
 * A text compared byte for byte (an OAuth redirect URI): never trimmed or normalised, so a value with
 * spaces around it is not the registered one. Required: blank is `<field>.required`.
 */
const exactText = (field: string, max: number) =>
  z.string().superRefine((value, ctx) => {
    if (!value.trim()) ctx.addIssue({ code: "custom", message: `${field}.required` });
    else if (value.length > max) ctx.addIssue({ code: "custom", message: `${field}.too_long` });
  });

/** A checkbox: true, or "true" / "on" / "1" / "yes" from a form; anything else is unticked. */
const Checkbox = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((value) => value === true || (typeof value === "string" && ["true", "on", "1", "yes"].includes(value.toLowerCase())));

const passwordFields = {
  new_password: z.string().optional(),
  confirm_password: z.string().optional(),
};

function checkNewPassword(value: { new_password?: string; confirm_password?: string }, ctx: z.RefinementCtx) {
  // The rules of spec section 5, shared with the password change of /profile-settings.
  addCodes(ctx, "new_password", newPasswordCodes(value.new_password ?? ""));
  if (!value.confirm_password) addCodes(ctx, "confirm_password", ["confirm_password.required"]);
  else if (value.new_password && value.confirm_password !== value.new_password) {
    addCodes(ctx, "confirm_password", ["confirm_password.mismatch"]);
  }
}

/** A legal text in the request's language. */
export const LegalDocument = z.object({
  document_id: z.string(),
  version: z.string(),
  title: z.string(),
  effective_on: IsoDate,
  language: z.enum(["en", "fr"]),
  sections: z.array(z.object({ heading: z.string(), body: z.string() })),
});
export type LegalDocument = z.infer<typeof LegalDocument>;

/** Where a single-use link stands. A link withdrawn because another one was used answers "expired". */
export const LinkStatus = z.enum(["valid", "expired", "used"]);

// --- Password recovery ------------------------------------------------------------------------------

/** POST /auth/forgot-password */
export const ForgotPasswordRequest = z.object({ username: requiredText("username", 254) });
/** The same answer whether or not the username exists. */
export const ForgotPasswordAnswer = SuccessAnswer;

/** GET /auth/recover-password/{token}: the username is masked (m***@example.com). */
export const RecoveryLinkAnswer = z.object({
  status: LinkStatus,
  username: z.string().nullable(),
  expires_at: IsoDateTime.nullable(),
});
export type RecoveryLinkAnswer = z.infer<typeof RecoveryLinkAnswer>;

/** POST /auth/recover-password/{token} */
export const RecoverPasswordRequest = z.object(passwordFields).superRefine(checkNewPassword);
export type RecoverPasswordRequest = z.infer<typeof RecoverPasswordRequest>;
export const RecoverPasswordAnswer = SuccessAnswer;

// --- Account activation -----------------------------------------------------------------------------

/** GET /auth/activate-account/{token}: who is activating (masked) and the terms of use to accept. */
export const ActivationLinkAnswer = z.object({
  status: LinkStatus,
  username: z.string().nullable(),
  first_name: z.string().nullable(),
  expires_at: IsoDateTime.nullable(),
  terms: LegalDocument,
});
export type ActivationLinkAnswer = z.infer<typeof ActivationLinkAnswer>;

/** POST /auth/activate-account/{token} */
export const ActivateAccountRequest = z.object({ ...passwordFields, accept_terms: Checkbox }).superRefine((value, ctx) => {
  checkNewPassword(value, ctx);
  if (!value.accept_terms) addCodes(ctx, "accept_terms", ["accept_terms.required"]);
});
export type ActivateAccountRequest = z.infer<typeof ActivateAccountRequest>;
/** The account is activated and the customer signed in: the same tokens as /auth/access-token. */
export const ActivateAccountAnswer = AccessTokenAnswer.extend({ success: z.literal(true) });
export type ActivateAccountAnswer = z.infer<typeof ActivateAccountAnswer>;

// --- Single sign-on ---------------------------------------------------------------------------------

/** POST /auth/sso-token: a one-time token to hand a signed-in user over to the portal. */
export const SsoTokenAnswer = z.object({
  sso_token: z.string().min(1),
  expires_at: IsoDateTime,
  expires_in: z.number().int().positive(),
});
export type SsoTokenAnswer = z.infer<typeof SsoTokenAnswer>;

/** POST /auth/sso-refresh-token */
export const SsoRefreshTokenRequest = z.object({ sso_token: requiredText("sso_token", 200) });

// --- OAuth 2.0 (authorization code grant) -----------------------------------------------------------

const oauthRequestFields = {
  response_type: z.string().optional(),
  client_id: requiredText("client_id", 64),
  redirect_uri: exactText("redirect_uri", 2048),
  state: requiredText("state", 500),
  /** Space-separated; absent means every scope the client is registered for. */
  scope: z.string().max(500).optional(),
  /** PKCE (RFC 7636), S256 only: base64url of the SHA-256 of the verifier. */
  code_challenge: z.string().optional(),
  code_challenge_method: z.string().optional(),
};

/** GET /oauth2/authorize query */
export const OAuthAuthorizeQuery = z.object(oauthRequestFields);
export type OAuthAuthorizeQuery = z.infer<typeof OAuthAuthorizeQuery>;

/** GET /oauth2/authorize: what the consent screen shows. */
export const OAuthAuthorizeAnswer = z.object({
  client: z.object({ client_id: z.string(), name: z.string() }),
  redirect_uri: z.string(),
  state: z.string(),
  scopes: z.array(z.object({ scope: z.string(), description: z.string() })),
  username: z.string(),
});
export type OAuthAuthorizeAnswer = z.infer<typeof OAuthAuthorizeAnswer>;

/** POST /oauth2/authorize: the customer's decision. */
export const OAuthDecisionRequest = z.object({
  ...oauthRequestFields,
  decision: z
    .string()
    .describe('"allow" or "deny"')
    .optional()
    .transform((value, ctx) => {
      if (value === "allow" || value === "deny") return value;
      ctx.addIssue({ code: "custom", message: value ? "decision.invalid" : "decision.required" });
      return z.NEVER;
    }),
});
export type OAuthDecisionRequest = z.infer<typeof OAuthDecisionRequest>;
/** The portal redirects to the client: ?code=…&state=… or ?error=access_denied&state=… */
export const OAuthDecisionAnswer = z.object({ success: z.literal(true), redirect: z.url() });

export const OAUTH_REQUEST_ERROR_CODES = [
  "client_id.required",
  "client_id.unknown",
  "redirect_uri.required",
  "redirect_uri.unregistered",
  "state.required",
  "state.too_long",
  "response_type.unsupported",
  "scope.invalid",
  "code_challenge.invalid",
  "code_challenge_method.unsupported",
];

/** POST /oauth2/token: client credentials in the body or as HTTP Basic. */
export const OAuthTokenRequest = z.object({
  grant_type: z.string().optional(),
  code: z.string().max(200).optional(),
  redirect_uri: z.string().max(2048).optional(),
  client_id: z.string().max(64).optional(),
  client_secret: z.string().max(200).optional(),
  code_verifier: z.string().max(200).optional(),
});
export const OAuthTokenAnswer = z.object({
  access_token: z.string().min(1),
  token_type: z.literal("Bearer"),
  expires_in: z.number().int().positive(),
  scope: z.string(),
});
export type OAuthTokenAnswer = z.infer<typeof OAuthTokenAnswer>;

/** GET /oauth2/userinfo (a client's access token with scope profile). */
export const OAuthUserInfoAnswer = z.object({
  sub: z.string(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  preferred_language: z.enum(["en", "fr"]),
  /** With scope accounts: the accounts the user is an activated contact of. */
  accounts: z.array(z.object({ customer_id: z.number().int(), contract_name: z.string(), roles: z.array(z.string()) })).optional(),
});
export type OAuthUserInfoAnswer = z.infer<typeof OAuthUserInfoAnswer>;

const TOKEN_LINK = "The token of the link (path); unknown tokens answer 404";

export const authFlowsEndpoints = [
  endpoint({
    method: "post",
    path: "/auth/forgot-password",
    tag: "auth",
    summary:
      "Request a password recovery e-mail. Answers the same success whether or not the username exists; at most 3 e-mails an hour per user",
    auth: "public",
    body: ForgotPasswordRequest,
    answer: ForgotPasswordAnswer,
    errors: [422],
    errorCodes: ["username.required", "username.too_long"],
  }),
  endpoint({
    method: "get",
    path: "/auth/recover-password/{token}",
    tag: "auth",
    summary: `Whether a recovery link is still valid, and for which (masked) username. ${TOKEN_LINK}`,
    auth: "public",
    answer: RecoveryLinkAnswer,
    errors: [404],
  }),
  endpoint({
    method: "post",
    path: "/auth/recover-password/{token}",
    tag: "auth",
    summary: "Set a new password with a recovery link (single use, 1 hour); ends every session of the user",
    auth: "public",
    body: RecoverPasswordRequest,
    answer: RecoverPasswordAnswer,
    errors: [404, 422],
    errorCodes: ["token.expired", "token.used", ...NEW_PASSWORD_ERROR_CODES, "new_password.same_as_current"],
  }),
  endpoint({
    method: "get",
    path: "/auth/activate-account/{token}",
    tag: "auth",
    summary: `Whether an activation link is still valid, for whom, and the terms of use to accept. ${TOKEN_LINK}`,
    auth: "public",
    answer: ActivationLinkAnswer,
    errors: [404],
  }),
  endpoint({
    method: "post",
    path: "/auth/activate-account/{token}",
    tag: "auth",
    summary:
      "First sign-in of a new customer: set a password and accept the terms of use (single use, 14 days). Activates the user's pending contacts and signs them in",
    auth: "public",
    body: ActivateAccountRequest,
    answer: ActivateAccountAnswer,
    errors: [404, 422],
    errorCodes: ["token.expired", "token.used", ...NEW_PASSWORD_ERROR_CODES, "accept_terms.required"],
  }),
  endpoint({
    method: "post",
    path: "/auth/sso-token",
    tag: "auth",
    summary:
      "Issue a single-sign-on token (single use, 2 minutes) for the bearer's user, to send them to the portal's /sso?came_from=…&sso_token=…. The bearer is a portal access token, or an OAuth client access token with scope sso (403 without it)",
    auth: "bearer",
    answer: SsoTokenAnswer,
    errors: [403],
  }),
  endpoint({
    method: "post",
    path: "/auth/sso-refresh-token",
    tag: "auth",
    summary: "Exchange a single-sign-on token for the portal's access and refresh tokens (401 if unknown, used or expired)",
    auth: "public",
    body: SsoRefreshTokenRequest,
    answer: AccessTokenAnswer,
    errors: [401, 422],
    errorCodes: ["sso_token.required", "sso_token.too_long"],
  }),
  endpoint({
    method: "get",
    path: "/oauth2/authorize",
    tag: "oauth",
    summary:
      "Check an authorization request of a registered client and describe it for the consent screen. An unknown client or unregistered redirect_uri is refused (422), never redirected to",
    auth: "bearer",
    query: OAuthAuthorizeQuery,
    answer: OAuthAuthorizeAnswer,
    errors: [422],
    errorCodes: OAUTH_REQUEST_ERROR_CODES,
  }),
  endpoint({
    method: "post",
    path: "/oauth2/authorize",
    tag: "oauth",
    summary:
      "The customer allows or denies: redirect to the client's redirect_uri with a single-use authorization code (10 minutes) or error=access_denied, and the state",
    auth: "bearer",
    body: OAuthDecisionRequest,
    answer: OAuthDecisionAnswer,
    errors: [422],
    errorCodes: [...OAUTH_REQUEST_ERROR_CODES, "decision.required", "decision.invalid"],
  }),
  endpoint({
    method: "post",
    path: "/oauth2/token",
    tag: "oauth",
    summary:
      "A client exchanges an authorization code for an access token (1 hour). Client credentials in the body or HTTP Basic; wrong ones answer 401. Reusing a code revokes the tokens issued for it",
    auth: "public",
    body: OAuthTokenRequest,
    answer: OAuthTokenAnswer,
    errors: [401, 422],
    errorCodes: [
      "grant_type.unsupported",
      "code.required",
      "code.invalid",
      "code.expired",
      "code.used",
      "redirect_uri.mismatch",
      "code_verifier.required",
      "code_verifier.invalid",
    ],
  }),
  endpoint({
    method: "get",
    path: "/oauth2/userinfo",
    tag: "oauth",
    summary: "Who the user behind a client's access token is (scope profile; accounts with scope accounts)",
    auth: "bearer",
    answer: OAuthUserInfoAnswer,
    errors: [403],
  }),
];
