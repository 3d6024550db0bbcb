/**
 * /profile-settings: the signed-in user's profile (GET/PUT /profile-settings), for every customer,
 * residential or commercial. Sections are cards in a list (PROFILE_SECTIONS below) so another one
 * (analytics consent, two-step verification, where you're signed in, account activity) is one more entry. Changing the preferred language also changes the portal's
 * (the redirect carries ?lng=, which the language middleware remembers).
 */
import { getFormProps } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import type { Route } from "./+types/settings";
import type { CurrentUserAnswer } from "#contract/accounts";
import { Card, Details } from "~/components/Card";
import { ErrorSummary, Field, RadioGroup, SubmitButton } from "~/components/form";
import { PageHeader, secondaryLinkClass } from "~/components/PageHeader";
import { api } from "~/lib/api.server";
import { formAction, type FormReply } from "~/lib/form-action.server";
import { formatDate } from "~/lib/i18n";
import { usePortalForm } from "~/lib/use-portal-form";
import { useT } from "~/lib/use-t";
import { ProfileSchema } from "~/schemas/profile";
import { TwoStepSection } from "~/components/profile/TwoStepSection";
import { profileWithTwoStep } from "./two-step.server";

export const handle = { i18n: ["profile", "api"] };

const constraint = getZodConstraint(ProfileSchema);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, twoStep } = await profileWithTwoStep(context, request);
  return { user, twoStep, constraint };
}

export async function action({ request, context }: Route.ActionArgs) {
  return formAction(
    { request, context },
    {
      schema: ProfileSchema,
      submit: (value) => api(context, request).call("PUT /profile-settings", { form: { ...value, phone: value.phone ?? null } }),
      success: (_answer, value, { language }) =>
        value.preferred_language === language
          ? { redirectTo: "/profile-settings", notification: { key: "profile:notifySaved" } }
          : // The portal's language changes with it: a new document in that language.
            {
              redirectTo: `/profile-settings?lng=${value.preferred_language}`,
              notification: { key: "profile:notifySaved" },
              reloadDocument: true,
            },
    },
  );
}

type User = CurrentUserAnswer["current_user"];

function DetailsSection({
  user,
  lastResult,
  constraint,
}: {
  user: User;
  lastResult: FormReply | null;
  constraint: Record<string, unknown>;
}) {
  const { t } = useT("profile");
  const [form, fields] = usePortalForm({
    schema: () => import("~/schemas/profile").then((m) => m.ProfileSchema),
    lastResult,
    constraint,
    defaultValue: {
      first_name: user.first_name,
      last_name: user.last_name,
      phone: user.phone ?? "",
      preferred_language: user.preferred_language,
    },
  });
  return (
    <Card id="details-heading" title={t("details.title")}>
      <p className="mb-4 text-sm text-gray-800">{t("details.email", { email: user.email })}</p>
      <ErrorSummary form={form} />
      <Form method="post" {...getFormProps(form)} className="space-y-5">
        <Field meta={fields.first_name} label={t("details.firstName")} autoComplete="given-name" />
        <Field meta={fields.last_name} label={t("details.lastName")} autoComplete="family-name" />
        <Field
          meta={fields.phone}
          type="tel"
          label={`${t("details.phone")} ${t("common:form.optional")}`}
          hint={t("details.phoneHint")}
          autoComplete="tel"
        />
        <RadioGroup
          meta={fields.preferred_language}
          legend={t("details.language")}
          hint={t("details.languageHint")}
          options={[
            { value: "en", label: "English" },
            { value: "fr", label: "Français" },
          ]}
        />
        <SubmitButton>{t("details.submit")}</SubmitButton>
      </Form>
    </Card>
  );
}

function PasswordSection({ user }: { user: User }) {
  const { t, language } = useT("profile");
  return (
    <Card id="password-heading" title={t("password.title")}>
      <Details
        items={[
          [t("password.lastChanged"), user.password_changed_at ? formatDate(user.password_changed_at, language) : t("password.never")],
        ]}
      />
      <p className="mt-3 text-sm text-gray-800">{t("password.sessions")}</p>
      <p className="mt-4">
        <Link to="/profile-settings/password" className={secondaryLinkClass}>
          {t("password.change")}
        </Link>
      </p>
    </Card>
  );
}

/** A section that leads to a page of its own: which e-mails (docs/notifications.md), where the user is signed in
 * (routes/profile/sessions.tsx), the active account's activity (routes/profile/activity.tsx), privacy (docs/analytics.md). */
function LinkSection({ section, to }: { section: string; to: string }) {
  const { t } = useT("profile");
  return (
    <Card id={`${section}-heading`} title={t(`${section}.cardTitle`)}>
      <p className="text-sm text-gray-800">{t(`${section}.cardText`)}</p>
      <p className="mt-4">
        <Link to={to} className={secondaryLinkClass}>
          {t(`${section}.cardLink`)}
        </Link>
      </p>
    </Card>
  );
}

export default function ProfileSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("profile");
  const { user } = loaderData;
  // One entry per section, in order; a new section (analytics consent…) is one more entry.
  const PROFILE_SECTIONS = [
    <DetailsSection key="details" user={user} lastResult={actionData ?? null} constraint={loaderData.constraint} />,
    <PasswordSection key="password" user={user} />,
    // An API without two-step verification: no section.
    loaderData.twoStep ? <TwoStepSection key="two-step" state={loaderData.twoStep} /> : null,
    <LinkSection key="notifications" section="notifications" to="/profile-settings/notifications" />,
    <LinkSection key="sessions" section="sessions" to="/profile-settings/sessions" />,
    <LinkSection key="activity" section="activity" to="/account-activity" />,
    <LinkSection key="privacy" section="privacy" to="/privacy" />,
  ];
  return (
    <div className="max-w-2xl">
      <PageHeader title={t("title")} subtitle={t("line", { username: user.username })} />
      <div className="space-y-6">{PROFILE_SECTIONS}</div>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
