import { z } from "zod";
import { endpoint } from "./endpoint.ts";

export const PasswordSignIn = z.object({
  username: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(200),
});
export const RefreshSignIn = z.object({ refresh_token: z.string().min(20).max(200) });

/** POST /auth/access-token: either credentials or a refresh token. */
export const AccessTokenRequest = z.union([PasswordSignIn, RefreshSignIn]);
export type AccessTokenRequest = z.infer<typeof AccessTokenRequest>;

/** A JWT (claims sub and exp) and the opaque refresh token that renews it. */
export const AccessTokenAnswer = z.object({
  token: z.string().min(1),
  refresh_token: z.string().min(1),
});
export type AccessTokenAnswer = z.infer<typeof AccessTokenAnswer>;

/** How long a two-step token lasts (seconds): the time to open the app and type a code. */
export const TWO_STEP_TOKEN_SECONDS = 5 * 60;

/**
 * POST /auth/access-token with the password of a user who has two-step verification on (two-step.ts):
 * no session yet, a token that only POST /auth/two-step takes, with a code of the user's app.
 */
export const TwoStepRequiredAnswer = z.object({
  two_step_required: z.literal(true),
  /** Single purpose: only POST /auth/two-step takes it; never a bearer token. */
  two_step_token: z.string().min(1),
  /** Seconds it lasts. */
  expires_in: z.number().int().positive(),
});
export type TwoStepRequiredAnswer = z.infer<typeof TwoStepRequiredAnswer>;

/** What POST /auth/access-token answers: a session, or (a password, with two-step verification on) the second step. */
export const SignInAnswer = z.union([AccessTokenAnswer, TwoStepRequiredAnswer]);
export type SignInAnswer = z.infer<typeof SignInAnswer>;

export const LogoutAnswer = z.object({ success: z.literal(true) });

export const authEndpoints = [
  endpoint({
    method: "post",
    path: "/auth/access-token",
    tag: "auth",
    summary:
      "Sign in with username and password, or renew the access token with a refresh token. Credentials are limited per client address and per username and address (429 with Retry-After); a username guessed from many addresses answers more slowly, never 429. A user with two-step verification on gets a two-step token instead of a session (POST /auth/two-step)",
    auth: "public",
    body: AccessTokenRequest,
    answer: SignInAnswer,
    errors: [401, 422, 429],
  }),
  endpoint({
    method: "get",
    path: "/auth/logout",
    tag: "auth",
    summary: "Sign out: ends the session of the bearer token (idempotent)",
    auth: "public",
    answer: LogoutAnswer,
  }),
];
