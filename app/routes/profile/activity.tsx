/**
 * /account-activity/{customerId}: the account's activity log (GET /customers/{customerId}/activity),
 * newest first, 25 a page (a page past the last goes to the last): who did what and when, in words. The
 * account's authoritative contacts see everyone's actions, other contacts their own (the API decides; the
 * page says which). A plain GET form filters by kind and dates (?kind=&from_date=&to_date=); the same
 * filter downloads as CSV (activity-csv.ts). A filter that does not hold never reaches the API: the page
 * says what is wrong next to it (400) and lists nothing. Without an id: the active account's.
 */
import { data, redirect } from "react-router";
import type { Route } from "./+types/activity";
import { ACTIVITY_KINDS } from "#contract/values";
import { DataTable } from "~/components/DataTable";
import { FilterForm } from "~/components/FilterForm";
import { PageHeader } from "~/components/PageHeader";
import { PageLinks } from "~/components/PageLinks";
import { activityKind, activityWhat, activityWho } from "~/lib/activity-words.server";
import { ApiFieldErrors, api } from "~/lib/api.server";
import { redirectToActiveAccount, requireCustomer } from "~/lib/auth.server";
import { fieldMessages } from "~/lib/form-action.server";
import { formatDateTime } from "~/lib/i18n";
import { getLanguage, getT } from "~/lib/i18n.server";
import { useT } from "~/lib/use-t";
import { FILTER_FIELDS, activityPageHref, readActivityFilter } from "./activity.server";

export const handle = { i18n: ["profile", "api"] };

const PAGE_SIZE = 25;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!params.customerId) return redirectToActiveAccount(context, request, (id) => `/account-activity/${id}`);
  const customer = await requireCustomer(context, request, params);
  const id = customer.customer_id;
  const filter = readActivityFilter(request);
  const search = new URLSearchParams(Object.entries(filter.query) as [string, string][]).toString();
  const page = {
    customer: { customer_id: id, contract_name: customer.contract_name },
    filter: filter.typed,
    csvHref: `/account-activity/${id}/activity.csv${search ? `?${search}` : ""}`,
    search,
  };
  const refused = (codes: Record<string, string[]>) =>
    data({ ...page, errors: fieldMessages(context, codes, FILTER_FIELDS), log: null }, { status: 400 });
  if (Object.keys(filter.errors).length) return refused(filter.errors as Record<string, string[]>);

  let answer;
  try {
    answer = await api(context, request).call("GET /customers/{customerId}/activity", {
      params: { customerId: id },
      query: { ...filter.query, page: filter.page, page_size: PAGE_SIZE },
    });
  } catch (error) {
    if (error instanceof ApiFieldErrors) return refused(error.errors);
    throw error;
  }
  const pages = Math.max(1, Math.ceil(answer.total / PAGE_SIZE));
  // A page past the end (a link made when the log was longer, or a page typed in): the last page, as the
  // other paged lists do (the account list, the e-mail choices), the rest of the address kept.
  if (filter.page > pages) throw redirect(activityPageHref(request, id, pages));
  const t = getT(context, "profile");
  const language = getLanguage(context);
  const log = {
    scope: answer.scope,
    page: answer.page,
    pages,
    events: answer.events.map((event) => ({
      id: event.id,
      at: event.at,
      who: activityWho(t, event),
      kind: activityKind(t, event),
      what: activityWhat(t, event, language),
    })),
  };
  return { ...page, errors: {} as Record<string, string[]>, log };
}

export default function Activity({ loaderData }: Route.ComponentProps) {
  const { t, language } = useT("profile");
  const { customer, filter, errors, log, csvHref, search } = loaderData;
  const id = customer.customer_id;
  const filtered = Boolean(filter.kind || filter.from_date || filter.to_date);
  const pageHref = (n: number) => `/account-activity/${id}?${search ? `${search}&` : ""}page=${n}`;
  return (
    <div className="max-w-4xl">
      <PageHeader title={t("activity.title")} subtitle={t("activity.account", { name: customer.contract_name, id })} />
      {log ? (
        <p className="text-gray-800" data-testid="activity-scope">
          {t(log.scope === "account" ? "activity.scopeAccount" : "activity.scopeOwn")}
        </p>
      ) : null}
      <FilterForm
        namespace="profile"
        keys="activity.filter"
        idPrefix="filter"
        values={filter}
        errors={errors}
        select={{
          name: "kind",
          options: [
            { value: "", label: t("activity.filter.allKinds") },
            ...ACTIVITY_KINDS.map((kind) => ({ value: kind, label: t(`activity.kinds.${kind}`) })),
          ],
        }}
        clearTo={`/account-activity/${id}`}
        className="mt-6"
      />
      {log === null ? (
        <p className="mt-6 text-gray-800" data-testid="activity-fix-filter">
          {t("activity.fixFilter")}
        </p>
      ) : (
        <>
          <p className="mt-6">
            {/* A file to save: a document request, never a client navigation. */}
            <a href={csvHref} download className="font-medium" data-testid="activity-csv">
              {t("activity.download")}
            </a>
          </p>
          <DataTable
            caption={filtered ? t("activity.captionFiltered") : t("activity.caption")}
            columns={[
              { header: t("activity.columns.when") },
              { header: t("activity.columns.who") },
              { header: t("activity.columns.what") },
            ]}
            rows={log.events}
            className="mt-4"
            testId="activity"
            empty={filtered ? t("activity.emptyFiltered") : t("activity.empty")}
            emptyTestId="activity-empty"
            row={(event) => (
              <tr key={event.id} className="border-t border-gray-200 align-top" data-testid="activity-row">
                <th scope="row">
                  <time dateTime={event.at}>{formatDateTime(event.at, language)}</time>
                </th>
                <td>{event.who}</td>
                <td>
                  <span className="block font-medium">{event.kind}</span>
                  <span className="block">{event.what}</span>
                </td>
              </tr>
            )}
          />
          <PageLinks
            label={t("activity.pagination")}
            page={log.page}
            pages={log.pages}
            href={pageHref}
            previous={t("activity.previous")}
            next={t("activity.next")}
          />
        </>
      )}
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
