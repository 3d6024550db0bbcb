/**
 * Namespaces of features that most pages do not show (product analytics' banner and privacy page,
 * referrals): the browser loads them before hydrating only on a page that needs them, so they add
 * nothing to the first-load JavaScript of the others. The server lists what a page needs on
 * <html data-i18n> (entry.server.tsx computes it, the root renders it); a page reached later by the router loads its texts first (ensureNamespace in a
 * clientLoader, or useNamespace in a component).
 */
import { createContext } from "react";
import { DEFERRED_NAMESPACES, type Namespace } from "./i18n";

/** The deferred namespaces a page needs: those its routes declare (handle.i18n), the banner's, and the referral card's. */
export function deferredNamespacesOf(matches: { handle?: unknown; data?: unknown }[]): Namespace[] {
  const wanted = new Set<string>();
  for (const match of matches) {
    for (const ns of (match.handle as { i18n?: string[] } | undefined)?.i18n ?? []) wanted.add(ns);
    const data = match.data as { analytics?: { consent?: string } | null; features?: { referrals?: boolean } } | undefined;
    if (data?.analytics?.consent === "ask") wanted.add("privacy");
    if (data?.features?.referrals) wanted.add("referrals");
  }
  return DEFERRED_NAMESPACES.filter((ns) => wanted.has(ns));
}

/** What the server computed for the page being rendered (empty in the browser, which reads the attribute instead). */
export const PageNamespacesContext = createContext<string | undefined>(undefined);
