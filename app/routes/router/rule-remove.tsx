/** /internet/router/{serviceId}/port-forwarding/{ruleId}/remove: confirm, then remove a rule (DELETE port-forwarding-rules/{ruleId}). */
import type { Route } from "./+types/rule-remove";
import { ConfirmForm } from "~/components/form";
import { PageHeader } from "~/components/PageHeader";
import { ServiceLine } from "~/components/router/RouterParts";
import { api } from "~/lib/api.server";
import { formAction } from "~/lib/form-action.server";
import { ROUTER_FAILURES } from "./router.server";
import { ruleData } from "./router-rules.server";
import { useT } from "~/lib/use-t";
import { ConfirmSchema } from "~/schemas/confirm";
import type { PageHandle } from "~/lib/page-handle";

// Its data changes with time alone: never answered 304 (app/lib/page-handle.ts).
export const handle = { cache: "live", i18n: ["router", "api"] } satisfies PageHandle;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { service, rule } = await ruleData(context, request, params);
  return { ...service, rule: rule! };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { service, rule } = await ruleData(context, request, params);
  const serviceId = service.service.service_id;
  return formAction(
    { request, context },
    {
      schema: ConfirmSchema,
      failureMessages: ROUTER_FAILURES,
      submit: () =>
        api(context, request).call("DELETE /router/{serviceId}/port-forwarding-rules/{ruleId}", {
          params: { serviceId, ruleId: rule!.id },
        }),
      success: () => ({
        redirectTo: `/internet/router/${serviceId}#port-forwarding`,
        notification: { key: "router:rules.removed", values: { name: rule!.description } },
      }),
    },
  );
}

export default function RemoveRule({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("router");
  const { rule } = loaderData;
  const ports = rule.end_port === null ? String(rule.start_port) : t("rules.portRange", { start: rule.start_port, end: rule.end_port });
  return (
    <div>
      <PageHeader title={t("ruleForm.removeTitle")} subtitle={<ServiceLine data={loaderData} />} />
      <ConfirmForm
        confirmLabel={t("ruleForm.removeSubmit")}
        cancelLabel={t("ruleForm.keep")}
        cancelTo={`/internet/router/${loaderData.service.service_id}`}
        lastResult={actionData}
      >
        <p className="font-semibold">{t("ruleForm.removeWhat", { name: rule.description, ports, address: rule.destination_address })}</p>
        <p>{t("ruleForm.removeThen")}</p>
      </ConfirmForm>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
