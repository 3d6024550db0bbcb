/**
 * The side navigation (drawer) of the signed-in area, drawn twice on every signed-in page (the drawer of
 * small screens and the column of wide ones). Its links mark the page shown as NavLink would (the same
 * address, or a page under it for a link that is not `end`; in any case), and are PlainLinks: Links the
 * server draws as plain anchors (a NavLink resolved its path and checked for a view transition on every
 * link; a Link's hooks cost the server 8 µs more than an anchor, 13 links on a commercial page of the demo).
 */
import { useT } from "~/lib/use-t";
import { Form, useLocation } from "react-router";
import { PlainLink } from "~/components/PlainLink";
import type { NavItem } from "~/lib/navigation";

/** Whether a link to `to` marks the page at `pathname`: the same address, or (not `end`) one under it. */
export function isCurrent(pathname: string, to: string, end: boolean): boolean {
  const here = pathname.toLowerCase();
  const there = to.toLowerCase();
  return here === there || (!end && here.startsWith(`${there}/`));
}

function NavItemLink({ to, end, children }: { to: `/${string}`; end: boolean; children: string }) {
  const current = isCurrent(useLocation().pathname, to, end);
  return (
    <PlainLink
      to={to}
      aria-current={current ? "page" : undefined}
      className={`block rounded-md px-3 py-2 text-sm no-underline ${
        current ? "bg-primary-light font-semibold text-primary-dark" : "text-gray-900 hover:bg-gray-100"
      }`}
    >
      {children}
    </PlainLink>
  );
}

function Items({ items, depth, navId, labelledBy }: { items: NavItem[]; depth: number; navId: string; labelledBy?: string }) {
  const { t } = useT();
  return (
    <ul className={depth ? "ml-3 space-y-1 border-l border-gray-200 pl-2" : "space-y-1"} aria-labelledby={labelledBy}>
      {items.map((item) => (
        <li key={item.key}>
          {item.kind === "link" ? (
            <NavItemLink to={item.to} end>
              {t(item.label)}
            </NavItemLink>
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
            <NavItemLink to="/profile-settings" end={false}>
              {t("nav.profileSettings")}
            </NavItemLink>
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
