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

    // Router (docs/router.md): the router page and its sections, LAN settings, reservations, port forwarding.
    route("internet/router", "routes/router/first.tsx"),
    route("internet/router/:serviceId", "routes/router/router.tsx"),
    route("internet/router/:serviceId/lan", "routes/router/lan.tsx"),
    route("internet/router/:serviceId/diagnostics", "routes/router/diagnostics.ts"),
    route("internet/router/:serviceId/reservations/new", "routes/router/reservation.tsx"),
    route("internet/router/:serviceId/reservations/:mac/remove", "routes/router/reservation-remove.tsx"),
    route("internet/router/:serviceId/port-forwarding/new", "routes/router/rule-new.tsx"),
    route("internet/router/:serviceId/port-forwarding/:ruleId", "routes/router/rule-edit.tsx"),
    route("internet/router/:serviceId/port-forwarding/:ruleId/remove", "routes/router/rule-remove.tsx"),
  ]),
] satisfies RouteConfig;
