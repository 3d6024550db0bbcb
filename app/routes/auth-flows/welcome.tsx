/**
 * /welcome: after the service agreement (and after a first activation): what happens next and the way
 * to the dashboard (or to sign in, for a customer who accepted the agreement without signing in).
 */
import { Link } from "react-router";
import type { Route } from "./+types/welcome";
import { PublicCard } from "~/components/auth-flows/LinkGone";
import { actionLinkClass } from "~/components/PageHeader";
import { usePortalName } from "~/components/PageTitle";
import { getTokens } from "~/lib/session.server";
import { useT } from "~/lib/use-t";

export const handle = { i18n: ["account"] };

export function loader({ context }: Route.LoaderArgs) {
  return { signedIn: Boolean(getTokens(context).refreshToken) };
}

export default function Welcome({ loaderData }: Route.ComponentProps) {
  const { t } = useT("account");
  const portal = usePortalName();
  return (
    <PublicCard title={t("welcome.title", { brand: portal })} intro={<p>{t("welcome.intro")}</p>}>
      <section aria-labelledby="next-steps">
        <h2 id="next-steps" className="text-lg font-semibold text-gray-900">
          {t("welcome.nextTitle")}
        </h2>
        <ol className="mt-3 list-decimal space-y-2 pl-6 text-gray-900">
          <li>{t("welcome.stepEmail")}</li>
          <li>{t("welcome.stepInstall")}</li>
          <li>{t("welcome.stepBill")}</li>
        </ol>
      </section>
      <p className="mt-8">
        {loaderData.signedIn ? (
          <Link to="/" className={actionLinkClass}>
            {t("welcome.dashboard")}
          </Link>
        ) : (
          <Link to="/login" className={actionLinkClass}>
            {t("welcome.signIn")}
          </Link>
        )}
      </p>
    </PublicCard>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
