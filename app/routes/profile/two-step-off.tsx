/**
 * /profile-settings/two-step/turn-off: turning two-step verification off, on a page of its own that says
 * what follows, with the password (POST /profile-settings/two-step/disable). Already off: back to the
 * profile page.
 */
import { getFormProps } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/two-step-off";
import { ErrorSummary, Field, SubmitButton } from "~/components/form";
import { PageHeader } from "~/components/PageHeader";
import { api } from "~/lib/api.server";
import { formAction } from "~/lib/form-action.server";
import { usePortalForm } from "~/lib/use-portal-form";
import { useRefusedPasswordsEmptied } from "~/lib/use-refused-passwords";
import { useT } from "~/lib/use-t";
import { TwoStepPasswordSchema } from "~/schemas/two-step";
import { twoStepStatus } from "./two-step.server";

export const handle = { i18n: ["profile", "api"] };

const constraint = getZodConstraint(TwoStepPasswordSchema);

export async function loader({ request, context }: Route.LoaderArgs) {
  const status = await twoStepStatus(context, request);
  if (!status?.enabled) throw redirect("/profile-settings");
  return { constraint };
}

export async function action({ request, context }: Route.ActionArgs) {
  return formAction(
    { request, context },
    {
      schema: TwoStepPasswordSchema,
      hideFields: ["password"],
      submit: (value) => api(context, request).call("POST /profile-settings/two-step/disable", { form: value }),
      success: () => ({ redirectTo: "/profile-settings", notification: { key: "profile:twoStepOff.notifyOff" } }),
    },
  );
}

export default function TwoStepOff({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("profile");
  const [form, fields] = usePortalForm({
    schema: () => import("~/schemas/two-step").then((m) => m.TwoStepPasswordSchema),
    lastResult: actionData,
    constraint: loaderData.constraint,
  });
  useRefusedPasswordsEmptied(form.id, actionData);
  return (
    <div className="max-w-2xl">
      <PageHeader title={t("twoStepOff.title")} />
      <ErrorSummary form={form} />
      <div className="mb-6 rounded-lg border-l-4 border-warning bg-white p-5 text-gray-900 shadow-sm">
        <p>{t("twoStepOff.text")}</p>
      </div>
      <Form method="post" {...getFormProps(form)} className="space-y-6 rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
        <Field
          meta={fields.password}
          type="password"
          label={t("twoStepOff.password")}
          hint={t("twoStepOff.passwordHint")}
          autoComplete="current-password"
        />
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <SubmitButton variant="danger">{t("twoStepOff.submit")}</SubmitButton>
          <Link to="/profile-settings" className="text-center">
            {t("back")}
          </Link>
        </div>
      </Form>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
