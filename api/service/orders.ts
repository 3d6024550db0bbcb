/**
 * Orders as the customer follows them through links, without signing in: the summary, the installation
 * appointment, the hand-over from the sales agent and the service agreement.
 *
 * Each link carries a random token of which only the SHA-256 hash is stored (order_tokens); a token
 * opens one page (purpose) of one order until it expires. Unknown, expired or misused tokens answer
 * 404, like unknown orders. The hand-over page is reached by order id plus either its token (query
 * `token`) or the bearer token of an activated contact of the order's customer.
 */
import { Router, type Request } from "express";
import {
  AcceptAgreementRequest,
  ConfirmAppointmentRequest,
  OrderHandoffContinueRequest,
  OrderHandoffQuery,
  type AgreementAnswer,
  type AppointmentWindow,
  type OrderConfirmationAnswer,
  type OrderHandoffAnswer,
  type OrderStatus,
  type OrderSummaryAnswer,
} from "../contract/orders.ts";
import type { Db } from "../db/client.ts";
import { hashSecret, legalDocumentOf, looksLikeToken, newSecret } from "./auth-flows.ts";
import { addressOf, dollars, type AddressColumns, type ServiceContext } from "./context.ts";
import { ApiError, notFound, unprocessable } from "./errors.ts";
import { parseInput, route, jsonGet } from "./http.ts";
import { bearerOf } from "./tokens.ts";

/** Links minted when a customer continues from the hand-over page stay valid this long. */
export const ORDER_LINK_DAYS = 30;
/** Another window may be chosen only if it starts more than this far ahead… */
export const MIN_NOTICE_HOURS = 24;
/** …and only while the booked one is more than this far ahead. */
export const CHANGE_CUTOFF_HOURS = 48;

type Purpose = "summary" | "confirmation" | "handoff" | "agreement";
type Language = "en" | "fr";

interface OrderRow extends AddressColumns {
  id: number;
  order_number: string;
  customer_id: number;
  status: "open" | "completed" | "cancelled";
  placed_at: Date;
  sales_agent_id: number | null;
  tax_name: string;
  tax_name_fr: string;
  tax_rate_bp: number;
  agreement_document_id: string;
  agreement_accepted_at: Date | null;
  appointment_window_id: number | null;
  appointment_confirmed_at: Date | null;
  contract_name: string;
}

interface ItemRow {
  name: string;
  name_fr: string;
  monthly_price_cents: number;
  one_time_price_cents: number;
}

interface WindowRow {
  id: number;
  starts_at: Date;
  ends_at: Date;
}

const ORDER_SELECT = `SELECT o.*, cu.contract_name FROM orders o JOIN customers cu ON cu.id = o.customer_id`;

async function orderByToken(db: Db, purpose: Purpose, token: unknown, now: Date, lock = false): Promise<OrderRow> {
  const row = looksLikeToken(token)
    ? await db.one<OrderRow>(
        `${ORDER_SELECT}
          WHERE o.id = (SELECT order_id FROM order_tokens WHERE token_hash = $1 AND purpose = $2 AND expires_at > $3)
          ${lock ? "FOR UPDATE OF o" : ""}`,
        [hashSecret(token), purpose, now],
      )
    : undefined;
  if (!row) throw notFound("Order");
  return row;
}

function statusOf(order: OrderRow): OrderStatus {
  if (order.status === "cancelled") return "cancelled";
  if (order.status === "completed") return "completed";
  if (!order.agreement_accepted_at) return "awaiting_agreement";
  if (!order.appointment_confirmed_at) return "awaiting_appointment";
  return "scheduled";
}

const windowOf = (row: WindowRow): AppointmentWindow => ({
  window_id: row.id,
  starts_at: row.starts_at.toISOString(),
  ends_at: row.ends_at.toISOString(),
});

const items = (db: Db, orderId: number) =>
  db.query<ItemRow>(
    "SELECT name, name_fr, monthly_price_cents, one_time_price_cents FROM order_items WHERE order_id = $1 ORDER BY position",
    [orderId],
  );

const windows = (db: Db, orderId: number) =>
  db.query<WindowRow>("SELECT id, starts_at, ends_at FROM order_appointment_windows WHERE order_id = $1 ORDER BY starts_at", [orderId]);

