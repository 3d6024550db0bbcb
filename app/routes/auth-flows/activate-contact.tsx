/**
 * /activate-customer-contact/{customerId}/{contactToken}: a contact added by someone else activates
 * their access (GET/POST /activate-customer-contact/…). Without a sign-in yet they choose a password;
 * with one (same e-mail) they enter it and the account joins their sign-in. Then on to sign in. An
 * expired, revoked or used link shows the spec's not-found text.
 */
import { getFormProps } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/activate-contact";
import { LinkGone, NewPasswordFields, PublicCard } from "~/components/auth-flows/LinkGone";
import { actionLinkClass } from "~/components/PageHeader";
import { ErrorSummary, Field, SubmitButton } from "~/components/form";
import { api } from "~/lib/api.server";
import { formAction } from "~/lib/form-action.server";
import { linkToken, stashLinkToken } from "~/lib/link-token.server";
import { usePortalForm } from "~/lib/use-portal-form";
import { useT } from "~/lib/use-t";
import { ContactExistingSignInSchema, ContactNewSignInSchema } from "~/schemas/auth-flows";
import { addressBlocked, linkGone, throttledReply, usingLink } from "./shared.server";

export const handle = { i18n: ["account", "api"] };
const constraints = { new: getZodConstraint(ContactNewSignInSchema), existing: getZodConstraint(ContactExistingSignInSchema) };

/** The page's address without the token, or null for a customer id that is not one. */
const scopeOf = (customerId: string | undefined) =>
  customerId && /^\d{1,12}$/.test(customerId) ? `/activate-customer-contact/${customerId}` : null;

const LINK = "GET /activate-customer-contact/{customerId}/{contactToken}";

const invitation = (request: Request, context: Route.LoaderArgs["context"], customerId: string, token: string) =>
  api(context, request, { public: true }).call(LINK, { params: { customerId, contactToken: token }, silentNotFound: true });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const scope = scopeOf(params.customerId);
  if (!scope) return linkGone();
  if (params.contactToken) stashLinkToken("contact", params.contactToken, scope, request);
  const token = linkToken(request, "contact", scope);
  const found = token ? await invitation(request, context, params.customerId!, token) : null;
  if (!found) return linkGone();
  return {
    gone: false as const,
    name: `${found.first_name} ${found.last_name}`.trim(),
    customer: found.customer_name,
    email: found.email,
    hasAccount: found.has_account,
    constraint: found.has_account ? constraints.existing : constraints.new,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const scope = scopeOf(params.customerId);
  const token = scope ? linkToken(request, "contact", scope) : undefined;
  if (!scope || !token) throw redirect(scope ?? "/activate-customer-contact");
  if (await addressBlocked(context)) return throttledReply();
  const found = await invitation(request, context, params.customerId!, token);
  if (!found) throw redirect(scope);
  const customerId = params.customerId!;
  return usingLink("contact", scope, () =>
    formAction(
      { request, context },
      {
        schema: found.has_account ? ContactExistingSignInSchema : ContactNewSignInSchema,
        hideFields: ["password", "password_confirmation"],
        submit: (value) =>
          api(context, request, { public: true }).call("POST /activate-customer-contact/{customerId}/{contactToken}", {
            params: { customerId, contactToken: token },
            form: value,
          }),
        success: (answer) => ({
          redirectTo: "/login",
          notification: {
            key: answer.account_created ? "account:contact.notifyCreated" : "account:contact.notifyLinked",
            values: { username: answer.username, customer: found.customer_name },
          },
        }),
      },
    ),
  );
}

export default function ActivateContact({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("account");
  const [form, fields] = usePortalForm({
    schema: () =>
      import("~/schemas/auth-flows").then((m) =>
        !loaderData.gone && loaderData.hasAccount ? m.ContactExistingSignInSchema : m.ContactNewSignInSchema,
      ),
    lastResult: actionData,
    constraint: loaderData.gone ? undefined : loaderData.constraint,
  });
  if (loaderData.gone) {
    return (
      <LinkGone title={t("linkGone.title")} help={t("linkGone.contactHelp")}>
        <Link to="/login" className={actionLinkClass}>
          {t("linkGone.signIn")}
        </Link>
      </LinkGone>
    );
  }
  const { name, customer, email, hasAccount } = loaderData;
  return (
    <PublicCard
      title={t("contact.title")}
      intro={
        <>
          <p className="font-semibold text-gray-900">{t("contact.intro", { name, customer })}</p>
          <p>{hasAccount ? t("contact.hasAccount", { email, customer }) : t("contact.newAccount", { email })}</p>
        </>
      }
    >
      <ErrorSummary form={form} />
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        {/* The sign-in name, for password managers. */}
        <input type="hidden" name="username" value={email} autoComplete="username" readOnly />
        {hasAccount ? (
          <Field meta={fields.password} type="password" label={t("contact.password")} autoComplete="current-password" />
        ) : (
          <NewPasswordFields
            password={fields.password}
            confirm={fields.password_confirmation}
            passwordLabel={t("contact.password")}
            confirmLabel={t("contact.confirm")}
          />
        )}
        <SubmitButton>{t("contact.submit")}</SubmitButton>
      </Form>
    </PublicCard>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
