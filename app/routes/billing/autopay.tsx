/**
 * /billing/{customerId}/autopay: automatic payments (GET /billing/{id}/autopay), when the autopay
 * feature is on. Card autopay (only on accounts that allow credit cards) and pre-authorized debit (PAD)
 * in each of their states, the flag when both are set up, the monthly autopay credit, when each method
 * charges, and the notice periods. Setting up, replacing, stopping and removing (a card, a PAD) are pages
 * of their own.
 */
import { StatusBadge } from "~/components/StatusBadge";
import { Link } from "react-router";
import type { Route } from "./+types/autopay";
import { AccountLine } from "~/components/billing/AccountLine";
import { Card, Details } from "~/components/Card";
import { PageAlert, PageAlerts } from "~/components/PageAlert";
import { PageHeader, actionLinkClass, secondaryLinkClass } from "~/components/PageHeader";
import { api } from "~/lib/api.server";
import { canManageBilling, redirectToActiveAccount, requireCustomer } from "~/lib/auth.server";
import { requireAutopayFeature } from "./billing.server";
import { formatDate, formatMoney } from "~/lib/i18n";
import { useT } from "~/lib/use-t";

export const handle = { i18n: ["billing"] };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireAutopayFeature();
  if (!params.customerId) return redirectToActiveAccount(context, request, (id) => `/billing/${id}/autopay`, { billing: true });
  const customer = await requireCustomer(context, request, params, { billing: true });
  const { autopayDetails } = await api(context, request).call("GET /billing/{id}/autopay", { params: { id: customer.customer_id } });
  return {
    customer: { customer_id: customer.customer_id, contract_name: customer.contract_name },
    autopay: autopayDetails,
    cardsAllowed: customer.credit_card_allowed,
    canManage: canManageBilling(customer),
  };
}

function AutopayStatus({ status }: { status: string }) {
  const { t } = useT("billing");
  return <StatusBadge status={status} label={t(`autopay.status.${status}`)} />;
}

