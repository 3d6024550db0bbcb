/**
 * /internet/router/{serviceId}/devices/{mac}/pause: a device's internet paused now (until resumed) or on a
 * bedtime schedule (days, from and to in Toronto time), through /router/{serviceId}/device-pauses. Plain
 * forms: "Pause now" or "Resume", and the schedule (posted to ?schedule) with "Remove the schedule". Each
 * change goes back to the router page, whose lease list says the device is paused. Contacts who may not
 * change the router get a 403 (the lease list shows them no link here); a router that cannot be reached
 * refuses, and the page shows why.
 */
import { getFormProps } from "@conform-to/react";
import { data, Form } from "react-router";
import type { Route } from "./+types/pause";
import { PAUSE_DAYS } from "#contract/values";
import { CheckboxGroup, ErrorSummary, Field, SubmitButton } from "~/components/form";
import { PageHeader } from "~/components/PageHeader";
import { BackToRouter, ServiceLine } from "~/components/router/RouterParts";
import { api } from "~/lib/api.server";
import { formAction } from "~/lib/form-action.server";
import { getLanguage, getT } from "~/lib/i18n.server";
import { formatWeekday } from "~/lib/i18n";
import type { PageHandle } from "~/lib/page-handle";
import { usePortalForm } from "~/lib/use-portal-form";
import { useT } from "~/lib/use-t";
import { normalizeMac, PauseChangeSchema, PauseScheduleSchema } from "~/schemas/router";
import { pauseWords } from "./pauses.server";
import { ROUTER_FAILURES, routerParts, routerServiceWith, section } from "./router.server";
import { pageUrl } from "~/lib/page-url";

// Its texts are the home network's (wifi namespace: the network overview also says who is paused).
export const handle = { cache: "live", i18n: ["wifi", "router", "api"] } satisfies PageHandle;

