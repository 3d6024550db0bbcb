/** /account-details/{customerId}/pauses/{pauseId}/remove: confirm, then remove a scheduled pause (DELETE …/scheduled-pause/{pauseId}). */
import { redirect } from "react-router";
import type { Route } from "./+types/pause-remove";
import { ConfirmForm } from "~/components/form";
import { PageHeader } from "~/components/PageHeader";
import { PackageLine } from "~/components/services/PackageLine";
import { api } from "~/lib/api.server";
import { formAction } from "~/lib/form-action.server";
import { formatDate } from "~/lib/i18n";
import { requirePause } from "./pauses.server";
import { requirePauseFeature, requireResidentialCustomer } from "./services.server";
import { useT } from "~/lib/use-t";
import { ConfirmSchema } from "~/schemas/confirm";

export const handle = { i18n: ["services", "api"] };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requirePauseFeature();
  const customer = await requireResidentialCustomer(context, request, params);
  const { pause, bundle } = await requirePause(context, request, customer.customer_id, params.pauseId);
  if (!pause.can_remove) throw redirect(`/account-details/${customer.customer_id}`);
  return { customerId: customer.customer_id, pause, bundle };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  requirePauseFeature();
  const customer = await requireResidentialCustomer(context, request, params);
  const id = customer.customer_id;
  const { pause, bundle } = await requirePause(context, request, id, params.pauseId);
  return formAction(
    { request, context },
    {
      schema: ConfirmSchema,
      submit: () =>
        api(context, request).call("DELETE /services/{customerId}/scheduled-pause/{pauseId}", {
          params: { customerId: id, pauseId: pause.pause_id },
        }),
      success: () => ({
        redirectTo: `/account-details/${id}`,
        notification: { key: "services:pause.notifyRemoved", values: { name: bundle.name } },
      }),
    },
  );
}

export default function RemovePause({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useT("services");
  const { customerId, pause, bundle } = loaderData;
  return (
    <div>
      <PageHeader title={t("pause.removeTitle")} subtitle={<PackageLine bundle={bundle} />} />
      <ConfirmForm
        confirmLabel={t("pause.removeSubmit")}
        cancelLabel={t("pause.keep")}
        cancelTo={`/account-details/${customerId}`}
        lastResult={actionData}
      >
        <p className="font-semibold">
          {t("pause.scheduled", {
            from: formatDate(pause.from_date, language),
            until: formatDate(pause.until_date, language),
            count: pause.months,
          })}
        </p>
        <p>{t("pause.removeThen")}</p>
      </ConfirmForm>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
