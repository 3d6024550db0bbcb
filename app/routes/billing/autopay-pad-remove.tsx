/**
 * /billing/{customerId}/autopay/pad/remove: confirm, then ask to remove the pre-authorized debit
 * (DELETE /billing/{id}/autopay-pad): an active one stays "pending removal" until the cancellation notice
 * ends; one still pending setup has never debited and ends at once.
 */
import { redirect } from "react-router";
import type { Route } from "./+types/autopay-pad-remove";
import { AutopayConfirm } from "~/components/billing/AutopayConfirm";
import { formatDate } from "~/lib/i18n";
import { useT } from "~/lib/use-t";
import { addDays, torontoToday } from "~/schemas/values";
import { autopayToChange, confirmAutopayChange } from "./billing.server";

export const handle = { i18n: ["billing", "api"] };

export async function loader(args: Route.LoaderArgs) {
  const { customer, autopay } = await autopayToChange(args);
  const pad = autopay.pad;
  if (!pad || (pad.status !== "active" && pad.status !== "pending_setup")) throw redirect(`/billing/${customer.customer_id}/autopay`);
  const cancellationDays = autopay.pad_notice_periods.cancellation_days;
  return { customer, pad, cancellationDays, effectiveOn: addDays(torontoToday(), cancellationDays) };
}

export async function action(args: Route.ActionArgs) {
  return confirmAutopayChange(
    args,
    (client, id) => client.call("DELETE /billing/{id}/autopay-pad", { params: { id } }),
    (answer) => (answer.status === "removed" ? "billing:autopay.notifyPadRemovedNow" : "billing:autopay.notifyPadRemoved"),
  );
}

export default function RemovePad({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useT("billing");
  const { customer, pad, cancellationDays, effectiveOn } = loaderData;
  return (
    <AutopayConfirm
      title={t("autopay.removePadTitle")}
      confirmLabel={t("autopay.removePadSubmit")}
      customer={customer}
      lastResult={actionData}
    >
      <p className="font-semibold">{t("autopay.removePadWhat", { last4: pad.account_last_four })}</p>
      <p>
        {pad.status === "pending_setup"
          ? t("autopay.removePadNotStarted")
          : t("autopay.removePadThen", { days: cancellationDays, date: formatDate(effectiveOn, language) })}
      </p>
    </AutopayConfirm>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
