/**
 * /order-confirmed: after confirming the installation window. The window comes from the confirmation
 * link kept by /confirmation/order (GET /order-confirmation/{token}); without it, a general confirmation.
 */
import { Link } from "react-router";
import type { Route } from "./+types/order-confirmed";
import { PublicCard } from "~/components/auth-flows/LinkGone";
import { api } from "~/lib/api.server";
import { getConfig } from "~/lib/config.server";
import { formatDate, formatTime } from "~/lib/i18n";
import { linkToken } from "~/lib/link-token.server";
import { getTokens } from "~/lib/session.server";
import { useT } from "~/lib/use-t";
import { readOrderConfirmation, SCOPES } from "./shared.server";

export const handle = { i18n: ["orders", "account"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = linkToken(request, "confirmation", SCOPES.confirmation);
  const order = token ? await readOrderConfirmation(api(context, request, { public: true }), token).catch(() => null) : null;
  const appointment = order?.confirmed_at ? order.appointment : null;
  return { appointment, phone: getConfig().SUPPORT_PHONE, signedIn: Boolean(getTokens(context).refreshToken) };
}

export default function OrderConfirmed({ loaderData }: Route.ComponentProps) {
  const { t, language } = useT("orders");
  const { appointment, phone } = loaderData;
  return (
    <PublicCard title={t("confirmed.title")}>
      <div role="status" className="space-y-3 text-gray-900">
        {appointment ? (
          <p className="font-semibold" data-testid="confirmed-window">
            {t("confirmed.when", {
              date: formatDate(appointment.starts_at, language),
              from: formatTime(appointment.starts_at, language),
              to: formatTime(appointment.ends_at, language),
            })}
          </p>
        ) : (
          <p className="font-semibold">{t("confirmed.generic")}</p>
        )}
        <p>{t("confirmed.email", { phone })}</p>
      </div>
      <p className="mt-6">
        <Link to={loaderData.signedIn ? "/" : "/login"}>
          {loaderData.signedIn ? t("account:welcome.dashboard") : t("account:welcome.signIn")}
        </Link>
      </p>
    </PublicCard>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
