/**
 * /recover-password/{token}: choose a new password through a recovery link (GET/POST
 * /auth/recover-password/{token}). The token is kept in a cookie and taken out of the address on the
 * first load; an unknown, used or expired link shows the spec's not-found text and the way to a new one.
 */
import { getFormProps } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/recover-password";
import { LinkGone, NewPasswordFields, PublicCard } from "~/components/auth-flows/LinkGone";
import { actionLinkClass } from "~/components/PageHeader";
import { ErrorSummary, SubmitButton } from "~/components/form";
import { api, type ApiClient } from "~/lib/api.server";
import { formAction } from "~/lib/form-action.server";
import { formatDate, formatTime } from "~/lib/i18n";
import { linkToken, stashLinkToken } from "~/lib/link-token.server";
import { usePortalForm } from "~/lib/use-portal-form";
import { useT } from "~/lib/use-t";
import { RecoverPasswordSchema } from "~/schemas/auth-flows";
import { addressBlocked, linkGone, throttledReply, usingLink } from "./shared.server";

export const handle = { i18n: ["account", "api"] };
const constraint = getZodConstraint(RecoverPasswordSchema);
const SCOPE = "/recover-password";

const LINK = "GET /auth/recover-password/{token}";
const readLink = (client: ApiClient, token: string) => client.call(LINK, { params: { token }, silentNotFound: true });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (params.token) stashLinkToken("recover", params.token, SCOPE, request);
  const token = linkToken(request, "recover", SCOPE);
  if (!token) return linkGone();
  const link = await readLink(api(context, request, { public: true }), token);
  if (!link || link.status !== "valid") return linkGone();
  return { gone: false as const, username: link.username, expiresAt: link.expires_at, constraint };
}

export async function action({ request, context }: Route.ActionArgs) {
  const token = linkToken(request, "recover", SCOPE);
  if (!token) throw redirect(SCOPE);
  if (await addressBlocked(context)) return throttledReply();
  return usingLink("recover", SCOPE, () =>
    formAction(
      { request, context },
      {
        schema: RecoverPasswordSchema,
        hideFields: ["new_password", "confirm_password"],
        submit: (value) =>
          api(context, request, { public: true }).call("POST /auth/recover-password/{token}", { params: { token }, form: value }),
        success: () => ({ redirectTo: "/login", notification: { key: "account:recover.notifyDone" } }),
      },
    ),
  );
}

export default function RecoverPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useT("account");
  const [form, fields] = usePortalForm({
    schema: () => import("~/schemas/auth-flows").then((m) => m.RecoverPasswordSchema),
    lastResult: actionData,
    constraint: loaderData.gone ? undefined : loaderData.constraint,
  });
  if (loaderData.gone) {
    return (
      <LinkGone title={t("linkGone.title")}>
        <Link to="/forgot-password" className={actionLinkClass}>
          {t("linkGone.askNew")}
        </Link>
        <Link to="/login">{t("linkGone.signIn")}</Link>
      </LinkGone>
    );
  }
  const { username, expiresAt } = loaderData;
  return (
    <PublicCard
      title={t("recover.title")}
      intro={
        <>
          {username ? <p>{t("recover.forUser", { username })}</p> : null}
          {expiresAt ? (
            <p className="text-sm">
              {t("recover.expiresAt", { time: formatTime(expiresAt, language), date: formatDate(expiresAt, language) })}
            </p>
          ) : null}
        </>
      }
    >
      <ErrorSummary form={form} />
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <NewPasswordFields password={fields.new_password} confirm={fields.confirm_password} />
        <p className="text-sm text-gray-700">{t("recover.signedOutNote")}</p>
        <SubmitButton>{t("recover.submit")}</SubmitButton>
      </Form>
    </PublicCard>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
