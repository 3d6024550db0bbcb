/**
 * /profile-settings/two-step/recovery-codes: the ten recovery codes, with a text file to download (a
 * data: link, so it works without JavaScript) and, with JavaScript, Print and Copy. The API gives them
 * once, to the post that made them (turning two-step verification on, or this page's form), which keeps
 * them in the encrypted session cookie (never in an address): the page shows them again (a reload, a
 * switch of language) until the customer says they saved them ("I have saved my codes", POST …?saved)
 * or for RECOVERY_CODES_KEPT_MS, whichever comes first. Without codes to show, the page offers new ones
 * for the password (POST /profile-settings/two-step/recovery-codes), which replace the old ones.
 * Two-step verification off: to the page that turns it on.
 */
import { getFormProps } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/two-step-codes";
import { ErrorSummary, Field, RefusedPostAlert, SubmitButton } from "~/components/form";
import { PageHeader } from "~/components/PageHeader";
import { RecoveryCodesList } from "~/components/profile/RecoveryCodesList";
import { api } from "~/lib/api.server";
import { getConfig } from "~/lib/config.server";
import { formAction } from "~/lib/form-action.server";
import { formatTime } from "~/lib/i18n";
import type { PageHandle } from "~/lib/page-handle";
import { pageUrl } from "~/lib/page-url";
import { forgetRecoveryCodes, keepRecoveryCodes, keptRecoveryCodes } from "~/lib/session.server";
import { usePortalForm } from "~/lib/use-portal-form";
import { useRefusedPasswordsEmptied } from "~/lib/use-refused-passwords";
import { useT } from "~/lib/use-t";
import { ConfirmSchema } from "~/schemas/confirm";
import { TwoStepPasswordSchema } from "~/schemas/two-step";
import { twoStepStatus } from "./two-step.server";

// Codes shown for a while, from the session: each view is made for itself and never kept.
export const handle = { i18n: ["profile", "api"], cache: "never" } satisfies PageHandle;

const constraint = getZodConstraint(TwoStepPasswordSchema);

const PAGE = "/profile-settings/two-step/recovery-codes";
/** "I have saved my codes": the page forgets them. */
const SAVED = `${PAGE}?saved`;
const isSaved = (request: Request) => pageUrl(request).searchParams.has("saved");

export async function loader({ request, context }: Route.LoaderArgs) {
  const kept = keptRecoveryCodes(context);
  const [status, { current_user }] = await Promise.all([
    twoStepStatus(context, request),
    api(context, request).call("GET /profile-settings"),
  ]);
  if (!status?.enabled) {
    // Turned off meanwhile: the codes kept no longer work.
    forgetRecoveryCodes(context);
    throw redirect("/profile-settings/two-step");
  }
  return {
    codes: kept?.codes ?? null,
    until: kept?.until ?? null,
    username: current_user.username,
    brand: `my${getConfig().BRAND_NAME}`,
    constraint,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  if (isSaved(request)) {
    return formAction(
      { request, context },
      {
        schema: ConfirmSchema,
        submit: async () => forgetRecoveryCodes(context),
        // The profile page says how many codes are left.
        success: () => ({ redirectTo: "/profile-settings" }),
      },
    );
  }
  return formAction(
    { request, context },
    {
      schema: TwoStepPasswordSchema,
      hideFields: ["password"],
      submit: (value) => api(context, request).call("POST /profile-settings/two-step/recovery-codes", { form: value }),
      success: ({ recovery_codes }) => {
        keepRecoveryCodes(context, recovery_codes);
        // The page shows the new codes: that says what happened.
        return { redirectTo: PAGE };
      },
    },
  );
}

export default function TwoStepCodes({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useT("profile");
  const [form, fields] = usePortalForm({
    schema: () => import("~/schemas/two-step").then((m) => m.TwoStepPasswordSchema),
    lastResult: actionData,
    constraint: loaderData.constraint,
  });
  useRefusedPasswordsEmptied(form.id, actionData);
  const { codes, until } = loaderData;
  if (codes && until) {
    return (
      <div className="max-w-2xl">
        <PageHeader title={t("twoStepCodes.title")} />
        {/* A post the page could not read ("I have saved my codes" sent as no browser would): why. */}
        <RefusedPostAlert reply={actionData} />
        <div className="mb-6 space-y-2 text-gray-800">
          <p>{t("twoStepCodes.intro")}</p>
          <p className="rounded-md border-l-4 border-warning bg-warning-light px-4 py-3 font-semibold text-gray-900">
            {t("twoStepCodes.shownUntil", { time: formatTime(new Date(until), language) })}
          </p>
        </div>
        <RecoveryCodesList codes={codes} username={loaderData.username} brand={loaderData.brand} />
        <Form method="post" action={SAVED} className="mt-6">
          <SubmitButton action={SAVED}>{t("twoStepCodes.done")}</SubmitButton>
        </Form>
      </div>
    );
  }
  return (
    <div className="max-w-2xl">
      <PageHeader title={t("twoStepCodes.newTitle")} />
      <p className="mb-6 text-gray-800">{t("twoStepCodes.newText")}</p>
      <ErrorSummary form={form} />
      <Form method="post" {...getFormProps(form)} className="space-y-6 rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
        <Field meta={fields.password} type="password" label={t("twoStepCodes.password")} autoComplete="current-password" />
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <SubmitButton>{t("twoStepCodes.submit")}</SubmitButton>
          <Link to="/profile-settings" className="text-center">
            {t("back")}
          </Link>
        </div>
      </Form>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
