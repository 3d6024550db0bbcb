/**
 * Pieces the router screens share: the service line, durations in words, section errors, the way back.
 * (The LAN settings form is in LanSettingsForm.tsx.)
 */
import type { T as TFunction } from "~/lib/translate";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { StatusBadge } from "~/components/StatusBadge";
import { useT } from "~/lib/use-t";

export interface ServiceLineData {
  customer: { customer_id: number; contract_name: string };
  service: { service_id: number; name: string; status?: string };
  address: string | null;
}

/** The line under a router page's heading: which service, where, and which account. */
export function ServiceLine({ data }: { data: ServiceLineData }) {
  const { t } = useT("router");
  return (
    <>
      {t("serviceLine", { service: data.service.name, name: data.customer.contract_name, id: data.customer.customer_id })}
      {data.service.status && data.service.status !== "connected" ? (
        <>
          {" "}
          <StatusBadge status={data.service.status} />
        </>
      ) : null}
      {data.address ? (
        <>
          <br />
          {data.address}
        </>
      ) : null}
    </>
  );
}

/** Seconds in words, the two largest units: "1 day 2 hours", "23 hours 59 minutes", "45 seconds". */
export function durationInWords(seconds: number, t: TFunction): string {
  const parts: [string, number][] = [
    ["day", Math.floor(seconds / 86_400)],
    ["hour", Math.floor((seconds % 86_400) / 3_600)],
    ["minute", Math.floor((seconds % 3_600) / 60)],
    ["second", seconds % 60],
  ];
  const first = parts.findIndex(([, n]) => n > 0);
  if (first === -1) return t("router:duration.second", { count: 0 });
  return parts
    .slice(first, first + 2)
    .filter(([, n]) => n > 0)
    .map(([unit, count]) => t(`router:duration.${unit}`, { count }))
    .join(" ");
}

/** What a section shows when its call failed (the spec's "Server could not provide …"). */
export function SectionError({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-md border-l-4 border-error bg-error-light px-4 py-3 font-semibold text-error">
      {children}
    </p>
  );
}

/** The sentence read-only contacts see instead of the forms. */
export function ReadOnlyNote() {
  const { t } = useT("router");
  return <p className="rounded-md bg-gray-100 px-4 py-3 text-gray-800">{t("readOnly")}</p>;
}

/** A link back to the router page. */
export function BackToRouter({ serviceId, children }: { serviceId: number; children?: ReactNode }) {
  const { t } = useT("router");
  return (
    <Link to={`/internet/router/${serviceId}`} className="text-center">
      {children ?? t("cancel")}
    </Link>
  );
}
