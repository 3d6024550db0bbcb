/**
 * The route *pattern* of a request (`/billing/:customerId/pay`), never its address: addresses carry ids
 * and tokens (`/recover-password/<token>`), which neither log lines nor metric labels may hold. The one
 * place that names a request's route, for the request log line (server/http-log.ts) and the metrics.
 */
import { matchRoutes, type RouteObject } from "react-router";

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
}

/** What the portal answers before React Router (server/app.ts), by a fixed name each. */
const FIXED: [RegExp, string][] = [
  [/^\/healthz$/, "/healthz"],
  [/^\/readyz$/, "/readyz"],
  [/^\/metrics$/, "/metrics"],
  [/^\/assets\//, "/assets/*"],
  [/^\/api\/v1(?:\/|$)/, "/api/v1/*"],
];

/** A request the route table does not know (a file at the client root, or nothing at all). */
export const UNMATCHED = "(unmatched)";

export type RoutePatternOf = (pathname: string) => string;

/**
 * Whether a path's percent-encoding reads as UTF-8 (`/%E0%A4%A` does not): React Router cannot match one
 * that does not, and warns on standard error when asked to.
 */
export function readablePath(pathname: string): boolean {
  if (!pathname.includes("%")) return true;
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/** The route pattern of a path, from a build's route manifest (React Router's `build.routes`). */
export function routePatterns(manifest: Record<string, ManifestRoute | undefined>): { of: RoutePatternOf; all: string[] } {
  const routes = Object.values(manifest).filter((route): route is ManifestRoute => route !== undefined);
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    routes
      .filter((route) => route.parentId === parentId)
      .map((route) =>
        route.index
          ? { id: route.id, index: true as const, path: route.path }
          : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: childrenOf(route.id) },
      );
  const tree = childrenOf(undefined);
  const cache = new Map<string, string>();
  const of = (pathname: string): string => {
    for (const [test, name] of FIXED) if (test.test(pathname)) return name;
    const data = pathname.endsWith(".data");
    const path = data ? pathname.slice(0, -".data".length) || "/" : pathname;
    const known = cache.get(pathname);
    if (known) return known;
    const matches = readablePath(path) ? matchRoutes(tree, path) : null;
    let pattern = UNMATCHED;
    if (matches?.length) {
      const joined = matches
        .map((match) => match.route.path ?? "")
        .filter(Boolean)
        .join("/");
      pattern = `/${joined}`.replace(/\/+/g, "/");
      if (data) pattern += ".data";
    }
    // Only patterns are kept (a bounded set), keyed by the few paths that hold no ids; others are matched again.
    if (cache.size < 500 && !/\d/.test(pathname)) cache.set(pathname, pattern);
    return pattern;
  };
  const all = [
    ...new Set([
      ...FIXED.map(([, name]) => name),
      UNMATCHED,
      ...routes.map((route) => {
        const chain: string[] = [];
        for (let at: ManifestRoute | undefined = route; at; at = routes.find((r) => r.id === at?.parentId)) {
          if (at.path) chain.unshift(at.path);
        }
        return `/${chain.join("/")}`.replace(/\/+/g, "/");
      }),
    ]),
  ];
  return { of, all: [...all, ...all.filter((p) => p.startsWith("/") && !FIXED.some(([, n]) => n === p)).map((p) => `${p}.data`)] };
}

/** Without a route table (tests with a stub page handler): the fixed names, everything else unmatched. */
export const fixedPatternOf: RoutePatternOf = (pathname) => FIXED.find(([test]) => test.test(pathname))?.[1] ?? UNMATCHED;
