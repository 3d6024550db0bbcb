/** /internet/router/{serviceId}/reservations/{mac}/remove: confirm, then remove a device's reservation (DELETE dhcp-reservation/{mac}). */
import { data } from "react-router";
import type { Route } from "./+types/reservation-remove";
import { ConfirmForm } from "~/components/form";
import { PageHeader } from "~/components/PageHeader";
import { ServiceLine } from "~/components/router/RouterParts";
import { api } from "~/lib/api.server";
import { goneTo } from "~/lib/auth.server";
import { invalidPage } from "~/lib/page-ids.server";
import { formAction } from "~/lib/form-action.server";
import { getT } from "~/lib/i18n.server";
import { deviceNameOf, ROUTER_FAILURES, routerParts, routerServiceWith } from "./router.server";
import { useT } from "~/lib/use-t";
import { ConfirmSchema } from "~/schemas/confirm";
import { normalizeMac } from "#common/net";
import type { PageHandle } from "~/lib/page-handle";

// Its data changes with time alone: never answered 304 (app/lib/page-handle.ts).
export const handle = { cache: "live", i18n: ["router", "api"] } satisfies PageHandle;

async function reservedDevice(context: Route.LoaderArgs["context"], request: Request, params: Route.LoaderArgs["params"]) {
  // The lease table comes with the service from an API that includes it (decision 230).
  const { service, got } = await routerServiceWith(context, request, params, ["dhcp_leases"]);
  if (!service.canManage) throw data({ kind: "forbidden" }, { status: 403 });
  const mac = normalizeMac(params.mac);
  if (!mac) throw invalidPage();
  const { dhcp_leases } = await routerParts(context, request, service.service.service_id, got, ["dhcp_leases"]);
  const { dhcp_data } = dhcp_leases;
  const lease = dhcp_data.find((l) => l.mac_address === mac && l.type === "reserved");
  // No longer reserved (removed, perhaps before the back button came here): the router's devices, with a notice.
  if (!lease) return goneTo(context, `/internet/router/${service.service.service_id}#dhcp-leases`, "router:reservation.gone");
  return { service, lease };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { service, lease } = await reservedDevice(context, request, params);
  // The device as the lease list that linked here names it.
  return { ...service, lease, name: deviceNameOf(lease, getT(context, "router")) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { service, lease } = await reservedDevice(context, request, params);
  const serviceId = service.service.service_id;
  return formAction(
    { request, context },
    {
      schema: ConfirmSchema,
      failureMessages: ROUTER_FAILURES,
      submit: () =>
        api(context, request).call("DELETE /router/{serviceId}/dhcp-reservation/{macAddress}", {
          params: { serviceId, macAddress: lease.mac_address },
        }),
      success: () => ({
        redirectTo: `/internet/router/${serviceId}#dhcp-leases`,
        notification: { key: "router:reservation.removed", values: { address: lease.ip_address } },
      }),
    },
  );
}

export default function RemoveReservation({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("router");
  const { lease } = loaderData;
  return (
    <div>
      <PageHeader title={t("reservation.removeTitle")} subtitle={<ServiceLine data={loaderData} />} />
      <ConfirmForm
        confirmLabel={t("reservation.removeSubmit")}
        cancelLabel={t("reservation.keep")}
        cancelTo={`/internet/router/${loaderData.service.service_id}`}
        lastResult={actionData}
      >
        <p className="font-semibold">
          {t("reservation.removeWhat", {
            name: loaderData.name,
            mac: lease.mac_address,
            address: lease.ip_address,
          })}
        </p>
        <p>{t("reservation.removeThen")}</p>
      </ConfirmForm>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
