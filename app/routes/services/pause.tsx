/**
 * /account-details/{customerId}/packages/{packageId}/pause: schedule a pause of 1 to 6 months from a
 * future date (POST /services/{id}/scheduled-pause), with the package's scheduled, running and past
 * pauses and the pause options (GET /services/{id}?include=past_pauses,pause_options; from GET
 * /services/{id}/scheduled-pause-detail?package_ids=… when the API leaves them out). Refused with the reason while a
 * balance is owing. A package with a pending move says first that a pause cannot include its moving
 * date. Only while FEATURE_PAUSE_SERVICES is on.
 */
import { getZodConstraint } from "@conform-to/zod/v4";
import { Link } from "react-router";
import type { Route } from "./+types/pause";
import { Card } from "~/components/Card";
import { PageAlert } from "~/components/PageAlert";
import { PageHeader } from "~/components/PageHeader";
import { PackageLine } from "~/components/services/PackageLine";
import { MovingNotice, PauseForm } from "~/components/services/PauseForm";
import { api } from "~/lib/api.server";
import { formAction } from "~/lib/form-action.server";
import { formatDate, formatMoney } from "~/lib/i18n";
import { packageSummary, pendingMoveDate, requirePackage, requirePauseFeature, requireResidentialCustomer } from "./services.server";
import { useT } from "~/lib/use-t";
import { PauseSchema } from "~/schemas/services";

export const handle = { i18n: ["services", "api"] };

const constraint = getZodConstraint(PauseSchema);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requirePauseFeature();
  const customer = await requireResidentialCustomer(context, request, params);
  const id = customer.customer_id;
  const { services, bundle } = await requirePackage(context, request, id, params.packageId, "past_pauses,pause_options");
  const page = {
    customerId: id,
    bundle: packageSummary(bundle),
    canManage: services.can_manage,
    movingOn: pendingMoveDate(bundle),
    constraint,
  };
  // The past pauses and the options come with the packages when the API can; else the pause detail is asked.
  if (services.pause_options && bundle.past_pauses) {
    return {
      ...page,
      canPause: bundle.actions.can_pause,
      balanceOwing: services.balance_owing,
      scheduled: bundle.scheduled_pauses,
      past: bundle.past_pauses,
      options: services.pause_options,
    };
  }
  const detail = await api(context, request).call("GET /services/{customerId}/scheduled-pause-detail", {
    params: { customerId: id },
    query: { package_ids: String(bundle.package_id) },
  });
  const pkg = detail.packages.find((p) => p.package_id === bundle.package_id);
  return {
    ...page,
    canPause: Boolean(pkg?.can_pause) && bundle.actions.can_pause,
    balanceOwing: detail.balance_owing,
    scheduled: pkg?.scheduled_pauses ?? [],
    past: pkg?.past_pauses ?? [],
    options: detail.pause_options,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  requirePauseFeature();
  const customer = await requireResidentialCustomer(context, request, params);
  const id = customer.customer_id;
  const { bundle } = await requirePackage(context, request, id, params.packageId);
  return formAction(
    { request, context },
    {
      schema: PauseSchema,
      formLevelFields: ["package_ids"],
      submit: (value) =>
        api(context, request).call("POST /services/{customerId}/scheduled-pause", {
          params: { customerId: id },
          form: { package_ids: String(bundle.package_id), start_date: value.start_date, months: value.months },
        }),
      success: (_answer, value, { language }) => ({
        redirectTo: `/account-details/${id}`,
        notification: {
          key: "services:pause.notifyScheduled",
          values: { name: bundle.name, from: formatDate(value.start_date, language), count: Number(value.months) },
        },
      }),
    },
  );
}

export default function Pause({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useT("services");
  const { customerId, bundle, canManage, canPause, balanceOwing, scheduled, past, options, movingOn } = loaderData;
  const date = (value: string) => formatDate(value, language);
  const back = `/account-details/${customerId}`;
  return (
    <div className="max-w-2xl">
      <PageHeader title={t("pause.title")} subtitle={<PackageLine bundle={bundle} />} />
      <div className="mb-6 space-y-2 text-gray-800">
        <p>{t("pause.what", { min: options.min_months, max: options.max_months })}</p>
        <p>{t("pause.resume")}</p>
      </div>
      {balanceOwing > 0 ? (
        <PageAlert tone="warning" title={t("pause.refusedTitle")} testId="pause-refused">
          <p>{t("api:_form.balance_owing")}</p>
          <p>{t("pause.balance", { amount: formatMoney(balanceOwing, language) })}</p>
          <p className="mt-2">
            <Link to={`/billing/${customerId}/pay`} className="font-semibold underline">
              {t("account.pay")}
            </Link>
          </p>
        </PageAlert>
      ) : !canManage ? (
        <PageAlert tone="info" title={t("account.readOnlyTitle")}>
          <p>{t("account.readOnlyText")}</p>
        </PageAlert>
      ) : !canPause ? (
        <PageAlert tone="warning" title={t("pause.refusedTitle")} testId="pause-refused">
          <p>{t(`pause.notPausable.${bundle.status}`)}</p>
        </PageAlert>
      ) : (
        <>
          {movingOn ? <MovingNotice date={date(movingOn)} /> : null}
          <PauseForm
            lastResult={actionData}
            constraint={loaderData.constraint}
            earliest={options.earliest_start_date}
            latest={options.latest_start_date}
            submitLabel={t("pause.submit")}
            back={back}
          />
        </>
      )}
      <div className="mt-8 space-y-6">
        <Card id="scheduled-heading" title={t("pause.current")}>
          {scheduled.length ? (
            <ul className="space-y-2">
              {scheduled.map((pause) => (
                <li key={pause.pause_id}>
                  {t(pause.status === "active" ? "pause.running" : "pause.scheduled", {
                    from: date(pause.from_date),
                    until: date(pause.until_date),
                    count: pause.months,
                  })}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-gray-800">{t("pause.noneScheduled")}</p>
          )}
        </Card>
        <Card id="past-heading" title={t("pause.pastTitle")}>
          {past.length ? (
            <ul className="space-y-2">
              {past.map((pause) => (
                <li key={pause.pause_id}>{t("pause.pastLine", { from: date(pause.from_date), until: date(pause.until_date) })}</li>
              ))}
            </ul>
          ) : (
            <p className="text-gray-800">{t("pause.noPast")}</p>
          )}
        </Card>
      </div>
      <p className="mt-6">
        <Link to={back}>{t("backToAccount")}</Link>
      </p>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
