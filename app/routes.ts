import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

/**
 * The route table, mirroring the spec's route list. Pages that need no sign-in sit in the public
 * layout; the others in the signed-in layout, whose middleware sends strangers to /login.
 */
export default [
  layout("routes/_public.tsx", [
    route("login", "routes/login.tsx"),
    // The code step of signing in, with two-step verification on (docs/sign-in-security.md).
    route("login/two-step", "routes/login-two-step.tsx"),
    // Analytics and privacy (docs/analytics.md): the visitor's analytics choice, signed in or not.
    route("privacy", "routes/privacy/privacy.tsx"),

    // Getting in and signing up (docs/auth-flows.md): password reset, activation, SSO, OAuth consent,
    // orders and the service agreement.
    route("forgot-password", "routes/auth-flows/forgot-password.tsx"),
    route("recover-password/:token?", "routes/auth-flows/recover-password.tsx"),
    route("activate-account/:activationToken?", "routes/auth-flows/activate-account.tsx"),
    route("activate-customer-contact/:customerId?/:contactToken?", "routes/auth-flows/activate-contact.tsx"),
    route("sso", "routes/auth-flows/sso.tsx"),
    route("oauth/authorize", "routes/auth-flows/oauth-authorize.tsx"),
    route("welcome", "routes/auth-flows/welcome.tsx"),
    route("order-summary/:token?", "routes/auth-flows/order-summary.tsx"),
    route("confirmation/order/:token?", "routes/auth-flows/order-confirmation.tsx"),
    route("order-confirmed", "routes/auth-flows/order-confirmed.tsx"),
    route("handoff/order/:orderId?", "routes/auth-flows/order-handoff.tsx"),
    route("agreement/view/:token?", "routes/auth-flows/agreement.tsx"),
    // A support ticket looked up without signing in (docs/support.md): the form, then the e-mailed
    // link's page and the short read-only view it opens.
    route("support/tickets/lookup", "routes/support/lookup.tsx"),
    route("support/tickets/view/:token?", "routes/support/ticket-view.tsx"),
    // Service status (docs/api.md "Service status"): outages and maintenance by area, for anyone.
    route("status", "routes/status/status.tsx"),
    // The link at the foot of notification e-mails (docs/notifications.md): turns one kind off, signed out.
    route("unsubscribe/:token?", "routes/profile/unsubscribe.tsx"),
    // Development only: the outbox's mail, to follow an e-mailed link without a mail server.
    ...(process.env.NODE_ENV === "production" ? [] : [route("dev/outbox", "routes/dev/outbox.tsx")]),
    // An address that matches nothing: 404 "This page could not be found".
    route("*", "routes/not-found.tsx"),
  ]),
  layout("routes/_app.tsx", [
    index("routes/_index.tsx"),
    route("dashboard/:customerId?", "routes/dashboard.tsx"),
    route("accounts", "routes/accounts.tsx"),
    route("accounts/list", "routes/account-list.ts"),
    route("switch-account", "routes/switch-account.tsx"),
    route("logout", "routes/logout.tsx"),

    // Billing (docs/billing.md): summary, payments, automatic payments, proof of payment.
    // Without an id (/billing, /billing/autopay…): the same page of the active billing account.
    route("billing/:customerId?", "routes/billing/summary.tsx"),
    route("billing/:customerId/pay", "routes/billing/pay.tsx"),
    route("billing/:customerId/pay/:transactionId", "routes/billing/payment-outcome.tsx"),
    route("billing/:customerId?/autopay", "routes/billing/autopay.tsx"),
    route("billing/:customerId/autopay/card", "routes/billing/autopay-card.tsx"),
    route("billing/:customerId/autopay/card/stop", "routes/billing/autopay-card-stop.tsx"),
    route("billing/:customerId/autopay/card/remove", "routes/billing/autopay-card-remove.tsx"),
    route("billing/:customerId/autopay/pad", "routes/billing/autopay-pad.tsx"),
    route("billing/:customerId/autopay/pad/remove", "routes/billing/autopay-pad-remove.tsx"),
    route("billing/:customerId/proof-of-payment", "routes/billing/proof-of-payment.tsx"),
    // Billing history (invoices, their PDF, billing details, payment history).
    route("billing/:customerId?/invoices", "routes/billing/invoices.tsx"),
    route("billing/:customerId/invoices/:invoiceId/pdf", "routes/billing/invoice-pdf.tsx"),
    route("billing-details/:customerId?", "routes/billing/details.tsx"),
    route("billing-details/:customerId?/payments", "routes/billing/payments.tsx"),

    // Business (docs/business.md): network endpoints (details and monitoring settings, IP blocks, alert
    // history, bandwidth with its CSV) and cabinet power usage (with its CSV).
    route("internet/view/:serviceId?", "routes/business/endpoint.tsx", [
      index("routes/business/endpoint-details.tsx"),
      route("settings", "routes/business/endpoint-settings.tsx"),
      route("ip-blocks", "routes/business/endpoint-ip-blocks.tsx"),
      route("alerts", "routes/business/endpoint-alerts.tsx"),
      route("bandwidth", "routes/business/endpoint-bandwidth.tsx"),
    ]),
    route("internet/view/:serviceId/bandwidth.csv", "routes/business/bandwidth-csv.ts"),
    route("cabinet-spaces/:serviceId?", "routes/business/cabinet.tsx"),
    route("cabinet-spaces/:serviceId/power-usage.csv", "routes/business/power-csv.ts"),

    // Contacts (docs/contacts.md): the list, one contact and its roles, add, remove, resend the activation.
    route("contacts/:customerId?", "routes/contacts/list.tsx"),
    route("contacts/:customerId/new", "routes/contacts/new.tsx"),
    route("contacts/:customerId/:contactId", "routes/contacts/contact.tsx"),
    route("contacts/:customerId/:contactId/remove", "routes/contacts/remove.tsx"),
    route("contacts/:customerId/:contactId/resend", "routes/contacts/resend.tsx"),

    // Support (docs/support.md): tickets, the support form, and a ticket's conversation (reply, close, reopen, its files).
    route("support/:customerId?", "routes/support/tickets.tsx"),
    route("support/:customerId/new", "routes/support/new.tsx"),
    route("support/:customerId/tickets/:ticketNumber", "routes/support/ticket.tsx"),
    route("support/:customerId/tickets/:ticketNumber/close", "routes/support/ticket-close.tsx"),
    route("support/:customerId/tickets/:ticketNumber/reopen", "routes/support/ticket-reopen.tsx"),
    route("support/:customerId/tickets/:ticketNumber/attachments/:attachmentId", "routes/support/ticket-attachment.tsx"),

    // Referrals (docs/referrals.md): only with FEATURE_REFERRALS, residential accounts.
    route("referrals/:customerId", "routes/referrals/referrals.tsx"),

    // Router (docs/router.md): the router page and its sections, LAN settings, reservations, port forwarding.
    route("internet/router", "routes/router/first.tsx"),
    route("internet/router/:serviceId", "routes/router/router.tsx"),
    route("internet/router/:serviceId/lan", "routes/router/lan.tsx"),
    route("internet/router/:serviceId/restart", "routes/router/restart.tsx"),
    route("internet/router/:serviceId/restart/status", "routes/router/restart-status.tsx"),
    route("internet/router/:serviceId/upnp", "routes/router/upnp.tsx"),
    route("internet/router/:serviceId/devices/:mac/pause", "routes/router/pause.tsx"),
    route("internet/router/:serviceId/diagnostics", "routes/router/diagnostics.ts"),
    route("internet/router/:serviceId/reservations/new", "routes/router/reservation.tsx"),
    route("internet/router/:serviceId/reservations/:mac/remove", "routes/router/reservation-remove.tsx"),
    route("internet/router/:serviceId/port-forwarding/new", "routes/router/rule-new.tsx"),
    route("internet/router/:serviceId/port-forwarding/:ruleId", "routes/router/rule-edit.tsx"),
    route("internet/router/:serviceId/port-forwarding/:ruleId/remove", "routes/router/rule-remove.tsx"),

    // Services (docs/services.md): account details and manage service, internet, WiFi, TV, profile settings, intro tour.
    route("account-details/:customerId?", "routes/services/account-details.tsx"),
    route("account-details/:customerId/edit", "routes/services/account-edit.tsx"),
    route("account-details/:customerId/packages/:packageId/pause", "routes/services/pause.tsx"),
    route("account-details/:customerId/packages/:packageId/move", "routes/services/move.tsx"),
    route("account-details/:customerId/packages/:packageId/cancel", "routes/services/cancel.tsx"),
    route("account-details/:customerId/packages/:packageId/:verb", "routes/services/package-action.tsx"),
    route("account-details/:customerId/pauses/:pauseId", "routes/services/pause-edit.tsx"),
    route("account-details/:customerId/pauses/:pauseId/remove", "routes/services/pause-remove.tsx"),
    route("account-details/:customerId/requests/:requestId/withdraw", "routes/services/withdraw.tsx"),
    // Without an id: the same page of the active residential account's first such service.
    route("resi-internet/:packageId?", "routes/services/internet.tsx"),
    route("resi-tv/:packageId?", "routes/services/tv.tsx"),
    route("iptv/:serviceId?", "routes/services/iptv.tsx"),
    route("wifi/:packageId", "routes/wifi/settings.tsx"),
    route("wifi/:packageId/network", "routes/wifi/network.tsx"),
    route("profile-settings", "routes/profile/settings.tsx"),
    route("profile-settings/password", "routes/profile/password.tsx"),
    route("profile-settings/notifications", "routes/profile/notifications.tsx"),
    // Two-step verification (docs/sign-in-security.md): set up and turn on, recovery codes, turn off.
    route("profile-settings/two-step", "routes/profile/two-step.tsx"),
    route("profile-settings/two-step/recovery-codes", "routes/profile/two-step-codes.tsx"),
    route("profile-settings/two-step/turn-off", "routes/profile/two-step-off.tsx"),
    // Where you're signed in, and an account's activity log (docs/decisions/210-sessions-and-activity.md).
    route("profile-settings/sessions", "routes/profile/sessions.tsx"),
    route("account-activity/:customerId?", "routes/profile/activity.tsx"),
    route("account-activity/:customerId/activity.csv", "routes/profile/activity-csv.ts"),
    route("dashboard/:customerId/tour", "routes/profile/end-tour.tsx"),
  ]),
] satisfies RouteConfig;
