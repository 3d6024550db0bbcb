/**
 * msw: notification preferences, unsubscribe links and the development outbox. The signed-in user is a
 * contact of two accounts, every e-mail on; the unsubscribe link UNSUBSCRIBE_TOKEN turns off payment
 * e-mails about Maya Singh's account; any other token is forged or expired (404).
 */
import type { NotificationPreferencesAnswer, OutboxAnswer } from "#contract/notifications";
import { on, refuse, reply } from "./contract.ts";

const ALL_ON = { bill_ready: true, payments: true, autopay: true, ticket_replies: true, outages: true };

export const notificationAccounts: NotificationPreferencesAnswer = {
  accounts: [
    { customer_id: 200301, contract_name: "Harbourfront Logistics Inc.", account_number: "BUS-200301", preferences: ALL_ON },
    { customer_id: 100101, contract_name: "Maya Singh", account_number: "RES-100101", preferences: { ...ALL_ON, outages: false } },
  ],
};

export const UNSUBSCRIBE_TOKEN = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlLW9mLXRoZS1saW5r";

export const outbox: OutboxAnswer = {
  mails: [
    {
      id: 2,
      to: "resi@example.com",
      template: "password_recovery",
      language: "en",
      subject: "Reset your password",
      body_text: "Hello Maya,\n\nOpen this link:\n\n{{portal_url}}/recover-password/abc123\n\nThe link works once.",
      created_at: "2026-11-15T15:00:00.000Z",
      sent_at: null,
    },
    {
      id: 1,
      to: "resi@example.com",
      template: "payment_received",
      language: "en",
      subject: "Payment received: $1.00",
      body_text: "",
      created_at: "2026-11-15T14:00:00.000Z",
      sent_at: "2026-11-15T14:00:05.000Z",
    },
  ],
};

export const notificationsHandlers = [
  on("GET /profile-settings/notifications", () => reply("GET /profile-settings/notifications", notificationAccounts)),
  on("PUT /profile-settings/notifications/{customerId}", ({ params }) => {
    const account = notificationAccounts.accounts.find((a) => String(a.customer_id) === String(params.customerId));
    return account ? reply("PUT /profile-settings/notifications/{customerId}", { success: true, account }) : refuse(403);
  }),
  on("GET /unsubscribe/{token}", ({ params }) =>
    params.token === UNSUBSCRIBE_TOKEN
      ? reply("GET /unsubscribe/{token}", { kind: "payments", contract_name: "Maya Singh", email: "r***@example.com", subscribed: true })
      : refuse(404),
  ),
  on("POST /unsubscribe/{token}", ({ params }) =>
    params.token === UNSUBSCRIBE_TOKEN
      ? reply("POST /unsubscribe/{token}", { success: true, kind: "payments", contract_name: "Maya Singh" })
      : refuse(404),
  ),
  on("GET /dev/outbox", () => reply("GET /dev/outbox", outbox)),
];
