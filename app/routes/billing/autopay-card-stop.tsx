/** /billing/{customerId}/autopay/card/stop: confirm, then stop automatic payments by card (DELETE /billing/{id}/autopay). */
import { redirect } from "react-router";
import type { Route } from "./+types/autopay-card-stop";
import { AutopayConfirm } from "~/components/billing/AutopayConfirm";
import { useT } from "~/lib/use-t";
import { autopayToChange, confirmAutopayChange } from "./billing.server";

export const handle = { i18n: ["billing", "api"] };

export async function loader(args: Route.LoaderArgs) {
  const { customer, autopay } = await autopayToChange(args);
  const card = autopay.card;
  // Nothing to stop: back to the automatic payments page.
  if (card?.status !== "active") throw redirect(`/billing/${customer.customer_id}/autopay`);
  const otherMethod = autopay.pad?.status === "active" || autopay.pad?.status === "pending_setup";
  return { customer, card, loseCredit: !otherMethod, credit: autopay.autopay_credit.amount };
}

export async function action(args: Route.ActionArgs) {
  return confirmAutopayChange(
    args,
    (client, id) => client.call("DELETE /billing/{id}/autopay", { params: { id } }),
    "billing:autopay.notifyCardStopped",
  );
}

export default function StopCardAutopay({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("billing");
  const { customer, card, loseCredit, credit } = loaderData;
  return (
    <AutopayConfirm
      title={t("autopay.stopCardTitle")}
      confirmLabel={t("autopay.stopCardSubmit")}
      customer={customer}
      lostCredit={loseCredit ? credit : null}
      lastResult={actionData}
    >
      <p className="font-semibold">{t("autopay.stopCardWhat", { brand: t(`brand.${card.brand}`), last4: card.last_four })}</p>
      <p>{t("autopay.stopCardThen")}</p>
    </AutopayConfirm>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