/** Subtotal, the order's sales tax (rounded to the cent) and total, in cents. */
function totals(order: OrderRow, cents: number[]) {
  const subtotal = cents.reduce((sum, c) => sum + c, 0);
  const tax = Math.round((subtotal * order.tax_rate_bp) / 10_000);
  return { subtotal, tax, total: subtotal + tax };
}

function priceTotals(order: OrderRow, cents: number[], lang: Language) {
  const { subtotal, tax, total } = totals(order, cents);
  return {
    subtotal: dollars(subtotal),
    taxes:
      order.tax_rate_bp > 0
        ? [{ name: lang === "fr" ? order.tax_name_fr : order.tax_name, rate_percent: order.tax_rate_bp / 100, amount: dollars(tax) }]
        : [],
    total: dollars(total),
  };
}

const booked = (order: OrderRow, rows: WindowRow[]) => rows.find((w) => w.id === order.appointment_window_id) ?? null;

async function mintLink(db: Db, orderId: number, purpose: Purpose, now: Date): Promise<string> {
  const token = newSecret();
  await db.query("INSERT INTO order_tokens (order_id, purpose, token_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)", [
    orderId,
    purpose,
    hashSecret(token),
    now,
    new Date(now.getTime() + ORDER_LINK_DAYS * 86_400_000),
  ]);
  return token;
}

const money = (cents: number, lang: Language) =>
  lang === "fr" ? `${(cents / 100).toFixed(2).replace(".", ",")}\u00a0$` : `$${(cents / 100).toFixed(2)}`;

/** The agreement section naming what this order buys, before the general terms. */
function servicesSection(order: OrderRow, rows: ItemRow[], lang: Language) {
  const lines = rows.map((item) => {
    const name = lang === "fr" ? item.name_fr : item.name;
    const parts: string[] = [];
    if (item.monthly_price_cents > 0)
      parts.push(
        lang === "fr" ? `${money(item.monthly_price_cents, lang)} par mois` : `${money(item.monthly_price_cents, lang)} per month`,
      );
    if (item.one_time_price_cents > 0)
      parts.push(lang === "fr" ? `${money(item.one_time_price_cents, lang)} une fois` : `${money(item.one_time_price_cents, lang)} once`);
    if (!parts.length) parts.push(lang === "fr" ? "inclus" : "included");
    return `${name}: ${parts.join(", ")}`;
  });
  const address = [order.address_line1, order.address_line2, `${order.city} ${order.province} ${order.postal_code}`]
    .filter(Boolean)
    .join(", ");
  const tax = lang === "fr" ? order.tax_name_fr : order.tax_name;
  return lang === "fr"
    ? {
        heading: "Vos services et prix",
        body: `${lines.join("\n")}\nLes prix s’entendent avant ${tax}.\nAdresse d’installation : ${address}.`,
      }
    : { heading: "Your services and prices", body: `${lines.join("\n")}\nPrices are before ${tax}.\nInstallation address: ${address}.` };
}

/** The order of a hand-over request, if the caller may see it: its hand-over token, or a contact's bearer. */
async function handoffOrder(ctx: ServiceContext, req: Request, token: string | undefined): Promise<OrderRow> {
  const id = Number(req.params.orderId);
  const order = Number.isSafeInteger(id) && id > 0 ? await ctx.db.one<OrderRow>(`${ORDER_SELECT} WHERE o.id = $1`, [id]) : undefined;
  if (!order) throw notFound("Order");
  if (looksLikeToken(token)) {
    const match = await ctx.db.one(
      "SELECT 1 FROM order_tokens WHERE order_id = $1 AND purpose = 'handoff' AND token_hash = $2 AND expires_at > $3",
      [order.id, hashSecret(token), ctx.now()],
    );
    if (match) return order;
  }
  const bearer = bearerOf(req);
  const claims = bearer ? await ctx.tokens.verify(bearer) : null;
  if (claims) {
    const contact = await ctx.db.one("SELECT 1 FROM contacts WHERE customer_id = $1 AND user_id = $2 AND status = 'activated'", [
      order.customer_id,
      claims.userId,
    ]);
    if (contact) return order;
  }
  // Unknown ids, wrong tokens and other people's orders answer alike.
  throw notFound("Order");
}

