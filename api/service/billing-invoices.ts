/**
 * /billing/{id}/invoices, /billing/{id}/invoices/{invoiceId}/pdf and /billing/{id}/summary: an account's
 * invoices with what its payments cover of each (oldest invoices first), an invoice as a PDF, and the
 * summary of the billing page (current invoice, balance, pending payments, next bill date). Any
 * activated contact reads them (billing.ts).
 */
import { Router } from "express";
import type { BillingSummaryAnswer, Invoice, InvoiceStatus } from "../contract/billing.ts";
import type { Db } from "../db/client.ts";
import { BALANCE_COLUMNS, balanceOf, billingAccess, cycleStart, type BalanceColumns, type CustomerRow } from "./billing.ts";
import { PAYMENT_COLUMNS, toPayment, type PaymentRow } from "./payment-records.ts";
import { dollars, todayOf, together, type ServiceContext } from "./context.ts";
import { notFound } from "./errors.ts";
import { route } from "./http.ts";
import { renderInvoicePdf } from "./invoice-pdf.ts";
import { addMonths } from "#common/calendar";

interface InvoiceRow {
  id: number;
  invoice_number: string;
  issued_on: string;
  due_on: string;
  period_start: string;
  period_end: string;
  total_cents: number;
}

interface AllocatedInvoice extends InvoiceRow {
  paid_cents: number;
  status: InvoiceStatus;
}

/** An account's invoices ($1 the customer), oldest first: a read of `together`. */
const invoicesRead = (customerId: number) => ({
  sql: `SELECT id, invoice_number, issued_on, due_on, period_start, period_end, total_cents
          FROM invoices WHERE customer_id = $1 ORDER BY issued_on, id`,
  params: [customerId],
  as: "rows" as const,
});

/** The balance's columns as of a day, first of a `together` statement. */
const balanceRead = (customerId: number, today: string) => ({ sql: `SELECT ${BALANCE_COLUMNS}`, params: [customerId, today] });

/** Invoices (oldest first) with what successful payments cover of each, oldest invoices first. */
function allocate(rows: InvoiceRow[], paidCents: number, today: string): AllocatedInvoice[] {
  let left = paidCents;
  return rows.map((row) => {
    const paid = Math.max(0, Math.min(row.total_cents, left));
    left -= paid;
    const status: InvoiceStatus =
      paid >= row.total_cents ? "paid" : row.due_on < today ? "overdue" : paid > 0 ? "partially_paid" : "unpaid";
    return { ...row, paid_cents: paid, status };
  });
}

/** Invoices oldest first, each with what successful payments cover of it: one statement. */
async function allocatedInvoices(db: Db, customerId: number, today: string): Promise<AllocatedInvoice[]> {
  const read = together(balanceRead(customerId, today), { invoice_rows: invoicesRead(customerId) });
  const row = (await db.one<BalanceColumns & { invoice_rows: InvoiceRow[] }>(read.sql, read.params))!;
  return allocate(row.invoice_rows, balanceOf(row).paidCents, today);
}

const toInvoice = (customerId: number, row: AllocatedInvoice): Invoice => ({
  invoice_id: row.id,
  invoice_number: row.invoice_number,
  issued_on: row.issued_on,
  due_on: row.due_on,
  period_start: row.period_start,
  period_end: row.period_end,
  total: dollars(row.total_cents),
  amount_paid: dollars(row.paid_cents),
  balance_due: dollars(row.total_cents - row.paid_cents),
  status: row.status,
  pdf_path: `/billing/${customerId}/invoices/${row.id}/pdf`,
});

/**
 * What GET /billing/{id}/summary answers (and GET /billing/{id}/payments with ?include=summary): the
 * current invoice, the balance and what is on its way, and the account's standing.
 */
