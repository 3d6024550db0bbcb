/** The public layout: logo, page area, footer with social links (unless a page hides the footer). */
import { useT } from "~/lib/use-t";
import { Link, useLocation, useMatches } from "react-router";
import { PageOutlet } from "~/components/PageOutlet";
import { RouteErrorBoundary } from "~/components/ErrorPage";
import { PlainHeader, SkipLink } from "~/components/PageFrame";
import { useBrand } from "~/lib/root-data";
import { socialLinks } from "~/lib/config.server";
import { getTokens } from "~/lib/session.server";
import type { Route } from "./+types/_public";

export function loader({ context }: Route.LoaderArgs) {
  return { socialLinks: socialLinks(), signedIn: Boolean(getTokens(context).refreshToken) };
}

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const brand = useBrand();
  const matches = useMatches();
  const { pathname } = useLocation();
  const showFooter = !matches.some((m) => (m.handle as { footer?: boolean } | undefined)?.footer === false);
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      {/* The sign-in pages (the password, then the code) need no link to sign in. */}
      <PlainHeader
        account={loaderData?.signedIn ? "signed-in" : pathname === "/login" || pathname.startsWith("/login/") ? undefined : "sign-in"}
      />
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
        <PageOutlet />
      </main>
      {showFooter ? (
        <footer className="border-t border-gray-200 bg-white">
          <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-4 py-6 text-sm text-gray-800">
            <p>{t("footer.copyright", { brand, year: new Date().getFullYear() })}</p>
            <p>
              <Link to="/status" className="text-primary">
                {t("footer.status")}
              </Link>
            </p>
            <nav aria-label={t("footer.social")}>
              <ul className="flex gap-4">
                {(loaderData?.socialLinks ?? []).map((link) => (
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
