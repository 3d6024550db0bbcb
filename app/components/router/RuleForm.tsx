/** The port forwarding rule form, for adding and editing (description unique, empty end port: a single port). */
import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { Checkbox, ErrorSummary, Field, RadioGroup, SubmitButton } from "~/components/form";
import type { FormReply } from "~/lib/form-action.server";
import { usePortalForm } from "~/lib/use-portal-form";
import { useT } from "~/lib/use-t";
import type { RuleContext } from "~/schemas/router";
import { BackToRouter } from "./RouterParts";

export interface RuleValues {
  description: string;
  protocol: "TCP" | "UDP" | "both";
  start_port: number | null;
  end_port: number | null;
  destination_address: string;
  destination_port: number | null;
  enabled: boolean;
}

export function RuleForm({
  serviceId,
  check,
  rule,
  lastResult,
  constraint,
  submitLabel,
  shown,
}: {
  /** An edit: the rule as shown (the server refuses to overwrite it if it changed since). */
  shown?: string;
  serviceId: number;
  check: RuleContext;
  rule: RuleValues;
  lastResult?: FormReply | null;
  constraint?: Record<string, unknown>;
  submitLabel: string;
}) {
  const { t } = useT("router");
  const text = (n: number | null) => (n === null ? "" : String(n));
  const [form, fields] = usePortalForm({
    schema: () => import("~/schemas/router").then((m) => m.ruleSchema(check)),
    lastResult,
    constraint,
    defaultValue: {
      description: rule.description,
      protocol: rule.protocol,
      start_port: text(rule.start_port),
      end_port: text(rule.end_port),
      destination_address: rule.destination_address,
      destination_port: text(rule.destination_port),
      enabled: rule.enabled ? "on" : undefined,
    },
  });
  const optional = t("common:form.optional");
  return (
    <>
      <ErrorSummary form={form} />
      <Form method="post" {...getFormProps(form)} className="space-y-6 rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
        {shown === undefined ? null : <input type="hidden" name="shown_rule" value={shown} />}
        <Field meta={fields.description} label={t("rules.description")} hint={t("ruleForm.descriptionHint")} />
        <RadioGroup
          meta={fields.protocol}
          legend={t("rules.protocol")}
          options={[
            { value: "TCP", label: t("rules.protocols.TCP") },
            { value: "UDP", label: t("rules.protocols.UDP") },
            { value: "both", label: t("rules.protocols.both") },
          ]}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            meta={fields.start_port}
            label={t("ruleForm.startPort")}
            hint={t("ruleForm.portHint")}
            inputProps={{ inputMode: "numeric" }}
          />
          <Field
            meta={fields.end_port}
            label={`${t("ruleForm.endPort")} ${optional}`}
            hint={t("ruleForm.endPortHint")}
            inputProps={{ inputMode: "numeric" }}
          />
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            meta={fields.destination_address}
            label={t("ruleForm.destinationAddress")}
            hint={t("ruleForm.destinationAddressHint", { lan: check.lanIp, mask: check.subnetMask })}
            inputProps={{ inputMode: "decimal" }}
          />
          <Field
            meta={fields.destination_port}
            label={`${t("ruleForm.destinationPort")} ${optional}`}
            hint={t("ruleForm.destinationPortHint")}
            inputProps={{ inputMode: "numeric" }}
          />
        </div>
        <Checkbox meta={fields.enabled} label={t("ruleForm.enabled")} hint={t("ruleForm.enabledHint")} />
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <SubmitButton>{submitLabel}</SubmitButton>
          <BackToRouter serviceId={serviceId} />
        </div>
      </Form>
    </>
  );
}
