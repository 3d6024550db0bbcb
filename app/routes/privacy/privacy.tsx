/**
 * /privacy: the visitor's product-analytics choice (docs/analytics.md), signed in or not. The consent
 * banner posts here too. Shows what is measured and what never is, the current choice, and a form to
 * change it; without ANALYTICS_KEY it says nothing is measured, and with Global Privacy Control that the
 * browser's signal keeps analytics off. The choice is a cookie of this browser (365 days).
 */
import { getFormProps } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { Form } from "react-router";
import type { Route } from "./+types/privacy";
import { Card } from "~/components/Card";
import { ErrorSummary, RadioGroup, SubmitButton } from "~/components/form";
import { PageHeader } from "~/components/PageHeader";
import { consentCookie } from "~/lib/analytics.server";
import { analyticsState } from "~/lib/analytics.server";
import { getConfig } from "~/lib/config.server";
import { formAction } from "~/lib/form-action.server";
import { safeRedirectPath } from "~/lib/public-paths";
import { usePortalForm } from "~/lib/use-portal-form";
import { useT } from "~/lib/use-t";
import { AnalyticsConsentSchema } from "~/schemas/privacy";

export const handle = { i18n: ["privacy"] };

const constraint = getZodConstraint(AnalyticsConsentSchema);

export async function loader({ request }: Route.LoaderArgs) {
  const state = analyticsState(request, getConfig());
  return { consent: state ? state.consent : ("off" as const), constraint };
}

/** Back to the page the banner was on; sign-in is a page of this site too (safeRedirectPath keeps people off it after signing in). */
function returnPath(value: string | undefined): string | null {
  if (!value) return null;
  const login = /^\/login(?=$|\?)/;
  const safe = safeRedirectPath(value.replace(login, "/__login"), "");
  return safe ? safe.replace(/^\/__login/, "/login") : null;
}

export async function action({ request, context }: Route.ActionArgs) {
  return formAction(
    { request, context },
    {
      schema: AnalyticsConsentSchema,
      submit: async (value) => value,
      success: (value) => {
        const back = returnPath(value.returnTo);
        return {
          redirectTo: back ?? "/privacy",
          notification: back ? undefined : { key: "privacy:saved" },
          headers: { "Set-Cookie": consentCookie(value.analytics === "accept") },
        };
      },
    },
  );
}

export default function Privacy({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("privacy");
  const { consent } = loaderData;
  const [form, fields] = usePortalForm({
    schema: () => import("~/schemas/privacy").then((m) => m.AnalyticsConsentSchema),
    lastResult: actionData,
    constraint: loaderData.constraint,
    defaultValue: { analytics: consent === "granted" ? "accept" : consent === "denied" ? "decline" : undefined },
  });

  return (
    <div className="max-w-3xl">
      <PageHeader title={t("title")} />
      <div className="grid gap-6">
        <Card id="privacy-what-heading" title={t("what.title")}>
          <ul className="list-disc space-y-1 pl-5 text-gray-800">
            <li>{t("what.pages")}</li>
            <li>{t("what.forms")}</li>
          </ul>
          <h3 className="mt-4 font-semibold text-gray-900">{t("never.title")}</h3>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-gray-800">
            <li>{t("never.typed")}</li>
            <li>{t("never.ids")}</li>
            <li>{t("never.sale")}</li>
          </ul>
        </Card>

        <Card id="privacy-choice-heading" title={t("choice.title")}>
          <p className="text-gray-900" data-testid="privacy-status">
            {t(`status.${consent}`)}
          </p>
          {consent === "off" || consent === "gpc" ? null : (
            <>
              <ErrorSummary form={form} />
              <Form method="post" className="mt-4 space-y-4" {...getFormProps(form)}>
                <RadioGroup
                  meta={fields.analytics}
                  legend={t("choice.legend")}
                  options={[
                    { value: "accept", label: t("choice.accept") },
                    { value: "decline", label: t("choice.decline") },
                  ]}
                />
                <SubmitButton>{t("choice.save")}</SubmitButton>
              </Form>
            </>
          )}
        </Card>
        <p className="text-sm text-gray-700">{t("law")}</p>
      </div>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
