/** The public layout: logo, page area, footer with social links (unless a page hides the footer). */
import { useT } from "~/lib/use-t";
import { Outlet, useMatches, useRouteLoaderData } from "react-router";
import { BrandLink } from "~/components/Brand";
import { LanguageToggle } from "~/components/LanguageToggle";
import { RouteErrorBoundary } from "~/components/ErrorPage";
import { SOCIAL_LINKS } from "~/lib/social-links";
import type { loader as rootLoader } from "~/root";

export default function PublicLayout() {
  const { t } = useT();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const matches = useMatches();
  const showFooter = !matches.some((m) => (m.handle as { footer?: boolean } | undefined)?.footer === false);
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        {t("skipToContent")}
      </a>
      <header className="border-b border-gray-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
          <BrandLink brand={root?.brand ?? ""} />
          <LanguageToggle />
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
        <Outlet />
      </main>
      {showFooter ? (
        <footer className="border-t border-gray-200 bg-white">
          <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-4 py-6 text-sm text-gray-800">
            <p>{t("footer.copyright", { brand: root?.brand ?? "", year: new Date().getFullYear() })}</p>
            <nav aria-label={t("footer.social")}>
              <ul className="flex gap-4">
                {SOCIAL_LINKS.map((link) => (
                  <li key={link.key}>
                    <a href={link.href} rel="noopener noreferrer" className="text-primary">
                      {link.name}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          </div>
        </footer>
      ) : null}
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
