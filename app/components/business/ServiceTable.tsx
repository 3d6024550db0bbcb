/**
 * A table of commercial services. On a phone each row becomes a stacked card whose values carry their
 * column's name, so no column is cut off; from the sm breakpoint it is an ordinary table. A service
 * the portal has a page for (dedicated internet, colocation) is a link; the others are plain text.
 */
import type { ReactNode } from "react";
import { PlainLink } from "~/components/PlainLink";
import { StatusBadge } from "~/components/StatusBadge";
import { serviceLink, type Grouping, type ListedService } from "./business";
import { useT } from "~/lib/use-t";

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

type Column = "name" | "platform" | "category" | "address" | "status";

const COLUMNS: Record<Grouping, Column[]> = {
  category: ["name", "platform", "address", "status"],
  address: ["name", "category", "platform", "status"],
  platform: ["platform", "name", "category", "address", "status"],
};

export function ServiceTable({
  caption,
  services,
  grouping,
  hasStatus,
}: {
  caption: string;
  services: ListedService[];
  grouping: Grouping;
  hasStatus: boolean;
}) {
  const { t } = useT("business");
  const columns = COLUMNS[grouping].filter((c) => c !== "status" || hasStatus);
  const heading: Record<Column, string> = {
    name: t("services.columns.service"),
    platform: t("services.columns.platformId"),
    category: t("services.columns.category"),
    address: t("services.columns.address"),
    status: t("services.columns.status"),
  };
  const rowHeader: Column = grouping === "platform" ? "platform" : "name";

  const value = (service: ListedService, column: Column): ReactNode => {
    switch (column) {
      case "name": {
        const to = serviceLink(service.category, service.service_id);
        return to ? (
          <PlainLink to={to} className="font-semibold">
            {service.name}
          </PlainLink>
        ) : (
          service.name
        );
      }
      case "platform":
        return service.platform_id ?? <span aria-label={t("services.noPlatformId")}>—</span>;
      case "category":
        return service.categoryName;
      case "address":
        return <Lines text={service.address} />;
      case "status":
        return service.status === null ? (
          <span className="text-gray-700">{t("services.notMonitored")}</span>
        ) : (
          <StatusBadge status={service.status} />
        );
    }
  };

  return (
    <table className="w-full text-left text-sm max-sm:block">
      <caption className="sr-only">{caption}</caption>
      <thead className="bg-gray-50 text-gray-800 max-sm:hidden">
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col" className="px-5 py-2 font-semibold">
              {heading[column]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-gray-100 max-sm:block">
        {services.map((service) => (
          <tr key={service.service_id} className="max-sm:block max-sm:px-4 max-sm:py-3" data-service-id={service.service_id}>
            {columns.map((column) => {
              const Cell = column === rowHeader ? "th" : "td";
              return (
                <Cell
                  key={column}
                  scope={column === rowHeader ? "row" : undefined}
                  className={`px-5 py-3 align-top max-sm:flex max-sm:gap-3 max-sm:px-0 max-sm:py-1 ${column === rowHeader ? "font-medium" : "font-normal"}`}
                >
                  {/* The column's name, shown only where the row is a stacked card. */}
                  <span className="w-28 shrink-0 font-semibold text-gray-700 sm:hidden">{heading[column]}</span>
                  <span className="min-w-0 break-words">{value(service, column)}</span>
                </Cell>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
