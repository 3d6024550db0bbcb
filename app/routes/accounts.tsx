/**
 * The searchable account list (more than 7 accounts), for browsers without JavaScript: GET ?q= filters
 * by name, customer id or account number; each match has a button that makes it active. A business
 * contact may hold hundreds of accounts: 25 a page (?page=).
 */
import { useT } from "~/lib/use-t";
import { Form, redirect } from "react-router";
import type { Route } from "./+types/accounts";
import { PageLinks } from "~/components/PageLinks";
import { PageTitle } from "~/components/PageTitle";
import { SearchForm } from "~/components/SearchForm";
import { matchesAccountQuery } from "~/lib/account-search";
import { activeCustomer, getAccount } from "~/lib/auth.server";
import { listAddressOf, listHref, pageOf, QUERY_MAX } from "~/lib/list-page";

const PATH = "/accounts";
export const ACCOUNTS_PAGE_SIZE = 25;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { q, page } = listAddressOf(request);
  const { customers } = await getAccount(context, request);
  const active = activeCustomer(request, customers);
  const matches = customers.filter((c) => matchesAccountQuery(c, q));
  const shown = pageOf(matches, page, ACCOUNTS_PAGE_SIZE);
  if (shown.past) throw redirect(listHref(PATH, { q, page: shown.pages }));
  return {
    q,
    page,
    pages: shown.pages,
    activeId: active?.customer_id,
    total: customers.length,
    matched: matches.length,
    matches: shown.items.map(({ customer_id, contract_name, isResidential }) => ({ customer_id, contract_name, isResidential })),
  };
}

export default function Accounts({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const { q, page, pages, matches, matched, activeId, total } = loaderData;
  return (
    <section className="max-w-3xl">
      <PageTitle title={t("accounts.title")} />
      <h1 id="accounts-heading" className="text-2xl font-semibold">
        {t("accounts.title")}
      </h1>
      <SearchForm
        action={PATH}
        id="accounts-q"
        label={t("switcher.searchLabel")}
        submit={t("switcher.search")}
        q={q}
        maxLength={QUERY_MAX}
        labelledBy="accounts-heading"
        className="mt-4"
      />
      <p className="mt-4 text-gray-800" aria-live="polite">
        {t("accounts.count", { count: matched, total })}
      </p>
      <ul className="mt-2 divide-y divide-gray-200 rounded-md border border-gray-200 bg-white">
        {matches.map((account) => (
          <li key={account.customer_id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
            <div>
              <p className="font-medium">{account.contract_name}</p>
              <p className="text-sm text-gray-700">
                {t("accounts.customerId", { id: account.customer_id })} ·{" "}
                {account.isResidential ? t("accounts.residential") : t("accounts.commercial")}
              </p>
            </div>
            {account.customer_id === activeId ? (
              <span className="text-sm font-semibold text-primary-dark">{t("accounts.current")}</span>
            ) : (
              <Form method="post" action="/switch-account">
                <input type="hidden" name="customerId" value={account.customer_id} />
                <button
                  type="submit"
                  className="rounded-md border border-primary px-3 py-1 text-sm font-medium text-primary hover:bg-primary-light"
                >
                  {t("accounts.switchTo")}
                  <span className="sr-only"> {account.contract_name}</span>
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      <PageLinks
        label={t("accounts.pagination")}
        page={page}
        pages={pages}
        href={(n) => listHref(PATH, { q, page: n })}
        previous={t("accounts.previous")}
        next={t("accounts.next")}
      />
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
