/**
 * The account menu of the header: Profile settings and Sign out (a POST form). Without JavaScript, and
 * until its widget loads, a native disclosure (<details>); then a Headless UI Menu.
 */
import { Suspense } from "react";
import { lazyEnhancement } from "~/lib/lazy-enhancement";
import { useT } from "~/lib/use-t";
import { Form, Link } from "react-router";
import { useHydrated } from "~/lib/use-hydrated";
import { accountMenuButtonClass, accountMenuItemClass, UserLabel } from "./AccountMenuParts";

// A widget whose code does not download leaves the native disclosure in place (lazyEnhancement).
const MenuWidget = lazyEnhancement<{ username: string }>(() => import("./AccountMenuWidget").then((m) => m.default), NativeAccountMenu);

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
