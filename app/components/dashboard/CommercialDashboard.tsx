/** A commercial account's dashboard: account info, then services grouped by category. */
import { useT } from "~/lib/use-t";
import { Link } from "react-router";
import type { CommercialDashboardAnswer } from "../../../api/contract/dashboard";
import { Card, Details } from "~/components/Card";
import { PageTitle } from "~/components/PageTitle";
import { StatusBadge } from "~/components/StatusBadge";

/** Text whose parts are separated by "\n", one line each. */
export function Lines({ text }: { text: string }) {
  const lines = text.split("\n");
  return (
    <>
      {lines.map((line, i) => (
        <span key={i}>
          {line}
          {i < lines.length - 1 ? <br /> : null}
        </span>
      ))}
    </>
  );
}

type Person = NonNullable<CommercialDashboardAnswer["salesRep"]>;

function PersonDetails({ person }: { person: Person | null }) {
  const { t } = useT("dashboard");
  if (!person) return <>{t("commercial.notAssigned")}</>;
  return (
    <>
      {person.name}
      <br />
      <a href={`mailto:${person.email}`} className="font-normal">
        {person.email}
      </a>
      <br />
      <a href={`tel:${person.phone.replace(/[^\d+]/g, "")}`} className="font-normal">
        {person.phone}
      </a>
    </>
  );
}

/** Where a service's own page is (those the portal has). */
const serviceLink = (category: string, id: number) =>
  category === "colocation" ? `/cabinet-spaces/${id}` : category === "dedicated_internet" ? `/internet/view/${id}` : null;

export function CommercialDashboard({ dashboard }: { dashboard: CommercialDashboardAnswer }) {
  const { t } = useT("dashboard");
  return (
    <div>
      <PageTitle title={t("commercial.title")} />
      <h1 className="text-2xl font-semibold text-gray-900">{dashboard.customerName}</h1>
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
      {dashboard.serviceData.length === 0 ? <p className="mt-2 text-gray-800">{t("commercial.noServices")}</p> : null}
      <div className="mt-3 space-y-6">
        {dashboard.serviceData.map((group) => (
          <section
            key={group.category}
            aria-labelledby={`cat-${group.category}`}
            className="rounded-lg border border-gray-200 bg-white shadow-sm"
          >
            <h3 id={`cat-${group.category}`} className="border-b border-gray-200 px-5 py-3 text-lg font-semibold">
              {group.categoryName}
            </h3>
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead className="bg-gray-50 text-gray-800">
                  <tr>
                    <th scope="col" className="px-5 py-2 font-semibold">
                      {t("commercial.service")}
                    </th>
                    <th scope="col" className="px-5 py-2 font-semibold">
                      {t("commercial.platformId")}
                    </th>
                    <th scope="col" className="px-5 py-2 font-semibold">
                      {t("commercial.serviceAddress")}
                    </th>
                    {group.hasStatus ? (
                      <th scope="col" className="px-5 py-2 font-semibold">
                        {t("commercial.status")}
                      </th>
                    ) : null}
                  </tr>
                </thead>
                <tbody className="divide-y divide-gray-100">
                  {group.services.map((service) => {
                    const to = serviceLink(group.category, service.service_id);
                    return (
                      <tr key={service.service_id}>
                        <td className="px-5 py-3 font-medium">{to ? <Link to={to}>{service.name}</Link> : service.name}</td>
                        <td className="px-5 py-3">{service.platform_id ?? "—"}</td>
                        <td className="px-5 py-3">
                          <Lines text={service.address} />
                        </td>
                        {group.hasStatus ? (
                          <td className="px-5 py-3">
                            <StatusBadge status={service.status ?? "unknown"} />
                          </td>
                        ) : null}
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          </section>
        ))}
      </div>
    </div>
  );
}
