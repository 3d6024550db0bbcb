import { z } from "zod";
import { TOO_LONG } from "./messages";

/** The sign-in form. Messages are translation keys (auth namespace). */
export const LoginSchema = z.object({
  username: z
    .string({ error: "auth:login.usernameRequired" })
    .trim()
    .min(1, "auth:login.usernameRequired")
    .max(254, "auth:login.usernameTooLong"),
  password: z.string({ error: "auth:login.passwordRequired" }).min(1, "auth:login.passwordRequired").max(200, "auth:login.passwordTooLong"),
  came_from: z.string().max(2048, TOO_LONG).optional(),
});
export type LoginInput = z.infer<typeof LoginSchema>;
