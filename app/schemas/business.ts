/**
 * The forms of the commercial screens. Endpoint monitoring settings (PUT /internet/{id}/endpoint):
 * the rules are the API's (api/contract/business-network.ts), and the messages are its error codes
 * translated in locales/…/api.json, so a refusal reads the same whether the browser, the portal or
 * the API refused it.
 */
import { z } from "zod";
import { splitEmailList } from "#contract/support";
import { withValues } from "../lib/form-messages";

import { DESCRIPTION_MAX, LABEL_MAX, MAX_ALERT_EMAILS } from "./values";

export { DESCRIPTION_MAX, LABEL_MAX, MAX_ALERT_EMAILS };

/** conform sends an empty field as undefined; the API takes "" as "clear it". */
const optionalText = (field: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `api:${field}.too_long`)
    .optional()
    .transform((value) => value ?? "");

export const EndpointSettingsSchema = z.object({
  label: optionalText("label", LABEL_MAX),
  description: optionalText("description", DESCRIPTION_MAX),
  /** Addresses separated by commas, semicolons, spaces or line breaks. */
  alert_emails: z
    .string()
    .max(2000, "api:alert_emails.too_many")
    .superRefine((value, ctx) => {
      // The message names the addresses refused, and the limit with how many were entered.
      const { emails, invalid } = splitEmailList(value);
      if (invalid.length) {
        ctx.addIssue({
          code: "custom",
          message: withValues("business:settings.alertEmailsInvalid", { emails: invalid.join(", "), count: invalid.length }),
        });
      } else if (emails.length > MAX_ALERT_EMAILS) {
        ctx.addIssue({
          code: "custom",
          message: withValues("business:settings.alertEmailsTooMany", { max: MAX_ALERT_EMAILS, count: emails.length }),
        });
      }
    })
    .optional()
    .transform((value) => value ?? ""),
  /** A contact id with the notify role, or "" for nobody. */
  notification_contact_id: z
    .string()
    .regex(/^\d{1,12}$/, "api:notification_contact_id.invalid")
    .optional()
    .transform((value) => value ?? ""),
});
export type EndpointSettings = z.output<typeof EndpointSettingsSchema>;
