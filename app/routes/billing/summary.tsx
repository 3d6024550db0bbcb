/**
 * /billing/{customerId}: the billing summary (GET /billing/{id}/summary): balance, what is on its way
 * (pending payments) and what is still owed, past due, due date, the current invoice, and what to do
 * when the account is suspended for non-payment. The main action is "Make a payment", offered while
 * something is still owed.
 */
import { Link } from "react-router";
import type { Route } from "./+types/summary";
import { AccountLine } from "~/components/billing/AccountLine";
import { PaymentMethodText } from "~/components/billing/PaymentMethod";
import { Card, Details } from "~/components/Card";
import { PageAlert, PageAlerts } from "~/components/PageAlert";
import { PageHeader, actionLinkClass } from "~/components/PageHeader";
import { api } from "~/lib/api.server";
import { canManageBilling, redirectToActiveAccount, requireCustomer } from "~/lib/auth.server";
import { featureFlags } from "~/lib/config.server";
import { formatDate, formatMoney } from "~/lib/i18n";
import { useT } from "~/lib/use-t";

export const handle = { i18n: ["billing"] };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!params.customerId) return redirectToActiveAccount(context, request, (id) => `/billing/${id}`, { billing: true });
  const customer = await requireCustomer(context, request, params, { billing: true });
  const summary = await api(context, request).call("GET /billing/{id}/summary", { params: { id: customer.customer_id } });
  return {
    customer: { customer_id: customer.customer_id, contract_name: customer.contract_name },
    summary,
    canManage: canManageBilling(customer),
    autopay: featureFlags().autopayBilling,
  };
}

