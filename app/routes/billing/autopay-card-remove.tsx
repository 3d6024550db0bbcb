/**
 * /billing/{customerId}/autopay/card/remove: confirm, then remove the card on file (DELETE
 * /billing/{id}/autopay-card). Card autopay stops at once if it was active, and the card is no longer kept.
 * Also for an account that no longer allows cards: a card on file can always be removed.
 */
import { redirect } from "react-router";
import type { Route } from "./+types/autopay-card-remove";
import { AutopayConfirm } from "~/components/billing/AutopayConfirm";
import { useT } from "~/lib/use-t";
import { autopayToChange, confirmAutopayChange } from "./billing.server";

export const handle = { i18n: ["billing", "api"] };

export async function loader(args: Route.LoaderArgs) {
  const { customer, autopay } = await autopayToChange(args);
  const card = autopay.card;
  // No card on file: back to the automatic payments page.
  if (!card) throw redirect(`/billing/${customer.customer_id}/autopay`);
  const otherMethod = autopay.pad?.status === "active" || autopay.pad?.status === "pending_removal";
  return {
    customer,
    card: { brand: card.brand, last_four: card.last_four, active: card.status === "active" },
    loseCredit: card.status === "active" && !card.expired && !otherMethod,
    credit: autopay.autopay_credit.amount,
  };
}

export async function action(args: Route.ActionArgs) {
  return confirmAutopayChange(
    args,
    (client, id) => client.call("DELETE /billing/{id}/autopay-card", { params: { id } }),
    "billing:autopay.notifyCardRemoved",
  );
}

export default function RemoveCard({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("billing");
  const { customer, card, loseCredit, credit } = loaderData;
  return (
    <AutopayConfirm
      title={t("autopay.removeCardTitle")}
      confirmLabel={t("autopay.removeCardSubmit")}
      customer={customer}
      lostCredit={loseCredit ? credit : null}
      lastResult={actionData}
    >
      <p className="font-semibold">{t("autopay.removeCardWhat", { brand: t(`brand.${card.brand}`), last4: card.last_four })}</p>
      <p>{card.active ? t("autopay.removeCardActive") : t("autopay.removeCardStopped")}</p>
    </AutopayConfirm>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
