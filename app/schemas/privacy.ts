/** The analytics choice (consent banner and /privacy): accept or decline, and the page to go back to. */
import { z } from "zod";
import { TOO_LONG } from "./messages";

export const AnalyticsConsentSchema = z.object({
  analytics: z.enum(["accept", "decline"], { error: "privacy:errors.choose" }),
  returnTo: z.string().max(2048, TOO_LONG).optional(),
});
