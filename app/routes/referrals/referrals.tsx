/**
 * /referrals/{customerId}: "Refer a friend" of a residential account (feature flag FEATURE_REFERRALS):
 * the personal code and link (GET /referrals/{id}/code), the reward in plain words, and the friends
 * referred so far (GET /referrals/{id}). With the flag off, or for a commercial account, the page does
 * not exist (404) and the API is not asked.
 */
import { StatusBadge } from "~/components/StatusBadge";
import { data } from "react-router";
import type { Route } from "./+types/referrals";
import { Card } from "~/components/Card";
import { PageHeader } from "~/components/PageHeader";
import { CopyButton } from "~/components/referrals/CopyButton";
import { api } from "~/lib/api.server";
import { requireCustomer } from "~/lib/auth.server";
import { featureFlags } from "~/lib/config.server";
import { formatDate, formatMoney } from "~/lib/i18n";
import { useT } from "~/lib/use-t";

export const handle = { i18n: ["referrals"] };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  // Feature off: as if the route did not exist ("This page could not be found").
  if (!featureFlags().referrals) throw data({ kind: "unmatched" }, { status: 404 });
  const customer = await requireCustomer(context, request, params);
  if (!customer.isResidential) throw data({ kind: "not-found" }, { status: 404 });
  const client = api(context, request);
  const id = customer.customer_id;
  const [code, list] = await Promise.all([
    client.call("GET /referrals/{customerId}/code", { params: { customerId: id } }),
    client.call("GET /referrals/{customerId}", { params: { customerId: id } }),
  ]);
  return {
    customer: { customer_id: id, contract_name: customer.contract_name },
    code: code.referral_code,
    reward: code.reward,
    referrals: list.referrals,
    totalCredited: list.total_credited,
  };
}

export default function Referrals({ loaderData }: Route.ComponentProps) {
  const { t, language } = useT("referrals");
  const { customer, code, reward, referrals, totalCredited } = loaderData;
  const money = (amount: number) => formatMoney(amount, language);
  const date = (value: string) => formatDate(value, language);
  const mail = `mailto:?subject=${encodeURIComponent(t("share.mailSubject"))}&body=${encodeURIComponent(
    t("share.mailBody", { code: code.code, link: code.share_url }),
  )}`;

  return (
    <div className="max-w-3xl">
      <PageHeader title={t("title")} subtitle={t("accountLine", { name: customer.contract_name, id: customer.customer_id })} />

      <div className="grid gap-6">
        <Card id="referral-code-heading" title={t("code.title")}>
          <p className="text-gray-800">
            {t("reward.text", {
              credit: money(reward.referrer_credit),
              friendCredit: money(reward.friend_credit),
              days: reward.qualifying_days,
            })}
          </p>
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            <div>
              <p className="text-sm text-gray-700" id="referral-code-label">
                {t("code.label")}
              </p>
              <p
                className="font-mono text-2xl font-semibold tracking-wider text-gray-900"
                aria-labelledby="referral-code-label"
                data-testid="referral-code"
              >
                {code.code}
              </p>
              <CopyButton text={code.code} label={t("code.copy")} done={t("code.copied")} />
            </div>
            <div className="min-w-0">
              <p className="text-sm text-gray-700">{t("link.label")}</p>
              <p className="font-medium break-all" data-testid="referral-link">
                <a href={code.share_url}>{code.share_url}</a>
              </p>
              <CopyButton text={code.share_url} label={t("link.copy")} done={t("link.copied")} />
            </div>
          </div>
          <p className="mt-4">
            <a href={mail} className="font-medium">
              {t("share.byEmail")}
            </a>
          </p>
        </Card>

        <Card id="referral-how-heading" title={t("how.title")}>
          <ol className="list-decimal space-y-2 pl-5 text-gray-800">
            <li>{t("how.share")}</li>
            <li>{t("how.signUp")}</li>
            <li>
              {t("how.credit", {
                days: reward.qualifying_days,
                credit: money(reward.referrer_credit),
                friendCredit: money(reward.friend_credit),
              })}
            </li>
          </ol>
        </Card>

        <Card
          id="referral-list-heading"
          title={t("list.title")}
          actions={
            referrals.length ? (
              <span className="text-sm text-gray-700" data-testid="referral-total">
                {t("list.total", { amount: money(totalCredited) })}
              </span>
            ) : null
          }
        >
          {referrals.length === 0 ? (
            <p className="text-gray-800" data-testid="referrals-empty">
              {t("list.empty")}
            </p>
          ) : (
            <ul className="divide-y divide-gray-100" data-testid="referral-list">
              {referrals.map((r) => (
                <li key={r.referral_id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                  <div>
                    <p className="font-medium text-gray-900">{r.friend_name}</p>
                    <p className="text-sm text-gray-700">
                      {t("list.referredOn", { date: date(r.referred_on) })}
                      {r.status === "credited" && r.credited_on && r.credit !== null
                        ? ` · ${t("list.creditedOn", { amount: money(r.credit), date: date(r.credited_on) })}`
                        : ` · ${t("list.pendingHint", { days: reward.qualifying_days })}`}
                    </p>
                  </div>
                  <StatusBadge status={r.status} label={t(`list.status.${r.status}`)} />
                </li>
              ))}
            </ul>
          )}
        </Card>

        <p className="text-sm text-gray-700">{t("terms")}</p>
      </div>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
