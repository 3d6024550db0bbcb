/** The home screen of a residential account. */
import { useT } from "~/lib/use-t";
import { useSearchParams } from "react-router";
import { PlainLink } from "~/components/PlainLink";
import type { ResidentialBillingDetailsAnswer, ResidentialDashboardAnswer } from "#contract/dashboard";
import { AddressLines } from "~/components/AddressLines";
import { Card, Details } from "~/components/Card";
import { PageAlert, PageAlerts } from "~/components/PageAlert";
import { PageTitle } from "~/components/PageTitle";
import { StatusBadge } from "~/components/StatusBadge";
import { TourPanel, TourStep, tourStepOf } from "~/components/dashboard/IntroTour";
import { formatDate, formatMoney, formatNumber, formatTimeOfDay } from "~/lib/i18n";

interface Props {
  dashboard: ResidentialDashboardAnswer;
  billing: ResidentialBillingDetailsAnswer["billing_details"];
  /** The contact may pay and send proof of payment (authoritative or billing role, billing-authoritative account). */
  managesBilling: boolean;
}

export function ResidentialDashboard({ dashboard, billing, managesBilling }: Props) {
  const { t, language } = useT("dashboard");
  const money = (amount: number) => formatMoney(amount, language);
  const date = (value: string) => formatDate(value, language);
  const { account_details: account, profile_details: profile, services, support } = dashboard;
  const id = account.customer_id;
  const pauses = dashboard.bundled_services.filter((b) => b.scheduled_pause);
  const multiple = dashboard.has_multiple_service_addresses;
  const onItsWay = billing.pending_total > 0;
  // The intro tour's step (?tour=n): its card goes under the block holding the part it is about, outlined.
  const [search] = useSearchParams();
  const steps = dashboard.product_tour_steps;
  const stepIndex = tourStepOf(search, steps);
  const step = stepIndex === null ? null : steps[stepIndex];
  const tourCard = (after: "overview" | "services" | "help") =>
    stepIndex !== null && BLOCK_OF_STEP[step!] === after ? <TourStep customerId={id} steps={steps} index={stepIndex} /> : null;
  const outlined = (name: string) => (step === name ? "tour-target" : undefined);

  return (
    <div>
      <PageTitle title={t("title")} />
      <PageAlerts>
        {dashboard.suspended_for_nonpayment ? (
          <PageAlert tone="error" title={t("alerts.suspendedTitle")} testId="alert-suspended">
            <p>
              {billing.amount_due > 0
                ? t("alerts.suspendedText", { amount: money(billing.amount_due) })
                : t("alerts.suspendedOnItsWay", { amount: money(billing.pending_total) })}
            </p>
            {billing.amount_due > 0 || (managesBilling && !dashboard.submitted_proof_of_payment) ? (
              <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
                {billing.amount_due > 0 ? (
                  <PlainLink to={`/billing/${id}/pay`} className="font-semibold text-error underline">
                    {t("billing.pay")}
                  </PlainLink>
                ) : null}
                {managesBilling && !dashboard.submitted_proof_of_payment ? (
                  <PlainLink to={`/billing/${id}/proof-of-payment`} className="font-semibold text-error underline">
                    {t("alerts.sendProof")}
                  </PlainLink>
                ) : null}
              </p>
            ) : null}
          </PageAlert>
        ) : null}
        {dashboard.submitted_proof_of_payment ? (
          <PageAlert tone="info" title={t("alerts.proofTitle")} testId="alert-proof">
            <p>{t("alerts.proofText")}</p>
            {/* Still suspended: more proof can be sent (the form says to send it only if asked). */}
            {dashboard.suspended_for_nonpayment && managesBilling ? (
              <p className="mt-2">
                <PlainLink to={`/billing/${id}/proof-of-payment`} className="font-semibold underline">
                  {t("alerts.sendMoreProof")}
                </PlainLink>
              </p>
            ) : null}
          </PageAlert>
        ) : null}
        {dashboard.contact_marked_for_deactivation ? (
          <PageAlert tone="warning" title={t("alerts.deactivationTitle")} testId="alert-deactivation">
            <p>{t("alerts.deactivationText")}</p>
            <p className="mt-2">
              <PlainLink to={`/support/${id}/new`} className="font-semibold underline">
                {t("alerts.deactivationAction")}
              </PlainLink>
            </p>
          </PageAlert>
        ) : null}
        {pauses.map((bundle) => (
          <PageAlert
            key={bundle.package_id}
            tone="info"
            testId="alert-pause"
            title={t(bundle.scheduled_pause!.status === "active" ? "alerts.pausedTitle" : "alerts.pauseScheduledTitle", {
              name: bundle.name,
            })}
          >
            <p>
              {t("alerts.pauseDates", {
                from: date(bundle.scheduled_pause!.from_date),
                until: date(bundle.scheduled_pause!.until_date),
              })}
            </p>
          </PageAlert>
        ))}
      </PageAlerts>
      {stepIndex === null ? <TourPanel customerId={id} steps={steps} /> : null}

      <h1 className="text-2xl font-semibold text-gray-900">{t("greeting", { name: profile.first_name })}</h1>
      <p className="mt-1 text-gray-700">{account.contract_name}</p>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Card id="billing-heading" title={t("billing.title")} className={outlined("billing")}>
          <p className="text-sm text-gray-700">{t("billing.balance")}</p>
          <p className="text-3xl font-semibold text-gray-900" data-testid="balance">
            {money(billing.balance_owing)}
          </p>
          {onItsWay && billing.amount_due === 0 ? <p className="mt-1 text-gray-800">{t("billing.nothingLeft")}</p> : null}
          <div className="mt-3">
            <Details
              items={[
                ...(onItsWay
                  ? ([
                      [
                        t("billing.onItsWay"),
                        <ul key="pending" data-testid="pending-payments">
                          {billing.pending_payments.map((payment, i) => (
                            <li key={i}>{t("billing.pendingPayment", { amount: money(payment.amount), date: date(payment.date) })}</li>
                          ))}
                        </ul>,
                      ],
                      [
                        t("billing.amountDue"),
                        <span key="due" data-testid="amount-due">
                          {money(billing.amount_due)}
                        </span>,
                      ],
                    ] as [string, React.ReactNode][])
                  : []),
                ...(billing.due_date ? ([[t("billing.dueDate"), date(billing.due_date)]] as [string, string][]) : []),
                ...(billing.past_due > 0 ? ([[t("billing.pastDue"), money(billing.past_due)]] as [string, string][]) : []),
                [
                  t("billing.lastPayment"),
                  billing.last_payment
                    ? t("billing.lastPaymentValue", { amount: money(billing.last_payment.amount), date: date(billing.last_payment.date) })
                    : t("billing.noPayment"),
                ],
                [t("billing.nextBill"), date(billing.next_bill_date)],
              ]}
            />
          </div>
          <p className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2">
            {billing.amount_due > 0 ? (
              <PlainLink
                to={`/billing/${id}/pay`}
                className="rounded-md bg-primary px-4 py-2 font-semibold text-white no-underline hover:bg-primary-dark"
              >
                {t("billing.pay")}
              </PlainLink>
            ) : null}
            <PlainLink to={`/billing/${id}`} className="font-medium">
              {t("billing.summary")}
            </PlainLink>
            <PlainLink to={`/billing-details/${id}`} className="font-medium">
              {t("billing.viewDetails")}
            </PlainLink>
          </p>
        </Card>

        <Card id="account-heading" title={t("account.title")} className={outlined("profile")}>
          <Details
            items={[
              [t("account.accountNumber"), account.account_number],
              [t("account.customerId"), String(account.customer_id)],
              [t("account.holder"), `${profile.first_name} ${profile.last_name}`],
              [t("account.email"), profile.email],
              ...(profile.phone ? ([[t("account.phone"), profile.phone]] as [string, string][]) : []),
              [t("account.billingAddress"), <AddressLines key="a" address={account.billing_address} />],
              [t("account.since"), date(account.customer_since)],
            ]}
          />
          <p className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2">
            <PlainLink
              to={`/account-details/${id}`}
              className="rounded-md bg-primary px-4 py-2 font-semibold text-white no-underline hover:bg-primary-dark"
            >
              {t("account.manage")}
            </PlainLink>
            <PlainLink to="/profile-settings" className="font-medium">
              {t("account.profile")}
            </PlainLink>
          </p>
        </Card>
      </div>

      {tourCard("overview")}

      <section aria-labelledby="services-heading" className={`mt-8 ${outlined("internet") ?? ""}`.trim()}>
        <h2 id="services-heading" className="text-xl font-semibold text-gray-900">
          {t("services.title")}
        </h2>
        <div className="mt-3 grid gap-6 lg:grid-cols-2">
          {dashboard.bundled_services.map((bundle) => {
            const inBundle = <T extends { package_id: number }>(list: T[]) => list.filter((s) => s.package_id === bundle.package_id);
            const internet = inBundle(services.internet);
            const tv = inBundle(services.tv);
            const phone = inBundle(services.home_phone);
            const outAndAbout = inBundle(services.out_and_about);
            return (
              <Card
                key={bundle.package_id}
                id={`bundle-${bundle.package_id}`}
                title={bundle.name}
                actions={<span className="text-sm text-gray-700">{t("services.perMonth", { amount: money(bundle.monthly_price) })}</span>}
              >
                {multiple ? (
                  <div className="mb-3 text-sm text-gray-800">
                    <AddressLines address={bundle.service_address} />
                  </div>
                ) : null}
                <ul className="divide-y divide-gray-100">
                  {internet.map((s) => (
                    <li key={s.service_id} className="py-3">
                      <div className="flex flex-wrap items-center justify-between gap-2">
                        <p className="font-medium">{t("services.internetLine", { name: s.name })}</p>
                        <StatusBadge status={s.status} />
                      </div>
                      <p className="text-sm text-gray-700">
                        {t("services.speeds", { down: formatNumber(s.download_mbps, language), up: formatNumber(s.upload_mbps, language) })}
                      </p>
                      {s.wifi_settings.length ? (
                        <p className="mt-1 text-sm text-gray-800">
                          {t("services.wifiLine", {
                            names: s.wifi_settings
                              .filter((w) => w.enabled)
                              .map((w) => `${w.ssid} (${t(`services.bands.${w.band}`)})`)
                              .join(", "),
                          })}
                        </p>
                      ) : null}
                      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
                        <PlainLink
                          to={`/resi-internet/${s.package_id}`}
                          aria-label={t("services.internetDetailsOf", { name: bundle.name })}
                        >
                          {t("services.internetDetails")}
                        </PlainLink>
                        <PlainLink to={`/wifi/${s.package_id}`} aria-label={t("services.wifiSettingsOf", { name: bundle.name })}>
                          {t("services.wifiSettings")}
                        </PlainLink>
                        <PlainLink
                          to={`/internet/router/${s.service_id}`}
                          aria-label={t("services.routerSettingsOf", { name: bundle.name })}
                        >
                          {t("services.routerSettings")}
                        </PlainLink>
                      </p>
                    </li>
                  ))}
                  {tv.map((s) => (
                    <li key={s.service_id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                      <div>
                        <p className="font-medium">{t("services.tvLine", { name: s.name })}</p>
                        <p className="text-sm text-gray-700">{t("services.channels", { count: s.channel_count })}</p>
                        <PlainLink
                          to={`/resi-tv/${s.package_id}`}
                          className="text-sm"
                          aria-label={t("services.tvDetailsOf", { name: bundle.name })}
                        >
                          {t("services.tvDetails")}
                        </PlainLink>
                      </div>
                      <StatusBadge status={s.status} />
                    </li>
                  ))}
                  {phone.map((s) => (
                    <li key={s.service_id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                      <div>
                        <p className="font-medium">{t("services.homePhoneLine", { name: s.name })}</p>
                        <p className="text-sm text-gray-700">{s.phone_number}</p>
                      </div>
                      <StatusBadge status={s.status} />
                    </li>
                  ))}
                  {outAndAbout.map((s) => (
                    <li key={s.service_id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                      <p className="font-medium">{s.name}</p>
                      <StatusBadge status={s.status} />
                    </li>
                  ))}
                </ul>
              </Card>
            );
          })}
        </div>
      </section>
      {tourCard("services")}

      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <Card
          id="support-heading"
          title={t("support.title")}
          actions={<PlainLink to={`/support/${id}`}>{t("support.requests")}</PlainLink>}
          className={outlined("support")}
        >
          <Details
            items={[
              [
                t("support.customerCare"),
                <a key="p" href={`tel:${support.phone.replace(/[^\d+]/g, "")}`}>
                  {support.phone}
                </a>,
              ],
              [
                t("support.hours"),
                t("support.hoursValue", {
                  opens: formatTimeOfDay(support.opens_at, language),
                  closes: formatTimeOfDay(support.closes_at, language),
                }),
              ],
              [
                t("support.techSupport"),
                <a key="tp" href={`tel:${support.tech_support_phone.replace(/[^\d+]/g, "")}`}>
                  {support.tech_support_phone}
                </a>,
              ],
              [t("support.techHours"), t("support.techHoursValue")],
              [
                t("support.email"),
                <a key="e" href={`mailto:${support.email}`}>
                  {support.email}
                </a>,
              ],
            ]}
          />
        </Card>
        <Card
          id="contacts-heading"
          title={t("contacts.title")}
          actions={<PlainLink to={`/contacts/${id}`}>{t("contacts.manage")}</PlainLink>}
        >
          <ul className="space-y-2">
            {dashboard.customer_contacts.map((c) => (
              <li key={c.contact_id}>
                <p className="font-medium">
                  {c.first_name} {c.last_name}
                </p>
                <p className="text-sm text-gray-700">
                  {c.email}
                  {c.roles.length ? ` · ${c.roles.map((r) => t(`roles.${r}`, { defaultValue: r })).join(", ")}` : ""}
                </p>
              </li>
            ))}
          </ul>
        </Card>
      </div>
      {tourCard("help")}
    </div>
  );
}

/** Which block of the dashboard each tour step is about: its card goes right after that block. */
const BLOCK_OF_STEP = { profile: "overview", billing: "overview", internet: "services", support: "help" } as const;
