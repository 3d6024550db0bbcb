/** Pieces the router screens share: the service line, durations in words, section errors, the LAN settings form. */
import { getFormProps } from "@conform-to/react";
import type { T as TFunction } from "~/lib/translate";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { ErrorSummary, Field, Select, SubmitButton } from "~/components/form";
import { StatusBadge } from "~/components/StatusBadge";
import type { FormReply } from "~/lib/form-action.server";
import { usePortalForm } from "~/lib/use-portal-form";
import { useT } from "~/lib/use-t";
import { LEASE_TIME_CHOICES } from "~/schemas/values";

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

export interface LanSettingsValues {
  lan_ip: string;
  subnet_mask: string;
  dhcp_start: string;
  dhcp_end: string;
  lease_time_seconds: number;
  dns_primary: string | null;
  dns_secondary: string | null;
}

/** The LAN settings form: a page of its own (older routers) or the router page's dialog (newer ones). */
export function LanSettingsForm({
  settings,
  lastResult,
  constraint,
  action,
  cancel,
}: {
  settings: LanSettingsValues;
  lastResult?: FormReply | null;
  constraint?: Record<string, unknown>;
  /** Where the form posts (the dialog posts to the router page with ?dialog=lan). */
  action?: string;
  /** The way back: a link, or a button that closes the dialog. */
  cancel: ReactNode;
}) {
  const { t } = useT("router");
  const [form, fields] = usePortalForm({
    id: "lan-form",
    schema: () => import("~/schemas/router").then((m) => m.LanSettingsSchema),
    lastResult,
    constraint,
    defaultValue: {
      ...settings,
      lease_time_seconds: String(settings.lease_time_seconds),
      dns_primary: settings.dns_primary ?? "",
      dns_secondary: settings.dns_secondary ?? "",
    },
  });
  const choices: number[] = [...LEASE_TIME_CHOICES];
  if (!choices.includes(settings.lease_time_seconds)) choices.push(settings.lease_time_seconds);
  choices.sort((a, b) => a - b);
  return (
    <>
      <ErrorSummary form={form} />
      <Form method="post" action={action} {...getFormProps(form)} className="space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <Field meta={fields.lan_ip} label={t("lan.lanIp")} hint={t("lan.lanIpHint")} inputProps={{ inputMode: "decimal" }} />
          <Field
            meta={fields.subnet_mask}
            label={t("lan.subnetMask")}
            hint={t("lan.subnetMaskHint")}
            inputProps={{ inputMode: "decimal" }}
          />
          <Field meta={fields.dhcp_start} label={t("lan.dhcpStart")} hint={t("lan.dhcpRangeHint")} inputProps={{ inputMode: "decimal" }} />
          <Field meta={fields.dhcp_end} label={t("lan.dhcpEnd")} hint={t("lan.dhcpRangeHint")} inputProps={{ inputMode: "decimal" }} />
        </div>
        <Select
          meta={fields.lease_time_seconds}
          label={t("lan.leaseTime")}
          hint={t("lan.leaseTimeHint")}
          options={choices.map((seconds) => ({ value: String(seconds), label: durationInWords(seconds, t) }))}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <Field meta={fields.dns_primary} label={t("lan.dnsPrimary")} hint={t("lan.dnsHint")} inputProps={{ inputMode: "decimal" }} />
          <Field meta={fields.dns_secondary} label={t("lan.dnsSecondary")} hint={t("lan.dnsHint")} inputProps={{ inputMode: "decimal" }} />
        </div>
        <p className="text-sm text-gray-700">{t("lan.warning")}</p>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <SubmitButton action={action}>{t("lan.save")}</SubmitButton>
          {cancel}
        </div>
      </Form>
    </>
  );
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
