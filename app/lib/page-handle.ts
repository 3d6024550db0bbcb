/**
 * What a route module declares of its page in its `handle`, read by the server from the build
 * (`export const handle = { cache: "live" } satisfies PageHandle`).
 */
export interface PageHandle {
  /**
   * How the page may be answered again (app/lib/conditional.server.ts):
   * - "account" (the default of every signed-in page): it shows the user's and the account's data and
   *   nothing else, so it is tagged and answered 304 while the API's revision holds;
   * - "live": its data changes with time alone (the router's state, traffic and monitoring windows ending now);
   * - "never": each view is made for itself (a form with a payment's idempotency key).
   * Neither "live" nor "never" is tagged. A layout's declaration holds for its children that declare nothing.
   */
  cache?: PageCache;
  /** The translation namespaces the page needs besides the common ones. */
  i18n?: string[];
}
export type PageCache = "account" | "live" | "never";

/** React Router's pattern of a match (`billing/:customerId/pay`) as the log, the metrics and `pageCacheOf` name it: `/billing/:customerId/pay`. */
export const routePattern = (pattern: string): string => `/${pattern}`.replace(/\/+/g, "/");

interface BuildRoute {
  parentId?: string;
  path?: string;
  /** The route's module (its `handle` is read). */
  module: object;
}

/**
 * What each route pattern of a build declares (`handle.cache`, a route's own or else its nearest parent's),
 * by the pattern React Router gives the middlewares (`/billing/:customerId/pay`). Undeclared: "account".
 */
export function pageCacheOf(routes: Record<string, BuildRoute | undefined>): (pattern: string) => PageCache {
  const declared = (route: BuildRoute | undefined): PageCache | undefined => {
    for (let at = route; at; at = at.parentId ? routes[at.parentId] : undefined) {
      const cache = (at.module as { handle?: PageHandle }).handle?.cache;
      if (cache) return cache;
    }
    return undefined;
  };
  const patternOf = (route: BuildRoute): string => {
    const paths: string[] = [];
    for (let at: BuildRoute | undefined = route; at; at = at.parentId ? routes[at.parentId] : undefined)
      if (at.path) paths.unshift(at.path);
    return routePattern(paths.join("/"));
  };
  const kinds = new Map<string, PageCache>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const cache = declared(route);
    // Several routes of one pattern (a layout and its index): the one that declares something.
    if (cache && kinds.get(patternOf(route)) !== "never") kinds.set(patternOf(route), cache);
  }
  return (pattern) => kinds.get(pattern) ?? "account";
}
