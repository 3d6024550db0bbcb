/**
 * /profile-settings/two-step: turning two-step verification on. First what it takes and a button that
 * starts a setup (POST …?start: the API makes a secret and keeps it sealed); then the setup: its QR code,
 * drawn on the server as SVG, the key in groups for those who type it, and the first code, which turns
 * it on (POST /profile-settings/two-step). The ten recovery codes follow on their own page, until saved
 * (two-step-codes.tsx). Already on: back to the profile page. Plain forms, with or without JavaScript.
 */
import { getFormProps } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/two-step";
import { ErrorSummary, Field, SubmitButton } from "~/components/form";
import { PageHeader } from "~/components/PageHeader";
import { TwoStepSetupView } from "~/components/profile/TwoStepSetupView";
import { api } from "~/lib/api.server";
import { getConfig } from "~/lib/config.server";
import { formAction } from "~/lib/form-action.server";
import type { PageHandle } from "~/lib/page-handle";
import { keepRecoveryCodes } from "~/lib/session.server";
import { usePortalForm } from "~/lib/use-portal-form";
import { useT } from "~/lib/use-t";
import { ConfirmSchema } from "~/schemas/confirm";
import { TwoStepCodeSchema } from "~/schemas/two-step";
import { groupedKey, otpauthUri, profileWithTwoStep, qrCodeSvg } from "./two-step.server";
import { pageUrl } from "~/lib/page-url";

// The page shows a secret: made for each view, never answered from a kept copy.
export const handle = { i18n: ["profile", "api"], cache: "never" } satisfies PageHandle;

const constraint = getZodConstraint(TwoStepCodeSchema);

const isStart = (request: Request) => pageUrl(request).searchParams.has("start");

export async function loader({ request, context }: Route.LoaderArgs) {
  const [{ user: current_user, twoStep: status }, { setup }] = await Promise.all([
    profileWithTwoStep(context, request),
    api(context, request).call("GET /profile-settings/two-step/setup"),
  ]);
  if (status?.enabled) throw redirect("/profile-settings");
  if (!setup) return { setup: null, constraint };
  const issuer = `my${getConfig().BRAND_NAME}`;
  return {
    setup: {
      qrSvg: await qrCodeSvg(otpauthUri(setup, issuer, current_user.username)),
      key: groupedKey(setup.secret),
      account: `${issuer} (${current_user.username})`,
    },
    constraint,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  if (isStart(request)) {
    return formAction(
      { request, context },
      {
        schema: ConfirmSchema,
        submit: () => api(context, request).call("POST /profile-settings/two-step/setup"),
        // The page then shows the setup: it says what happened.
        success: () => ({ redirectTo: "/profile-settings/two-step" }),
      },
    );
  }
  return formAction(
    { request, context },
    {
      schema: TwoStepCodeSchema,
      hideFields: ["code"],
      submit: (value) => api(context, request).call("POST /profile-settings/two-step", { form: value }),
      success: ({ recovery_codes }) => {
        keepRecoveryCodes(context, recovery_codes);
        return { redirectTo: "/profile-settings/two-step/recovery-codes", notification: { key: "profile:twoStepSetup.notifyOn" } };
      },
    },
  );
}

export default function TwoStep({ loaderData, actionData }: Route.ComponentProps) {
  // Starting and confirming are forms of their own, each with its schema.
  return <TwoStepPage key={loaderData.setup ? "confirm" : "start"} loaderData={loaderData} actionData={actionData} />;
}

function TwoStepPage({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { t } = useT("profile");
  const { setup } = loaderData;
  const [form, fields] = usePortalForm({
    id: setup ? "two-step-confirm" : "two-step-start",
    schema: () =>
      setup ? import("~/schemas/two-step").then((m) => m.TwoStepCodeSchema) : import("~/schemas/confirm").then((m) => m.ConfirmSchema),
    lastResult: actionData,
    constraint: setup ? loaderData.constraint : undefined,
  });
  return (
    <div className="max-w-2xl">
      <PageHeader title={t("twoStepSetup.title")} />
      <div className="mb-6 space-y-2 text-gray-800">
        <p>{t("twoStepSetup.intro")}</p>
        <p>{t("twoStepSetup.how")}</p>
      </div>
      <ErrorSummary form={form} />
      {setup ? (
        <>
          <TwoStepSetupView setup={setup} />
          <section aria-labelledby="two-step-confirm-title" className="mt-6 rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
            <h2 id="two-step-confirm-title" className="text-lg font-semibold text-gray-900">
              {t("twoStepSetup.confirmTitle")}
            </h2>
            <Form method="post" action="/profile-settings/two-step" {...getFormProps(form)} className="mt-4 space-y-5">
              <Field
                meta={fields.code}
                label={t("twoStepSetup.code")}
                hint={t("twoStepSetup.codeHint")}
                autoComplete="one-time-code"
                inputProps={{ inputMode: "numeric" }}
              />
              <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
                <SubmitButton>{t("twoStepSetup.submit")}</SubmitButton>
                <Link to="/profile-settings" className="text-center">
                  {t("back")}
                </Link>
              </div>
            </Form>
          </section>
          {/* A key that could not be used (an app that refused it, a QR code shown to someone else): a new one. */}
          <Form method="post" action="/profile-settings/two-step?start" className="mt-4">
            <button type="submit" className="text-primary underline hover:no-underline">
              {t("twoStepSetup.restart")}
            </button>
          </Form>
        </>
      ) : (
        <Form
          method="post"
          action="/profile-settings/two-step?start"
          {...getFormProps(form)}
          className="flex flex-col gap-3 sm:flex-row sm:items-center"
        >
          <SubmitButton>{t("twoStepSetup.start")}</SubmitButton>
          <Link to="/profile-settings" className="text-center">
            {t("back")}
          </Link>
        </Form>
      )}
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
