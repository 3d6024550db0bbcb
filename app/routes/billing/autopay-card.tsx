/**
 * /billing/{customerId}/autopay/card: set up or replace automatic payments by credit card
 * (POST /billing/{id}/autopay/credit-card, with the idempotency key of the rendered page). Only for
 * accounts that allow credit cards. The card is verified by a $0 authorization; only its brand and
 * last four digits are kept. Declined: the form again with the reason. Over a pre-authorized debit in
 * force, the page says so first and the card replaces it only with the box ticked (the debit then ends).
 */
import { getFormProps } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import type { Route } from "./+types/autopay-card";
import { AccountLine } from "~/components/billing/AccountLine";
import { CardFields } from "~/components/billing/PaymentFields";
import { Checkbox, ErrorSummary, SubmitButton } from "~/components/form";
import { PageAlert, PageAlerts } from "~/components/PageAlert";
import { PageHeader } from "~/components/PageHeader";
import { api } from "~/lib/api.server";
import { requireCustomer } from "~/lib/auth.server";
import { requireAutopayFeature } from "./billing.server";
import { formAction, newIdempotencyKey } from "~/lib/form-action.server";
import { formatDate, formatMoney } from "~/lib/i18n";
import { usePortalForm } from "~/lib/use-portal-form";
import { useT } from "~/lib/use-t";
import { CardAutopaySchema } from "~/schemas/billing";
import type { PageHandle } from "~/lib/page-handle";

// Each view carries a new idempotency key: never answered 304 (app/lib/page-handle.ts).
export const handle = { cache: "never", i18n: ["billing", "api"] } satisfies PageHandle;

const constraint = getZodConstraint(CardAutopaySchema);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireAutopayFeature();
  const customer = await requireCustomer(context, request, params, { manageBilling: true, cards: true });
  const { autopayDetails } = await api(context, request).call("GET /billing/{id}/autopay", { params: { id: customer.customer_id } });
  const pad = autopayDetails.pad;
  return {
    customer: { customer_id: customer.customer_id, contract_name: customer.contract_name },
    current: autopayDetails.card?.status === "active" ? autopayDetails.card : null,
    // One automatic method at a time: a PAD in force is replaced only by the customer's choice; one
    // already being removed simply ends (docs/decisions/080).
    padInForce: pad && (pad.status === "pending_setup" || pad.status === "active") ? { last4: pad.account_last_four } : null,
    padEnding: pad?.status === "pending_removal" ? { last4: pad.account_last_four } : null,
    credit: autopayDetails.autopay_credit.amount,
    idempotencyKey: newIdempotencyKey(),
    constraint,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  requireAutopayFeature();
  const customer = await requireCustomer(context, request, params, { manageBilling: true, cards: true });
  return formAction(
    { request, context },
    {
      schema: CardAutopaySchema,
      hideFields: ["card_number", "cvv"],
      idempotent: true,
      submit: (value, { idempotencyKey }) =>
        api(context, request).call("POST /billing/{id}/autopay/credit-card", {
          params: { id: customer.customer_id },
          idempotencyKey,
          form: {
            card_number: value.card_number,
            expiry: value.expiry,
            cvv: value.cvv,
            cardholder_name: value.cardholder_name,
            ...(value.replace_pad === "on" ? { replace_pad: "true" } : {}),
          },
        }),
      success: ({ autopayDetails }, _value, { language }) => ({
        redirectTo: `/billing/${customer.customer_id}/autopay`,
        notification: autopayDetails.card?.next_charge_on
          ? { key: "billing:autopay.notifyCardSetUp", values: { date: formatDate(autopayDetails.card.next_charge_on, language) } }
          : { key: "billing:autopay.notifyCardSetUpNoDate" },
      }),
    },
  );
}

export default function CardAutopay({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useT("billing");
  const { customer, current, credit, padInForce, padEnding } = loaderData;
  const [form, fields] = usePortalForm({
    schema: () => import("~/schemas/billing").then((m) => m.CardAutopaySchema),
    lastResult: actionData,
    constraint: loaderData.constraint,
  });
  const idempotencyKey = actionData?.idempotencyKey ?? loaderData.idempotencyKey;
  const back = `/billing/${customer.customer_id}/autopay`;

  return (
    <div className="max-w-2xl">
      <PageHeader
        title={current ? t("autopay.replaceCardTitle") : t("autopay.setUpCardTitle")}
        subtitle={<AccountLine customer={customer} />}
      />
      <div className="mb-6 space-y-2 text-gray-800">
        {current ? <p>{t("autopay.replacing", { brand: t(`brand.${current.brand}`), last4: current.last_four })}</p> : null}
        <p>{t("autopay.cardWhen")}</p>
        <p>{t("autopay.creditOffer", { amount: formatMoney(credit, language) })}</p>
      </div>
      {padInForce || padEnding ? (
        <PageAlerts>
          <PageAlert tone="warning" title={t("autopay.otherMethodTitle")} testId="alert-replace-pad">
            <p>
              {padInForce
                ? t("autopay.replacePadWarning", { last4: padInForce.last4 })
                : t("autopay.replacePadEnding", { last4: padEnding!.last4 })}
            </p>
          </PageAlert>
        </PageAlerts>
      ) : null}
      <ErrorSummary form={form} />
      <Form method="post" {...getFormProps(form)} className="space-y-6 rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
        <input type="hidden" name="idempotency_key" value={idempotencyKey} />
        <CardFields fields={fields} />
        {padInForce ? (
          <>
            <input type="hidden" name="in_force" value="1" />
            <Checkbox meta={fields.replace_pad} label={t("autopay.replacePadBox", { last4: padInForce.last4 })} />
          </>
        ) : null}
        <p className="text-sm text-gray-700">{t("autopay.cardConsent")}</p>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <SubmitButton>{current ? t("autopay.replaceCardSubmit") : t("autopay.setUpCardSubmit")}</SubmitButton>
          <Link to={back} className="text-center">
            {t("cancel")}
          </Link>
        </div>
      </Form>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
