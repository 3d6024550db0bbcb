/**
 * /billing/{customerId}/pay/{transactionId}: what became of a payment, from the payment history:
 * approved, pending (bank payments settle within 48 hours, others within 24), or declined; and the
 * balance now (with what is still owed while payments are on their way). The page a payment redirects to, so a refresh never pays twice.
 */
import { data, Link } from "react-router";
import type { Route } from "./+types/payment-outcome";
import { AccountLine } from "~/components/billing/AccountLine";
import { PaymentMethodText } from "~/components/billing/PaymentMethod";
import { Card, Details } from "~/components/Card";
import { PageAlert } from "~/components/PageAlert";
import { PageHeader, actionLinkClass, secondaryLinkClass } from "~/components/PageHeader";
import { api } from "~/lib/api.server";
import { invalidPage } from "~/lib/page-ids.server";
import { requireCustomer } from "~/lib/auth.server";
import { formatDate, formatMoney } from "~/lib/i18n";
import { useT } from "~/lib/use-t";

export const handle = { i18n: ["billing"] };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const customer = await requireCustomer(context, request, params, { billing: true });
  if (!/^[\w-]{1,64}$/.test(params.transactionId)) throw invalidPage();
  const client = api(context, request);
  const id = customer.customer_id;
  // The one payment (an API that ignores the filter answers them all: the page finds it among them), with
  // the balance now (the summary, included when the API can; else asked apart).
  const { payments, summary: included } = await client.call("GET /billing/{id}/payments", {
    params: { id },
    query: { transaction_id: params.transactionId, include: "summary" },
  });
  const payment = payments.find((p) => p.transaction_id === params.transactionId);
  if (!payment) throw data({ kind: "not-found" }, { status: 404 });
  const summary = included ?? (await client.call("GET /billing/{id}/summary", { params: { id } }));
  return {
    customer: { customer_id: id, contract_name: customer.contract_name },
    payment,
    balance: summary.balanceDetails.balance_owing,
    pendingTotal: summary.balanceDetails.pending_total,
    amountDue: summary.balanceDetails.amount_due,
    suspended: summary.suspended_for_nonpayment,
  };
}

export default function PaymentOutcome({ loaderData }: Route.ComponentProps) {
  const { t, language } = useT("billing");
  const { customer, payment, balance, pendingTotal, amountDue, suspended } = loaderData;
  const money = (amount: number) => formatMoney(amount, language);
  const date = (value: string) => formatDate(value, language);
  const id = customer.customer_id;
  const title =
    payment.status === "successful"
      ? t("outcome.approvedTitle")
      : payment.status === "pending"
        ? t("outcome.pendingTitle")
        : t("outcome.declinedTitle");

  return (
    <div className="max-w-2xl">
      <PageHeader title={title} subtitle={<AccountLine customer={customer} />} />
      <div data-testid="payment-outcome" data-status={payment.status}>
        {payment.status === "successful" ? (
          <PageAlert tone="success" title={t("outcome.approvedText", { amount: money(payment.amount) })} />
        ) : payment.status === "pending" ? (
          <PageAlert tone="info" title={t("outcome.pendingText", { amount: money(payment.amount) })}>
            <p>{payment.method === "bank" ? t("outcome.bankDelay") : t("outcome.otherDelay")}</p>
            {payment.settles_by ? <p>{t("outcome.settlesBy", { date: date(payment.settles_by) })}</p> : null}
          </PageAlert>
        ) : (
          <PageAlert tone="error" title={t("outcome.declinedText")} />
        )}
      </div>

      <div className="mt-6">
        <Card id="payment-heading" title={t("outcome.detailsTitle")}>
          <Details
            items={[
              [t("outcome.amount"), money(payment.amount)],
              [t("outcome.method"), <PaymentMethodText key="m" payment={payment} />],
              [t("outcome.date"), date(payment.paid_at)],
              [t("outcome.transaction"), payment.transaction_id],
              [t("outcome.balanceNow"), money(balance)],
              ...(pendingTotal > 0 ? ([[t("outcome.amountDueNow"), money(amountDue)]] as [string, string][]) : []),
            ]}
          />
          {suspended && payment.status === "successful" ? (
            <p className="mt-3 text-gray-800" data-testid="still-suspended">
              {amountDue > 0 ? t("outcome.stillSuspended") : t("outcome.stillSuspendedOnItsWay", { amount: money(pendingTotal) })}
            </p>
          ) : null}
        </Card>
      </div>

      <p className="mt-6 flex flex-col gap-3 sm:flex-row">
        <Link to={`/billing/${id}`} className={actionLinkClass}>
          {t("backToSummary")}
        </Link>
        <Link to={`/billing-details/${id}/payments`} className={secondaryLinkClass}>
          {t("summary.paymentHistory")}
        </Link>
      </p>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
