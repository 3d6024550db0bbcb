/**
 * Orders a sales agent took, as the customer follows them through links: the summary, the
 * installation appointment, the hand-over, and the service agreement. Every link carries an
 * unguessable token that opens one page of one order; unknown or expired tokens answer 404.
 */
import { z } from "zod";
import { LegalDocument } from "./auth-flows.ts";
import { Address, IsoDate, IsoDateTime, Money, SuccessAnswer } from "./common.ts";
import { endpoint } from "./endpoint.ts";

/**
 * Where an order stands: open orders await the agreement, then the appointment confirmation, then
 * are scheduled; they end completed (installed) or cancelled.
 */
export const OrderStatus = z.enum(["awaiting_agreement", "awaiting_appointment", "scheduled", "completed", "cancelled"]);
export type OrderStatus = z.infer<typeof OrderStatus>;
/** What the customer does next: nothing once scheduled, completed or cancelled. */
export const OrderNextStep = z.enum(["accept_agreement", "confirm_appointment"]).nullable();

export const AppointmentWindow = z.object({
  window_id: z.number().int(),
  starts_at: IsoDateTime,
  ends_at: IsoDateTime,
});
export type AppointmentWindow = z.infer<typeof AppointmentWindow>;

export const TaxLine = z.object({ name: z.string(), rate_percent: z.number(), amount: Money });
export const PriceTotals = z.object({ subtotal: Money, taxes: z.array(TaxLine), total: Money });

/** GET /order-summary/{token} */
export const OrderSummaryAnswer = z.object({
  order_id: z.number().int(),
  order_number: z.string(),
  status: OrderStatus,
  placed_on: IsoDate,
  contract_name: z.string(),
  install_address: Address,
  items: z.array(z.object({ name: z.string(), monthly_price: Money, one_time_price: Money })),
  monthly: PriceTotals,
  one_time: PriceTotals,
  appointment: AppointmentWindow.nullable(),
  appointment_confirmed: z.boolean(),
  agreement_accepted: z.boolean(),
});
export type OrderSummaryAnswer = z.infer<typeof OrderSummaryAnswer>;

/** GET /order-confirmation/{token} */
export const OrderConfirmationAnswer = z.object({
  order_number: z.string(),
  status: OrderStatus,
  install_address: Address,
  /** The booked window, confirmed or not yet. */
  appointment: AppointmentWindow.nullable(),
  confirmed_at: IsoDateTime.nullable(),
  /** Whether another window may still be chosen (not within 48 hours of the booked one, order open). */
  can_change: z.boolean(),
  /** Every offered window; `available` ones start more than 24 hours from now. */
  windows: z.array(AppointmentWindow.extend({ available: z.boolean(), booked: z.boolean() })),
});
export type OrderConfirmationAnswer = z.infer<typeof OrderConfirmationAnswer>;

const idField = (field: string) =>
  z
    .union([z.number(), z.string()])
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === "") {
        ctx.addIssue({ code: "custom", message: `${field}.required` });
        return z.NEVER;
      }
      const id = Number(value);
      if (!Number.isSafeInteger(id) || id <= 0) {
        ctx.addIssue({ code: "custom", message: `${field}.invalid` });
        return z.NEVER;
      }
      return id;
    });

/** POST /order-confirmation/{token}: confirm the booked window, or book and confirm another offered one. */
export const ConfirmAppointmentRequest = z.object({ window_id: idField("window_id") });
/** Then the portal shows /order-confirmed. */
export const ConfirmAppointmentAnswer = SuccessAnswer.extend({ redirect: z.string(), appointment: AppointmentWindow });

/** GET /order-handoff/{orderId}: what the customer sees when a sales agent hands an order over. */
export const OrderHandoffQuery = z.object({ token: z.string().optional() });
export const OrderHandoffAnswer = z.object({
  order_id: z.number().int(),
  order_number: z.string(),
  status: OrderStatus,
  next_step: OrderNextStep,
  contract_name: z.string(),
  placed_on: IsoDate,
  install_address: Address,
  sales_agent: z.object({ name: z.string(), email: z.string(), phone: z.string() }).nullable(),
  appointment: AppointmentWindow.nullable(),
  appointment_confirmed: z.boolean(),
  monthly_total: Money,
  one_time_total: Money,
});
export type OrderHandoffAnswer = z.infer<typeof OrderHandoffAnswer>;

