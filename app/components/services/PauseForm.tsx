/** The pause form (start date and months), shared by scheduling a pause and changing its dates. */
import { getFormProps } from "@conform-to/react";
import { Form, Link } from "react-router";
import { DateInput, ErrorSummary, Field, SubmitButton } from "~/components/form";
import { PageAlert } from "~/components/PageAlert";
import type { FormReply } from "~/lib/form-action.server";
import { usePortalForm } from "~/lib/use-portal-form";
import { useT } from "~/lib/use-t";

export function PauseForm({
  lastResult,
  constraint,
  defaultValue,
  earliest,
  latest,
  submitLabel,
  back,
}: {
  lastResult?: FormReply | null;
  constraint?: Record<string, unknown>;
  defaultValue?: { start_date: string; months: string };
  earliest: string;
  latest: string;
  submitLabel: string;
  back: string;
}) {
  const { t } = useT("services");
  const [form, fields] = usePortalForm({
    schema: () => import("~/schemas/services").then((m) => m.PauseSchema),
    lastResult,
    constraint,
    defaultValue,
  });
  return (
    <>
      <ErrorSummary form={form} />
      <Form method="post" {...getFormProps(form)} className="space-y-6 rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
        <DateInput meta={fields.start_date} label={t("pause.startDate")} hint={t("pause.startDateHint")} min={earliest} max={latest} />
        <Field
          meta={fields.months}
          label={t("pause.months")}
          hint={t("pause.monthsHint")}
          type="number"
          inputProps={{ inputMode: "numeric", className: "max-w-xs" }}
        />
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <SubmitButton>{submitLabel}</SubmitButton>
          <Link to={back} className="text-center">
            {t("back")}
          </Link>
        </div>
      </Form>
    </>
  );
}

/** Said before a pause form of a package with a pending move: a pause cannot include the moving date. */
export function MovingNotice({ date }: { date: string }) {
  const { t } = useT("services");
  return (
    <div className="mb-6">
      <PageAlert tone="warning" title={t("pause.movingTitle")} testId="pause-moving">
        <p>{t("pause.movingText", { date })}</p>
      </PageAlert>
    </div>
  );
}
