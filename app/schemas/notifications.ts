/**
 * The notification preferences form (/profile-settings/notifications): one account, and the kinds of
 * e-mail ticked for it (a box left unticked is off). The unsubscribe page posts ConfirmSchema.
 */
import { z } from "zod";
import { NOTIFICATION_KINDS, type NotificationKind } from "#contract/notifications";

export const NotificationPreferencesSchema = z.object({
  customer_id: z.coerce.number({ error: "api:customer_id.invalid" }).int("api:customer_id.invalid").positive("api:customer_id.invalid"),
  /** Ticked boxes: absent, one value or several. */
  kinds: z.preprocess(
    (value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]),
    z
      .array(z.string())
      .max(NOTIFICATION_KINDS.length, "api:kinds.invalid")
      .refine((kinds) => kinds.every((kind) => (NOTIFICATION_KINDS as readonly string[]).includes(kind)), "api:kinds.invalid")
      .transform((kinds) => kinds as NotificationKind[]),
  ),
});
