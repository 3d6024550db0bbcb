/**
 * msw: the pages reached without signing in first (recovery, activation, contact activation, SSO,
 * OAuth consent) and the order pages. One working token per link page; any other token answers 404,
 * as the API does for unknown, used or expired links.
 */
import { HttpResponse } from "msw";
import type { LegalDocument } from "#contract/auth-flows";
import { on, refuse, reply } from "./contract.ts";
import * as fixtures from "./fixtures.ts";

export const GOOD = "good-link-token-0123456789";
export const USED = "used-link-token-0123456789";
export const SSO_GOOD = "sso-good-token-0123456789";
/** A single sign-on link of another user (id 61, leaving@example.com; GET /dashboard names them for their token). */
export const SSO_OTHER = "sso-other-user-token-0123456789";
export const OTHER_USER = { sub: "61", username: "leaving@example.com", refreshToken: "other-user-refresh-token-0123456789" };
export const REGISTERED = "https://support.example.com/oauth/callback";
export const ORDER_ID = "900001";

const legal = (title: string): LegalDocument => ({
  document_id: "doc",
  version: "2026-01",
  title,
  effective_on: "2026-01-01",
  language: "en",
  sections: [{ heading: "Your online account", body: "What you do in it counts." }],
});

const window1 = { window_id: 11, starts_at: "2026-12-03T13:00:00Z", ends_at: "2026-12-03T17:00:00Z" };
const window2 = { window_id: 12, starts_at: "2026-12-05T17:00:00Z", ends_at: "2026-12-05T21:00:00Z" };
const address = { line1: "12 Lakeshore Blvd W", line2: null, city: "Toronto", province: "ON", postal_code: "M5V 1A1" };

export const orderConfirmation = {
  order_number: "ORD-900001",
  status: "awaiting_appointment" as const,
  install_address: address,
  appointment: window1,
  confirmed_at: null,
  can_change: true,
  windows: [
    { ...window1, available: true, booked: true },
    { ...window2, available: true, booked: false },
  ],
};

const good = (token: string | readonly string[] | undefined) => token === GOOD;

