/**
 * /wifi/{packageId}: the WiFi networks of a package, one form per band (GET/PUT /wifi/{packageId}).
 * A password shows only on request (?show=<band>, a plain link). After a change the dashboard's WiFi
 * names are the new ones (the API answers them; the dashboard reads them again). Contacts without the role
 * to change the home network (as for the router: authoritative or support) see the settings and no form;
 * their posts are refused with a 403 page, the API asked nothing.
 */
import { getFormProps } from "@conform-to/react";
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/settings";
import type { WifiNetwork } from "#contract/home-network";
import { Card, Details } from "~/components/Card";
import { ErrorSummary, Field, RefusedPostAlert, SubmitButton } from "~/components/form";
import { PageHeader, secondaryLinkClass } from "~/components/PageHeader";
import { api } from "~/lib/api.server";
import { FieldRefusal, formAction, type FormReply } from "~/lib/form-action.server";
import { withValues } from "~/lib/form-messages";
import { formatDate, formatDateTime } from "~/lib/i18n";
import { idParam } from "~/routes/services/services.server";
import { mayManageHomeNetwork } from "~/routes/router/router.server";
import { usePortalForm } from "~/lib/use-portal-form";
import { useT } from "~/lib/use-t";
import { GUEST_HOURS } from "~/schemas/values";
import { suffixOf, WifiSchema, WifiSwitchSchema, type BandSuffix } from "~/schemas/wifi";
import { pageUrl } from "~/lib/page-url";

export const handle = { i18n: ["wifi", "api"] };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const packageId = idParam(params.packageId);
  const client = api(context, request);
  const { wifi_settings } = await client.call("GET /wifi/{packageId}", { params: { packageId } });
  // The plan and address come with the WiFi; an API that leaves them out is asked for the internet service.
  const { plan, service_address } =
    wifi_settings.plan && wifi_settings.service_address
      ? { plan: wifi_settings.plan, service_address: wifi_settings.service_address }
      : (await client.call("GET /residential-internet/{packageId}", { params: { packageId } })).internet_settings;
  const show = pageUrl(request).searchParams.get("show");
  // Who may change the WiFi: the roles that may change the router (the API answers 403 to the others).
  const canManage = await mayManageHomeNetwork(context, request, wifi_settings.service_id);
  return {
    packageId,
    canManage,
    serviceId: wifi_settings.service_id,
    plan: plan.name,
    address: service_address.line1,
    // Passwords leave the server only for the band asked for.
    networks: wifi_settings.networks.map(({ password, ...network }) => ({
      ...network,
      suffix: suffixOf(network.band),
      password: suffixOf(network.band) === show ? password : null,
      // A time limit's end, read against the clock now: the minutes left (the API says off once it passed).
      minutesLeft: network.enabled && network.off_at ? Math.max(0, Math.ceil((Date.parse(network.off_at) - Date.now()) / 60_000)) : null,
    })),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const packageId = idParam(params.packageId);
  // A contact without the role sees no form; a post anyway is refused here, asking the API nothing.
  const { wifi_settings } = await api(context, request).call("GET /wifi/{packageId}", { params: { packageId } });
  const canManage = await mayManageHomeNetwork(context, request, wifi_settings.service_id);
  if (!canManage) throw data({ kind: "forbidden" }, { status: 403 });
  // A network turned on or off: its own small form, posted to ?switch.
  if (pageUrl(request).searchParams.has("switch")) {
    return formAction(
      { request, context },
      {
        schema: WifiSwitchSchema,
        formLevelFields: ["band", "enabled"],
        submit: (value) =>
          api(context, request).call("PUT /wifi/{packageId}", {
            params: { packageId },
            form: {
              [`enabled_${value.band}`]: value.enabled,
              ...(value.band === "guest" && value.enabled === "true" && value.guest_hours ? { guest_hours: value.guest_hours } : {}),
            },
          }),
        success: (answer, value) => {
          const band = value.band === "24ghz" ? "2.4GHz" : value.band === "5ghz" ? "5GHz" : "guest";
          const name = answer.wifi_names[String(packageId)]?.find((n) => n.band === band)?.name ?? "";
          return {
            redirectTo: `/wifi/${packageId}#band-${value.band}`,
            notification: { key: value.enabled === "true" ? "wifi:switch.turnedOn" : "wifi:switch.turnedOff", values: { name } },
          };
        },
      },
    );
  }
  return formAction(
    { request, context },
    {
      schema: WifiSchema,
      hideFields: ["password_24ghz", "password_5ghz", "password_guest"],
      submit: (value) => {
        const name = `name_${value.band}` as const;
        const password = `password_${value.band}` as const;
        // What another tab or browser saved since this form was shown is not undone: a name left as shown
        // is not sent, and a name changed here and there too asks the customer to choose.
        const current = wifi_settings.networks.find((network) => suffixOf(network.band) === value.band)?.name;
        const typed = value[name] ?? "";
        const renamed = value.shown_name === undefined || typed !== value.shown_name;
        if (renamed && value.shown_name !== undefined && current !== undefined && current !== value.shown_name && current !== typed) {
          throw new FieldRefusal({ [name]: [withValues("wifi:renamedMeanwhile", { name: current })] });
        }
        const newPassword = value[password] ? { [password]: value[password] } : {};
        const keptName = renamed || !value[password] ? { [name]: renamed ? typed : (current ?? typed) } : {};
        return api(context, request).call("PUT /wifi/{packageId}", { params: { packageId }, form: { ...keptName, ...newPassword } });
      },
      success: (answer, value) => {
        const band = value.band === "24ghz" ? "2.4GHz" : value.band === "5ghz" ? "5GHz" : "guest";
        // The network's name as saved (another tab's, when this form left the name as it was).
        const name = answer.wifi_names[String(packageId)]?.find((n) => n.band === band)?.name ?? value[`name_${value.band}`] ?? "";
        return {
          redirectTo: `/wifi/${packageId}`,
          notification: { key: value[`password_${value.band}`] ? "wifi:notifyNameAndPassword" : "wifi:notifyName", values: { name } },
        };
      },
    },
  );
}

