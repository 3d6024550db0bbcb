/** /internet/router/{serviceId}/port-forwarding/new: add a port forwarding rule (POST port-forwarding-rules). */
import type { Route } from "./+types/rule-new";
import { PageHeader } from "~/components/PageHeader";
import { RuleForm } from "~/components/router/RuleForm";
import { ServiceLine } from "~/components/router/RouterParts";
import { RULE_CONSTRAINT, ruleData, saveRule } from "./router-rules.server";
import { useT } from "~/lib/use-t";
import type { PageHandle } from "~/lib/page-handle";

// Its data changes with time alone: never answered 304 (app/lib/page-handle.ts).
export const handle = { cache: "live", i18n: ["router", "api"] } satisfies PageHandle;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { service, check } = await ruleData(context, request, params);
  return { ...service, check, constraint: RULE_CONSTRAINT };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return saveRule({ request, context }, await ruleData(context, request, params));
}

export default function NewRule({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("router");
  return (
    <div className="max-w-2xl">
      <PageHeader title={t("ruleForm.addTitle")} subtitle={<ServiceLine data={loaderData} />} />
      <p className="mb-6 text-gray-800">{t("ruleForm.intro")}</p>
      <RuleForm
        serviceId={loaderData.service.service_id}
        check={loaderData.check}
        constraint={loaderData.constraint}
        lastResult={actionData}
        submitLabel={t("ruleForm.addSubmit")}
        rule={{
          description: "",
          protocol: "TCP",
          start_port: null,
          end_port: null,
          destination_address: "",
          destination_port: null,
          enabled: true,
        }}
      />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
