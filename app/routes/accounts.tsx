/**
 * The searchable account list (more than 7 accounts), for browsers without JavaScript: GET ?q= filters
 * by name or customer id; each match has a button that makes it active.
 */
import { useT } from "~/lib/use-t";
import { Form } from "react-router";
import type { Route } from "./+types/accounts";
import { PageTitle } from "~/components/PageTitle";
import { SearchForm } from "~/components/SearchForm";
import { matchesAccountQuery } from "~/lib/account-search";
import { activeCustomer, getAccount } from "~/lib/auth.server";
import { pageUrl } from "~/lib/page-url";

export async function loader({ request, context }: Route.LoaderArgs) {
  const q = (pageUrl(request).searchParams.get("q") ?? "").slice(0, 100);
  const { customers } = await getAccount(context, request);
  const active = activeCustomer(request, customers);
  return {
    q,
    activeId: active?.customer_id,
    total: customers.length,
    matches: customers
      .filter((c) => matchesAccountQuery(c, q))
      .map(({ customer_id, contract_name, isResidential }) => ({ customer_id, contract_name, isResidential })),
  };
}

export default function Accounts({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const { q, matches, activeId, total } = loaderData;
  return (
    <section className="max-w-3xl">
      <PageTitle title={t("accounts.title")} />
      <h1 id="accounts-heading" className="text-2xl font-semibold">
        {t("accounts.title")}
      </h1>
      <SearchForm
        action="/accounts"
        id="accounts-q"
        label={t("switcher.searchLabel")}
        submit={t("switcher.search")}
        q={q}
        labelledBy="accounts-heading"
        className="mt-4"
      />
      <p className="mt-4 text-gray-800" aria-live="polite">
        {t("accounts.count", { count: matches.length, total })}
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
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
