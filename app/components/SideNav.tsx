/** The side navigation (drawer) of the signed-in area. */
import { useT } from "~/lib/use-t";
import { Form, NavLink } from "react-router";
import type { NavItem } from "~/lib/navigation";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 text-sm no-underline ${
    isActive ? "bg-primary-light font-semibold text-primary-dark" : "text-gray-900 hover:bg-gray-100"
  }`;

function Items({ items, depth, navId, labelledBy }: { items: NavItem[]; depth: number; navId: string; labelledBy?: string }) {
  const { t } = useT();
  return (
    <ul className={depth ? "ml-3 space-y-1 border-l border-gray-200 pl-2" : "space-y-1"} aria-labelledby={labelledBy}>
      {items.map((item) => (
        <li key={item.key}>
          {item.kind === "link" ? (
            <NavLink to={item.to} end className={linkClass}>
              {t(item.label)}
            </NavLink>
          ) : (
            <>
              <span
                id={`${navId}-${item.key}`}
                className="block px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-gray-700 uppercase"
              >
                {[item.label, ...(item.trail ?? [])].map((label) => t(label)).join(" › ")}
              </span>
              <Items items={item.items} depth={depth + 1} navId={navId} labelledBy={`${navId}-${item.key}`} />
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/** `withAccountItems` adds Profile settings and Sign out (small screens). */
export function SideNav({ items, withAccountItems, id }: { items: NavItem[]; withAccountItems?: boolean; id: string }) {
  const { t } = useT();
  return (
    <nav aria-label={t("nav.label")} id={id} className="space-y-1">
      {items.length ? <Items items={items} depth={0} navId={id} /> : null}
      {withAccountItems ? (
        <ul className="mt-2 space-y-1 border-t border-gray-200 pt-2">
          <li>
            <NavLink to="/profile-settings" className={linkClass}>
              {t("nav.profileSettings")}
            </NavLink>
          </li>
          <li>
            <Form method="post" action="/logout">
              <button type="submit" className="block w-full rounded-md px-3 py-2 text-left text-sm text-gray-900 hover:bg-gray-100">
                {t("nav.signOut")}
              </button>
            </Form>
          </li>
        </ul>
      ) : null}
    </nav>
  );
}
