/** Pieces every page frame shares: the skip link, the plain header, and the page shown for an error. */
import { Link, useRouteError } from "react-router";
import { useT } from "~/lib/use-t";
import { useBrand } from "~/lib/root-data";
import { BrandLink } from "./Brand";
import { isChunkError } from "~/lib/chunk-reload";
import { CodeUnavailable, ErrorPage, errorVariant } from "./ErrorPage";
import { LanguageToggle } from "./LanguageToggle";

export function SkipLink() {
  const { t } = useT();
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
    >
      {t("skipToContent")}
    </a>
  );
}

/**
 * The header of public pages and error pages: the portal's name, the language toggle and, on public
 * pages, the way into the account (spec: the account menu offers sign in when no one is signed in):
 * "Sign in", or "My account" for a customer who is.
 */
export function PlainHeader({ account }: { account?: "sign-in" | "signed-in" }) {
  const { t } = useT();
  return (
    <header className="border-b border-gray-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
        <BrandLink brand={useBrand()} />
        <div className="flex items-center gap-4">
          <LanguageToggle />
          {account ? (
            <Link to={account === "sign-in" ? "/login" : "/"} className="text-sm font-medium" data-testid="header-account">
              {account === "sign-in" ? t("accountMenu.signIn") : t("accountMenu.myAccount")}
            </Link>
          ) : null}
        </div>
      </div>
    </header>
  );
}

/** A whole page for an error that left no layout to render in (the root's or a layout's own loader). */
export function ErrorScreen() {
  const error = useRouteError();
  const { variant } = errorVariant(error);
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <PlainHeader />
      <main id="main" className="flex-1 px-4">
        {isChunkError(error) ? <CodeUnavailable /> : <ErrorPage variant={variant} error={error} />}
      </main>
    </div>
  );
}