export const authFlowsHandlers = [
  on("POST /auth/forgot-password", () => reply("POST /auth/forgot-password", { success: true })),
  on("GET /auth/recover-password/{token}", ({ params }) =>
    good(params.token)
      ? reply("GET /auth/recover-password/{token}", { status: "valid", username: "r***@example.com", expires_at: "2026-11-23T15:00:00Z" })
      : params.token === USED
        ? reply("GET /auth/recover-password/{token}", { status: "used", username: null, expires_at: null })
        : refuse(404),
  ),
  on("POST /auth/recover-password/{token}", ({ params }) =>
    good(params.token) ? reply("POST /auth/recover-password/{token}", { success: true }) : refuse(404),
  ),
  on("GET /auth/activate-account/{token}", ({ params }) =>
    good(params.token)
      ? reply("GET /auth/activate-account/{token}", {
          status: "valid",
          username: "o***@example.com",
          first_name: "Olivia",
          expires_at: "2026-12-01T09:00:00Z",
          terms: legal("Online account terms of use"),
        })
      : refuse(404),
  ),
  on("POST /auth/activate-account/{token}", async ({ params }) =>
    good(params.token) ? reply("POST /auth/activate-account/{token}", { success: true, ...(await fixtures.tokenAnswer()) }) : refuse(404),
  ),
  on("GET /activate-customer-contact/{customerId}/{contactToken}", ({ params }) =>
    params.customerId === "100101" && good(params.contactToken)
      ? reply("GET /activate-customer-contact/{customerId}/{contactToken}", {
          customer_name: "Maya Singh",
          first_name: "Arjun",
          last_name: "Singh",
          email: "arjun.singh@example.com",
          has_account: false,
          expires_at: "2026-12-01T09:00:00Z",
        })
      : refuse(404),
  ),
  on("POST /activate-customer-contact/{customerId}/{contactToken}", ({ params }) =>
    params.customerId === "100101" && good(params.contactToken)
      ? reply("POST /activate-customer-contact/{customerId}/{contactToken}", {
          success: true,
          username: "arjun.singh@example.com",
          account_created: true,
        })
      : refuse(404),
  ),
  on("POST /auth/sso-refresh-token", async ({ request }) => {
    const body = (await request.json()) as { sso_token?: string };
    if (body.sso_token === SSO_OTHER) {
      return reply("POST /auth/sso-refresh-token", {
        token: await fixtures.accessToken(900, OTHER_USER.sub),
        refresh_token: OTHER_USER.refreshToken,
      });
    }
    return body.sso_token === SSO_GOOD ? reply("POST /auth/sso-refresh-token", await fixtures.tokenAnswer()) : refuse(401);
  }),
  on("GET /oauth2/authorize", ({ request }) => {
    const query = new URL(request.url).searchParams;
    if (query.get("client_id") !== "support-portal") return refuse(422, { client_id: ["client_id.unknown"] });
    if (query.get("redirect_uri") !== REGISTERED) return refuse(422, { redirect_uri: ["redirect_uri.unregistered"] });
    return reply("GET /oauth2/authorize", {
      client: { client_id: "support-portal", name: "Lakeshore Support Centre" },
      redirect_uri: REGISTERED,
      state: query.get("state") ?? "",
      scopes: [
        { scope: "profile", description: "Your name" },
        { scope: "accounts", description: "Your accounts" },
      ],
      username: "resi@example.com",
    });
  }),
  on("POST /oauth2/authorize", async ({ request }) => {
    const form = await request.formData();
    if (form.get("client_id") !== "support-portal") return refuse(422, { client_id: ["client_id.unknown"] });
    if (form.get("redirect_uri") !== REGISTERED) return refuse(422, { redirect_uri: ["redirect_uri.unregistered"] });
    const to = new URL(REGISTERED);
    if (form.get("decision") === "allow") to.searchParams.set("code", "code-123");
    else to.searchParams.set("error", "access_denied");
    to.searchParams.set("state", String(form.get("state")));
    return HttpResponse.json({ success: true, redirect: to.toString() });
  }),
  on("GET /order-summary/{token}", ({ params }) =>
    good(params.token)
      ? reply("GET /order-summary/{token}", {
          order_id: 900001,
          order_number: "ORD-900001",
          status: "awaiting_agreement",
          placed_on: "2026-11-20",
          contract_name: "Olivia Tremblay",
          install_address: address,
          items: [
            { name: "Fibre 1 Gbps", monthly_price: 85, one_time_price: 0 },
            { name: "Installation", monthly_price: 0, one_time_price: 99 },
          ],
          monthly: { subtotal: 85, taxes: [{ name: "HST", rate_percent: 13, amount: 11.05 }], total: 96.05 },
          one_time: { subtotal: 99, taxes: [{ name: "HST", rate_percent: 13, amount: 12.87 }], total: 111.87 },
          appointment: window1,
          appointment_confirmed: false,
          agreement_accepted: false,
        })
      : refuse(404),
  ),
  on("GET /order-confirmation/{token}", ({ params }) =>
    good(params.token) ? reply("GET /order-confirmation/{token}", orderConfirmation) : refuse(404),
  ),
  on("POST /order-confirmation/{token}", async ({ params, request }) => {
    if (!good(params.token)) return refuse(404);
    const id = Number((await request.formData()).get("window_id"));
    const chosen = orderConfirmation.windows.find((w) => w.window_id === id);
    if (!chosen) return refuse(422, { window_id: ["window_id.unknown"] });
    return HttpResponse.json({ success: true, redirect: "/order-confirmed", appointment: window1 });
  }),
  on("GET /order-handoff/{orderId}", ({ params, request }) => {
    const token = new URL(request.url).searchParams.get("token");
    const signedIn = Boolean(request.headers.get("Authorization"));
    if (params.orderId !== ORDER_ID || !(good(token ?? undefined) || signedIn)) return refuse(404);
    return reply("GET /order-handoff/{orderId}", {
      order_id: 900001,
      order_number: "ORD-900001",
      status: "awaiting_agreement",
      next_step: "accept_agreement",
      contract_name: "Olivia Tremblay",
      placed_on: "2026-11-20",
      install_address: address,
      sales_agent: { name: "Daniel Okafor", email: "daniel.okafor@example.com", phone: "416-555-0190" },
      appointment: window1,
      appointment_confirmed: false,
      monthly_total: 96.05,
      one_time_total: 111.87,
    });
  }),
  on("POST /order-handoff/{orderId}", async ({ params, request }) => {
    const form = await request.formData();
    const signedIn = Boolean(request.headers.get("Authorization"));
    if (params.orderId !== ORDER_ID || !(good(String(form.get("token") ?? "")) || signedIn)) return refuse(404);
    return HttpResponse.json({ success: true, redirect: `/agreement/view/${GOOD}` });
  }),
  on("GET /agreement/{token}", ({ params }) =>
    good(params.token)
      ? reply("GET /agreement/{token}", {
          order_number: "ORD-900001",
          contract_name: "Olivia Tremblay",
          status: "pending",
          accepted_at: null,
          install_address: address,
          monthly_total: 96.05,
          one_time_total: 111.87,
          agreement: legal("Residential service agreement"),
        })
      : refuse(404),
  ),
  on("POST /agreement/{token}/accept", ({ params }) =>
    good(params.token) ? HttpResponse.json({ success: true, redirect: "/welcome" }) : refuse(404),
  ),
];
