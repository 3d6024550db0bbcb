/**
 * /profile-settings/password: change password (PUT /profile-settings/password): current, new and
 * confirmation. The API ends the user's other sessions; this one stays signed in, and the page says so.
 */
import { getFormProps } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import type { Route } from "./+types/password";
import { ErrorSummary, Field, SubmitButton } from "~/components/form";
import { PageHeader } from "~/components/PageHeader";
import { api } from "~/lib/api.server";
import { formAction } from "~/lib/form-action.server";
import { usePortalForm } from "~/lib/use-portal-form";
import { useRefusedPasswordsEmptied } from "~/lib/use-refused-passwords";
import { useT } from "~/lib/use-t";
import { PasswordSchema } from "~/schemas/profile";

export const handle = { i18n: ["profile", "api"] };

const constraint = getZodConstraint(PasswordSchema);

export function loader() {
  return { constraint };
}

export async function action({ request, context }: Route.ActionArgs) {
  return formAction(
    { request, context },
    {
      schema: PasswordSchema,
      hideFields: ["current_password", "new_password", "confirm_password"],
      submit: (value) => api(context, request).call("PUT /profile-settings/password", { form: value }),
      success: () => ({ redirectTo: "/profile-settings", notification: { key: "profile:password.notifyChanged" } }),
    },
  );
}

export default function ChangePassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("profile");
  const [form, fields] = usePortalForm({
    schema: () => import("~/schemas/profile").then((m) => m.PasswordSchema),
    lastResult: actionData,
    constraint: loaderData.constraint,
  });
  useRefusedPasswordsEmptied(form.id, actionData);
  return (
    <div className="max-w-2xl">
      <PageHeader title={t("password.changeTitle")} />
      <div className="mb-6 space-y-2 text-gray-800">
        <p>{t("password.rules")}</p>
        <p>{t("password.sessions")}</p>
      </div>
      <ErrorSummary form={form} />
      <Form method="post" {...getFormProps(form)} className="space-y-6 rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
        <Field meta={fields.current_password} type="password" label={t("password.current")} autoComplete="current-password" />
        <Field
          meta={fields.new_password}
          type="password"
          label={t("password.new")}
          hint={t("password.newHint")}
          autoComplete="new-password"
        />
        <Field meta={fields.confirm_password} type="password" label={t("password.confirm")} autoComplete="new-password" />
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <SubmitButton>{t("password.submit")}</SubmitButton>
          <Link to="/profile-settings" className="text-center">
            {t("back")}
          </Link>
        </div>
      </Form>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
