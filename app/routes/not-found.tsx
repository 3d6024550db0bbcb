/** Any address no route matches: 404 "This page could not be found". */
import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { ErrorPage } from "~/components/ErrorPage";
import { missingPageMiddleware } from "~/lib/conditional.server";

// Kept for visitors, apart from customers' pages (app/lib/conditional.server.ts).
export const middleware: Route.MiddlewareFunction[] = [missingPageMiddleware];

export function loader() {
  throw data({ kind: "unmatched" }, { status: 404 });
}

// Reached only through the error boundary; kept for route modules that need a default export.
export default function NotFound() {
  return <ErrorPage variant="unmatched" />;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