/** The order's monthly and one-time totals, taxes included (the hand-over and the agreement show them). */
function orderTotals(order: OrderRow, itemRows: { monthly_price_cents: number; one_time_price_cents: number }[]) {
  return {
    monthly_total: dollars(
      totals(
        order,
        itemRows.map((i) => i.monthly_price_cents),
      ).total,
    ),
    one_time_total: dollars(
      totals(
        order,
        itemRows.map((i) => i.one_time_price_cents),
      ).total,
    ),
  };
}

export function orderRoutes(ctx: ServiceContext): Router {
  const router = Router();

  jsonGet(router, "/order-summary/:token", async (req) => {
    const order = await orderByToken(ctx.db, "summary", req.params.token, ctx.now());
    const [itemRows, windowRows] = await Promise.all([items(ctx.db, order.id), windows(ctx.db, order.id)]);
    const appointment = booked(order, windowRows);
    const answer: OrderSummaryAnswer = {
      order_id: order.id,
      order_number: order.order_number,
      status: statusOf(order),
      placed_on: order.placed_at.toISOString().slice(0, 10),
      contract_name: order.contract_name,
      install_address: addressOf(order),
      items: itemRows.map((item) => ({
        name: req.lang === "fr" ? item.name_fr : item.name,
        monthly_price: dollars(item.monthly_price_cents),
        one_time_price: dollars(item.one_time_price_cents),
      })),
      monthly: priceTotals(
        order,
        itemRows.map((i) => i.monthly_price_cents),
        req.lang,
      ),
      one_time: priceTotals(
        order,
        itemRows.map((i) => i.one_time_price_cents),
        req.lang,
      ),
      appointment: appointment ? windowOf(appointment) : null,
      appointment_confirmed: Boolean(appointment && order.appointment_confirmed_at),
      agreement_accepted: Boolean(order.agreement_accepted_at),
    };
    return answer;
  });

  jsonGet(router, "/order-confirmation/:token", async (req) => {
    const now = ctx.now();
    const order = await orderByToken(ctx.db, "confirmation", req.params.token, now);
    const windowRows = await windows(ctx.db, order.id);
    const current = booked(order, windowRows);
    const open = order.status === "open";
    const noticeEnd = now.getTime() + MIN_NOTICE_HOURS * 3_600_000;
    const canChange = open && (!current || current.starts_at.getTime() > now.getTime() + CHANGE_CUTOFF_HOURS * 3_600_000);
    const answer: OrderConfirmationAnswer = {
      order_number: order.order_number,
      status: statusOf(order),
      install_address: addressOf(order),
      appointment: current ? windowOf(current) : null,
      confirmed_at: current && order.appointment_confirmed_at ? order.appointment_confirmed_at.toISOString() : null,
      can_change: canChange,
      windows: windowRows.map((w) => {
        const isBooked = w.id === current?.id;
        const available = open && (isBooked ? w.starts_at.getTime() > now.getTime() : canChange && w.starts_at.getTime() > noticeEnd);
        return { ...windowOf(w), available, booked: isBooked };
      }),
    };
    return answer;
  });

  router.post(
    "/order-confirmation/:token",
    route(async (req, res) => {
      await orderByToken(ctx.db, "confirmation", req.params.token, ctx.now());
      const { window_id } = parseInput(ConfirmAppointmentRequest, req.body ?? {});
      const chosen = await ctx.db.transaction(async (tx) => {
        const now = ctx.now();
        const order = await orderByToken(tx, "confirmation", req.params.token, now, true);
        if (order.status !== "open") throw new ApiError(409, `The order is ${order.status}`);
        const windowRows = await windows(tx, order.id);
        const window = windowRows.find((w) => w.id === window_id);
        if (!window) throw unprocessable({ window_id: ["window_id.unknown"] }, "Not a window offered for this order");
        const current = booked(order, windowRows);
        if (current && window.id === current.id) {
          if (order.appointment_confirmed_at) return window; // confirming twice changes nothing
          if (window.starts_at.getTime() <= now.getTime()) throw unprocessable({ window_id: ["window_id.past"] }, "The window has passed");
        } else {
          if (window.starts_at.getTime() <= now.getTime() + MIN_NOTICE_HOURS * 3_600_000) {
            throw unprocessable({ window_id: ["window_id.too_soon"] }, `A new window must start more than ${MIN_NOTICE_HOURS} hours ahead`);
          }
          if (current && current.starts_at.getTime() <= now.getTime() + CHANGE_CUTOFF_HOURS * 3_600_000) {
            throw unprocessable(
              { window_id: ["window_id.too_late_to_change"] },
              `The booked window is less than ${CHANGE_CUTOFF_HOURS} hours away: call us to change it`,
            );
          }
        }
        await tx.query("UPDATE orders SET appointment_window_id = $2, appointment_confirmed_at = $3 WHERE id = $1", [
          order.id,
          window.id,
          now,
        ]);
        return window;
      });
      res.json({ success: true, redirect: "/order-confirmed", appointment: windowOf(chosen) });
    }),
  );

  jsonGet(router, "/order-handoff/:orderId", async (req) => {
    const { token } = parseInput(OrderHandoffQuery, { token: typeof req.query.token === "string" ? req.query.token : undefined });
    const order = await handoffOrder(ctx, req, token);
    const [itemRows, windowRows, agent] = await Promise.all([
      items(ctx.db, order.id),
      windows(ctx.db, order.id),
      order.sales_agent_id
        ? ctx.db.one<{ name: string; email: string; phone: string }>("SELECT name, email, phone FROM staff WHERE id = $1", [
            order.sales_agent_id,
          ])
        : Promise.resolve(undefined),
    ]);
    const status = statusOf(order);
    const appointment = booked(order, windowRows);
    const answer: OrderHandoffAnswer = {
      order_id: order.id,
      order_number: order.order_number,
      status,
      next_step: status === "awaiting_agreement" ? "accept_agreement" : status === "awaiting_appointment" ? "confirm_appointment" : null,
      contract_name: order.contract_name,
      placed_on: order.placed_at.toISOString().slice(0, 10),
      install_address: addressOf(order),
      sales_agent: agent ?? null,
      appointment: appointment ? windowOf(appointment) : null,
      appointment_confirmed: Boolean(appointment && order.appointment_confirmed_at),
      ...orderTotals(order, itemRows),
    };
    return answer;
  });

  router.post(
    "/order-handoff/:orderId",
    route(async (req, res) => {
      const { token } = parseInput(OrderHandoffContinueRequest, req.body ?? {});
      const order = await handoffOrder(ctx, req, token);
      const status = statusOf(order);
      if (status === "cancelled") throw new ApiError(409, "The order was cancelled");
      const now = ctx.now();
      const [purpose, page]: [Purpose, string] =
        status === "awaiting_agreement"
          ? ["agreement", "/agreement/view/"]
          : status === "awaiting_appointment"
            ? ["confirmation", "/confirmation/order/"]
            : ["summary", "/order-summary/"];
      const link = await mintLink(ctx.db, order.id, purpose, now);
      res.json({ success: true, redirect: page + link });
    }),
  );

  jsonGet(router, "/agreement/:token", async (req) => {
    const order = await orderByToken(ctx.db, "agreement", req.params.token, ctx.now());
    const [itemRows, document] = await Promise.all([
      items(ctx.db, order.id),
      ctx.db.one<Parameters<typeof legalDocumentOf>[0]>(
        "SELECT id, version, title, title_fr, effective_on, sections FROM legal_documents WHERE id = $1",
        [order.agreement_document_id],
      ),
    ]);
    const agreement = legalDocumentOf(document!, req.lang);
    agreement.sections.unshift(servicesSection(order, itemRows, req.lang));
    const answer: AgreementAnswer = {
      order_number: order.order_number,
      contract_name: order.contract_name,
      status: order.agreement_accepted_at ? "accepted" : "pending",
      accepted_at: order.agreement_accepted_at?.toISOString() ?? null,
      install_address: addressOf(order),
      ...orderTotals(order, itemRows),
      agreement,
    };
    return answer;
  });

  router.post(
    "/agreement/:token/accept",
    route(async (req, res) => {
      await orderByToken(ctx.db, "agreement", req.params.token, ctx.now());
      parseInput(AcceptAgreementRequest, req.body ?? {});
      await ctx.db.transaction(async (tx) => {
        const now = ctx.now();
        const order = await orderByToken(tx, "agreement", req.params.token, now, true);
        if (order.agreement_accepted_at) return; // accepting twice keeps the first acceptance
        if (order.status !== "open") throw new ApiError(409, `The order is ${order.status}`);
        await tx.query("UPDATE orders SET agreement_accepted_at = $2, agreement_language = $3 WHERE id = $1", [order.id, now, req.lang]);
      });
      res.json({ success: true, redirect: "/welcome" });
    }),
  );

  return router;
}
