import { useT } from "~/lib/use-t";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useRouteError,
  type ShouldRevalidateFunction,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { ErrorScreen } from "./components/PageFrame";
import { isChunkError } from "./lib/chunk-reload";
import { lazyEnhancement, Nothing } from "./lib/lazy-enhancement";
import { Notifications } from "./components/Notifications";
import { ProgressBar } from "./components/ProgressBar";
import { analyticsState } from "./lib/analytics.server";
import { getConfig } from "./lib/config.server";
import { localeOf } from "./lib/i18n";
import { getLanguage, i18nMiddleware } from "./lib/i18n.server";
import { useNonce } from "./lib/nonce";
import { PageTexts } from "./lib/page-texts";
import type { RootData } from "./lib/root-data";
import { privatePagesMiddleware } from "./lib/cache.server";
import { routePatternMiddleware } from "./lib/request-info";
import { sessionMiddleware, takeNotifications } from "./lib/session.server";

export const middleware: Route.MiddlewareFunction[] = [routePatternMiddleware, privatePagesMiddleware, i18nMiddleware, sessionMiddleware];

/**
 * The stylesheet is a file of its own (docs/decisions/156-linked-stylesheet.md): fetched once per visit and
 * kept by the browser (immutable, like every file under /assets), rather than written into every page.
 */
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/** Product analytics (docs/analytics.md): loaded only when ANALYTICS_KEY is set, so pages without a key carry none of it. */
const Analytics = lazyEnhancement<{ state: NonNullable<ReturnType<typeof analyticsState>> }>(
  () => import("./components/analytics/Analytics").then((m) => m.default),
  Nothing,
);

/**
 * Notifications come with the root's data. A form answered with its page again (a refusal) does not
 * reload the layouts' data; when the action queued a notification ("Something went wrong on server
 * side"), the root's loader runs again so that it shows at once.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  (actionResult as { notified?: boolean } | undefined)?.notified === true || defaultShouldRevalidate;

export async function loader({ context, request }: Route.LoaderArgs) {
  const config = getConfig();
  const data = {
    language: getLanguage(context),
    brand: config.BRAND_NAME,
    notifications: takeNotifications(context),
    analytics: analyticsState(request, config),
  };
  return data satisfies RootData;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const { language } = useT();
  const nonce = useNonce();
  return (
    <html lang={localeOf(language)} dir="ltr" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen font-sans">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        <PageTexts />
      </body>
    </html>
  );
}

let reloading = false;
function reloadOnce() {
  if (reloading) return;
  reloading = true;
  window.location.reload();
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { language } = useT();
  // The browser holds one language's texts: a navigation that lands in the other one (a ?lng= link
  // followed by the router, a sign-in that returns to such a link) loads the document again, at once
  // (not after the page rendered in the old language, which would first load that language's texts).
  if (loaderData.language !== language && typeof window !== "undefined") reloadOnce();
  return (
    <>
      <ProgressBar />
      <Notifications notifications={loaderData.notifications} />
      <Outlet />
      {loaderData.analytics ? <Analytics state={loaderData.analytics} /> : null}
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  // In the browser (on the server, entry.server.tsx logs what fails in a render).
  if (!isRouteErrorResponse(error) && !isChunkError(error) && typeof document !== "undefined") console.error(error);
  return <ErrorScreen />;
}
