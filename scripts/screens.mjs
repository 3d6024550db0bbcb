/**
 * The screens of the product, shared by `npm run bench`, `npm run lighthouse` (through scripts/bench-lib.mjs)
 * and the end-to-end sweep of every screen on a phone (e2e/every-screen.spec.ts): one list, so a new
 * route pattern is measured and checked once it is added here. Plain data, no side effects.
 */

/** The demo users' password (README, "Demo sign-ins"). */
export const DEMO_PASSWORD = "Demo-Pass-2026";
/** The demo users a screen is opened as: `user` of a screen names one of these. */
export const USERS = {
  resi: "resi@example.com",
  business: "business@example.com",
  family: "family@example.com",
};

// The screens: one URL per route pattern of app/routes.ts that a customer (signed in or not) can GET as a
// page, 79 of them. Ids come from the deterministic demo seed (api/db/seed; README "Demo sign-ins";
// docs/api.md "Demo tokens"); a screen that stops answering 200 stops the run and names itself. Left out:
// routes that only redirect (`/`, `/dashboard`, `/contacts`, … without an id, `/switch-account`,
// `/logout`, `/internet/router`, `/dashboard/:id/tour`), resource routes (invoice PDF, ticket files, CSVs, router
// diagnostics JSON), `referrals` (behind FEATURE_REFERRALS, off by default), and the two-step pages that
// need it on or a password step first (`/login/two-step`, `…/two-step/recovery-codes`, `…/two-step/turn-off`:
// the demo users have it off; e2e/two-step.spec.ts opens them), and `/dev/outbox` (development only). The
// unsubscribe page is opened with a link that is not signed (its link-gone page). The 404 page is measured
// with its 404 status.

const resi = 100101;
const biz = 200301;
export const AUTH = {
  recovery: "demo-recover-resi-5tQ8wLm2Xc7Vb4Nz",
  activation: "demo-activate-olivia-K3p9Rw6Yd2Hs8Jq",
  contactActivation: "demo-activate-arjun-singh-100101",
  orderSummary: "demo-order-summary-900001-Fh4Tz8Lq2Wn6",
  orderConfirmation: "demo-order-confirm-900001-Gm5Rx9Kp3Vb7",
  orderHandoff: "demo-order-handoff-900001-Jd2Ws6Np8Qc4",
  agreement: "demo-agreement-900001-Lt7Hy3Mb9Zx5",
};

/**
 * name: short label; path: the URL; via: a link with a token that the portal trades for a cookie and a
 * redirect to `path` (the page then opens with that cookie, as in the browser); user: whose session (none:
 * public); status: the expected answer (200 unless said).
 */
