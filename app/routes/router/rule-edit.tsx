/** /internet/router/{serviceId}/port-forwarding/{ruleId}: change a port forwarding rule (PUT port-forwarding-rules/{ruleId}). */
import type { Route } from "./+types/rule-edit";
import { PageHeader } from "~/components/PageHeader";
import { RuleForm } from "~/components/router/RuleForm";
import { ServiceLine } from "~/components/router/RouterParts";
import { RULE_CONSTRAINT, ruleData, saveRule } from "./router-rules.server";
import { ruleVersion } from "~/schemas/router";
import { useT } from "~/lib/use-t";
import type { PageHandle } from "~/lib/page-handle";

// Its data changes with time alone: never answered 304 (app/lib/page-handle.ts).
export const handle = { cache: "live", i18n: ["router", "api"] } satisfies PageHandle;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { service, rule, check } = await ruleData(context, request, params);
  return { ...service, rule: rule!, shown: ruleVersion(rule!), check, constraint: RULE_CONSTRAINT };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return saveRule({ request, context }, await ruleData(context, request, params));
}

export default function EditRule({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("router");
  const { rule } = loaderData;
  return (
    <div className="max-w-2xl">
      <PageHeader title={t("ruleForm.editTitle")} subtitle={<ServiceLine data={loaderData} />} />
      <RuleForm
        serviceId={loaderData.service.service_id}
        check={loaderData.check}
        constraint={loaderData.constraint}
        lastResult={actionData}
        submitLabel={t("ruleForm.editSubmit")}
        rule={rule}
        shown={loaderData.shown}
      />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
