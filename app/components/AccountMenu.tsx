/**
 * The account menu of the header: Profile settings and Sign out (a POST form). Without JavaScript, and
 * until its widget loads, a native disclosure (<details>); then a Headless UI Menu.
 */
import { Suspense } from "react";
import { lazyEnhancement } from "~/lib/lazy-enhancement";
import { useT } from "~/lib/use-t";
import { Form, Link } from "react-router";
import { useHydrated } from "~/lib/use-hydrated";

// A widget whose code does not download leaves the native disclosure in place (lazyEnhancement).
const MenuWidget = lazyEnhancement<{ username: string }>(() => import("./AccountMenuWidget").then((m) => m.default), NativeAccountMenu);

export const accountMenuItemClass =
  "block w-full px-4 py-2 text-left text-gray-900 no-underline hover:bg-primary-light data-focus:bg-primary-light";
export const accountMenuButtonClass =
  "flex cursor-pointer items-center gap-2 rounded-md px-2 py-1 text-sm font-medium text-gray-900 hover:bg-gray-100";

export function UserLabel({ username }: { username: string }) {
  const { t } = useT();
  return (
    <>
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5 fill-current">
        <path d="M10 10a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8a7 7 0 0 1 14 0H3Z" />
      </svg>
      <span className="max-w-[12rem] truncate">{username}</span>
      <span className="sr-only">{t("accountMenu.label")}</span>
    </>
  );
}

function NativeAccountMenu({ username }: { username: string }) {
  const { t } = useT();
  return (
    <details className="relative">
      <summary className={`${accountMenuButtonClass} list-none`}>
        <UserLabel username={username} />
      </summary>
      <div className="absolute right-0 z-40 mt-2 w-56 rounded-md border border-gray-200 bg-white py-1 shadow-lg">
        <Link to="/profile-settings" className={accountMenuItemClass}>
          {t("nav.profileSettings")}
        </Link>
        <Form method="post" action="/logout">
          <button type="submit" className={accountMenuItemClass}>
            {t("nav.signOut")}
          </button>
        </Form>
      </div>
    </details>
  );
}

export function AccountMenu({ username }: { username: string }) {
  const hydrated = useHydrated();
  const native = <NativeAccountMenu username={username} />;
  if (!hydrated) return native;
  return (
    <Suspense fallback={native}>
      <MenuWidget username={username} />
    </Suspense>
  );
}
