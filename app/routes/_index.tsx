/** "/": the dashboard of the active account (the activeCustomerId cookie if it is one of the user's). */
import { useT } from "~/lib/use-t";
import { redirect } from "react-router";
import type { Route } from "./+types/_index";
import { PageTitle } from "~/components/PageTitle";
import { activeAccount } from "~/lib/auth.server";
import { commercialAppUrl } from "~/lib/commercial.server";
import { getConfig } from "~/lib/config.server";
import { Trans } from "~/components/Trans";

export async function loader({ request, context }: Route.LoaderArgs) {
  const active = await activeAccount(context, request);
  if (active) {
    const external = active.isResidential ? null : commercialAppUrl(active.customer_id, "/");
    throw redirect(external ?? `/dashboard/${active.customer_id}`);
  }
  return { supportPhone: getConfig().SUPPORT_PHONE };
}

/** A sign-in with no account linked to it yet. */
export default function NoAccounts({ loaderData }: Route.ComponentProps) {
  const { t } = useT("dashboard");
  const phone = loaderData.supportPhone;
  return (
    <section className="max-w-2xl">
      <PageTitle title={t("noAccounts.title")} />
      <h1 className="text-2xl font-semibold">{t("noAccounts.title")}</h1>
      <p className="mt-2 text-gray-800" data-testid="no-accounts">
        <Trans
          t={t}
          i18nKey="noAccounts.text"
          values={{ phone }}
          // <Trans> puts the translated words inside the link.
          // eslint-disable-next-line jsx-a11y/anchor-has-content
          components={{ support: <a href={`tel:${phone.replace(/[^\d+]/g, "")}`} className="font-semibold" /> }}
        />
      </p>
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
