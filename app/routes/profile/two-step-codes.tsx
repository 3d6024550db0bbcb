/**
 * /profile-settings/two-step/recovery-codes: the ten recovery codes, shown once (they come in the
 * session's flash from the post that made them: turning two-step verification on, or this page's form),
 * with a text file to download (a data: link, so it works without JavaScript) and, with JavaScript,
 * Print and Copy. Without codes to show, the page offers new ones for the password
 * (POST /profile-settings/two-step/recovery-codes), which replace the old ones. Two-step verification
 * off: to the page that turns it on.
 */
import { getFormProps } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/two-step-codes";
import { ErrorSummary, Field, SubmitButton } from "~/components/form";
import { PageHeader, actionLinkClass } from "~/components/PageHeader";
import { RecoveryCodesList } from "~/components/profile/RecoveryCodesList";
import { api } from "~/lib/api.server";
import { getConfig } from "~/lib/config.server";
import { formAction } from "~/lib/form-action.server";
import type { PageHandle } from "~/lib/page-handle";
import { flashRecoveryCodes, takeRecoveryCodes } from "~/lib/session.server";
import { usePortalForm } from "~/lib/use-portal-form";
import { useT } from "~/lib/use-t";
import { TwoStepPasswordSchema } from "~/schemas/two-step";
import { twoStepStatus } from "./two-step.server";

// Codes shown once: each view is made for itself and never kept.
export const handle = { i18n: ["profile", "api"], cache: "never" } satisfies PageHandle;

const constraint = getZodConstraint(TwoStepPasswordSchema);

export async function loader({ request, context }: Route.LoaderArgs) {
  const codes = takeRecoveryCodes(context);
  const [status, { current_user }] = await Promise.all([
    twoStepStatus(context, request),
    api(context, request).call("GET /profile-settings"),
  ]);
  if (!status?.enabled) throw redirect("/profile-settings/two-step");
  return { codes: codes ?? null, username: current_user.username, brand: `my${getConfig().BRAND_NAME}`, constraint };
}

export async function action({ request, context }: Route.ActionArgs) {
  return formAction(
    { request, context },
    {
      schema: TwoStepPasswordSchema,
      hideFields: ["password"],
      submit: (value) => api(context, request).call("POST /profile-settings/two-step/recovery-codes", { form: value }),
      success: ({ recovery_codes }) => {
        flashRecoveryCodes(context, recovery_codes);
        // The page shows the new codes: that says what happened.
        return { redirectTo: "/profile-settings/two-step/recovery-codes" };
      },
    },
  );
}

export default function TwoStepCodes({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("profile");
  const [form, fields] = usePortalForm({
    schema: () => import("~/schemas/two-step").then((m) => m.TwoStepPasswordSchema),
    lastResult: actionData,
    constraint: loaderData.constraint,
  });
  const { codes } = loaderData;
  if (codes) {
    return (
      <div className="max-w-2xl">
        <PageHeader title={t("twoStepCodes.title")} />
        <div className="mb-6 space-y-2 text-gray-800">
          <p>{t("twoStepCodes.intro")}</p>
          <p className="rounded-md border-l-4 border-warning bg-warning-light px-4 py-3 font-semibold text-gray-900">
            {t("twoStepCodes.once")}
          </p>
        </div>
        <RecoveryCodesList codes={codes} username={loaderData.username} brand={loaderData.brand} />
        <p className="mt-6">
          <Link to="/profile-settings" className={actionLinkClass}>
            {t("twoStepCodes.done")}
          </Link>
        </p>
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
