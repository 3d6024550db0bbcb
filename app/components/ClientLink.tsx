/**
 * A link to a page of this site, written as React Router's Link writes it but as a plain anchor: the
 * root's listener follows its clicks with the router (app/lib/client-links.ts). For lists of many
 * links (the side navigation, tables of rows); a link that needs Link's options (state, replace,
 * prefetch, a relative path) stays a Link.
 */
import type { AnchorHTMLAttributes, ReactNode } from "react";

export function ClientLink({
  to,
  children,
  ...props
}: { to: `/${string}`; children: ReactNode } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href" | "children">) {
  return (
    <a {...props} href={to} data-discover="true">
      {children}
    </a>
  );
}
