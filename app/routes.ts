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
    // Billing history (invoices, their PDF, billing details, payment history).
  ]),
] satisfies RouteConfig;
