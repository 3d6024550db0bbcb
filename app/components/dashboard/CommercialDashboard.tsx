/**
 * A commercial account's dashboard ("My services"): the account info card, then the services grouped
 * by category, by address or by platform id. The grouping is a GET parameter (?group=address), chosen
 * with plain links: it works without JavaScript and stays in the address (docs/business.md).
 */
import type { CommercialDashboardAnswer } from "#contract/dashboard";
import { CommercialServices } from "~/components/business/CommercialServices";
import { Lines } from "~/components/business/ServiceTable";
import { Card, Details } from "~/components/Card";
import { PageTitle } from "~/components/PageTitle";
import { useT } from "~/lib/use-t";

export { Lines };

type Person = NonNullable<CommercialDashboardAnswer["salesRep"]>;

function PersonDetails({ person }: { person: Person | null }) {
  const { t } = useT("dashboard");
  if (!person) return <>{t("commercial.notAssigned")}</>;
  return (
    <>
      {person.name}
      {person.email ? (
        <>
          <br />
          <a href={`mailto:${person.email}`} className="font-normal">
            {person.email}
          </a>
        </>
      ) : null}
      {person.phone ? (
        <>
          <br />
          <a href={`tel:${person.phone.replace(/[^\d+]/g, "")}`} className="font-normal">
            {person.phone}
          </a>
        </>
      ) : null}
    </>
  );
}

export function CommercialDashboard({ dashboard }: { dashboard: CommercialDashboardAnswer }) {
  const { t } = useT("dashboard");

  return (
    <div>
      <PageTitle title={t("commercial.title")} />
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold text-gray-900">{dashboard.customerName}</h1>
        {dashboard.isHouseAccount ? (
          <span className="rounded-full bg-info-light px-3 py-0.5 text-sm font-semibold text-info" data-testid="house-account">
            {t("commercial.houseAccount")}
          </span>
        ) : null}
      </div>
      <div className="mt-6">
        <Card id="account-info-heading" title={t("commercial.accountInfo")}>
          <Details
            items={[
              [t("commercial.accountName"), dashboard.customerName],
              [t("account.customerId"), String(dashboard.customerId)],
              [t("commercial.address"), <Lines key="a" text={dashboard.customerAddress} />],
              [t("commercial.salesRep"), <PersonDetails key="r" person={dashboard.salesRep} />],
              [t("commercial.successAdvocate"), <PersonDetails key="c" person={dashboard.customerSuccessAdvocate} />],
              ...(dashboard.isHouseAccount ? ([[t("commercial.houseAccount"), t("commercial.yes")]] as [string, string][]) : []),
            ]}
          />
        </Card>
      </div>

      <h2 className="mt-8 text-xl font-semibold text-gray-900">{t("commercial.services")}</h2>
      {dashboard.serviceData.length === 0 ? (
        <p className="mt-2 text-gray-800">{t("commercial.noServices")}</p>
      ) : (
        <CommercialServices serviceData={dashboard.serviceData} />
      )}
    </div>
  );
}
