/** /account-details/{customerId}/pauses/{pauseId}: change the dates of a scheduled pause (PUT /services/{id}/scheduled-pause/{pauseId}). */
import { getZodConstraint } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import type { Route } from "./+types/pause-edit";
import { PageHeader } from "~/components/PageHeader";
import { PackageLine } from "~/components/services/PackageLine";
import { MovingNotice, PauseForm } from "~/components/services/PauseForm";
import { api } from "~/lib/api.server";
import { formAction } from "~/lib/form-action.server";
import { formatDate } from "~/lib/i18n";
import { requirePause } from "./pauses.server";
import { requirePauseFeature, requireResidentialCustomer, torontoToday } from "./services.server";
import { useT } from "~/lib/use-t";
import { PauseSchema } from "~/schemas/services";
import { addDays } from "~/schemas/values";

export const handle = { i18n: ["services", "api"] };

const constraint = getZodConstraint(PauseSchema);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requirePauseFeature();
  const customer = await requireResidentialCustomer(context, request, params);
  const { pause, bundle, movingOn } = await requirePause(context, request, customer.customer_id, params.pauseId);
  // Only a scheduled pause changes; a running one ends at its date or through support.
  if (!pause.can_edit) throw redirect(`/account-details/${customer.customer_id}`);
  const today = torontoToday();
  const tomorrow = addDays(today, 1);
  const latest = addDays(today, 365);
  return { customerId: customer.customer_id, pause, bundle, movingOn, earliest: tomorrow, latest, constraint };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  requirePauseFeature();
  const customer = await requireResidentialCustomer(context, request, params);
  const id = customer.customer_id;
  const { pause, bundle } = await requirePause(context, request, id, params.pauseId);
  return formAction(
    { request, context },
    {
      schema: PauseSchema,
      formLevelFields: ["pause_id"],
      submit: (value) =>
        api(context, request).call("PUT /services/{customerId}/scheduled-pause/{pauseId}", {
          params: { customerId: id, pauseId: pause.pause_id },
          form: { start_date: value.start_date, months: value.months },
        }),
      success: (_answer, value, { language }) => ({
        redirectTo: `/account-details/${id}`,
        notification: {
          key: "services:pause.notifyChanged",
          values: { name: bundle.name, from: formatDate(value.start_date, language), count: Number(value.months) },
        },
      }),
    },
  );
}

export default function EditPause({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useT("services");
  const { customerId, pause, bundle, movingOn, earliest, latest } = loaderData;
  return (
    <div className="max-w-2xl">
      <PageHeader title={t("pause.editTitle")} subtitle={<PackageLine bundle={bundle} />} />
      <p className="mb-6 text-gray-800">
        {t("pause.scheduled", {
          from: formatDate(pause.from_date, language),
          until: formatDate(pause.until_date, language),
          count: pause.months,
        })}
      </p>
      {movingOn ? <MovingNotice date={formatDate(movingOn, language)} /> : null}
      <PauseForm
        lastResult={actionData}
        constraint={loaderData.constraint}
        defaultValue={{ start_date: pause.from_date, months: String(pause.months) }}
        earliest={earliest}
        latest={latest}
        submitLabel={t("pause.saveChanges")}
        back={`/account-details/${customerId}`}
      />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
