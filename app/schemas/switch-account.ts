import { z } from "zod";
import { TOO_LONG } from "./messages";

/** Choosing another account in the switcher. */
export const SwitchAccountSchema = z.object({
  customerId: z.coerce.number({ error: "switcher.invalid" }).int("switcher.invalid").positive("switcher.invalid"),
  returnTo: z.string().max(2048, TOO_LONG).optional(),
});
