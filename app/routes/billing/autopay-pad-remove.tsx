/**
 * /billing/{customerId}/autopay/pad/remove: confirm, then ask to remove the pre-authorized debit
 * (DELETE /billing/{id}/autopay-pad): an active one stays "pending removal" until the cancellation notice
 * ends; one still pending setup has never debited and ends at once.
 */
import { redirect } from "react-router";
import type { Route } from "./+types/autopay-pad-remove";
import { AccountLine } from "~/components/billing/AccountLine";
import { ConfirmForm } from "~/components/form";
import { PageHeader } from "~/components/PageHeader";
import { api } from "~/lib/api.server";
import { requireCustomer } from "~/lib/auth.server";
import { requireAutopayFeature } from "./billing.server";
import { formAction } from "~/lib/form-action.server";
import { formatDate } from "~/lib/i18n";
import { useT } from "~/lib/use-t";
import { ConfirmSchema } from "~/schemas/confirm";
import { addDays, torontoToday } from "~/schemas/values";

export const handle = { i18n: ["billing", "api"] };

/** Today plus some days, as YYYY-MM-DD in Toronto. */
const daysFromToday = (days: number) => addDays(torontoToday(), days);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireAutopayFeature();
  const customer = await requireCustomer(context, request, params, { manageBilling: true });
  const { autopayDetails } = await api(context, request).call("GET /billing/{id}/autopay", { params: { id: customer.customer_id } });
  const pad = autopayDetails.pad;
  if (!pad || (pad.status !== "active" && pad.status !== "pending_setup")) throw redirect(`/billing/${customer.customer_id}/autopay`);
  return {
    customer: { customer_id: customer.customer_id, contract_name: customer.contract_name },
    pad,
    cancellationDays: autopayDetails.pad_notice_periods.cancellation_days,
    effectiveOn: daysFromToday(autopayDetails.pad_notice_periods.cancellation_days),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  requireAutopayFeature();
  const customer = await requireCustomer(context, request, params, { manageBilling: true });
  return formAction(
    { request, context },
    {
      schema: ConfirmSchema,
      submit: () => api(context, request).call("DELETE /billing/{id}/autopay-pad", { params: { id: customer.customer_id } }),
      success: (answer) => ({
        redirectTo: `/billing/${customer.customer_id}/autopay`,
        notification: { key: answer.status === "removed" ? "billing:autopay.notifyPadRemovedNow" : "billing:autopay.notifyPadRemoved" },
      }),
    },
  );
}

export default function RemovePad({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useT("billing");
  const { customer, pad, cancellationDays, effectiveOn } = loaderData;
  return (
    <div>
      <PageHeader title={t("autopay.removePadTitle")} subtitle={<AccountLine customer={customer} />} />
      <ConfirmForm
        confirmLabel={t("autopay.removePadSubmit")}
        cancelLabel={t("autopay.keepIt")}
        cancelTo={`/billing/${customer.customer_id}/autopay`}
        lastResult={actionData}
      >
        <p className="font-semibold">{t("autopay.removePadWhat", { last4: pad.account_last_four })}</p>
        <p>
          {pad.status === "pending_setup"
            ? t("autopay.removePadNotStarted")
            : t("autopay.removePadThen", { days: cancellationDays, date: formatDate(effectiveOn, language) })}
        </p>
      </ConfirmForm>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
