/**
 * /profile-settings/notifications: which e-mails the user receives about each account they are a contact
 * of (GET /profile-settings/notifications), one form per account posting its ticked boxes here (PUT
 * /profile-settings/notifications/{customerId}; a box left unticked is off). Security e-mails (password
 * recovery, invitations, ticket lookup links) are always sent, and the page says so.
 * A business contact may hold hundreds of accounts: the page shows ten at a time (?page=), with a search
 * by name or number (?q=) once there are more than ten, and a save comes back to the same page.
 */
import { getFormProps } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/notifications";
import type { AccountNotifications } from "#contract/notifications";
import { NOTIFICATION_KINDS } from "#contract/values";
import { Card } from "~/components/Card";
import { CheckboxGroup, ErrorSummary, RefusedPostAlert, SubmitButton } from "~/components/form";
import { PageHeader } from "~/components/PageHeader";
import { PageLinks } from "~/components/PageLinks";
import { SearchForm } from "~/components/SearchForm";
import { matchesAccountQuery } from "~/lib/account-search";
import { api } from "~/lib/api.server";
import { formAction, type FormReply } from "~/lib/form-action.server";
import { listAddressOf, listHref, pageOf, QUERY_MAX } from "~/lib/list-page";
import { usePortalForm } from "~/lib/use-portal-form";
import { useT } from "~/lib/use-t";
import { NotificationPreferencesSchema } from "~/schemas/notifications";

export const handle = { i18n: ["profile", "api"] };

const constraint = getZodConstraint(NotificationPreferencesSchema);

const PATH = "/profile-settings/notifications";
/** Accounts a page shows; past this many, the page also offers a search. */
export const NOTIFICATIONS_PAGE_SIZE = 10;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { accounts } = await api(context, request).call("GET /profile-settings/notifications");
  const { q, page } = listAddressOf(request);
  const matches = q ? accounts.filter((account) => matchesAccountQuery(account, q)) : accounts;
  const shown = pageOf(matches, page, NOTIFICATIONS_PAGE_SIZE);
  // A page past the end (an account removed since the link was made) shows the last one.
  if (shown.past) throw redirect(listHref(PATH, { q, page: shown.pages }));
  return {
    accounts: shown.items,
    total: accounts.length,
    matched: matches.length,
    from: shown.from,
    q,
    page,
    pages: shown.pages,
    constraint,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return formAction(
    { request, context },
    {
      schema: NotificationPreferencesSchema,
      formLevelFields: ["customer_id"],
      submit: ({ customer_id, kinds }) =>
        api(context, request).call("PUT /profile-settings/notifications/{customerId}", {
          params: { customerId: customer_id },
          form: Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, kinds.includes(kind) ? "true" : "false"])),
        }),
      success: ({ account }) => ({
        // Back to the page of accounts the form was on.
        redirectTo: listHref(PATH, listAddressOf(request)),
        notification: { key: "profile:notifications.saved", values: { account: account.contract_name } },
      }),
    },
  );
}

type KindOption = { value: string; label: string; hint: string };

function AccountForm({
  account,
  single,
  lastResult,
  constraint,
  kinds,
}: {
  account: AccountNotifications;
  single: boolean;
  lastResult: FormReply | null;
  constraint: Record<string, unknown>;
  /** The e-mails one may choose, the same for every account (made once for the page's forms). */
  kinds: KindOption[];
}) {
  const { t } = useT("profile");
  const [form, fields] = usePortalForm({
    id: `notifications-${account.customer_id}`,
    schema: () => import("~/schemas/notifications").then((m) => m.NotificationPreferencesSchema),
    lastResult,
    constraint,
    defaultValue: {
      customer_id: String(account.customer_id),
      kinds: NOTIFICATION_KINDS.filter((kind) => account.preferences[kind]),
    },
  });
  const title = single ? t("notifications.emailsTitle") : t("notifications.accountTitle", { account: account.contract_name });
  return (
    <Card id={`notifications-${account.customer_id}-heading`} title={title}>
      {single ? null : <p className="mb-4 text-sm text-gray-700">{t("notifications.accountNumber", { number: account.account_number })}</p>}
      <ErrorSummary form={form} />
      <Form method="post" {...getFormProps(form)} className="space-y-5">
        <input type="hidden" name="customer_id" value={account.customer_id} />
        <CheckboxGroup meta={fields.kinds} legend={t("notifications.legend")} options={kinds} />
        <SubmitButton>{single ? t("notifications.submit") : t("notifications.submitFor", { account: account.contract_name })}</SubmitButton>
      </Form>
    </Card>
  );
}

export default function NotificationPreferences({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("profile");
  const { accounts, total, matched, from, q, page, pages } = loaderData;
  // A refused post comes back to its own account's form; one that names no account of the page (it could
  // not be read, or was not sent from it) says why above the forms.
  const reply = actionData as FormReply | undefined;
  const postedFor = reply?.result.initialValue?.customer_id;
  const placed = accounts.some((account) => String(account.customer_id) === postedFor);
  const searchable = total > NOTIFICATIONS_PAGE_SIZE;
  const kinds = NOTIFICATION_KINDS.map((kind) => ({
    value: kind,
    label: t(`notifications.kinds.${kind}.label`),
    hint: t(`notifications.kinds.${kind}.hint`),
  }));
  return (
    <div className="max-w-2xl">
      <PageHeader title={t("notifications.title")} />
      <div className="mb-6 space-y-2 text-gray-800">
        <p>{t("notifications.intro")}</p>
        <p>{t("notifications.security")}</p>
      </div>
      {total === 0 ? <p className="text-gray-800">{t("notifications.none")}</p> : null}
      {searchable ? (
        <SearchForm
          action={PATH}
          id="notifications-q"
          label={t("notifications.searchLabel")}
          hint={t("notifications.searchHint")}
          submit={t("notifications.search")}
          q={q}
          maxLength={QUERY_MAX}
          className="mb-4"
        />
      ) : null}
      {searchable ? (
        <p className="mb-4 text-gray-800" aria-live="polite">
          {q && matched === 0
            ? t("notifications.noMatch", { q })
            : q
              ? t("notifications.matches", { count: matched, q })
              : t("notifications.range", { from, to: from + accounts.length - 1, count: total })}
          {q ? (
            <>
              {" "}
              <Link to={PATH}>{t("notifications.showAll")}</Link>
            </>
          ) : null}
        </p>
      ) : null}
      <RefusedPostAlert reply={placed ? null : reply} />
      <div className="grid gap-6">
        {accounts.map((account) => (
          <AccountForm
            key={account.customer_id}
            account={account}
            single={total === 1}
            lastResult={postedFor === String(account.customer_id) ? (actionData ?? null) : null}
            constraint={loaderData.constraint}
            kinds={kinds}
          />
        ))}
      </div>
      <PageLinks
        label={t("notifications.pagination")}
        page={page}
        pages={pages}
        href={(n) => listHref(PATH, { q, page: n })}
        previous={t("notifications.previous")}
        next={t("notifications.next")}
      />
      <p className="mt-6">
        <Link to="/profile-settings">{t("back")}</Link>
      </p>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