export default function Autopay({ loaderData }: Route.ComponentProps) {
  const { t, language } = useT("billing");
  const { customer, autopay, cardsAllowed, canManage } = loaderData;
  const { card, pad, pad_notice_periods: notice } = autopay;
  const money = (amount: number) => formatMoney(amount, language);
  const date = (value: string) => formatDate(value, language);
  const base = `/billing/${customer.customer_id}/autopay`;
  const cardActive = card?.status === "active";
  const padCurrent = pad && (pad.status === "pending_setup" || pad.status === "active");

  return (
    <div>
      <PageAlerts>
        {autopay.both_methods_configured ? (
          <PageAlert tone="warning" title={t("autopay.bothTitle")} testId="alert-both">
            <p>{t("autopay.bothText")}</p>
          </PageAlert>
        ) : null}
        {card?.status === "active" && card.expired ? (
          <PageAlert tone="warning" title={t("autopay.expiredTitle")} testId="alert-expired">
            <p>{t("autopay.expiredText")}</p>
          </PageAlert>
        ) : null}
        {canManage ? null : (
          <PageAlert tone="info" title={t("readOnly.title")} testId="alert-read-only">
            <p>{t("readOnly.text")}</p>
          </PageAlert>
        )}
      </PageAlerts>

      <PageHeader title={t("autopay.title")} subtitle={<AccountLine customer={customer} />} />

      <p className="mb-6 max-w-3xl text-gray-800" data-testid="autopay-credit">
        {autopay.autopay_credit.applies
          ? t("autopay.creditApplies", { amount: money(autopay.autopay_credit.amount) })
          : t("autopay.creditOffer", { amount: money(autopay.autopay_credit.amount) })}
      </p>

      <div className="grid gap-6 lg:grid-cols-2">
        {cardsAllowed || card ? (
          <Card
            id="card-heading"
            title={t("autopay.cardTitle")}
            actions={
              card && card.status === "active" ? <AutopayStatus status={card.status} /> : card ? <AutopayStatus status="stopped" /> : null
            }
          >
            <div data-testid="card-autopay">
              {card ? (
                <Details
                  items={[
                    [t("autopay.card"), t("autopay.cardValue", { brand: t(`brand.${card.brand}`), last4: card.last_four })],
                    [t("autopay.cardExpiry"), `${String(card.expiry_month).padStart(2, "0")}/${card.expiry_year}`],
                    [t("autopay.cardholder"), card.cardholder_name],
                    card.status === "active"
                      ? [t("autopay.nextCharge"), card.next_charge_on ? date(card.next_charge_on) : t("autopay.noNextCharge")]
                      : [t("autopay.stoppedOn"), card.stopped_at ? date(card.stopped_at) : "—"],
                  ]}
                />
              ) : (
                <p className="text-gray-800">{t("autopay.noCard")}</p>
              )}
              <p className="mt-3 text-sm text-gray-700">{t("autopay.cardWhen")}</p>
              {!cardsAllowed ? <p className="mt-2 text-sm text-gray-700">{t("pay.noCards")}</p> : null}
            </div>
            {canManage && (cardsAllowed || card) ? (
              <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
                {cardsAllowed ? (
                  <Link to={`${base}/card`} className={cardActive ? secondaryLinkClass : actionLinkClass}>
                    {cardActive ? t("autopay.replaceCard") : t("autopay.setUpCard")}
                  </Link>
                ) : null}
                {cardActive ? (
                  <Link to={`${base}/card/stop`} className={secondaryLinkClass}>
                    {t("autopay.stopCard")}
                  </Link>
                ) : null}
                {card ? (
                  <Link to={`${base}/card/remove`} className={secondaryLinkClass}>
                    {t("autopay.removeCard")}
                  </Link>
                ) : null}
              </div>
            ) : null}
          </Card>
        ) : null}

        <Card id="pad-heading" title={t("autopay.padTitle")} actions={pad ? <AutopayStatus status={pad.status} /> : null}>
          <div data-testid="pad-autopay">
            {pad ? (
              <Details
                items={[
                  [
                    t("autopay.bankAccount"),
                    t("autopay.bankAccountValue", {
                      institution: pad.institution_number,
                      transit: pad.transit_number,
                      last4: pad.account_last_four,
                    }),
                  ],
                  [t("bank.holder"), pad.account_holder],
                  ...padDates(pad, date, t),
                ]}
              />
            ) : (
              <p className="text-gray-800">{t("autopay.noPad")}</p>
            )}
            <p className="mt-3 text-sm text-gray-700">{t("autopay.padWhen")}</p>
            <p className="mt-2 text-sm text-gray-700">
              {t("autopay.padNotice", { debit: notice.debit_notice_days, setup: notice.setup_days, cancel: notice.cancellation_days })}
            </p>
          </div>
          {canManage ? (
            <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
              <Link to={`${base}/pad`} className={padCurrent ? secondaryLinkClass : actionLinkClass}>
                {padCurrent ? t("autopay.replacePad") : t("autopay.setUpPad")}
              </Link>
              {padCurrent ? (
                <Link to={`${base}/pad/remove`} className={secondaryLinkClass}>
                  {t("autopay.removePad")}
                </Link>
              ) : null}
            </div>
          ) : null}
        </Card>
      </div>

      <p className="mt-6">
        <Link to={`/billing/${customer.customer_id}`}>{t("backToSummary")}</Link>
      </p>
    </div>
  );
}

type Pad = NonNullable<Route.ComponentProps["loaderData"]["autopay"]["pad"]>;

/** The dates that matter in each PAD state. */
function padDates(
  pad: Pad,
  date: (value: string) => string,
  t: (key: string, values?: Record<string, unknown>) => string,
): [string, string][] {
  switch (pad.status) {
    case "pending_setup":
      return [
        [t("autopay.padActiveFrom"), date(pad.active_from)],
        [t("autopay.nextDebit"), pad.next_charge_on ? date(pad.next_charge_on) : t("autopay.noNextCharge")],
      ];
    case "active":
      return [[t("autopay.nextDebit"), pad.next_charge_on ? date(pad.next_charge_on) : t("autopay.noNextCharge")]];
    case "pending_removal":
      return [
        [t("autopay.removalRequested"), pad.removal_requested_at ? date(pad.removal_requested_at) : "—"],
        [t("autopay.removalEffective"), pad.removal_effective_on ? date(pad.removal_effective_on) : "—"],
        [t("autopay.nextDebit"), pad.next_charge_on ? date(pad.next_charge_on) : t("autopay.noNextCharge")],
      ];
    default:
      return [[t("autopay.removedOn"), pad.removal_effective_on ? date(pad.removal_effective_on) : "—"]];
  }
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
