/**
 * /billing/{customerId}/pay: make a payment (POST /billing/{id}/payments): what is still owed (the
 * balance less the payments on their way, which the page names) or another amount up to it, by credit
 * card (when the account allows cards) or from a bank account. The form carries an idempotency key made
 * when the page is rendered, so a double click, a refresh or a back-and-resubmit charges once; another
 * view or tab has a key of its own, and the API refuses what pending payments already pay. Card numbers
 * and security codes go to the API once and are never echoed back, kept or logged. Approved or pending:
 * the outcome page; declined or more than is still owed: the form again with the reason.
 */
import { countPayment } from "~/lib/metrics.server";
import { getFormProps } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import type { Route } from "./+types/pay";
import { AccountLine } from "~/components/billing/AccountLine";
import { BankAccountFields, CardFields } from "~/components/billing/PaymentFields";
import { ErrorSummary, MoneyInput, RadioGroup, SubmitButton } from "~/components/form";
import { PageAlert } from "~/components/PageAlert";
import { PageHeader, secondaryLinkClass } from "~/components/PageHeader";
import type { BalanceDetails } from "#contract/billing";
import { api, ApiFieldErrors } from "~/lib/api.server";
import { canManageBilling, requireCustomer } from "~/lib/auth.server";
import { FieldRefusal, formAction, newIdempotencyKey } from "~/lib/form-action.server";
import { withValues } from "~/lib/form-messages";
import { formatDate, formatMoney, type Language } from "~/lib/i18n";
import { useHydrated } from "~/lib/use-hydrated";
import { usePortalForm } from "~/lib/use-portal-form";
import { useT } from "~/lib/use-t";
import { PaymentSchema, normalAmount } from "~/schemas/billing";
import type { PageHandle } from "~/lib/page-handle";

// Each view carries a new idempotency key: never answered 304 (app/lib/page-handle.ts).
export const handle = { cache: "never", i18n: ["billing", "api"] } satisfies PageHandle;

const constraint = getZodConstraint(PaymentSchema);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const customer = await requireCustomer(context, request, params, { billing: true });
  const summary = await api(context, request).call("GET /billing/{id}/summary", { params: { id: customer.customer_id } });
  const { balanceDetails } = summary;
  return {
    customer: { customer_id: customer.customer_id, contract_name: customer.contract_name },
    balance: balanceDetails.balance_owing,
    amountDue: balanceDetails.amount_due,
    pending: balanceDetails.pending_payments.map((p) => ({ payment_id: p.payment_id, amount: p.amount, paid_at: p.paid_at })),
    cardsAllowed: customer.credit_card_allowed,
    canManage: canManageBilling(customer),
    idempotencyKey: newIdempotencyKey(),
    constraint,
  };
}

/** Why no more can be paid, next to the amount: what is on its way and the most that may still be paid. */
function beyondAmountDue(balance: BalanceDetails, language: Language): FieldRefusal {
  const message =
    balance.pending_total > 0
      ? withValues("billing:pay.exceedsAmountDue", {
          pending: formatMoney(balance.pending_total, language),
          max: formatMoney(balance.amount_due, language),
        })
      : "api:amount.exceeds_balance";
  return new FieldRefusal({ amount: [message] });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const customer = await requireCustomer(context, request, params, { billing: true });
  const client = api(context, request);
  const id = customer.customer_id;
  const balanceNow = async () => (await client.call("GET /billing/{id}/summary", { params: { id } })).balanceDetails;
  return formAction(
    { request, context },
    {
      schema: PaymentSchema,
      hideFields: ["card_number", "cvv", "account_number"],
      idempotent: true,
      submit: async (value, { idempotencyKey, language }) => {
        let amount = normalAmount(value.amount ?? "");
        if (value.amount_choice === "balance") {
          // What is still owed as the API knows it now: another tab may have paid since this page was shown.
          const balance = await balanceNow();
          if (balance.amount_due <= 0) throw beyondAmountDue(balance, language);
          amount = balance.amount_due.toFixed(2);
        }
        const card = value.method === "credit_card";
        try {
          const answer = await client.call("POST /billing/{id}/payments", {
            params: { id },
            idempotencyKey,
            form: {
              method: value.method,
              amount,
              ...(card
                ? { card_number: value.card_number, expiry: value.expiry, cvv: value.cvv, cardholder_name: value.cardholder_name }
                : {
                    institution_number: value.institution_number,
                    transit_number: value.transit_number,
                    account_number: value.account_number,
                    account_holder: value.account_holder,
                  }),
            },
          });
          countPayment(card ? "card" : "bank", answer.payment.status === "pending" ? "pending" : "approved");
          return answer;
        } catch (error) {
          const declined =
            error instanceof ApiFieldErrors && error.errors.card_number?.some((code) => /declined|insufficient_funds/.test(code));
          countPayment(card ? "card" : "bank", declined ? "declined" : error instanceof ApiFieldErrors ? "refused" : "failed");
          // More than pending payments leave: say how much is on its way and how much may still be paid.
          if (error instanceof ApiFieldErrors && error.errors.amount?.includes("amount.exceeds_amount_due")) {
            throw beyondAmountDue(await balanceNow(), language);
          }
          throw error;
        }
      },
      success: (answer, _value, { language }) => ({
        redirectTo: `/billing/${id}/pay/${encodeURIComponent(answer.payment.transaction_id)}`,
        notification: {
          key: answer.suspension_lifted
            ? "billing:pay.notifyRestored"
            : answer.payment.status === "pending"
              ? "billing:pay.notifyPending"
              : "billing:pay.notifyApproved",
          values: { amount: formatMoney(answer.payment.amount, language) },
        },
      }),
    },
  );
}

