/**
 * /internet/router/{serviceId}/reservations/new?mac=…: reserve an address for a device of the lease
 * table (PUT dhcp-reservation). The address must be a host of the LAN's subnet and not held by the
 * router or another device; the portal checks it against what the router reported, the API again.
 */
import { getFormProps } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { data, Form } from "react-router";
import type { Route } from "./+types/reservation";
import { ErrorSummary, Field, Select, SubmitButton } from "~/components/form";
import { PageHeader } from "~/components/PageHeader";
import { BackToRouter, ServiceLine } from "~/components/router/RouterParts";
import { api } from "~/lib/api.server";
import { formAction } from "~/lib/form-action.server";
import { deviceNameOf, ROUTER_FAILURES, routerParts, routerServiceWith } from "./router.server";
import { getT } from "~/lib/i18n.server";
import { usePortalForm } from "~/lib/use-portal-form";
import { useT } from "~/lib/use-t";
import { normalizeMac, reservationSchema, type ReservationContext } from "~/schemas/router";
import type { PageHandle } from "~/lib/page-handle";
import { pageUrl } from "~/lib/page-url";

// Its data changes with time alone: never answered 304 (app/lib/page-handle.ts).
export const handle = { cache: "live", i18n: ["router", "api"] } satisfies PageHandle;

/** The form's HTML constraints: its fields alone, whatever the reservation is checked against (made once). */
const RESERVATION_CONSTRAINT = getZodConstraint(reservationSchema({ lanIp: "", subnetMask: "", inUse: [] }));

/** The service, its LAN and lease table, and what a reservation is checked against. */
async function reservationData(context: Route.LoaderArgs["context"], request: Request, params: Route.LoaderArgs["params"]) {
  // The LAN and the lease table come with the service from an API that includes them (decision 230).
  const { service, got } = await routerServiceWith(context, request, params, ["network_settings", "dhcp_leases"]);
  if (!service.canManage) throw data({ kind: "forbidden" }, { status: 403 });
  const { network_settings: lan, dhcp_leases: leases } = await routerParts(context, request, service.service.service_id, got, [
    "network_settings",
    "dhcp_leases",
  ]);
  const check: ReservationContext = {
    lanIp: lan.lan_ip,
    subnetMask: lan.subnet_mask,
    inUse: [
      [lan.lan_ip, ""],
      ...leases.dhcp_data.filter((l) => l.type !== "expired").map((l): [string, string] => [l.ip_address, l.mac_address]),
    ],
  };
  return { service, lan, devices: leases.dhcp_data, check };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { service, lan, devices, check } = await reservationData(context, request, params);
  const mac = normalizeMac(pageUrl(request).searchParams.get("mac"));
  const device = devices.find((d) => d.mac_address === mac) ?? null;
  const t = getT(context, "router");
  return {
    ...service,
    lan: { lan_ip: lan.lan_ip, subnet_mask: lan.subnet_mask, dhcp_start: lan.dhcp_start, dhcp_end: lan.dhcp_end },
    // Each device named as the lease list names it ("Home NAS"), so the link chosen there is found here.
    devices: devices.map((d) => ({ mac_address: d.mac_address, name: deviceNameOf(d, t), ip_address: d.ip_address, type: d.type })),
    device,
    check,
    constraint: RESERVATION_CONSTRAINT,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { service, check } = await reservationData(context, request, params);
  const serviceId = service.service.service_id;
  return formAction(
    { request, context },
    {
      schema: reservationSchema(check),
      failureMessages: ROUTER_FAILURES,
      submit: (value) =>
        api(context, request).call("PUT /router/{serviceId}/dhcp-reservation", {
          params: { serviceId },
          form: {
            mac_address: normalizeMac(value.mac_address)!,
            ip_address: value.ip_address!.trim(),
            hostname: value.hostname?.trim() || undefined,
          },
        }),
      success: () => ({ redirectTo: `/internet/router/${serviceId}#dhcp-leases`, notification: { key: "router:reservation.saved" } }),
    },
  );
}

export default function ReservationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("router");
  const { device, devices, lan, check } = loaderData;
  const [form, fields] = usePortalForm({
    schema: () => import("~/schemas/router").then((m) => m.reservationSchema(check)),
    lastResult: actionData,
    constraint: loaderData.constraint,
    defaultValue: { mac_address: device?.mac_address ?? "", ip_address: device?.ip_address ?? "", hostname: device?.hostname ?? "" },
  });
  const label = (d: (typeof devices)[number]) => `${d.name} (${d.mac_address})`;
  return (
    <div className="max-w-2xl">
      <PageHeader title={t("reservation.title")} subtitle={<ServiceLine data={loaderData} />} />
      <div className="mb-6 space-y-2 text-gray-800">
        <p>{t("reservation.intro")}</p>
        <p>{t("reservation.subnet", { lan: lan.lan_ip, mask: lan.subnet_mask })}</p>
      </div>
      <ErrorSummary form={form} />
      <Form method="post" {...getFormProps(form)} className="space-y-6 rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
        <Select
          meta={fields.mac_address}
          label={t("reservation.device")}
          options={[
            { value: "", label: t("reservation.chooseDevice") },
            ...devices.map((d) => ({ value: d.mac_address, label: label(d) })),
          ]}
        />
        <Field
          meta={fields.ip_address}
          label={t("reservation.ip")}
          hint={t("reservation.ipHint", { start: lan.dhcp_start, end: lan.dhcp_end })}
          inputProps={{ inputMode: "decimal" }}
        />
        <Field
          meta={fields.hostname}
          label={`${t("reservation.hostname")} ${t("common:form.optional")}`}
          hint={t("reservation.hostnameHint")}
        />
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <SubmitButton>{t("reservation.submit")}</SubmitButton>
          <BackToRouter serviceId={loaderData.service.service_id} />
        </div>
      </Form>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