export async function billingSummary(ctx: ServiceContext, customerId: number, customer: CustomerRow): Promise<BillingSummaryAnswer> {
  const today = todayOf(ctx);
  // The balance, the invoices, the payments on their way and the last one received: one statement.
  const read = together(balanceRead(customerId, today), {
    invoice_rows: invoicesRead(customerId),
    pending_rows: {
      sql: `SELECT ${PAYMENT_COLUMNS} FROM payments WHERE customer_id = $1 AND status = 'pending' ORDER BY paid_at DESC, id DESC`,
      params: [customerId],
      as: "rows",
    },
    last_payment: {
      sql: `SELECT amount_cents, paid_at FROM payments WHERE customer_id = $1 AND status = 'successful'
             ORDER BY paid_at DESC, id DESC LIMIT 1`,
      params: [customerId],
      as: "row",
    },
  });
  const row = (await ctx.db.one<
    BalanceColumns & {
      invoice_rows: InvoiceRow[];
      // Inside JSON, instants are ISO strings.
      pending_rows: (Omit<PaymentRow, "paid_at"> & { paid_at: string })[];
      last_payment: { amount_cents: number; paid_at: string } | null;
    }
  >(read.sql, read.params))!;
  const balance = balanceOf(row);
  const invoices = allocate(row.invoice_rows, balance.paidCents, today);
  const pending = row.pending_rows.map((payment) => ({ ...payment, paid_at: new Date(payment.paid_at) }));
  const last = row.last_payment && { amount_cents: row.last_payment.amount_cents, paid_at: new Date(row.last_payment.paid_at) };
  const current = invoices.at(-1);
  const answer: BillingSummaryAnswer = {
    currentInvoice: current ? toInvoice(customerId, current) : null,
    balanceDetails: {
      balance_owing: dollars(balance.balanceCents),
      past_due: dollars(balance.pastDueCents),
      due_date: balance.balanceCents > 0 && current ? current.due_on : null,
      pending_payments: pending.map(toPayment),
      pending_total: dollars(balance.pendingCents),
      amount_due: dollars(balance.amountDueCents),
      last_payment: last ? { amount: dollars(last.amount_cents), date: last.paid_at.toISOString().slice(0, 10) } : null,
      next_bill_date: addMonths(cycleStart(today, customer.billing_day), 1, customer.billing_day),
    },
    suspended_for_nonpayment: customer.suspended_for_nonpayment,
    submitted_proof_of_payment: customer.submitted_proof_of_payment,
  };
  return answer;
}

export function invoicesRoutes(ctx: ServiceContext): Router {
  const router = Router();

  router.get(
    "/billing/:id/invoices",
    route(async (req, res) => {
      const { customerId } = await billingAccess(ctx, req, false);
      const invoices = await allocatedInvoices(ctx.db, customerId, todayOf(ctx));
      res.json({ invoices: invoices.reverse().map((row) => toInvoice(customerId, row)) });
    }),
  );

  router.get(
    "/billing/:id/invoices/:invoiceId/pdf",
    route(async (req, res) => {
      const { customerId, customer } = await billingAccess(ctx, req, false);
      const invoiceId = Number(req.params.invoiceId);
      const invoices = await allocatedInvoices(ctx.db, customerId, todayOf(ctx));
      const invoice = Number.isSafeInteger(invoiceId) ? invoices.find((i) => i.id === invoiceId) : undefined;
      if (!invoice) throw notFound("Invoice");
      const lines = await ctx.db.query<{
        description: string;
        description_fr: string;
        amount_cents: number;
        kind: "charge" | "credit" | "tax";
      }>("SELECT description, description_fr, amount_cents, kind FROM invoice_lines WHERE invoice_id = $1 ORDER BY id", [invoice.id]);
      const fr = req.lang === "fr";
      const pdf = await renderInvoicePdf({
        lang: req.lang,
        account: {
          name: customer.contract_name,
          number: customer.account_number,
          address: [
            [customer.address_line1, customer.address_line2].filter(Boolean).join(", "),
            [customer.city, customer.province, customer.postal_code].filter(Boolean).join(" "),
          ],
        },
        invoice: {
          number: invoice.invoice_number,
          issued_on: invoice.issued_on,
          due_on: invoice.due_on,
          period_start: invoice.period_start,
          period_end: invoice.period_end,
          status: invoice.status,
          total_cents: invoice.total_cents,
          paid_cents: invoice.paid_cents,
          balance_cents: invoice.total_cents - invoice.paid_cents,
        },
        lines: lines.map((l) => ({ description: fr ? l.description_fr : l.description, amount_cents: l.amount_cents, kind: l.kind })),
        created_at: ctx.now(),
      });
      res
        .status(200)
        .set({
          "Content-Type": "application/pdf",
          "Content-Disposition": `inline; filename="${invoice.invoice_number.replace(/[^A-Za-z0-9._-]/g, "_")}.pdf"`,
          "Content-Language": req.lang,
          "Content-Length": String(pdf.length),
        })
        .end(pdf);
    }),
  );

  router.get(
    "/billing/:id/summary",
    route(async (req, res) => {
      const { customerId, customer } = await billingAccess(ctx, req, false);
      res.json(await billingSummary(ctx, customerId, customer));
    }),
  );

  return router;
}