/** POST /order-handoff/{orderId}: continue to the next step through a fresh link. */
export const OrderHandoffContinueRequest = z.object({ token: z.string().optional() });
export const OrderHandoffContinueAnswer = SuccessAnswer.extend({ redirect: z.string() });

/** GET /agreement/{token} */
export const AgreementAnswer = z.object({
  order_number: z.string(),
  contract_name: z.string(),
  status: z.enum(["pending", "accepted"]),
  accepted_at: IsoDateTime.nullable(),
  install_address: Address,
  monthly_total: Money,
  one_time_total: Money,
  agreement: LegalDocument,
});
export type AgreementAnswer = z.infer<typeof AgreementAnswer>;

const Checkbox = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((value, ctx) => {
    const ticked = value === true || (typeof value === "string" && ["true", "on", "1", "yes"].includes(value.toLowerCase()));
    if (!ticked) ctx.addIssue({ code: "custom", message: "accept_terms.required" });
    return ticked;
  });

/** POST /agreement/{token}/accept */
export const AcceptAgreementRequest = z.object({ accept_terms: Checkbox });
/** Then the portal shows /welcome. */
export const AcceptAgreementAnswer = SuccessAnswer.extend({ redirect: z.string() });

const silent = "unknown or expired tokens answer 404 (the portal stays silent)";

export const ordersEndpoints = [
  endpoint({
    method: "get",
    path: "/order-summary/{token}",
    tag: "orders",
    summary: `An order's items, monthly and one-time prices with taxes, install address and appointment; ${silent}`,
    auth: "public",
    answer: OrderSummaryAnswer,
    errors: [404],
  }),
  endpoint({
    method: "get",
    path: "/order-confirmation/{token}",
    tag: "orders",
    summary: "An order's booked installation window and the other offered windows; unknown or expired tokens answer 404",
    auth: "public",
    answer: OrderConfirmationAnswer,
    errors: [404],
  }),
  endpoint({
    method: "post",
    path: "/order-confirmation/{token}",
    tag: "orders",
    summary:
      "Confirm the booked window or choose another offered one (starting more than 24 hours ahead; no change within 48 hours of the booked window); redirects to /order-confirmed. 409 once the order is completed or cancelled",
    auth: "public",
    body: ConfirmAppointmentRequest,
    answer: ConfirmAppointmentAnswer,
    errors: [404, 409, 422],
    errorCodes: [
      "window_id.required",
      "window_id.invalid",
      "window_id.unknown",
      "window_id.past",
      "window_id.too_soon",
      "window_id.too_late_to_change",
    ],
  }),
  endpoint({
    method: "get",
    path: "/order-handoff/{orderId}",
    tag: "orders",
    summary:
      "An order handed over by a sales agent: status and next step. Needs the hand-over token (query token) or a bearer token of an activated contact of the order's customer; otherwise 404, as for unknown ids",
    auth: "public",
    query: OrderHandoffQuery,
    answer: OrderHandoffAnswer,
    errors: [404],
  }),
  endpoint({
    method: "post",
    path: "/order-handoff/{orderId}",
    tag: "orders",
    summary:
      "Continue from the hand-over: redirects to the next step's page through a fresh link (agreement, then appointment confirmation, else the summary). Same access rule as the GET; 409 for a cancelled order",
    auth: "public",
    body: OrderHandoffContinueRequest,
    answer: OrderHandoffContinueAnswer,
    errors: [404, 409],
  }),
  endpoint({
    method: "get",
    path: "/agreement/{token}",
    tag: "orders",
    summary: `The service agreement of an order (sections in the Accept-Language), and whether it was accepted; ${silent}`,
    auth: "public",
    answer: AgreementAnswer,
    errors: [404],
  }),
  endpoint({
    method: "post",
    path: "/agreement/{token}/accept",
    tag: "orders",
    summary:
      "Accept the service agreement (records when, and in which language); redirects to /welcome. Accepting again answers the same; 409 if the order closed before acceptance",
    auth: "public",
    body: AcceptAgreementRequest,
    answer: AcceptAgreementAnswer,
    errors: [404, 409, 422],
    errorCodes: ["accept_terms.required"],
  }),
];