type Network = Omit<WifiNetwork, "password"> & { suffix: BandSuffix; password: string | null; minutesLeft: number | null };

/** A network on or off: a button asking for the other state; the guest network turned on may get a time limit. */
function SwitchForm({ network, lastResult, packageId }: { network: Network; lastResult: FormReply | null; packageId: number }) {
  const { t, language } = useT("wifi");
  const s = network.suffix;
  const guest = s === "guest";
  const [form, fields] = usePortalForm({
    id: `switch-${s}`,
    schema: () => import("~/schemas/wifi").then((m) => m.WifiSwitchSchema),
    lastResult,
  });
  const band = t(`bands.${network.band}`);
  const limitId = `guest-hours-${s}`;
  return (
    <div className="mb-4">
      {guest ? <p className="mb-3 text-gray-800">{t("switch.guestNote")}</p> : null}
      {network.enabled && network.off_at && network.minutesLeft !== null ? (
        <p className="mb-3 font-semibold">
          {t("switch.endsAt", {
            time: formatDateTime(network.off_at, language),
            left: t("switch.left", { hours: Math.floor(network.minutesLeft / 60), minutes: network.minutesLeft % 60 }),
          })}
        </p>
      ) : null}
      <ErrorSummary form={form} />
      <Form method="post" action={`/wifi/${packageId}?switch`} {...getFormProps(form)} className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="band" value={s} />
        <input type="hidden" name="enabled" value={network.enabled ? "false" : "true"} />
        {guest && !network.enabled ? (
          <div>
            <label htmlFor={limitId} className="block font-medium text-gray-900">
              {t("switch.limit")}
            </label>
            <select
              id={limitId}
              name="guest_hours"
              defaultValue=""
              aria-invalid={fields.guest_hours.errors ? true : undefined}
              className="mt-1 rounded-md border border-gray-500 px-3 py-2"
            >
              <option value="">{t("switch.noLimit")}</option>
              {GUEST_HOURS.map((hours) => (
                <option key={hours} value={hours}>
                  {t("switch.hours", { count: Number(hours) })}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <SubmitButton variant="secondary" action={`/wifi/${packageId}?switch`}>
          {guest
            ? t(network.enabled ? "switch.turnOffGuest" : "switch.turnOnGuest")
            : t(network.enabled ? "switch.turnOff" : "switch.turnOn", { band })}
        </SubmitButton>
      </Form>
    </div>
  );
}

function BandForm({
  network,
  lastResult,
  switchResult,
  packageId,
  canManage,
}: {
  canManage: boolean;
  network: Network;
  lastResult: FormReply | null;
  switchResult: FormReply | null;
  packageId: number;
}) {
  const { t, language } = useT("wifi");
  const s = network.suffix;
  const [form, fields] = usePortalForm({
    id: `wifi-${s}`,
    schema: () => import("~/schemas/wifi").then((m) => m.WifiSchema),
    lastResult,
    defaultValue: { band: s, [`name_${s}`]: network.name },
  });
  const nameMeta = fields[`name_${s}`];
  const passwordMeta = fields[`password_${s}`];
  const bandLabel = t(`bands.${network.band}`);
  return (
    <Card id={`band-${s}`} title={t("bandTitle", { band: bandLabel })}>
      {canManage ? <SwitchForm network={network} lastResult={switchResult} packageId={packageId} /> : null}
      <Details
        items={[
          [t("name"), network.name],
          [t("state"), network.enabled ? t("on") : t("off")],
          [t("security"), t(`securityModes.${network.security_mode}`)],
          [t("channel"), network.auto_channel ? t("autoChannel", { channel: network.channel ?? "–" }) : String(network.channel ?? "–")],
          [
            t("password"),
            network.password !== null ? (
              <span key="p" className="flex flex-wrap items-center gap-3">
                <code className="rounded bg-gray-100 px-2 py-0.5" data-testid={`password-${s}`}>
                  {network.password}
                </code>
                <Link to={`/wifi/${packageId}`} preventScrollReset>
                  {t("hidePassword")}
                </Link>
              </span>
            ) : (
              <Link key="p" to={`/wifi/${packageId}?show=${s}`} preventScrollReset aria-label={t("showPasswordOf", { band: bandLabel })}>
                {t("showPassword")}
              </Link>
            ),
          ],
          ...(network.updated_at ? ([[t("updated"), formatDate(network.updated_at, language)]] as [string, string][]) : []),
        ]}
      />
      {canManage ? (
        <>
          <h3 className="mt-5 font-semibold text-gray-900">{t("changeTitle", { band: bandLabel })}</h3>
          <ErrorSummary form={form} />
          <Form method="post" {...getFormProps(form)} className="mt-3 space-y-5">
            <input type="hidden" name="band" value={s} />
            <input type="hidden" name="shown_name" value={network.name} />
            <Field meta={nameMeta} label={t("nameLabel", { band: bandLabel })} hint={t("nameHint")} autoComplete="off" />
            <Field
              meta={passwordMeta}
              type="password"
              label={t("passwordLabel", { band: bandLabel })}
              hint={t("passwordHint")}
              autoComplete="new-password"
            />
            <SubmitButton>{t("save", { band: bandLabel })}</SubmitButton>
          </Form>
        </>
      ) : null}
    </Card>
  );
}

export default function WifiSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("wifi");
  const { packageId, plan, address, networks, serviceId, canManage } = loaderData;
  const sent = actionData?.result.initialValue as { band?: string; enabled?: string } | undefined;
  const posted = sent?.band;
  // The switch's post carries `enabled`; the name and password form's does not.
  const switched = sent?.enabled !== undefined;
  // A post that names none of the networks (it could not be read, or was not sent from this page) says why above them.
  const placed = networks.some((network) => network.suffix === posted);
  return (
    <div className="max-w-3xl">
      <PageHeader
        title={t("title")}
        subtitle={t("line", { plan, address })}
        action={
          <Link to={`/wifi/${packageId}/network`} className={secondaryLinkClass}>
            {t("networkOverview")}
          </Link>
        }
      />
      <p className="mb-6 text-gray-800">{canManage ? t("intro") : t("readOnly")}</p>
      {networks.length === 0 ? <p className="text-gray-800">{t("none")}</p> : null}
      <RefusedPostAlert reply={placed ? null : actionData} />
      <div className="space-y-6">
        {networks.map((network) => (
          <BandForm
            // A new form once the band is saved (its time changed): the new password typed leaves the field, as without JavaScript.
            key={`${network.suffix}-${network.updated_at ?? ""}`}
            network={network}
            packageId={packageId}
            canManage={canManage}
            lastResult={posted === network.suffix && !switched ? (actionData ?? null) : null}
            switchResult={posted === network.suffix && switched ? (actionData ?? null) : null}
          />
        ))}
      </div>
      <p className="mt-6 flex flex-wrap gap-4">
        <Link to={`/resi-internet/${packageId}`}>{t("backToInternet")}</Link>
        <Link to={`/internet/router/${serviceId}`}>{t("routerSettings")}</Link>
      </p>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
