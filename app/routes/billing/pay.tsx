/**
 * /billing/{customerId}/pay: make a payment (POST /billing/{id}/payments): the balance or another
 * amount, by credit card (when the account allows cards) or from a bank account. The form carries an
 * idempotency key made when the page is rendered, so a double click, a refresh or a back-and-resubmit
 * charges once. Card numbers and security codes go to the API once and are never echoed back, kept
 * or logged. Approved or pending: the outcome page; declined: the form again with the reason.
 */
import { getFormProps } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import type { Route } from "./+types/pay";
import { AccountLine } from "~/components/billing/AccountLine";
import { BankAccountFields, CardFields } from "~/components/billing/PaymentFields";
import { ErrorSummary, MoneyInput, RadioGroup, SubmitButton } from "~/components/form";
import { PageAlert } from "~/components/PageAlert";
import { PageHeader, secondaryLinkClass } from "~/components/PageHeader";
import { api } from "~/lib/api.server";
import { canManageBilling, requireCustomer } from "~/lib/auth.server";
import { formAction, newIdempotencyKey } from "~/lib/form-action.server";
import { formatMoney } from "~/lib/i18n";
import { useHydrated } from "~/lib/use-hydrated";
import { usePortalForm } from "~/lib/use-portal-form";
import { useT } from "~/lib/use-t";
import { PaymentSchema } from "~/schemas/billing";

export const handle = { i18n: ["billing", "api"] };

const constraint = getZodConstraint(PaymentSchema);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const customer = await requireCustomer(context, request, params, { billing: true });
  const summary = await api(context, request).call("GET /billing/{id}/summary", { params: { id: customer.customer_id } });
  return {
    customer: { customer_id: customer.customer_id, contract_name: customer.contract_name },
    balance: summary.balanceDetails.balance_owing,
    cardsAllowed: customer.credit_card_allowed,
    canManage: canManageBilling(customer),
    idempotencyKey: newIdempotencyKey(context),
    constraint,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const customer = await requireCustomer(context, request, params, { billing: true });
  const client = api(context, request);
  return formAction(
    { request, context },
    {
      schema: PaymentSchema,
      hideFields: ["card_number", "cvv", "account_number"],
      idempotent: true,
      submit: async (value, { idempotencyKey }) => {
        let amount = value.amount ?? "";
        if (value.amount_choice === "balance") {
          const summary = await client.call("GET /billing/{id}/summary", { params: { id: customer.customer_id } });
          amount = summary.balanceDetails.balance_owing.toFixed(2);
        }
        const card = value.method === "credit_card";
        return client.call("POST /billing/{id}/payments", {
          params: { id: customer.customer_id },
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
      },
      success: (answer, _value, { language }) => ({
        redirectTo: `/billing/${customer.customer_id}/pay/${encodeURIComponent(answer.payment.transaction_id)}`,
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
  const { customer, balance, cardsAllowed, canManage } = loaderData;
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
  if (!canManage || balance <= 0) {
    return (
      <div className="max-w-2xl">
        {header}
        <PageAlert tone="info" title={canManage ? t("pay.nothingOwingTitle") : t("readOnly.title")}>
          <p>{canManage ? t("pay.nothingOwingText") : t("readOnly.text")}</p>
        </PageAlert>
        <p className="mt-6">
          <Link to={back} className={secondaryLinkClass}>
            {t("backToSummary")}
          </Link>
        </p>
      </div>
    );
  }

  return (
    <div className="max-w-2xl">
      {header}
      <ErrorSummary form={form} />
      <Form method="post" {...getFormProps(form)} className="space-y-8">
        <input type="hidden" name="idempotency_key" value={idempotencyKey} />
        <section aria-labelledby="amount-heading" className="space-y-4 rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
          <h2 id="amount-heading" className="text-lg font-semibold text-gray-900">
            {t("pay.amountTitle")}
          </h2>
          <RadioGroup
            meta={fields.amount_choice}
            legend={t("pay.amountLegend")}
            options={[
              { value: "balance", label: t("pay.payBalance", { amount: money(balance) }) },
              { value: "other", label: t("pay.payOther") },
            ]}
          />
          <MoneyInput meta={fields.amount} label={t("pay.otherAmount")} hint={t("pay.otherAmountHint", { amount: money(balance) })} />
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