export default function BillingSummary({ loaderData }: Route.ComponentProps) {
  const { t, language } = useT("billing");
  const { customer, summary, canManage, autopay } = loaderData;
  const { balanceDetails: balance, currentInvoice: invoice } = summary;
  const money = (amount: number) => formatMoney(amount, language);
  const date = (value: string) => formatDate(value, language);
  const id = customer.customer_id;
  const canPay = canManage && balance.amount_due > 0;
  const onItsWay = balance.pending_total > 0;

  return (
    <div>
      <PageAlerts>
        {summary.suspended_for_nonpayment ? (
          <PageAlert tone="error" title={t("suspended.title")} testId="alert-suspended">
            <p>
              {balance.amount_due > 0
                ? t("suspended.text", { amount: money(balance.amount_due) })
                : t("suspended.textOnItsWay", { amount: money(balance.pending_total) })}
            </p>
            {canManage && (canPay || !summary.submitted_proof_of_payment) ? (
              <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
                {canPay ? (
                  <Link to={`/billing/${id}/pay`} className="font-semibold text-error underline">
                    {t("suspended.pay")}
                  </Link>
                ) : null}
                {summary.submitted_proof_of_payment ? null : (
                  <Link to={`/billing/${id}/proof-of-payment`} className="font-semibold text-error underline">
                    {t("suspended.sendProof")}
                  </Link>
                )}
              </p>
            ) : null}
          </PageAlert>
        ) : null}
        {summary.submitted_proof_of_payment ? (
          <PageAlert tone="info" title={t("proof.underReviewTitle")} testId="alert-proof">
            <p>{t("proof.underReviewText")}</p>
            {/* Still suspended: more proof can be sent (the form says to send it only if asked). */}
            {summary.suspended_for_nonpayment && canManage ? (
              <p className="mt-2">
                <Link to={`/billing/${id}/proof-of-payment`} className="font-semibold underline">
                  {t("proof.sendMore")}
                </Link>
              </p>
            ) : null}
          </PageAlert>
        ) : null}
        {canManage ? null : (
          <PageAlert tone="info" title={t("readOnly.title")} testId="alert-read-only">
            <p>{t("readOnly.text")}</p>
          </PageAlert>
        )}
      </PageAlerts>

      <PageHeader
        title={t("summary.title")}
        subtitle={<AccountLine customer={customer} />}
        action={
          canPay ? (
            <Link to={`/billing/${id}/pay`} className={actionLinkClass}>
              {t("pay.action")}
            </Link>
          ) : undefined
        }
      />

      <div className="grid gap-6 lg:grid-cols-2">
        <Card id="balance-heading" title={t("summary.balanceTitle")}>
          <p className="text-sm text-gray-700">{t("summary.balanceOwing")}</p>
          <p className="text-3xl font-semibold text-gray-900" data-testid="balance">
            {money(balance.balance_owing)}
          </p>
          {balance.balance_owing === 0 ? <p className="mt-1 text-gray-800">{t("summary.nothingOwing")}</p> : null}
          {onItsWay && balance.amount_due === 0 ? <p className="mt-1 text-gray-800">{t("summary.nothingLeft")}</p> : null}
          <div className="mt-3">
            <Details
              items={[
                ...(onItsWay
                  ? ([
                      [
                        t("summary.onItsWay"),
                        <span key="pending" data-testid="pending-total">
                          {money(balance.pending_total)}
                        </span>,
                      ],
                      [
                        t("summary.amountDue"),
                        <span key="due" data-testid="amount-due" className="font-semibold">
                          {money(balance.amount_due)}
                        </span>,
                      ],
                    ] as [string, React.ReactNode][])
                  : []),
                ...(balance.due_date ? ([[t("summary.dueDate"), date(balance.due_date)]] as [string, string][]) : []),
                ...(balance.past_due > 0
                  ? ([
                      [
                        t("summary.pastDue"),
                        <span key="p" className="text-error">
                          {money(balance.past_due)}
                        </span>,
                      ],
                    ] as [string, React.ReactNode][])
                  : []),
                [
                  t("summary.lastPayment"),
                  balance.last_payment
                    ? t("summary.lastPaymentValue", { amount: money(balance.last_payment.amount), date: date(balance.last_payment.date) })
                    : t("summary.noPayment"),
                ],
                [t("summary.nextBill"), date(balance.next_bill_date)],
              ]}
            />
          </div>
        </Card>

        <Card id="invoice-heading" title={t("summary.invoiceTitle")}>
          {invoice ? (
            <>
              <Details
                items={[
                  [t("summary.invoiceNumber"), invoice.invoice_number],
                  [t("summary.period"), t("summary.periodValue", { from: date(invoice.period_start), to: date(invoice.period_end) })],
                  [t("summary.issued"), date(invoice.issued_on)],
                  [t("summary.invoiceDue"), date(invoice.due_on)],
                  [t("summary.total"), money(invoice.total)],
                  [t("summary.paid"), money(invoice.amount_paid)],
                  [t("summary.status"), t(`invoiceStatus.${invoice.status}`)],
                ]}
              />
              <p className="mt-4 flex flex-wrap gap-x-4 gap-y-1">
                <a href={`/billing/${id}/invoices/${invoice.invoice_id}/pdf`} className="font-medium">
                  {t("summary.downloadInvoice", { number: invoice.invoice_number })}
                </a>
                <Link to={`/billing/${id}/invoices`} className="font-medium">
                  {t("summary.allInvoices")}
                </Link>
              </p>
            </>
          ) : (
            <p className="text-gray-800">{t("summary.noInvoice", { date: date(balance.next_bill_date) })}</p>
          )}
        </Card>
      </div>

      {balance.pending_payments.length ? (
        <section aria-labelledby="pending-heading" className="mt-6 rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
          <h2 id="pending-heading" className="text-lg font-semibold text-gray-900">
            {t("summary.pendingTitle", { amount: money(balance.pending_total) })}
          </h2>
          <p className="mt-1 text-sm text-gray-700">{t("summary.pendingText")}</p>
          <ul className="mt-3 divide-y divide-gray-100" data-testid="pending-payments">
            {balance.pending_payments.map((payment) => (
              <li key={payment.payment_id} className="flex flex-wrap justify-between gap-2 py-2">
                <span>
                  {money(payment.amount)} · <PaymentMethodText payment={payment} /> · {date(payment.date)}
                </span>
                {payment.settles_by ? (
                  <span className="text-sm text-gray-700">{t("summary.settlesBy", { date: date(payment.settles_by) })}</span>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="more-heading" className="mt-6 rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
        <h2 id="more-heading" className="text-lg font-semibold text-gray-900">
          {t("summary.moreTitle")}
        </h2>
        <ul className="mt-3 space-y-2">
          <li>
            <Link to={`/billing-details/${id}/payments`} className="font-medium">
              {t("summary.paymentHistory")}
            </Link>
          </li>
          <li>
            <Link to={`/billing/${id}/invoices`} className="font-medium">
              {t("summary.allInvoices")}
            </Link>
          </li>
          {autopay ? (
            <li>
              <Link to={`/billing/${id}/autopay`} className="font-medium">
                {t("summary.autopay")}
              </Link>
            </li>
          ) : null}
        </ul>
      </section>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
