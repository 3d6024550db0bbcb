/**
 * /account-details/{customerId}/packages/{packageId}/move: ask to move a package to a new address on a
 * future date (POST /services/{id}/move-requests); its scheduled pauses are named first, since the moving
 * date cannot fall within one.
 */
import { getFormProps } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { Form, Link, redirect } from "react-router";
import { MAX_DAYS_AHEAD } from "#contract/accounts";
import type { Route } from "./+types/move";
import { DateInput, ErrorSummary, SubmitButton, TextArea } from "~/components/form";
import { PageAlert } from "~/components/PageAlert";
import { PageHeader } from "~/components/PageHeader";
import { AddressFields } from "~/components/services/AddressFields";
import { PackageLine } from "~/components/services/PackageLine";
import { api } from "~/lib/api.server";
import { formAction } from "~/lib/form-action.server";
import { formatDate } from "~/lib/i18n";
import { packageSummary, requirePackage, requireResidentialCustomer, torontoToday } from "./services.server";
import { usePortalForm } from "~/lib/use-portal-form";
import { addDays } from "~/schemas/values";
import { useT } from "~/lib/use-t";
import { MoveSchema } from "~/schemas/services";

export const handle = { i18n: ["services", "api"] };

const constraint = getZodConstraint(MoveSchema);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const customer = await requireResidentialCustomer(context, request, params);
  const { services, bundle } = await requirePackage(context, request, customer.customer_id, params.packageId);
  if (!bundle.actions.can_move || !services.can_manage) throw redirect(`/account-details/${customer.customer_id}`);
  // A moving date cannot fall within a pause (decision 081): the page names the pauses first.
  const pauses = bundle.scheduled_pauses.map((p) => ({ from: p.from_date, until: p.until_date }));
  // The days the API takes (MoveSchema's rule): after today, at most a year ahead, in Toronto.
  const today = torontoToday();
  return {
    customerId: customer.customer_id,
    bundle: packageSummary(bundle),
    pauses,
    earliest: addDays(today, 1),
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
      schema: MoveSchema,
      formLevelFields: ["package_id"],
      submit: (value) =>
        api(context, request).call("POST /services/{customerId}/move-requests", {
          params: { customerId: id },
          form: {
            package_id: String(bundle.package_id),
            ...value,
            address_line2: value.address_line2 ?? null,
            comment: value.comment ?? null,
          },
        }),
      success: (_answer, value, { language }) => ({
        redirectTo: `/account-details/${id}`,
        notification: { key: "services:move.notify", values: { name: bundle.name, date: formatDate(value.move_date, language) } },
      }),
    },
  );
}

export default function Move({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useT("services");
  const { customerId, bundle, pauses, earliest, latest } = loaderData;
  const [form, fields] = usePortalForm({
    schema: () => import("~/schemas/services").then((m) => m.MoveSchema),
    lastResult: actionData,
    constraint: loaderData.constraint,
    defaultValue: { province: "ON" },
  });
  return (
    <div className="max-w-2xl">
      <PageHeader title={t("move.title")} subtitle={<PackageLine bundle={bundle} />} />
      <p className="mb-6 text-gray-800">{t("move.what")}</p>
      {pauses.length ? (
        <div className="mb-6">
          <PageAlert tone="warning" title={t("move.pausedTitle")} testId="move-paused">
            <ul className="space-y-1">
              {pauses.map((p) => (
                <li key={p.from}>{t("move.pausedLine", { from: formatDate(p.from, language), until: formatDate(p.until, language) })}</li>
              ))}
            </ul>
            <p className="mt-1">{t("move.pausedText")}</p>
          </PageAlert>
        </div>
      ) : null}
      <ErrorSummary form={form} />
      <Form method="post" {...getFormProps(form)} className="space-y-6 rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
        <DateInput meta={fields.move_date} label={t("move.date")} hint={t("move.dateHint")} min={earliest} max={latest} />
        <AddressFields fields={fields} />
        <TextArea meta={fields.comment} label={`${t("move.comment")} ${t("common:form.optional")}`} rows={3} />
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <SubmitButton>{t("move.submit")}</SubmitButton>
          <Link to={`/account-details/${customerId}`} className="text-center">
            {t("back")}
          </Link>
        </div>
      </Form>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