export default function MakePayment({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useT("billing");
  const { customer, amountDue, pending, cardsAllowed, canManage } = loaderData;
  const [form, fields] = usePortalForm({
    schema: () => import("~/schemas/billing").then((m) => m.PaymentSchema),
    lastResult: actionData,
    constraint: loaderData.constraint,
    defaultValue: { amount_choice: "balance", method: cardsAllowed ? "credit_card" : "bank" },
  });
  const idempotencyKey = actionData?.idempotencyKey ?? loaderData.idempotencyKey;
  const money = (amount: number) => formatMoney(amount, language);
  const method = fields.method.value;
  // Without JavaScript both sets of fields are shown; with it, only those of the chosen method.
  const hydrated = useHydrated();
  const showCard = cardsAllowed && (!hydrated || method !== "bank");
  const showBank = !cardsAllowed || !hydrated || method === "bank";
  const back = `/billing/${customer.customer_id}`;

  const header = <PageHeader title={t("pay.title")} subtitle={<AccountLine customer={customer} />} />;
  const onItsWay = pending.length ? (
    <ul className="space-y-1" data-testid="pending-payments">
      {pending.map((payment) => (
        <li key={payment.payment_id}>
          {t("pay.pendingPayment", { amount: money(payment.amount), date: formatDate(payment.paid_at, language) })}
        </li>
      ))}
    </ul>
  ) : null;
  const backLink = (
    <p className="mt-6">
      <Link to={back} className={secondaryLinkClass}>
        {t("backToSummary")}
      </Link>
    </p>
  );
  if (!canManage) {
    return (
      <div className="max-w-2xl">
        {header}
        <PageAlert tone="info" title={t("readOnly.title")}>
          <p>{t("readOnly.text")}</p>
        </PageAlert>
        {backLink}
      </div>
    );
  }
  // Nothing left to pay: said plainly, with what is on its way. A refused post still shows its form, so
  // the reason sits next to the amount and what was typed is kept.
  const nothingLeft =
    amountDue <= 0 ? (
      <PageAlert tone="info" title={t("pay.nothingOwingTitle")} testId="nothing-left">
        {pending.length ? (
          <>
            <p>{t("pay.nothingLeftText")}</p>
            <div className="mt-2">{onItsWay}</div>
          </>
        ) : (
          <p>{t("pay.nothingOwingText")}</p>
        )}
      </PageAlert>
    ) : null;
  if (nothingLeft && !actionData) {
    return (
      <div className="max-w-2xl">
        {header}
        {nothingLeft}
        {backLink}
      </div>
    );
  }

  return (
    <div className="max-w-2xl">
      {header}
      {nothingLeft ? <div className="mb-6">{nothingLeft}</div> : null}
      <ErrorSummary form={form} />
      <Form method="post" {...getFormProps(form)} className="space-y-8">
        <input type="hidden" name="idempotency_key" value={idempotencyKey} />
        <section aria-labelledby="amount-heading" className="space-y-4 rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
          <h2 id="amount-heading" className="text-lg font-semibold text-gray-900">
            {t("pay.amountTitle")}
          </h2>
          {onItsWay && !nothingLeft ? (
            <div className="rounded-md bg-info-light px-4 py-3 text-info" data-testid="on-its-way">
              {onItsWay}
              <p className="mt-1 text-sm">{t("pay.pendingText")}</p>
            </div>
          ) : null}
          <RadioGroup
            meta={fields.amount_choice}
            legend={t("pay.amountLegend")}
            options={[
              { value: "balance", label: t("pay.payBalance", { amount: money(amountDue) }) },
              { value: "other", label: t("pay.payOther") },
            ]}
          />
          <MoneyInput meta={fields.amount} label={t("pay.otherAmount")} hint={t("pay.otherAmountHint", { amount: money(amountDue) })} />
        </section>

        <section aria-labelledby="method-heading" className="space-y-4 rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
          <h2 id="method-heading" className="text-lg font-semibold text-gray-900">
            {t("pay.methodTitle")}
          </h2>
          <RadioGroup
            meta={fields.method}
            legend={t("pay.methodLegend")}
            options={[
              ...(cardsAllowed ? [{ value: "credit_card", label: t("pay.byCard"), hint: t("pay.byCardHint") }] : []),
              { value: "bank", label: t("pay.byBank"), hint: t("pay.byBankHint") },
            ]}
          />
          {cardsAllowed ? null : <p className="text-sm text-gray-700">{t("pay.noCards")}</p>}
        </section>

        {showCard ? (
          <fieldset className="space-y-4 rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
            <legend className="px-1 text-lg font-semibold text-gray-900">{t("pay.cardTitle")}</legend>
            <CardFields fields={fields} />
          </fieldset>
        ) : null}

        {showBank ? (
          <fieldset className="space-y-4 rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
            <legend className="px-1 text-lg font-semibold text-gray-900">{t("pay.bankTitle")}</legend>
            <BankAccountFields fields={fields} />
          </fieldset>
        ) : null}

        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <SubmitButton>{t("pay.submit")}</SubmitButton>
          <Link to={back} className="text-center">
            {t("cancel")}
          </Link>
        </div>
      </Form>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
