/**
 * /activate-account/{token}: the first sign-in of a new customer (GET/POST
 * /auth/activate-account/{token}): who it is for, the terms of use to accept and a password to choose;
 * then signed in and on to /welcome. A link that does not work shows the spec's not-found text.
 */
import { getFormProps } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/activate-account";
import { LinkGone, NewPasswordFields, PublicCard } from "~/components/auth-flows/LinkGone";
import { LegalText } from "~/components/auth-flows/LegalText";
import { actionLinkClass } from "~/components/PageHeader";
import { Checkbox, ErrorSummary, SubmitButton } from "~/components/form";
import { api, type ApiClient } from "~/lib/api.server";
import { sessionClientHeaders, throughCookieCheck } from "~/lib/auth.server";
import { formAction } from "~/lib/form-action.server";
import { linkToken, stashLinkToken } from "~/lib/link-token.server";
import { setTokens } from "~/lib/session.server";
import { usePortalForm } from "~/lib/use-portal-form";
import { useT } from "~/lib/use-t";
import { ActivateAccountSchema } from "~/schemas/auth-flows";
import { addressBlocked, linkGone, throttledReply, usingLink } from "./shared.server";

export const handle = { i18n: ["account", "api"] };
const constraint = getZodConstraint(ActivateAccountSchema);
const SCOPE = "/activate-account";

const LINK = "GET /auth/activate-account/{token}";
const readLink = (client: ApiClient, token: string) => client.call(LINK, { params: { token }, silentNotFound: true });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (params.activationToken) stashLinkToken("activate", params.activationToken, SCOPE, request);
  const token = linkToken(request, "activate", SCOPE);
  if (!token) return linkGone();
  const link = await readLink(api(context, request, { public: true }), token);
  if (!link || link.status !== "valid") return linkGone();
  return { gone: false as const, firstName: link.first_name, username: link.username, terms: link.terms, constraint };
}

export async function action({ request, context }: Route.ActionArgs) {
  const token = linkToken(request, "activate", SCOPE);
  if (!token) throw redirect(SCOPE);
  if (await addressBlocked(context)) return throttledReply();
  return usingLink("activate", SCOPE, () =>
    formAction(
      { request, context },
      {
        schema: ActivateAccountSchema,
        hideFields: ["new_password", "confirm_password"],
        submit: (value) =>
          api(context, request, { public: true }).call("POST /auth/activate-account/{token}", {
            params: { token },
            form: { ...value, accept_terms: "true" },
            headers: sessionClientHeaders(context, request),
          }),
        success: (answer) => {
          // The API signs the new customer in: the portal's session takes the tokens, and the sign-in page
          // checks on the way that the browser kept them (decision 252).
          setTokens(context, { accessToken: answer.token, refreshToken: answer.refresh_token });
          return { redirectTo: throughCookieCheck("/welcome"), notification: { key: "account:activate.notifyDone" } };
        },
      },
    ),
  );
}

export default function ActivateAccount({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("account");
  const [form, fields] = usePortalForm({
    schema: () => import("~/schemas/auth-flows").then((m) => m.ActivateAccountSchema),
    lastResult: actionData,
    constraint: loaderData.gone ? undefined : loaderData.constraint,
  });
  if (loaderData.gone) {
    return (
      <LinkGone title={t("linkGone.title")} help={t("linkGone.askNewActivationHelp")}>
        <Link to="/forgot-password" className={actionLinkClass}>
          {t("linkGone.askNewActivation")}
        </Link>
        <Link to="/login">{t("linkGone.signIn")}</Link>
      </LinkGone>
    );
  }
  const { firstName, username, terms } = loaderData;
  return (
    <PublicCard
      wide
      title={t("activate.title")}
      intro={
        <>
          <p className="font-semibold text-gray-900">
            {firstName ? t("activate.hello", { name: firstName }) : t("activate.helloAnonymous")}
          </p>
          {username ? <p>{t("activate.forUser", { username })}</p> : null}
        </>
      }
    >
      <ErrorSummary form={form} />
      <Form method="post" {...getFormProps(form)} className="space-y-6">
        <LegalText id="terms" title={t("activate.termsTitle")} document={terms} versionKey="account:activate.termsVersion" />
        <Checkbox meta={fields.accept_terms} label={t("activate.acceptTerms")} />
        <fieldset className="space-y-4">
          <legend className="text-lg font-semibold text-gray-900">{t("activate.passwordTitle")}</legend>
          <NewPasswordFields password={fields.new_password} confirm={fields.confirm_password} />
        </fieldset>
        <SubmitButton>{t("activate.submit")}</SubmitButton>
      </Form>
    </PublicCard>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
