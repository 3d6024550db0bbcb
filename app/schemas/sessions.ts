/**
 * "Where you're signed in" (routes/profile/sessions.tsx): the buttons' form, signing out of one other
 * session (its id) or of every other. No field is typed: a post that is neither is refused (400).
 */
import { z } from "zod";

export const SessionSignOutSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("one"),
      session_id: z.string({ error: "api:_generic.form" }).trim().min(1, "api:_generic.form").max(100, "api:_generic.form"),
    }),
    z.object({ intent: z.literal("others") }),
  ],
  { error: "api:_generic.form" },
);
export type SessionSignOut = z.infer<typeof SessionSignOutSchema>;
