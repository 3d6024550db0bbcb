/**
 * /account-details/{customerId}/packages/{packageId}/cancel: cancelling a package, said plainly, and
 * confirmed on this page of its own (a date, a reason, and "I understand"), then POST
 * /services/{id}/cancel-requests. Support completes the request; until then it can be withdrawn.
 */
import { getFormProps } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { Form, Link, redirect } from "react-router";
import { MAX_DAYS_AHEAD } from "#contract/accounts";
import type { Route } from "./+types/cancel";
import { CANCEL_REASONS } from "#contract/values";
import { Checkbox, DateInput, ErrorSummary, RadioGroup, SubmitButton, TextArea } from "~/components/form";
import { PageHeader } from "~/components/PageHeader";
import { PackageLine } from "~/components/services/PackageLine";
import { api } from "~/lib/api.server";
import { formAction } from "~/lib/form-action.server";
import { formatDate } from "~/lib/i18n";
import { packageSummary, requirePackage, requireResidentialCustomer, torontoToday } from "./services.server";
import { usePortalForm } from "~/lib/use-portal-form";
import { addDays } from "~/schemas/values";
import { useT } from "~/lib/use-t";
import { CancelSchema } from "~/schemas/services";

export const handle = { i18n: ["services", "api"] };

const constraint = getZodConstraint(CancelSchema);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const customer = await requireResidentialCustomer(context, request, params);
  const { services, bundle } = await requirePackage(context, request, customer.customer_id, params.packageId);
  if (!bundle.actions.can_cancel || !services.can_manage) throw redirect(`/account-details/${customer.customer_id}`);
  const today = torontoToday();
  return {
    customerId: customer.customer_id,
    bundle: packageSummary(bundle),
    services: bundle.services.map((s) => s.name),
    // The days the API takes (CancelSchema's rule): today or later, at most a year ahead, in Toronto.
    earliest: today,
    latest: addDays(today, MAX_DAYS_AHEAD),
    constraint,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const customer = await requireResidentialCustomer(context, request, params);
  const id = customer.customer_id;
  const { bundle } = await requirePackage(context, request, id, params.packageId);
  return formAction(
    { request, context },
    {
      schema: CancelSchema,
      formLevelFields: ["package_id"],
      submit: (value) =>
        api(context, request).call("POST /services/{customerId}/cancel-requests", {
          params: { customerId: id },
          form: {
            package_id: String(bundle.package_id),
            cancel_date: value.cancel_date,
            reason: value.reason,
            comment: value.comment ?? null,
          },
        }),
      success: (_answer, value, { language }) => ({
        redirectTo: `/account-details/${id}`,
        notification: { key: "services:cancel.notify", values: { name: bundle.name, date: formatDate(value.cancel_date, language) } },
      }),
    },
  );
}

export default function Cancel({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("services");
  const { customerId, bundle, services, earliest, latest } = loaderData;
  const [form, fields] = usePortalForm({
    schema: () => import("~/schemas/services").then((m) => m.CancelSchema),
    lastResult: actionData,
    constraint: loaderData.constraint,
  });
  return (
    <div className="max-w-2xl">
      <PageHeader title={t("cancel.title", { name: bundle.name })} subtitle={<PackageLine bundle={bundle} />} />
      <div className="mb-6 space-y-3 rounded-lg border-l-4 border-warning bg-white p-5 text-gray-900 shadow-sm" data-testid="cancel-means">
        <p className="font-semibold">{t("cancel.meansTitle")}</p>
        <ul className="list-disc space-y-1 pl-6">
          <li>{t("cancel.meansServices", { services: services.join(", ") })}</li>
          <li>{t("cancel.meansBill")}</li>
          <li>{t("cancel.meansEquipment")}</li>
          <li>{t("cancel.meansSupport")}</li>
        </ul>
      </div>
      <ErrorSummary form={form} />
      <Form method="post" {...getFormProps(form)} className="space-y-6 rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
        <DateInput meta={fields.cancel_date} label={t("cancel.date")} hint={t("cancel.dateHint")} min={earliest} max={latest} />
        <RadioGroup
          meta={fields.reason}
          legend={t("cancel.reason")}
          options={CANCEL_REASONS.map((reason) => ({ value: reason, label: t(`cancel.reasons.${reason}`) }))}
        />
        <TextArea meta={fields.comment} label={t("cancel.comment")} hint={t("cancel.commentHint")} rows={3} />
        <Checkbox meta={fields.understood} label={t("cancel.understood", { name: bundle.name })} />
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <SubmitButton variant="danger">{t("cancel.submit")}</SubmitButton>
          <Link to={`/account-details/${customerId}`} className="text-center">
            {t("cancel.keep")}
          </Link>
        </div>
      </Form>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
