/**
 * /account-details/{customerId?}: account details and manage service. Its packages with their services,
 * pauses, pending requests and the actions the API allows (GET /services/{id}), with the account (GET
 * /account-details/{id}) and past pauses (GET /services/{id}/scheduled-pause-detail) included in that
 * one call when the API can, asked apart when it leaves them out. While the account is suspended for
 * non-payment, what is still owed (GET /residential-dashboard/{id}/billing-details, as the dashboard shows it).
 * Every action is a link to a page of its own with a plain form (docs/services.md).
 */
import { Link } from "react-router";
import type { Route } from "./+types/account-details";
import type { Bundle, Pause, ScheduledPauseDetailAnswer, ServiceRequest } from "#contract/accounts";
import { Card, Details } from "~/components/Card";
import { AddressLines } from "~/components/AddressLines";
import { PageAlert, PageAlerts } from "~/components/PageAlert";
import { PageHeader, secondaryLinkClass } from "~/components/PageHeader";
import { StatusBadge } from "~/components/StatusBadge";
import { api } from "~/lib/api.server";
import { redirectToActiveAccount } from "~/lib/auth.server";
import { featureFlags } from "~/lib/config.server";
import { formatDate, formatMoney } from "~/lib/i18n";
import { requireResidentialCustomer } from "./services.server";
import { stillOwed } from "~/routes/billing/billing.server";
import { useT } from "~/lib/use-t";

export const handle = { i18n: ["services", "api"] };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!params.customerId) return redirectToActiveAccount(context, request, (id) => `/account-details/${id}`);
  const customer = await requireResidentialCustomer(context, request, params);
  const id = customer.customer_id;
  const client = api(context, request);
  const pausing = featureFlags().pauseServices;
  const { account_details: included, ...services } = await client.call("GET /services/{customerId}", {
    params: { customerId: id },
    query: { include: pausing ? "account_details,past_pauses" : "account_details" },
  });
  // The account and past pauses come with the packages when the API can; what an API leaves out is asked apart.
  const pastIncluded = services.bundles.every((b) => b.past_pauses);
  const [account, pauses, owed] = await Promise.all([
    included ?? client.call("GET /account-details/{customerId}", { params: { customerId: id } }).then((a) => a.account_details),
    pausing && !pastIncluded ? client.call("GET /services/{customerId}/scheduled-pause-detail", { params: { customerId: id } }) : null,
    // Suspended: the notice asks for what is still owed, not the balance (a payment on its way is not asked for again).
    services.suspended_for_nonpayment
      ? client
          .call("GET /residential-dashboard/{customerId}/billing-details", { params: { customerId: id } })
          .then((answer) => stillOwed(answer.billing_details))
      : null,
  ]);
  return { account, services, pastPauses: pastPausesOf(pauses), pausing, owed };
}

/** Past pauses asked apart, by package (null when they came with the packages). */
const pastPausesOf = (detail: ScheduledPauseDetailAnswer | null): Record<number, Pause[]> | null =>
  detail && Object.fromEntries(detail.packages.map((p) => [p.package_id, p.past_pauses]));

function PackageStatus({ status }: { status: Bundle["status"] }) {
  const { t } = useT("services");
  return <StatusBadge status={status} label={t(`packageStatus.${status}`)} />;
}

function RequestLine({ request }: { request: ServiceRequest }) {
  const { t, language } = useT("services");
  const date = request.effective_date ? formatDate(request.effective_date, language) : "";
  return (
    <>
      <p className="font-medium">{t(`requests.${request.kind}`, { date })}</p>
      {request.new_address ? (
        <div className="text-sm text-gray-800">
          <AddressLines address={request.new_address} />
        </div>
      ) : null}
      {request.reason ? <p className="text-sm text-gray-800">{t(`cancel.reasons.${request.reason}`)}</p> : null}
      <p className="text-sm text-gray-700">{t("requests.sent", { date: formatDate(request.requested_at, language) })}</p>
    </>
  );
}

