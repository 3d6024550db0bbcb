/** Any address no route matches: 404 "This page could not be found". */
import { data } from "react-router";
import { ErrorPage } from "~/components/ErrorPage";
export function loader() {
  throw data({ kind: "unmatched" }, { status: 404 });
}

// Reached only through the error boundary; kept for route modules that need a default export.
export default function NotFound() {
  return <ErrorPage variant="unmatched" />;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
