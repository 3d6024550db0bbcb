/**
 * /forgot-password: ask for a recovery e-mail (POST /auth/forgot-password). The answer is the same
 * whether or not the username exists, so the page cannot tell anyone who has an account. Limited like
 * sign-in: per address and per username (the sign-in limits, app/lib/sign-in-limits.ts).
 */
import { getFormProps } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import type { Route } from "./+types/forgot-password";
import { PublicCard } from "~/components/auth-flows/LinkGone";
import { ErrorSummary, Field, SubmitButton } from "~/components/form";
import { api } from "~/lib/api.server";
import { formAction } from "~/lib/form-action.server";
import { signInLimits } from "~/lib/sign-in-limits";
import { usePortalForm } from "~/lib/use-portal-form";
import { useT } from "~/lib/use-t";
import { ForgotPasswordSchema } from "~/schemas/auth-flows";
import { addressBlocked, throttledReply } from "./shared.server";
import { pageUrl } from "~/lib/page-url";

export const handle = { i18n: ["account", "api"] };
const constraint = getZodConstraint(ForgotPasswordSchema);

/** Recovery requests count per username apart from sign-in attempts. */
const forgotPasswordKey = (username: string) => `forgot-password:${username}`;

export function loader({ request }: Route.LoaderArgs) {
  return { sent: pageUrl(request).searchParams.get("sent") === "1", constraint };
}

class Throttled extends Error {}

export async function action({ request, context }: Route.ActionArgs) {
  if (await addressBlocked(context)) return throttledReply();
  try {
    return await formAction(
      { request, context },
      {
        schema: ForgotPasswordSchema,
        submit: async ({ username }) => {
          const limits = signInLimits(context);
          if (await limits.keyBlockedUntil(forgotPasswordKey(username))) throw new Throttled();
          await limits.countKey(forgotPasswordKey(username));
          return api(context, request, { public: true }).call("POST /auth/forgot-password", { form: { username } });
        },
        success: () => ({ redirectTo: "/forgot-password?sent=1" }),
      },
    );
  } catch (error) {
    if (error instanceof Throttled) return throttledReply();
    throw error;
  }
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("account");
  const [form, fields] = usePortalForm({
    schema: () => import("~/schemas/auth-flows").then((m) => m.ForgotPasswordSchema),
    lastResult: actionData,
    constraint: loaderData.constraint,
  });
  if (loaderData.sent) {
    return (
      <PublicCard title={t("forgot.sentTitle")}>
        <div role="status" className="space-y-3 text-gray-900">
          <p>{t("forgot.sentText")}</p>
          <p>{t("forgot.sentHelp")}</p>
        </div>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <Link to="/login" className="font-semibold">
            {t("forgot.backToSignIn")}
          </Link>
          <Link to="/forgot-password">{t("forgot.askAgain")}</Link>
        </div>
      </PublicCard>
    );
  }
  return (
    <PublicCard title={t("forgot.title")} intro={<p>{t("forgot.intro")}</p>}>
      <ErrorSummary form={form} />
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <Field
          meta={fields.username}
          label={t("forgot.username")}
          autoComplete="username"
          inputProps={{ autoCapitalize: "none", spellCheck: false }}
        />
        <div className="flex flex-col gap-3 pt-2 sm:flex-row sm:items-center sm:justify-between">
          <SubmitButton>{t("forgot.submit")}</SubmitButton>
          <Link to="/login">{t("forgot.backToSignIn")}</Link>
        </div>
      </Form>
    </PublicCard>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
