/**
 * /internet/router/{serviceId}/upnp: UPnP turned on or off (PUT /router/{serviceId}/upnp). The router
 * page's UPnP section posts its button here and comes back to the page; this page is where a refused post
 * (the router offline or restarting, a value that cannot be read) lands with its message, and a page of its
 * own for the switch. Contacts who may not change the router get a 403 (the router page shows them the
 * state and no button).
 */
import { getFormProps } from "@conform-to/react";
import { data, Form } from "react-router";
import type { Route } from "./+types/upnp";
import { ErrorSummary, SubmitButton } from "~/components/form";
import { PageHeader } from "~/components/PageHeader";
import { BackToRouter, ServiceLine } from "~/components/router/RouterParts";
import { api } from "~/lib/api.server";
import { formAction } from "~/lib/form-action.server";
import type { PageHandle } from "~/lib/page-handle";
import { usePortalForm } from "~/lib/use-portal-form";
import { useT } from "~/lib/use-t";
import { UpnpSwitchSchema } from "~/schemas/router";
import { ROUTER_FAILURES, requireRouterService, routerParts, routerServiceWith } from "./router.server";

export const handle = { i18n: ["router", "api"] } satisfies PageHandle;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  // UPnP comes with the service from an API that includes it (decision 230).
  const { service, got } = await routerServiceWith(context, request, params, ["upnp"]);
  if (!service.canManage) throw data({ kind: "forbidden" }, { status: 403 });
  const { upnp } = await routerParts(context, request, service.service.service_id, got, ["upnp"]);
  return { ...service, upnp };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  // The router of the page, for a contact who may change it (403 for the others).
  const service = await requireRouterService(context, request, params);
  if (!service.canManage) throw data({ kind: "forbidden" }, { status: 403 });
  const serviceId = service.service.service_id;
  return formAction(
    { request, context },
    {
      schema: UpnpSwitchSchema,
      formLevelFields: ["enabled"],
      failureMessages: ROUTER_FAILURES,
      submit: (value) =>
        api(context, request).call("PUT /router/{serviceId}/upnp", { params: { serviceId }, form: { enabled: value.enabled } }),
      success: ({ upnp }) => ({
        redirectTo: `/internet/router/${serviceId}#upnp`,
        notification: { key: upnp.enabled ? "router:upnp.isOn" : "router:upnp.isOff" },
      }),
    },
  );
}

export default function UpnpPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("router");
  const id = loaderData.service.service_id;
  const [form] = usePortalForm({ schema: () => import("~/schemas/router").then((m) => m.UpnpSwitchSchema), lastResult: actionData });
  const enabled = loaderData.upnp.enabled;
  return (
    <div className="max-w-2xl">
      <PageHeader title={t("upnp.pageTitle")} subtitle={<ServiceLine data={loaderData} />} />
      <ErrorSummary form={form} />
      <div className="space-y-3 rounded-lg bg-white p-5 text-gray-900 shadow-sm">
        <p>{t("upnp.what")}</p>
        <p className="font-semibold">{enabled ? t("upnp.isOn") : t("upnp.isOff")}</p>
      </div>
      <Form method="post" {...getFormProps(form)} className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center">
        <input type="hidden" name="enabled" value={enabled ? "false" : "true"} />
        <SubmitButton variant="primary">{enabled ? t("upnp.turnOff") : t("upnp.turnOn")}</SubmitButton>
        <BackToRouter serviceId={id} />
      </Form>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
