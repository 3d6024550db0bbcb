/**
 * /wifi/{packageId}: the WiFi networks of a package, one form per band (GET/PUT /wifi/{packageId}).
 * A password shows only on request (?show=<band>, a plain link). After a change the dashboard's WiFi
 * names are the new ones (the API answers them; the dashboard reads them again).
 */
import { getFormProps } from "@conform-to/react";
import { Form, Link } from "react-router";
import type { Route } from "./+types/settings";
import type { WifiNetwork } from "#contract/home-network";
import { Card, Details } from "~/components/Card";
import { ErrorSummary, Field, SubmitButton } from "~/components/form";
import { PageHeader, secondaryLinkClass } from "~/components/PageHeader";
import { api } from "~/lib/api.server";
import { formAction, type FormReply } from "~/lib/form-action.server";
import { formatDate } from "~/lib/i18n";
import { idParam } from "~/routes/services/services.server";
import { usePortalForm } from "~/lib/use-portal-form";
import { useT } from "~/lib/use-t";
import { suffixOf, WifiSchema, type BandSuffix } from "~/schemas/wifi";

export const handle = { i18n: ["wifi", "api"] };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const packageId = idParam(params.packageId);
  const client = api(context, request);
  const [{ wifi_settings }, { internet_settings }] = await Promise.all([
    client.call("GET /wifi/{packageId}", { params: { packageId } }),
    client.call("GET /residential-internet/{packageId}", { params: { packageId } }),
  ]);
  const show = new URL(request.url).searchParams.get("show");
  return {
    packageId,
    serviceId: wifi_settings.service_id,
    plan: internet_settings.plan.name,
    address: internet_settings.service_address.line1,
    // Passwords leave the server only for the band asked for.
    networks: wifi_settings.networks.map(({ password, ...network }) => ({
      ...network,
      suffix: suffixOf(network.band),
      password: suffixOf(network.band) === show ? password : null,
    })),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const packageId = idParam(params.packageId);
  return formAction(
    { request, context },
    {
      schema: WifiSchema,
      hideFields: ["password_24ghz", "password_5ghz", "password_guest"],
      submit: (value) => {
        const name = `name_${value.band}` as const;
        const password = `password_${value.band}` as const;
        return api(context, request).call("PUT /wifi/{packageId}", {
          params: { packageId },
          form: { [name]: value[name], ...(value[password] ? { [password]: value[password] } : {}) },
        });
      },
      success: (_answer, value) => ({
        redirectTo: `/wifi/${packageId}`,
        notification: {
          key: value[`password_${value.band}`] ? "wifi:notifyNameAndPassword" : "wifi:notifyName",
          values: { name: value[`name_${value.band}`] ?? "" },
        },
      }),
    },
  );
}

type Network = Omit<WifiNetwork, "password"> & { suffix: BandSuffix; password: string | null };

function BandForm({ network, lastResult, packageId }: { network: Network; lastResult: FormReply | null; packageId: number }) {
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
      <h3 className="mt-5 font-semibold text-gray-900">{t("changeTitle", { band: bandLabel })}</h3>
      <ErrorSummary form={form} />
      <Form method="post" {...getFormProps(form)} className="mt-3 space-y-5">
        <input type="hidden" name="band" value={s} />
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
    </Card>
  );
}

export default function WifiSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("wifi");
  const { packageId, plan, address, networks, serviceId } = loaderData;
  const posted = (actionData?.result.initialValue as { band?: string } | undefined)?.band;
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
      <p className="mb-6 text-gray-800">{t("intro")}</p>
      {networks.length === 0 ? <p className="text-gray-800">{t("none")}</p> : null}
      <div className="space-y-6">
        {networks.map((network) => (
          <BandForm
            // A new form once the band is saved (its time changed): the new password typed leaves the field, as without JavaScript.
            key={`${network.suffix}-${network.updated_at ?? ""}`}
            network={network}
            packageId={packageId}
            lastResult={posted === network.suffix ? (actionData ?? null) : null}
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
