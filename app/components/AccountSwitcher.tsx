/**
 * The account switcher, shown with more than one account. Up to 7 accounts: a menu; more: a searchable
 * list, fetched when the customer first uses it (/accounts/list), not sent with every page. Without
 * JavaScript (and until the widget loads): a <select> with a submit button, or a GET search form that
 * leads to /accounts?q=. Then a Headless UI Menu or Combobox, of the same height (the same
 * label above a 2rem control), so nothing under the header moves when it replaces the native form.
 * Choosing posts customerId (and the current path) to /switch-account.
 */
import { Suspense } from "react";
import { lazyEnhancement } from "~/lib/lazy-enhancement";
import { useT } from "~/lib/use-t";
import { Form, useLocation } from "react-router";
import { SWITCHER_MENU_LIMIT } from "~/lib/navigation";
import { useHydrated } from "~/lib/use-hydrated";
import { accountLabel, type SwitcherProps } from "./AccountSwitcherParts";

// A widget whose code does not download leaves the native form in place (lazyEnhancement).
const MenuWidget = lazyEnhancement<SwitcherProps>(() => import("./AccountSwitcherWidgets").then((m) => m.AccountMenuWidget), NativeMenu);
const SearchWidget = lazyEnhancement<SwitcherProps>(
  () => import("./AccountSwitcherWidgets").then((m) => m.AccountSearchWidget),
  NativeSearch,
);

const buttonClass = "h-8 rounded-md border border-primary px-3 py-1 text-sm font-medium text-primary hover:bg-primary-light";

function NativeMenu({ accounts, active, idPrefix }: SwitcherProps) {
  const { t } = useT();
  const { pathname } = useLocation();
  return (
    <Form method="post" action="/switch-account" className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="returnTo" value={pathname} />
      <div>
        <label htmlFor={`${idPrefix}-switch-account`} className="block text-xs font-medium text-gray-700">
          {t("switcher.label")}
        </label>
        <select
          id={`${idPrefix}-switch-account`}
          name="customerId"
          defaultValue={active?.customer_id}
          className="h-8 max-w-[18rem] rounded-md border border-gray-400 bg-white px-2 py-1 text-sm"
        >
          {accounts.map((a) => (
            <option key={a.customer_id} value={a.customer_id}>
              {accountLabel(a)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={buttonClass}>
        {t("switcher.submit")}
      </button>
    </Form>
  );
}

function NativeSearch({ active, idPrefix }: SwitcherProps) {
  const { t } = useT();
  return (
    <form method="get" action="/accounts" role="search" aria-label={t("switcher.searchLabel")} className="flex flex-wrap items-end gap-2">
      <div>
        <label htmlFor={`${idPrefix}-account-search`} className="block text-xs font-medium text-gray-700">
          {t("switcher.searchLabel")}
        </label>
        <input
          id={`${idPrefix}-account-search`}
          type="search"
          name="q"
          placeholder={active ? accountLabel(active) : t("switcher.searchPlaceholder")}
          className="h-8 w-64 rounded-md border border-gray-400 px-2 py-1 text-sm"
        />
      </div>
      <button type="submit" className={buttonClass}>
        {t("switcher.search")}
      </button>
    </form>
  );
}

export function AccountSwitcher(props: SwitcherProps) {
  const hydrated = useHydrated();
  if (props.count <= 1) return null;
  const search = props.count > SWITCHER_MENU_LIMIT;
  const native = search ? <NativeSearch {...props} /> : <NativeMenu {...props} />;
  if (!hydrated) return native;
  return <Suspense fallback={native}>{search ? <SearchWidget {...props} /> : <MenuWidget {...props} />}</Suspense>;
}
