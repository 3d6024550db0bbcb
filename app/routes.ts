import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

/**
 * The route table, mirroring the spec's route list. Pages that need no sign-in sit in the public
 * layout; the others in the signed-in layout, whose middleware sends strangers to /login.
 */
export default [
  layout("routes/_public.tsx", [
    route("login", "routes/login.tsx"),

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
  ]),
] satisfies RouteConfig;
