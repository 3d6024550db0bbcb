/**
 * /account-details/{customerId}/requests/{requestId}/withdraw: confirm, then withdraw a pending request
 * (DELETE /services/{id}/requests/{requestId}). A request no longer waiting (withdrawn, perhaps in this
 * browser before the back button came here, or handled by our team) sends the customer to the account's
 * services with a notice saying so, as a pause removed meanwhile does.
 */
import { redirect } from "react-router";
import type { Route } from "./+types/withdraw";
import { ConfirmForm } from "~/components/form";
import { PageHeader } from "~/components/PageHeader";
import { PackageLine } from "~/components/services/PackageLine";
import { api } from "~/lib/api.server";
import { goneTo } from "~/lib/auth.server";
import { formAction } from "~/lib/form-action.server";
import { formatDate } from "~/lib/i18n";
import { idParam, packageSummary, requireResidentialCustomer } from "./services.server";
import { useT } from "~/lib/use-t";
import { ConfirmSchema } from "~/schemas/confirm";

export const handle = { i18n: ["services", "api"] };

async function load(context: Route.LoaderArgs["context"], request: Request, params: Route.LoaderArgs["params"]) {
  const customer = await requireResidentialCustomer(context, request, params);
  const requestId = idParam(params.requestId);
  const services = await api(context, request).call("GET /services/{customerId}", { params: { customerId: customer.customer_id } });
  for (const bundle of services.bundles) {
    const found = bundle.pending_requests.find((r) => r.request_id === requestId && r.status === "pending");
    if (found) return { customerId: customer.customer_id, request: found, bundle: packageSummary(bundle), canManage: services.can_manage };
  }
  return goneTo(context, `/account-details/${customer.customer_id}`, "services:requests.gone");
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const loaded = await load(context, request, params);
  if (!loaded.canManage) throw redirect(`/account-details/${loaded.customerId}`);
  return loaded;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { customerId, request: pending, bundle } = await load(context, request, params);
  return formAction(
    { request, context },
    {
      schema: ConfirmSchema,
      formLevelFields: ["request_id"],
      submit: () =>
        api(context, request).call("DELETE /services/{customerId}/requests/{requestId}", {
          params: { customerId, requestId: pending.request_id },
        }),
      success: () => ({
        redirectTo: `/account-details/${customerId}`,
        notification: { key: `services:requests.notifyWithdrawn.${pending.kind}`, values: { name: bundle.name } },
      }),
    },
  );
}

export default function Withdraw({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useT("services");
  const { customerId, request, bundle } = loaderData;
  return (
    <div>
      <PageHeader
        title={t("requests.withdrawTitle", { kind: t(`requests.kinds.${request.kind}`) })}
        subtitle={<PackageLine bundle={bundle} />}
      />
      <ConfirmForm
        confirmLabel={t("requests.withdrawSubmit")}
        cancelLabel={t("requests.keep")}
        cancelTo={`/account-details/${customerId}`}
        lastResult={actionData}
      >
        <p className="font-semibold">
          {t(`requests.${request.kind}`, { date: request.effective_date ? formatDate(request.effective_date, language) : "" })}
        </p>
        <p>{t(`requests.withdrawThen.${request.kind}`)}</p>
      </ConfirmForm>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
