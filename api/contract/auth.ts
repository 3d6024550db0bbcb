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

export const LogoutAnswer = z.object({ success: z.literal(true) });

export const authEndpoints = [
  endpoint({
    method: "post",
    path: "/auth/access-token",
    tag: "auth",
    summary:
      "Sign in with username and password, or renew the access token with a refresh token. Credentials are limited per client address and per username and address (429 with Retry-After); a username guessed from many addresses answers more slowly, never 429",
    auth: "public",
    body: AccessTokenRequest,
    answer: AccessTokenAnswer,
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
