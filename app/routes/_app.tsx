/**
 * The signed-in layout: header ("my" + brand, account switcher, EN/FR, account menu), the side
 * navigation, page alerts and the page. Its middleware renews the access token or sends the customer
 * to sign in.
 */
import { useT } from "~/lib/use-t";
import { redirect, useLocation } from "react-router";
import { PageOutlet } from "~/components/PageOutlet";
import type { Route } from "./+types/_app";
import { AccountMenu } from "~/components/AccountMenu";
import { AccountSwitcher } from "~/components/AccountSwitcher";
import { BrandLink } from "~/components/Brand";
import { LanguageToggle } from "~/components/LanguageToggle";
import { ErrorScreen, SkipLink } from "~/components/PageFrame";
import { useBrand } from "~/lib/root-data";
import { SideNav } from "~/components/SideNav";
import {
  accountSummary,
  activeAccount,
  findAccount,
  followActiveAccountMiddleware,
  forgetAccountsAfterWrites,
  getAccount,
  requireUserMiddleware,
} from "~/lib/auth.server";
import { conditionalMiddleware } from "~/lib/conditional.server";
import { formDraftMiddleware, formDraftOf } from "~/lib/form-draft.server";
import { serviceAccountId } from "~/routes/business/business.server";
import { commercialAppUrl } from "~/lib/commercial.server";
import { featureFlags } from "~/lib/config.server";
import { showsWideDrawer, sideNavigation, SWITCHER_MENU_LIMIT } from "~/lib/navigation";
import { pageUrl } from "~/lib/page-url";

// Signed in first; then a page that has not changed since this browser got it answers 304 (conditionalMiddleware),
// inside followActiveAccountMiddleware so that viewing an account's page makes it the active one even then.
// A form posted when the session had ended comes back with what was typed (formDraftMiddleware).
export const middleware: Route.MiddlewareFunction[] = [
  requireUserMiddleware,
  formDraftMiddleware,
  forgetAccountsAfterWrites,
  followActiveAccountMiddleware,
  conditionalMiddleware,
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const pathname = pageUrl(request).pathname;
  const routeId =
    "customerId" in params && params.customerId ? Number(params.customerId) : await serviceAccountId(context, request, pathname);
  // An account the kept list lacks is looked up (findAccount).
  const inRoute = routeId ? await findAccount(context, request, routeId) : undefined;
  const { count, username } = await accountSummary(context, request);
  // The switcher's menu lists them all; its search (more than the menu holds) fetches them when used (/accounts/list).
  const listed = count <= SWITCHER_MENU_LIMIT ? (await getAccount(context, request)).customers : [];
  // A commercial account goes to the commercial application when one is configured.
  if (inRoute && !inRoute.isResidential) {
    const external = commercialAppUrl(inRoute.customer_id, pathname);
    if (external) throw redirect(external);
  }
  const active = inRoute ?? (await activeAccount(context, request));
  return {
    username,
    accounts: listed.map(({ customer_id, contract_name }) => ({ customer_id, contract_name })),
    accountCount: count,
    active: active ?? null,
    features: featureFlags(),
    /** What the customer typed into this page's form before their session ended (usePortalForm). */
    formDraft: formDraftOf(context),
  };
}

export default function AppLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const { pathname } = useLocation();
  const brand = useBrand();
  const { username, accounts, accountCount, active, features } = loaderData;
  const items = sideNavigation(active ?? undefined, features);
  const wideDrawer = showsWideDrawer(active ?? undefined, pathname);

  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <header className="border-b border-gray-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
          <BrandLink brand={brand} />
          <div className="hidden flex-1 md:block">
            <AccountSwitcher accounts={accounts} count={accountCount} active={active ?? undefined} idPrefix="wide" />
          </div>
          <div className="ml-auto flex items-center gap-3">
            <LanguageToggle />
            <div className="hidden md:block">
              <AccountMenu username={username} />
            </div>
          </div>
        </div>
        {/* Small screens: the switcher moves to a header extension, the navigation to a drawer. */}
        <div className="border-t border-gray-100 px-4 py-2 md:hidden">
          {accountCount > 1 ? (
            <div className="mb-2">
              <AccountSwitcher accounts={accounts} count={accountCount} active={active ?? undefined} idPrefix="small" />
            </div>
          ) : null}
          <details className="group">
            <summary className="cursor-pointer list-none rounded-md px-2 py-1 text-sm font-semibold text-gray-900 hover:bg-gray-100">
              <span aria-hidden="true" className="mr-2">
                ☰
              </span>
              {t("nav.menu")}
            </summary>
            <div className="mt-2 pb-2">
              <SideNav id="nav-small" items={items} withAccountItems />
            </div>
          </details>
        </div>
      </header>
      <div className="mx-auto flex w-full max-w-7xl flex-1">
        {wideDrawer && items.length ? (
          <aside className="hidden w-drawer shrink-0 border-r border-gray-200 bg-white px-3 py-6 md:block">
            <SideNav id="nav-wide" items={items} />
          </aside>
        ) : null}
        <main id="main" className="min-w-0 flex-1 px-4 py-6 md:px-8">
          <PageOutlet />
        </main>
      </div>
    </div>
  );
}

/** Errors of the layout's own loader (for example the API being down): a plain page. */
export const ErrorBoundary = ErrorScreen;
