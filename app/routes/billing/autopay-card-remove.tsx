/**
 * /billing/{customerId}/autopay/card/remove: confirm, then remove the card on file (DELETE
 * /billing/{id}/autopay-card). Card autopay stops at once if it was active, and the card is no longer kept.
 * Also for an account that no longer allows cards: a card on file can always be removed.
 */
import { redirect } from "react-router";
import type { Route } from "./+types/autopay-card-remove";
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

export const handle = { i18n: ["billing", "api"] };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireAutopayFeature();
  const customer = await requireCustomer(context, request, params, { manageBilling: true });
  const { autopayDetails } = await api(context, request).call("GET /billing/{id}/autopay", { params: { id: customer.customer_id } });
  const card = autopayDetails.card;
  // No card on file: back to the automatic payments page.
  if (!card) throw redirect(`/billing/${customer.customer_id}/autopay`);
  const otherMethod = autopayDetails.pad?.status === "active" || autopayDetails.pad?.status === "pending_removal";
  return {
    customer: { customer_id: customer.customer_id, contract_name: customer.contract_name },
    card: { brand: card.brand, last_four: card.last_four, active: card.status === "active" },
    loseCredit: card.status === "active" && !card.expired && !otherMethod,
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
      submit: () => api(context, request).call("DELETE /billing/{id}/autopay-card", { params: { id: customer.customer_id } }),
      success: () => ({
        redirectTo: `/billing/${customer.customer_id}/autopay`,
        notification: { key: "billing:autopay.notifyCardRemoved" },
      }),
    },
  );
}

export default function RemoveCard({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useT("billing");
  const { customer, card, loseCredit, credit } = loaderData;
  return (
    <div>
      <PageHeader title={t("autopay.removeCardTitle")} subtitle={<AccountLine customer={customer} />} />
      <ConfirmForm
        confirmLabel={t("autopay.removeCardSubmit")}
        cancelLabel={t("autopay.keepIt")}
        cancelTo={`/billing/${customer.customer_id}/autopay`}
        lastResult={actionData}
      >
        <p className="font-semibold">{t("autopay.removeCardWhat", { brand: t(`brand.${card.brand}`), last4: card.last_four })}</p>
        <p>{card.active ? t("autopay.removeCardActive") : t("autopay.removeCardStopped")}</p>
        {loseCredit ? <p>{t("autopay.loseCredit", { amount: formatMoney(credit, language) })}</p> : null}
      </ConfirmForm>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
