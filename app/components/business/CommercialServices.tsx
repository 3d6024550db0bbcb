/**
 * The services of the commercial dashboard, grouped by category, by address or by platform id. The
 * grouping is a GET parameter (?group=address|platform; category without one), switched with plain
 * links: it works without JavaScript and stays in the address.
 */
import { Link, useSearchParams } from "react-router";
import type { CommercialDashboardAnswer } from "#contract/dashboard";
import { Lines, ServiceTable } from "./ServiceTable";
import { GROUPINGS, groupServices, groupingOf, type Grouping } from "./business";
import { useT } from "~/lib/use-t";

function GroupingSwitch({ current }: { current: Grouping }) {
  const { t } = useT("business");
  return (
    <nav aria-label={t("services.groupBy")} className="mt-3">
      <p className="text-sm font-semibold text-gray-800" aria-hidden="true">
        {t("services.groupBy")}
      </p>
      <ul className="mt-1 inline-flex flex-wrap rounded-md border border-gray-300 bg-white text-sm">
        {GROUPINGS.map((grouping) => {
          const active = grouping === current;
          return (
            <li key={grouping} className="border-gray-300 [&:not(:first-child)]:border-l">
              <Link
                to={{ search: grouping === "category" ? "" : `?group=${grouping}` }}
                aria-current={active ? "true" : undefined}
                preventScrollReset
                className={`inline-block px-4 py-2 font-semibold no-underline ${active ? "bg-primary text-white" : "text-gray-900 hover:bg-gray-100"}`}
              >
                {t(`services.grouping.${grouping}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export function CommercialServices({ serviceData }: { serviceData: CommercialDashboardAnswer["serviceData"] }) {
  const { t } = useT("business");
  const [search] = useSearchParams();
  const grouping = groupingOf(search.get("group"));
  const groups = groupServices(serviceData, grouping);
  return (
    <>
      <GroupingSwitch current={grouping} />
      <div className="mt-4 space-y-6">
        {groups.map((group) => {
          const headingId = `group-${group.key}`;
          const caption =
            group.title === null
              ? t("services.captionPlatform")
              : grouping === "address"
                ? t("services.captionAddress", { address: group.title.replace(/\n/g, ", ") })
                : t("services.captionCategory", { category: group.title });
          return (
            <section
              key={group.key}
              aria-labelledby={group.title === null ? undefined : headingId}
              aria-label={group.title === null ? caption : undefined}
              className="rounded-lg border border-gray-200 bg-white shadow-sm"
            >
              {group.title !== null ? (
                <h3 id={headingId} className="border-b border-gray-200 px-5 py-3 text-lg font-semibold">
                  {grouping === "address" ? <Lines text={group.title} /> : group.title}
                </h3>
              ) : null}
              <ServiceTable caption={caption} services={group.services} grouping={grouping} hasStatus={group.hasStatus} />
            </section>
          );
        })}
      </div>
    </>
  );
}