export default function AccountDetails({ loaderData }: Route.ComponentProps) {
  const { t, language } = useT("services");
  const { account, services, pastPauses, pausing, owed } = loaderData;
  const id = account.customer_id;
  const date = (value: string) => formatDate(value, language);
  const base = `/account-details/${id}`;

  return (
    <div>
      <PageHeader
        title={t("account.title")}
        subtitle={t("account.line", { name: account.contract_name, id })}
        action={
          account.can_edit ? (
            <Link to={`${base}/edit`} className={secondaryLinkClass}>
              {t("account.edit")}
            </Link>
          ) : null
        }
      />
      <PageAlerts>
        {owed ? (
          <PageAlert tone="error" title={t("account.suspendedTitle")}>
            {owed.amountDue > 0 ? (
              <>
                <p>{t("account.suspendedText", { amount: formatMoney(owed.amountDue, language) })}</p>
                <p className="mt-2">
                  <Link to={`/billing/${id}/pay`} className="font-semibold text-error underline">
                    {t("account.pay")}
                  </Link>
                </p>
              </>
            ) : (
              <p>{t("account.suspendedOnItsWay", { amount: formatMoney(owed.pendingTotal, language), count: owed.pendingCount })}</p>
            )}
          </PageAlert>
        ) : null}
        {!services.can_manage ? (
          <PageAlert tone="info" title={t("account.readOnlyTitle")}>
            <p>{t("account.readOnlyText")}</p>
          </PageAlert>
        ) : null}
      </PageAlerts>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card id="account-heading" title={t("account.account")}>
          <Details
            items={[
              [t("account.accountNumber"), account.account_number],
              [t("account.name"), account.contract_name],
              [t("account.status"), t(`accountStatus.${account.status}`)],
              [t("account.since"), date(account.customer_since)],
              [t("account.billingAddress"), <AddressLines key="b" address={account.billing_address} />],
            ]}
          />
        </Card>
        <Card id="preferences-heading" title={t("account.preferences")}>
          <Details
            items={[
              [t("account.paperless"), account.preferences.paperless_billing ? t("account.paperlessOn") : t("account.paperlessOff")],
              [t("account.correspondence"), t(`languages.${account.preferences.correspondence_language}`)],
            ]}
          />
        </Card>
      </div>

      <section aria-labelledby="packages-heading" className="mt-8">
        <h2 id="packages-heading" className="text-xl font-semibold text-gray-900">
          {t("packages.title")}
        </h2>
        {services.bundles.length === 0 ? <p className="mt-3 text-gray-800">{t("packages.none")}</p> : null}
        <div className="mt-3 grid gap-6">
          {services.bundles.map((bundle) => {
            const past = bundle.past_pauses ?? pastPauses?.[bundle.package_id] ?? [];
            const p = `${base}/packages/${bundle.package_id}`;
            const a = bundle.actions;
            return (
              <Card
                key={bundle.package_id}
                id={`package-${bundle.package_id}`}
                title={bundle.name}
                actions={<PackageStatus status={bundle.status} />}
              >
                <div className="grid gap-4 md:grid-cols-2">
                  <div className="text-sm text-gray-800">
                    <p className="font-medium text-gray-900">{t("packages.address")}</p>
                    <AddressLines address={bundle.service_address} />
                    <p className="mt-2">{t("packages.perMonth", { amount: formatMoney(bundle.monthly_price, language) })}</p>
                  </div>
                  <ul className="divide-y divide-gray-100" aria-label={t("packages.servicesOf", { name: bundle.name })}>
                    {bundle.services.map((s) => (
                      <li key={s.service_id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                        <span>
                          <span className="block text-sm text-gray-700">{t(`category.${s.category}`)}</span>
                          {s.category === "internet" ? (
                            <Link to={`/resi-internet/${bundle.package_id}`}>{s.name}</Link>
                          ) : s.category === "tv" ? (
                            <Link to={`/resi-tv/${bundle.package_id}`}>{s.name}</Link>
                          ) : (
                            s.name
                          )}
                        </span>
                        <StatusBadge status={s.status} />
                      </li>
                    ))}
                  </ul>
                </div>

                {bundle.suspension ? (
                  <p className="mt-4 text-sm text-gray-900" data-testid="suspension">
                    {t(`packages.suspended.${bundle.suspension.reason}`, {
                      date: bundle.suspension.since ? date(bundle.suspension.since) : "",
                    })}
                  </p>
                ) : null}

                {pausing && bundle.scheduled_pauses.length ? (
                  <div className="mt-4" data-testid="pauses">
                    <h3 className="font-semibold text-gray-900">{t("pause.current")}</h3>
                    <ul className="mt-2 space-y-3">
                      {bundle.scheduled_pauses.map((pause) => (
                        <li key={pause.pause_id} className="rounded-md border border-gray-200 p-3">
                          <p className="font-medium">
                            {t(pause.status === "active" ? "pause.running" : "pause.scheduled", {
                              from: date(pause.from_date),
                              until: date(pause.until_date),
                              count: pause.months,
                            })}
                          </p>
                          <p className="text-sm text-gray-800">{t("pause.comesBack", { date: date(pause.until_date) })}</p>
                          {pause.can_edit || pause.can_remove ? (
                            <p className="mt-2 flex flex-wrap gap-4">
                              {pause.can_edit ? (
                                <Link to={`${base}/pauses/${pause.pause_id}`}>{t("pause.editLink", { name: bundle.name })}</Link>
                              ) : null}
                              {pause.can_remove ? (
                                <Link to={`${base}/pauses/${pause.pause_id}/remove`}>{t("pause.removeLink", { name: bundle.name })}</Link>
                              ) : null}
                            </p>
                          ) : null}
                        </li>
                      ))}
                    </ul>
                  </div>
                ) : null}

                {bundle.pending_requests.length ? (
                  <div className="mt-4" data-testid="requests">
                    <h3 className="font-semibold text-gray-900">{t("requests.title")}</h3>
                    <ul className="mt-2 space-y-3">
                      {bundle.pending_requests.map((request) => (
                        <li key={request.request_id} className="rounded-md border border-gray-200 p-3">
                          <RequestLine request={request} />
                          {services.can_manage ? (
                            <p className="mt-2">
                              <Link to={`${base}/requests/${request.request_id}/withdraw`}>
                                {t("requests.withdrawLink", { kind: t(`requests.kinds.${request.kind}`) })}
                              </Link>
                            </p>
                          ) : null}
                        </li>
                      ))}
                    </ul>
                  </div>
                ) : null}

                {pausing && past.length ? (
                  <details className="mt-4">
                    <summary className="cursor-pointer font-medium">{t("pause.past", { count: past.length })}</summary>
                    <ul className="mt-2 list-disc space-y-1 pl-6 text-sm text-gray-800">
                      {past.map((pause) => (
                        <li key={pause.pause_id}>{t("pause.pastLine", { from: date(pause.from_date), until: date(pause.until_date) })}</li>
                      ))}
                    </ul>
                  </details>
                ) : null}

                {services.can_manage ? (
                  <div className="mt-5 flex flex-wrap gap-3 border-t border-gray-100 pt-4" data-testid="package-actions">
                    {pausing && bundle.status !== "cancelled" ? (
                      <Link to={`${p}/pause`} className={secondaryLinkClass} aria-label={t("actions.pauseLabel", { name: bundle.name })}>
                        {t("actions.pause")}
                      </Link>
                    ) : null}
                    {a.can_move ? (
                      <Link to={`${p}/move`} className={secondaryLinkClass} aria-label={t("actions.moveLabel", { name: bundle.name })}>
                        {t("actions.move")}
                      </Link>
                    ) : null}
                    {a.can_suspend ? (
                      <Link
                        to={`${p}/suspend`}
                        className={secondaryLinkClass}
                        aria-label={t("actions.suspendLabel", { name: bundle.name })}
                      >
                        {t("actions.suspend")}
                      </Link>
                    ) : null}
                    {a.can_reinstate ? (
                      <Link
                        to={`${p}/reinstate`}
                        className={secondaryLinkClass}
                        aria-label={t("actions.reinstateLabel", { name: bundle.name })}
                      >
                        {t("actions.reinstate")}
                      </Link>
                    ) : null}
                    {a.can_reactivate ? (
                      <Link
                        to={`${p}/reactivate`}
                        className={secondaryLinkClass}
                        aria-label={t("actions.reactivateLabel", { name: bundle.name })}
                      >
                        {t("actions.reactivate")}
                      </Link>
                    ) : null}
                    {a.can_cancel ? (
                      <Link to={`${p}/cancel`} className={secondaryLinkClass} aria-label={t("actions.cancelLabel", { name: bundle.name })}>
                        {t("actions.cancel")}
                      </Link>
                    ) : null}
                    {!a.can_cancel && bundle.status !== "cancelled" && bundle.pending_requests.some((r) => r.kind === "move") ? (
                      <p className="basis-full text-sm text-gray-800" data-testid="cancel-after-move">
                        {t("actions.cancelAfterMove", { name: bundle.name })}
                      </p>
                    ) : null}
                  </div>
                ) : null}
              </Card>
            );
          })}
        </div>
      </section>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