/** The router (for a contact who may change it) and the device of the address: 404 for a MAC it does not know. */
async function pauseData(context: Route.LoaderArgs["context"], request: Request, params: Route.LoaderArgs["params"]) {
  const mac = normalizeMac(params.mac ?? "");
  if (!mac) throw data({ kind: "not-found" }, { status: 404 });
  // The lease table and the pauses come with the service from an API that includes them (decision 230).
  const { service, got } = await routerServiceWith(context, request, params, ["dhcp_leases", "device_pauses"]);
  if (!service.canManage) throw data({ kind: "forbidden" }, { status: 403 });
  const serviceId = service.service.service_id;
  const { dhcp_leases: leases, device_pauses: pauses } = await routerParts(context, request, serviceId, got, [
    "dhcp_leases",
    "device_pauses",
  ]);
  const lease = leases.dhcp_data.find((l) => l.mac_address === mac);
  // The device's own name ("Maya's iPhone") comes with its lease (null: the network has not seen it). A
  // device without a lease, or an API that leaves the name out, is looked up in the network overview.
  let deviceName = lease?.device_name;
  if (deviceName === undefined) {
    const overview = await section(
      api(context, request).call("GET /wifi/{packageId}/network-overview", { params: { packageId: service.service.package_id } }),
    );
    const devices = overview.ok ? overview.data.network_overview.access_points.flatMap((ap) => ap.devices) : [];
    deviceName = devices.find((d) => d.mac_address === mac)?.name;
    if (!lease && deviceName === undefined) throw data({ kind: "not-found" }, { status: 404 });
  }
  const name = deviceName ?? lease?.hostname ?? mac;
  return { service, serviceId, mac, name, pause: pauses.find((p) => p.mac_address === mac) ?? null };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { service, mac, name, pause } = await pauseData(context, request, params);
  const language = getLanguage(context);
  const t = getT(context, "wifi");
  return {
    ...service,
    mac,
    name,
    pause,
    /** The pause in words (null: neither paused nor scheduled). */
    words: pause ? pauseWords(pause, language, t) : null,
    /** The days to choose from, Monday first, named in the page's language. */
    days: PAUSE_DAYS.map((value, i) => ({ value, label: formatWeekday(i, language, "long") })),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { serviceId, mac, name } = await pauseData(context, request, params);
  const client = api(context, request);
  const p = { params: { serviceId, macAddress: mac } };
  const done = (key: string) => ({
    redirectTo: `/internet/router/${serviceId}#dhcp-leases`,
    notification: { key: `wifi:overview.pause.${key}`, values: { name } },
  });
  if (pageUrl(request).searchParams.has("schedule")) {
    return formAction(
      { request, context },
      {
        schema: PauseScheduleSchema,
        failureMessages: ROUTER_FAILURES,
        submit: (value) =>
          client.call("PUT /router/{serviceId}/device-pauses/{macAddress}/schedule", {
            ...p,
            form: { days: value.days.join(","), from: value.from, to: value.to },
          }),
        success: () => done("scheduled"),
      },
    );
  }
  return formAction(
    { request, context },
    {
      schema: PauseChangeSchema,
      formLevelFields: ["intent"],
      failureMessages: ROUTER_FAILURES,
      submit: (value) =>
        value.intent === "pause"
          ? client.call("PUT /router/{serviceId}/device-pauses/{macAddress}/paused", p)
          : value.intent === "resume"
            ? client.call("DELETE /router/{serviceId}/device-pauses/{macAddress}/paused", p)
            : client.call("DELETE /router/{serviceId}/device-pauses/{macAddress}/schedule", p),
      success: (_answer, value) => done(value.intent === "pause" ? "paused" : value.intent === "resume" ? "resumed" : "unscheduled"),
    },
  );
}

export default function PausePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("wifi");
  const { pause, name, days } = loaderData;
  const id = loaderData.service.service_id;
  // A refused post belongs to the form it came from: the buttons send `intent`, the schedule does not.
  const fromButtons = actionData?.result.initialValue && "intent" in actionData.result.initialValue;
  const [changeForm] = usePortalForm({
    id: "pause-change",
    schema: () => import("~/schemas/router").then((m) => m.PauseChangeSchema),
    lastResult: fromButtons ? actionData : null,
  });
  const [scheduleForm, fields] = usePortalForm({
    id: "pause-schedule",
    schema: () => import("~/schemas/router").then((m) => m.PauseScheduleSchema),
    lastResult: fromButtons ? null : actionData,
    defaultValue: pause?.schedule
      ? { days: pause.schedule.days, from: pause.schedule.from, to: pause.schedule.to }
      : { days: ["mon", "tue", "wed", "thu", "fri"], from: "21:00", to: "07:00" },
  });
  const box = "space-y-4 rounded-lg border border-gray-200 bg-white p-5 shadow-sm";
  return (
    <div className="max-w-2xl">
      <PageHeader title={t("overview.pause.title", { name })} subtitle={<ServiceLine data={loaderData} />} />
      <div className="mb-6 space-y-2 text-gray-900">
        <p>{t("overview.pause.intro")}</p>
        <p className="font-semibold" data-testid="pause-state">
          {loaderData.words ?? t("overview.pause.notPaused")}
        </p>
      </div>

      <section aria-labelledby="pause-now" className={`mb-6 ${box}`}>
        <h2 id="pause-now" className="text-lg font-semibold">
          {t("overview.pause.nowTitle")}
        </h2>
        <ErrorSummary form={changeForm} />
        <p className="text-gray-800">{pause?.paused ? t("overview.pause.resumeHint") : t("overview.pause.nowHint")}</p>
        <Form method="post" {...getFormProps(changeForm)}>
          <input type="hidden" name="intent" value={pause?.paused ? "resume" : "pause"} />
          <SubmitButton variant={pause?.paused ? "primary" : "danger"}>
            {pause?.paused ? t("overview.pause.resume") : t("overview.pause.now")}
          </SubmitButton>
        </Form>
      </section>

      <section aria-labelledby="pause-schedule-title" className={box}>
        <h2 id="pause-schedule-title" className="text-lg font-semibold">
          {t("overview.pause.scheduleTitle")}
        </h2>
        <p className="text-gray-800">{t("overview.pause.scheduleHint")}</p>
        <ErrorSummary form={scheduleForm} />
        <Form method="post" action="?schedule" {...getFormProps(scheduleForm)} className="space-y-4">
          <CheckboxGroup meta={fields.days} legend={t("overview.pause.days")} options={days} />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field meta={fields.from} label={t("overview.pause.from")} inputProps={{ type: "time" }} />
            <Field meta={fields.to} label={t("overview.pause.to")} hint={t("overview.pause.toHint")} inputProps={{ type: "time" }} />
          </div>
          <SubmitButton>{t("overview.pause.saveSchedule")}</SubmitButton>
        </Form>
        {pause?.schedule ? (
          <Form method="post">
            <input type="hidden" name="intent" value="unschedule" />
            <SubmitButton variant="secondary">{t("overview.pause.removeSchedule")}</SubmitButton>
          </Form>
        ) : null}
      </section>
      <p className="mt-6">
        <BackToRouter serviceId={id}>{t("overview.pause.back")}</BackToRouter>
      </p>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
