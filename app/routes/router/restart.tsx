/**
 * /internet/router/{serviceId}/restart: what a restart does, then restart the router (POST
 * /router/{serviceId}/restart) and follow it on …/restart/status. Contacts who may not change the router
 * get a 403 page here (the router page shows them no link). While a restart is under way the page says
 * so and leads to its status instead of offering another.
 */
import { data, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/restart";
import { ConfirmForm } from "~/components/form";
import { PageHeader } from "~/components/PageHeader";
import { RestartUnderWay } from "~/components/router/RestartStatus";
import { ServiceLine } from "~/components/router/RouterParts";
import { api } from "~/lib/api.server";
import { formAction } from "~/lib/form-action.server";
import type { PageHandle } from "~/lib/page-handle";
import { useT } from "~/lib/use-t";
import { ConfirmSchema } from "~/schemas/confirm";
import { ROUTER_FAILURES, requireRouterService, routerParts, routerServiceWith } from "./router.server";

// Its data changes with time alone: never answered 304 (app/lib/page-handle.ts).
export const handle = { cache: "live", i18n: ["router", "api"] } satisfies PageHandle;

/** The router of the page, for a contact who may change it (403 for the others). */
async function restartableService(context: Route.LoaderArgs["context"], request: Request, params: Route.LoaderArgs["params"]) {
  const service = await requireRouterService(context, request, params);
  if (!service.canManage) throw data({ kind: "forbidden" }, { status: 403 });
  return service;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  // The restart comes with the service from an API that includes it (decision 230).
  const { service, got } = await routerServiceWith(context, request, params, ["restart"]);
  if (!service.canManage) throw data({ kind: "forbidden" }, { status: 403 });
  const { restart } = await routerParts(context, request, service.service.service_id, got, ["restart"]);
  return { ...service, restart: restart?.status === "restarting" ? restart : null };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const service = await restartableService(context, request, params);
  const serviceId = service.service.service_id;
  return formAction(
    { request, context },
    {
      schema: ConfirmSchema,
      failureMessages: { forbidden: ROUTER_FAILURES.forbidden, unavailable: "router:restart.unavailable", server: "router:restart.failed" },
      submit: () => api(context, request).call("POST /router/{serviceId}/restart", { params: { serviceId } }),
      // The status page says what happens next: no notification on top of it.
      success: () => ({ redirectTo: `/internet/router/${serviceId}/restart/status` }),
    },
  );
}

/**
 * A refused restart (one started meanwhile, from another tab or device) reads the page's data again, so
 * that it leads to that restart, as the page sent without JavaScript does (a refusal alone does not).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  (actionStatus !== undefined && actionStatus >= 400) || defaultShouldRevalidate;

export default function RestartRouter({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("router");
  const id = loaderData.service.service_id;
  return (
    <div>
      <PageHeader title={t("restart.title")} subtitle={<ServiceLine data={loaderData} />} />
      {loaderData.restart ? (
        <RestartUnderWay serviceId={id} restart={loaderData.restart} />
      ) : (
        <ConfirmForm
          confirmLabel={t("restart.submit")}
          cancelLabel={t("restart.keep")}
          cancelTo={`/internet/router/${id}`}
          lastResult={actionData}
          variant="primary"
        >
          <p className="font-semibold">{t("restart.what")}</p>
          <p>{t("restart.then")}</p>
        </ConfirmForm>
      )}
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