export const SCREENS = [
  // Public
  { name: "login", path: "/login" },
  { name: "privacy", path: "/privacy" },
  { name: "forgot-password", path: "/forgot-password" },
  { name: "recover-password", via: `/recover-password/${AUTH.recovery}` },
  { name: "activate-account", via: `/activate-account/${AUTH.activation}` },
  { name: "activate-contact", via: `/activate-customer-contact/${resi}/${AUTH.contactActivation}` },
  { name: "welcome", path: "/welcome" },
  { name: "order-summary", via: `/order-summary/${AUTH.orderSummary}` },
  { name: "order-confirmation", via: `/confirmation/order/${AUTH.orderConfirmation}` },
  { name: "order-confirmed", path: "/order-confirmed" },
  { name: "order-handoff", via: `/handoff/order/900001?token=${AUTH.orderHandoff}` },
  { name: "agreement", via: `/agreement/view/${AUTH.agreement}` },
  { name: "ticket-lookup", path: "/support/tickets/lookup" },
  // The link page only names the ticket: a GET never uses the link, but takes it out of the address (a cookie).
  { name: "ticket-link", via: "/support/tickets/view/demo-ticket-business-Pn6Gc2Yv8Ls3" },
  { name: "status", path: "/status" },
  { name: "unsubscribe", path: "/unsubscribe/not-a-signed-link-of-this-portal" },
  { name: "not-found", path: "/no-such-page", status: 404 },
  // Signed in: resi@example.com (100101: package 5001, internet 7001, TV 7002)
  { name: "dashboard-resi", path: `/dashboard/${resi}`, user: "resi" },
  { name: "billing", path: `/billing/${resi}`, user: "resi" },
  { name: "billing-pay", path: `/billing/${resi}/pay`, user: "resi" },
  { name: "payment-outcome", path: `/billing/${resi}/pay/TX-0000013`, user: "resi" },
  { name: "autopay", path: `/billing/${resi}/autopay`, user: "resi" },
  { name: "autopay-card", path: `/billing/${resi}/autopay/card`, user: "resi" },
  { name: "autopay-card-stop", path: `/billing/${resi}/autopay/card/stop`, user: "resi" },
  { name: "autopay-pad", path: `/billing/${resi}/autopay/pad`, user: "resi" },
  { name: "invoices", path: `/billing/${resi}/invoices`, user: "resi" },
  { name: "billing-details", path: `/billing-details/${resi}`, user: "resi" },
  { name: "payments", path: `/billing-details/${resi}/payments`, user: "resi" },
  { name: "account-details", path: `/account-details/${resi}`, user: "resi" },
  { name: "account-edit", path: `/account-details/${resi}/edit`, user: "resi" },
  { name: "pause", path: `/account-details/${resi}/packages/5001/pause`, user: "resi" },
  { name: "move", path: `/account-details/${resi}/packages/5001/move`, user: "resi" },
  { name: "cancel", path: `/account-details/${resi}/packages/5001/cancel`, user: "resi" },
  { name: "resi-internet", path: "/resi-internet/5001", user: "resi" },
  { name: "resi-tv", path: "/resi-tv/5001", user: "resi" },
  { name: "iptv", path: "/iptv/7002", user: "resi" },
  { name: "wifi", path: "/wifi/5001", user: "resi" },
  { name: "wifi-network", path: "/wifi/5001/network", user: "resi" },
  { name: "router", path: "/internet/router/7001", user: "resi" },
  { name: "router-lan", path: "/internet/router/7001/lan", user: "resi" },
  { name: "reservation-new", path: "/internet/router/7001/reservations/new", user: "resi" },
  { name: "reservation-remove", path: "/internet/router/7001/reservations/00%3A11%3A32%3AAB%3ACD%3A10/remove", user: "resi" },
  { name: "forwarding-new", path: "/internet/router/7001/port-forwarding/new", user: "resi" },
  { name: "forwarding-edit", path: "/internet/router/7001/port-forwarding/1", user: "resi" },
  { name: "forwarding-remove", path: "/internet/router/7001/port-forwarding/1/remove", user: "resi" },
  { name: "router-restart", path: "/internet/router/7001/restart", user: "resi" },
  { name: "router-restart-status", path: "/internet/router/7001/restart/status", user: "resi" },
  { name: "router-upnp", path: "/internet/router/7001/upnp", user: "resi" },
  { name: "router-device-pause", path: "/internet/router/7001/devices/F0%3A99%3AB6%3A12%3A34%3A01/pause", user: "resi" },
  { name: "profile", path: "/profile-settings", user: "resi" },
  { name: "password", path: "/profile-settings/password", user: "resi" },
  { name: "notifications", path: "/profile-settings/notifications", user: "business" },
  { name: "sessions", path: "/profile-settings/sessions", user: "resi" },
  { name: "activity", path: `/account-activity/${biz}`, user: "business" },
  { name: "two-step", path: "/profile-settings/two-step", user: "resi" },
  { name: "contacts", path: `/contacts/${resi}`, user: "resi" },
  { name: "contact-new", path: `/contacts/${resi}/new`, user: "resi" },
  { name: "contact", path: `/contacts/${resi}/2`, user: "resi" },
  { name: "contact-remove", path: `/contacts/${resi}/2/remove`, user: "resi" },
  { name: "contact-resend", path: `/contacts/${resi}/2/resend`, user: "resi" },
  { name: "support", path: `/support/${resi}`, user: "resi" },
  { name: "support-new", path: `/support/${resi}/new`, user: "resi" },
  // Resi's WiFi request (CS-204803: her messages and support's; the end-to-end tests change others).
  { name: "support-ticket", path: `/support/${resi}/tickets/CS-204803`, user: "resi" },
  { name: "support-ticket-close", path: `/support/${resi}/tickets/CS-204803/close`, user: "resi" },
  // Her TV request closed months ago: the page says to open a new request instead.
  { name: "support-ticket-reopen", path: `/support/${resi}/tickets/CS-204801/reopen`, user: "resi" },
  // Signed in: family@example.com (100201 suspended, 100202 with a scheduled pause and PAD, 100203 with requests)
  { name: "accounts", path: "/accounts", user: "family" },
  { name: "proof-of-payment", path: "/billing/100201/proof-of-payment", user: "family" },
  { name: "pad-remove", path: "/billing/100202/autopay/pad/remove", user: "family" },
  { name: "package-action", path: "/account-details/100202/packages/5201/suspend", user: "family" },
  { name: "pause-edit", path: "/account-details/100202/pauses/1", user: "family" },
  { name: "pause-remove", path: "/account-details/100202/pauses/1/remove", user: "family" },
  { name: "withdraw", path: "/account-details/100203/requests/1/withdraw", user: "family" },
  // Signed in: business@example.com (200301..200312; endpoint 8001, cabinet 8005)
  { name: "dashboard-business", path: `/dashboard/${biz}`, user: "business" },
  { name: "endpoint", path: "/internet/view/8001", user: "business" },
  { name: "endpoint-settings", path: "/internet/view/8001/settings", user: "business" },
  { name: "endpoint-ip-blocks", path: "/internet/view/8001/ip-blocks", user: "business" },
  { name: "endpoint-alerts", path: "/internet/view/8001/alerts", user: "business" },
  { name: "endpoint-bandwidth", path: "/internet/view/8001/bandwidth", user: "business" },
  { name: "cabinet", path: "/cabinet-spaces/8005", user: "business" },
];

/**
 * Other states of some screens that look different enough to be checked on a phone too (a map instead
 * of a list, a chart of a service that is down, French texts and numbers, the intro tour without
 * JavaScript), by the end-to-end sweep only: the benchmark keeps one URL per route pattern.
 */
export const VARIANTS = [
  { name: "wifi-network-map", path: "/wifi/5001/network?view=map", user: "resi" },
  { name: "wifi-network-map-fr", path: "/wifi/5001/network?view=map&lng=fr", user: "resi" },
  { name: "dashboard-resi-fr", path: `/dashboard/${resi}?lng=fr`, user: "resi" },
  { name: "status-fr", path: "/status?lng=fr" },
  { name: "endpoint-bandwidth-down", path: "/internet/view/8024/bandwidth", user: "business" },
  { name: "endpoint-bandwidth-down-fr", path: "/internet/view/8024/bandwidth?lng=fr", user: "business" },
  { name: "cabinet-fr", path: "/cabinet-spaces/8005?lng=fr", user: "business" },
  // A request read by a contact who may not answer it (no reply form), and one written in French.
  { name: "support-ticket-read-only", path: "/support/200305/tickets/CS-204812", user: "business" },
  { name: "support-ticket-fr", path: "/support/100202/tickets/CS-204806?lng=fr", user: "family" },
];
