/**
 * The LAN settings form, apart from the router page's other parts: the router page loads it only with
 * the dialog that shows it, so a page that only shows the settings does not carry the form controls.
 */
import { getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import type { NetworkSettingsAnswer } from "#contract/home-network";
import { Form } from "react-router";
import { ErrorSummary, Field, Select, SubmitButton } from "~/components/form";
import type { FormReply } from "~/lib/form-action.server";
import { usePortalForm } from "~/lib/use-portal-form";
import { useT } from "~/lib/use-t";
import { LEASE_TIME_CHOICES } from "~/schemas/values";
import { durationInWords } from "./RouterParts";

/** The router's LAN settings as the API answers them (the form shows all but the time of the last change). */
export type LanSettingsValues = Omit<NetworkSettingsAnswer["network_settings"], "updated_at">;

/** The LAN settings dialog's props (LanDialog.tsx, and LanDialogWidget.tsx that it loads). */
export interface LanDialogProps {
  serviceId: number;
  settings: LanSettingsValues;
  constraint?: Record<string, unknown>;
  lastResult?: FormReply | null;
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
          <Field meta={fields.lan_ip} label={t("lan.lanIp")} hint={t("lanForm.lanIpHint")} inputProps={{ inputMode: "decimal" }} />
          <Field
            meta={fields.subnet_mask}
            label={t("lan.subnetMask")}
            hint={t("lanForm.subnetMaskHint")}
            inputProps={{ inputMode: "decimal" }}
          />
          <Field
            meta={fields.dhcp_start}
            label={t("lanForm.dhcpStart")}
            hint={t("lanForm.dhcpRangeHint")}
            inputProps={{ inputMode: "decimal" }}
          />
          <Field
            meta={fields.dhcp_end}
            label={t("lanForm.dhcpEnd")}
            hint={t("lanForm.dhcpRangeHint")}
            inputProps={{ inputMode: "decimal" }}
          />
        </div>
        <Select
          meta={fields.lease_time_seconds}
          label={t("lan.leaseTime")}
          hint={t("lanForm.leaseTimeHint")}
          options={choices.map((seconds) => ({ value: String(seconds), label: durationInWords(seconds, t) }))}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            meta={fields.dns_primary}
            label={t("lanForm.dnsPrimary")}
            hint={t("lanForm.dnsHint")}
            inputProps={{ inputMode: "decimal" }}
          />
          <Field
            meta={fields.dns_secondary}
            label={t("lanForm.dnsSecondary")}
            hint={t("lanForm.dnsHint")}
            inputProps={{ inputMode: "decimal" }}
          />
        </div>
        <p className="text-sm text-gray-700">{t("lanForm.warning")}</p>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <SubmitButton action={action}>{t("lanForm.save")}</SubmitButton>
          {cancel}
        </div>
      </Form>
    </>
  );
}
