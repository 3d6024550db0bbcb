import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

/**
 * The route table, mirroring the spec's route list. Pages that need no sign-in sit in the public
 * layout; the others in the signed-in layout, whose middleware sends strangers to /login.
 */
export default [
  layout("routes/_public.tsx", [
    route("login", "routes/login.tsx"),
    // An address that matches nothing: 404 "This page could not be found".
    route("*", "routes/not-found.tsx"),
  ]),
  layout("routes/_app.tsx", [
    index("routes/_index.tsx"),
    route("dashboard/:customerId?", "routes/dashboard.tsx"),
    route("accounts", "routes/accounts.tsx"),
    route("switch-account", "routes/switch-account.tsx"),
    route("logout", "routes/logout.tsx"),

    // Billing (docs/billing.md): summary, payments, automatic payments, proof of payment.
    route("billing/:customerId", "routes/billing/summary.tsx"),
    route("billing/:customerId/pay", "routes/billing/pay.tsx"),
    route("billing/:customerId/pay/:transactionId", "routes/billing/payment-outcome.tsx"),
    route("billing/:customerId/autopay", "routes/billing/autopay.tsx"),
    route("billing/:customerId/autopay/card", "routes/billing/autopay-card.tsx"),
    route("billing/:customerId/autopay/card/stop", "routes/billing/autopay-card-stop.tsx"),
    route("billing/:customerId/autopay/pad", "routes/billing/autopay-pad.tsx"),
    route("billing/:customerId/autopay/pad/remove", "routes/billing/autopay-pad-remove.tsx"),
    route("billing/:customerId/proof-of-payment", "routes/billing/proof-of-payment.tsx"),
    // Billing history (invoices, their PDF, billing details, payment history).
    route("billing/:customerId/invoices", "routes/billing/invoices.tsx"),
    route("billing/:customerId/invoices/:invoiceId/pdf", "routes/billing/invoice-pdf.ts"),
    route("billing-details/:customerId", "routes/billing/details.tsx"),
    route("billing-details/:customerId/payments", "routes/billing/payments.tsx"),

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
    route("resi-internet/:packageId", "routes/services/internet.tsx"),
    route("internet/view/:serviceId", "routes/services/internet-view.tsx"),
    route("resi-tv/:packageId", "routes/services/tv.tsx"),
    route("iptv/:serviceId", "routes/services/iptv.tsx"),
    route("wifi/:packageId", "routes/wifi/settings.tsx"),
    route("wifi/:packageId/network", "routes/wifi/network.tsx"),
    route("profile-settings", "routes/profile/settings.tsx"),
    route("profile-settings/password", "routes/profile/password.tsx"),
    route("dashboard/:customerId/tour", "routes/profile/end-tour.tsx"),
  ]),
] satisfies RouteConfig;
