/**
 * The error pages of spec sections 2 and 8: 404 "404 Not Found", 403 "You do not have permission to
 * view this page.", any other status "An error occurred"; an unmatched address "This page could not be
 * found". Each has a link to the home page. A 403 about one of the user's own accounts says why instead
 * (app/lib/auth.server.ts requireCustomer): the user removed themselves from it (`kind: "left-account"`), or
 * it is billed through another account and has no billing pages (`kind: "billed-elsewhere"`).
 */
import { useEffect } from "react";
import { isRouteErrorResponse, useLocation, useRouteError } from "react-router";
import { claimReload, isChunkError } from "~/lib/chunk-reload";
import { REFERENCE_ATTRIBUTE, useReference } from "~/lib/reference";
import { useT } from "~/lib/use-t";

export type ErrorVariant = "not-found" | "forbidden" | "unmatched" | "server" | "unavailable" | "other";

export function errorVariant(error: unknown): { variant: ErrorVariant; status: number } {
  if (isRouteErrorResponse(error)) {
    const kind = (error.data as { kind?: string } | null)?.kind;
    if (kind === "unmatched") return { variant: "unmatched", status: 404 };
    if (error.status === 404) return { variant: "not-found", status: 404 };
    if (error.status === 403 || error.status === 401) return { variant: "forbidden", status: error.status };
    if (kind === "unavailable" || error.status === 503) return { variant: "unavailable", status: error.status };
    if (kind === "server" || kind === "rate-limited") return { variant: "server", status: error.status };
    return { variant: "other", status: error.status };
  }
  return { variant: "other", status: 500 };
}

/** Why a 403 about one of the user's accounts refused it: they left it, or its bills come through another account. */
export type AccountRefusal = { kind: "left-account" | "billed-elsewhere"; id: number; name: string };

/** The account a 403 is about, when requireCustomer said why (AccountRefusal). */
export function accountRefusalOf(error: unknown): AccountRefusal | null {
  if (!isRouteErrorResponse(error) || error.status !== 403) return null;
  const value = error.data as { kind?: string; id?: unknown; name?: unknown } | null;
  return (value?.kind === "left-account" || value?.kind === "billed-elsewhere") &&
    typeof value.id === "number" &&
    typeof value.name === "string"
    ? { kind: value.kind, id: value.id, name: value.name }
    : null;
}

/** An account's page refused for a reason of its own: why, and the way on (the user's accounts, or this account's services). */
function AccountRefusalPage({ refusal }: { refusal: AccountRefusal }) {
  const { t } = useT();
  const left = refusal.kind === "left-account";
  return (
    <section aria-labelledby="error-heading" className="mx-auto max-w-xl py-12 text-center" data-testid={refusal.kind}>
      <title>{t("errors.forbiddenDocumentTitle")}</title>
      <h1 id="error-heading" className="text-2xl font-semibold text-gray-900">
        {left ? t("errors.leftAccountTitle") : t("errors.billedElsewhereTitle")}
      </h1>
      <p className="mt-3 text-gray-800">
        {t(left ? "errors.leftAccountText" : "errors.billedElsewhereText", { name: refusal.name, id: refusal.id })}
      </p>
      <p className="mt-6">
        <a
          href={left ? "/" : `/dashboard/${refusal.id}`}
          className="inline-block rounded-md bg-primary px-4 py-2 font-medium text-white no-underline hover:bg-primary-dark"
        >
          {left ? t("errors.leftAccountLink") : t("errors.billedElsewhereLink")}
        </a>
      </p>
    </section>
  );
}

export function ErrorPage({ variant, error }: { variant: ErrorVariant; error?: unknown }) {
  const { t } = useT();
  const reference = useReference(error);
  const refusal = accountRefusalOf(error);
  if (refusal) return <AccountRefusalPage refusal={refusal} />;
  const heading =
    variant === "not-found"
      ? t("errors.notFoundTitle")
      : variant === "unmatched"
        ? t("errors.unmatchedTitle")
        : variant === "forbidden"
          ? t("errors.forbiddenTitle")
          : t("errors.otherTitle");
  const detail =
    variant === "not-found"
      ? t("errors.notFoundText")
      : variant === "server"
        ? t("errors.serverSide")
        : variant === "unavailable"
          ? t("errors.unavailable")
          : variant === "other"
            ? t("errors.tryAgain")
            : null;
  const documentTitle =
    variant === "not-found" || variant === "unmatched"
      ? t("errors.notFoundDocumentTitle")
      : variant === "forbidden"
        ? t("errors.forbiddenDocumentTitle")
        : t("errors.otherTitle");
  return (
    <section aria-labelledby="error-heading" className="mx-auto max-w-xl py-12 text-center">
      <title>{documentTitle}</title>
      <h1 id="error-heading" className="text-2xl font-semibold text-gray-900">
        {heading}
      </h1>
      {detail ? <p className="mt-3 text-gray-800">{detail}</p> : null}
      {/* Not on the 404 pages: the same for every visitor, and no fault to report. */}
      {reference && variant !== "not-found" && variant !== "unmatched" ? (
        <p className="mt-3 text-sm text-gray-700" data-testid="error-reference" {...{ [REFERENCE_ATTRIBUTE]: reference }}>
          {t("errors.reference", { id: reference })}
        </p>
      ) : null}
      <p className="mt-6">
        <a href="/" className="inline-block rounded-md bg-primary px-4 py-2 font-medium text-white no-underline hover:bg-primary-dark">
          {t("errors.homeLink")}
        </a>
      </p>
    </section>
  );
}

/**
 * A page whose code did not download. Spec section 8: it reloads, at most once a minute (app/lib/chunk-reload.ts);
 * within the minute it says so, with a plain link that loads the page as a new document. Shown again
 * later (React Router keeps it for the route until the document is loaded anew), it reloads once the
 * minute is over.
 */
export function CodeUnavailable() {
  const { t } = useT();
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (claimReload()) window.location.reload();
  }, [pathname]);
  return (
    <section aria-labelledby="error-heading" className="mx-auto max-w-xl py-12 text-center" data-testid="code-unavailable">
      <title>{t("errors.codeTitle")}</title>
      <h1 id="error-heading" className="text-2xl font-semibold text-gray-900">
        {t("errors.codeTitle")}
      </h1>
      <p className="mt-3 text-gray-800">{t("errors.codeText")}</p>
      <p className="mt-6">
        <a
          href={pathname + search}
          className="inline-block rounded-md bg-primary px-4 py-2 font-medium text-white no-underline hover:bg-primary-dark"
        >
          {t("errors.codeAgain")}
        </a>
      </p>
    </section>
  );
}

/** The error boundary of a route: the page that matches the error. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { variant } = errorVariant(error);
  if (isChunkError(error)) return <CodeUnavailable />;
  // In the browser (on the server, entry.server.tsx logs what fails in a render).
  if (variant === "other" && !isRouteErrorResponse(error) && typeof document !== "undefined") console.error(error);
  return <ErrorPage variant={variant} error={error} />;
}
