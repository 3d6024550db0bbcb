/**
 * React Router's Link, drawn on the server as the plain anchor it writes (`href`, and `data-discover`, by
 * which React Router finds the routes a page links to): a Link's hooks (the location, the resolved path,
 * navigate, a click handler) cost the server about 8 µs a link more than an `<a>` (production build,
 * 10,000 renders), and the server does nothing with them. In the browser it is the Link itself, which
 * hydrates that anchor and follows its clicks with the router (decision 231). For the many links of
 * navigation, dashboards and table rows; absolute paths only, and none of Link's options.
 */
import type { AnchorHTMLAttributes, ReactNode } from "react";
import { Link } from "react-router";

type Props = { to: `/${string}`; children: ReactNode } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href" | "children">;

export function PlainLink({ to, children, ...props }: Props) {
  return typeof document === "undefined" ? (
    <a {...props} href={to} data-discover="true">
      {children}
    </a>
  ) : (
    <Link {...props} to={to}>
      {children}
    </Link>
  );
}
