/**
 * Notification preferences and unsubscribe links (docs/notifications.md): which e-mails each contact
 * receives about an account, the public unsubscribe link every such e-mail carries, and the development
 * outbox. Security mail (password recovery, invitations, ticket lookup links) is not governed by these.
 */
import { z } from "zod";
import { IsoDateTime } from "./common.ts";
import { endpoint } from "./endpoint.ts";
import { FormBoolean } from "./home-network.ts";
import { NOTIFICATION_KINDS } from "./values.ts";

export { NOTIFICATION_KINDS };
export const NotificationKind = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof NotificationKind>;

export const NotificationPreferences = z.object({
  bill_ready: z.boolean(),
  payments: z.boolean(),
  autopay: z.boolean(),
  ticket_replies: z.boolean(),
  outages: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;

/** One account the user is a contact of, and what they receive about it. */
export const AccountNotifications = z.object({
  customer_id: z.number().int(),
  contract_name: z.string(),
  account_number: z.string(),
  preferences: NotificationPreferences,
});
export type AccountNotifications = z.infer<typeof AccountNotifications>;

/** GET /profile-settings/notifications */
export const NotificationPreferencesAnswer = z.object({ accounts: z.array(AccountNotifications) });
export type NotificationPreferencesAnswer = z.infer<typeof NotificationPreferencesAnswer>;

/** PUT /profile-settings/notifications/{customerId}: every kind; a form's unchecked box is absent (off). */
export const NotificationPreferencesRequest = z.object({
  bill_ready: FormBoolean.default(false),
  payments: FormBoolean.default(false),
  autopay: FormBoolean.default(false),
  ticket_replies: FormBoolean.default(false),
  outages: FormBoolean.default(false),
});
export type NotificationPreferencesRequest = z.input<typeof NotificationPreferencesRequest>;

export const NotificationPreferencesSaved = z.object({ success: z.literal(true), account: AccountNotifications });
export type NotificationPreferencesSaved = z.infer<typeof NotificationPreferencesSaved>;

/** GET /unsubscribe/{token}: what the link turns off, before anything is changed. */
export const UnsubscribeAnswer = z.object({
  kind: NotificationKind,
  contract_name: z.string(),
  /** The address the mail went to, masked (m***@example.com). */
  email: z.string(),
  /** Whether this kind of mail is still on. */
  subscribed: z.boolean(),
});
export type UnsubscribeAnswer = z.infer<typeof UnsubscribeAnswer>;

/** POST /unsubscribe/{token} */
export const UnsubscribeDone = z.object({ success: z.literal(true), kind: NotificationKind, contract_name: z.string() });
export type UnsubscribeDone = z.infer<typeof UnsubscribeDone>;

/** One mail of the outbox, as /dev/outbox shows it. */
export const OutboxMail = z.object({
  id: z.number().int(),
  to: z.string(),
  template: z.string(),
  language: z.enum(["en", "fr"]),
  subject: z.string(),
  /** The plain text with {{portal_url}} still in it (the portal puts its own address); empty once sent. */
  body_text: z.string(),
  created_at: IsoDateTime,
  sent_at: IsoDateTime.nullable(),
});
export type OutboxMail = z.infer<typeof OutboxMail>;

/** GET /dev/outbox */
export const OutboxAnswer = z.object({ mails: z.array(OutboxMail) });
export type OutboxAnswer = z.infer<typeof OutboxAnswer>;

export const notificationsEndpoints = [
  endpoint({
    method: "get",
    path: "/profile-settings/notifications",
    tag: "profile",
    summary: "The e-mails the user receives about each account they are a contact of (all on unless turned off)",
    auth: "bearer",
    answer: NotificationPreferencesAnswer,
  }),
  endpoint({
    method: "put",
    path: "/profile-settings/notifications/{customerId}",
    tag: "profile",
    summary: "Choose the e-mails the user receives about one account (every kind; one left out is off)",
    auth: "bearer",
    body: NotificationPreferencesRequest,
    bodyEncoding: "json-or-form",
    answer: NotificationPreferencesSaved,
    errors: [422],
  }),
  endpoint({
    method: "get",
    path: "/unsubscribe/{token}",
    tag: "profile",
    summary: "What an e-mail's unsubscribe link turns off (nothing changes); 404 for a link forged or expired",
    auth: "public",
    answer: UnsubscribeAnswer,
    errors: [404],
  }),
  endpoint({
    method: "post",
    path: "/unsubscribe/{token}",
    tag: "profile",
    summary: "Turn off the kind of e-mail the link was sent with, for that account, without signing in",
    auth: "public",
    answer: UnsubscribeDone,
    errors: [404],
  }),
  endpoint({
    method: "get",
    path: "/dev/outbox",
    tag: "profile",
    summary: "Development only (404 when NODE_ENV is production): the outbox's latest 100 mails, newest first",
    auth: "public",
    answer: OutboxAnswer,
    errors: [404],
  }),
];
