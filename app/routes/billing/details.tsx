/**
 * /billing-details/{customerId}: a residential account's balance, what is on its way and what is still
 * owed, current invoice, last payment and next bill date (GET /residential-dashboard/{customerId}/billing-details),
 * with the way to the other billing pages ("Make a payment" while something is still owed). That endpoint
 * is residential-only: a commercial account goes to its billing summary.
 */
import { Link, redirect } from "react-router";
import type { Route } from "./+types/details";
import { Card, Details } from "~/components/Card";
import { PageTitle } from "~/components/PageTitle";
import { api } from "~/lib/api.server";
import { canManageBilling, redirectToActiveAccount, requireCustomer } from "~/lib/auth.server";
import { featureFlags } from "~/lib/config.server";
import { formatDate, formatMoney } from "~/lib/i18n";
import { useT } from "~/lib/use-t";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!params.customerId) return redirectToActiveAccount(context, request, (id) => `/billing-details/${id}`, { billing: true });
  const customer = await requireCustomer(context, request, params, { billing: true });
  const id = customer.customer_id;
  if (!customer.isResidential) throw redirect(`/billing/${id}`);
  const { billing_details: billing } = await api(context, request).call("GET /residential-dashboard/{customerId}/billing-details", {
    params: { customerId: id },
  });
  return {
    customer: { customer_id: id, contract_name: customer.contract_name },
    billing,
    canPay: billing.amount_due > 0 && canManageBilling(customer),
    showAutopay: featureFlags().autopayBilling,
  };
}

export default function BillingDetails({ loaderData }: Route.ComponentProps) {
  const { t, language } = useT("billingHistory");
  const { customer, billing, canPay, showAutopay } = loaderData;
  const id = customer.customer_id;
  const money = (amount: number) => formatMoney(amount, language);
  const date = (value: string) => formatDate(value, language);
  const invoice = billing.current_invoice;

  const links = [
    { to: `/billing/${id}`, label: t("links.summary") },
    { to: `/billing/${id}/invoices`, label: t("links.invoices") },
    { to: `/billing-details/${id}/payments`, label: t("links.payments") },
    ...(showAutopay ? [{ to: `/billing/${id}/autopay`, label: t("links.autopay") }] : []),
  ];

  return (
    <div>
      <PageTitle title={t("details.title")} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold text-gray-900">{t("details.title")}</h1>
          <p className="mt-1 text-gray-700">{t("account", { name: customer.contract_name, id })}</p>
        </div>
        {canPay ? (
          <Link
            to={`/billing/${id}/pay`}
            className="inline-flex w-full items-center justify-center rounded-md bg-primary px-5 py-2 font-semibold text-white no-underline hover:bg-primary-dark sm:w-auto"
          >
            {t("details.makePayment")}
          </Link>
        ) : null}
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Card id="balance-heading" title={t("details.balanceTitle")}>
          <Details
            items={[
              [
                t("details.balanceOwing"),
                <span key="balance" data-testid="balance-owing">
                  {money(billing.balance_owing)}
                </span>,
              ],
              ...(billing.pending_total > 0
                ? ([
                    [
                      t("details.onItsWay"),
                      <ul key="pending" data-testid="pending-payments">
                        {billing.pending_payments.map((payment, i) => (
                          <li key={i}>{t("details.pendingPayment", { amount: money(payment.amount), date: date(payment.date) })}</li>
                        ))}
                      </ul>,
                    ],
                    [
                      t("details.amountDue"),
                      <span key="due" data-testid="amount-due">
                        {money(billing.amount_due)}
                      </span>,
                    ],
                  ] as [string, React.ReactNode][])
                : []),
              [t("details.pastDue"), money(billing.past_due)],
              [t("details.dueDate"), billing.due_date ? date(billing.due_date) : t("details.nothingDue")],
              [t("details.invoiceNumber"), invoice ? invoice.invoice_number : t("details.noInvoice")],
              ...(invoice
                ? ([
                    [t("details.invoiceIssued"), date(invoice.issued_on)],
                    [t("details.invoiceTotal"), money(invoice.total)],
                  ] as [string, string][])
                : []),
              [
                t("details.lastPayment"),
                billing.last_payment
                  ? t("details.lastPaymentValue", { amount: money(billing.last_payment.amount), date: date(billing.last_payment.date) })
                  : t("details.noPayment"),
              ],
              [t("details.nextBill"), date(billing.next_bill_date)],
            ]}
          />
        </Card>

        <Card id="more-heading" title={t("details.moreTitle")}>
          <ul className="space-y-2">
            {links.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="font-medium">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
