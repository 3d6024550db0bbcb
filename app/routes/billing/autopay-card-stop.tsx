/** /billing/{customerId}/autopay/card/stop: confirm, then stop automatic payments by card (DELETE /billing/{id}/autopay). */
import type { Route } from "./+types/autopay-card-stop";
import { AccountLine } from "~/components/billing/AccountLine";
import { ConfirmForm } from "~/components/form";
import { PageHeader } from "~/components/PageHeader";
import { api } from "~/lib/api.server";
import { requireCustomer } from "~/lib/auth.server";
import { requireAutopayFeature } from "./billing.server";
import { formAction } from "~/lib/form-action.server";
import { formatMoney } from "~/lib/i18n";
import { useT } from "~/lib/use-t";
import { ConfirmSchema } from "~/schemas/confirm";
import { redirect } from "react-router";

export const handle = { i18n: ["billing", "api"] };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireAutopayFeature();
  const customer = await requireCustomer(context, request, params, { manageBilling: true });
  const { autopayDetails } = await api(context, request).call("GET /billing/{id}/autopay", { params: { id: customer.customer_id } });
  const card = autopayDetails.card;
  // Nothing to stop: back to the automatic payments page.
  if (card?.status !== "active") throw redirect(`/billing/${customer.customer_id}/autopay`);
  const otherMethod = autopayDetails.pad?.status === "active" || autopayDetails.pad?.status === "pending_setup";
  return {
    customer: { customer_id: customer.customer_id, contract_name: customer.contract_name },
    card,
    loseCredit: !otherMethod,
    credit: autopayDetails.autopay_credit.amount,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  requireAutopayFeature();
  const customer = await requireCustomer(context, request, params, { manageBilling: true });
  return formAction(
    { request, context },
    {
      schema: ConfirmSchema,
      submit: () => api(context, request).call("DELETE /billing/{id}/autopay", { params: { id: customer.customer_id } }),
      success: () => ({
        redirectTo: `/billing/${customer.customer_id}/autopay`,
        notification: { key: "billing:autopay.notifyCardStopped" },
      }),
    },
  );
}

export default function StopCardAutopay({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useT("billing");
  const { customer, card, loseCredit, credit } = loaderData;
  return (
    <div>
      <PageHeader title={t("autopay.stopCardTitle")} subtitle={<AccountLine customer={customer} />} />
      <ConfirmForm
        confirmLabel={t("autopay.stopCardSubmit")}
        cancelLabel={t("autopay.keepIt")}
        cancelTo={`/billing/${customer.customer_id}/autopay`}
        lastResult={actionData}
      >
        <p className="font-semibold">{t("autopay.stopCardWhat", { brand: t(`brand.${card.brand}`), last4: card.last_four })}</p>
        <p>{t("autopay.stopCardThen")}</p>
        {loseCredit ? <p>{t("autopay.loseCredit", { amount: formatMoney(credit, language) })}</p> : null}
      </ConfirmForm>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
