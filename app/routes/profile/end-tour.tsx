/** POST /dashboard/{customerId}/tour: end the intro tour, skipped or finished (PUT /residential-dashboard/endTour); back to the dashboard. */
import { Link, redirect } from "react-router";
import { RefusedPostAlert } from "~/components/form";
import { PageHeader } from "~/components/PageHeader";
import { useT } from "~/lib/use-t";
import type { Route } from "./+types/end-tour";
import { api } from "~/lib/api.server";
import { requireCustomer } from "~/lib/auth.server";
import { formAction, postWasRefused } from "~/lib/form-action.server";
import { EndTourSchema } from "~/schemas/profile";

export const handle = { i18n: ["profile", "api"] };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const customer = await requireCustomer(context, request, params);
  // After a refused post the page says why; a visit of the address goes to the dashboard.
  if (postWasRefused(context)) return null;
  throw redirect(`/dashboard/${customer.customer_id}`);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const customer = await requireCustomer(context, request, params);
  return formAction(
    { request, context },
    {
      schema: EndTourSchema,
      submit: (value) => api(context, request).call("PUT /residential-dashboard/endTour", { form: { skipped: value.skipped } }),
      success: () => ({ redirectTo: `/dashboard/${customer.customer_id}` }),
    },
  );
}

/** Only a refused post shows here (400/415/413/403/502/503): why, and the way back. */
export default function EndTour({ actionData, params }: Route.ComponentProps) {
  const { t } = useT("profile");
  return (
    <div className="max-w-2xl">
      <PageHeader title={t("tour.title")} />
      <RefusedPostAlert reply={actionData} />
      <p>
        <Link to={`/dashboard/${params.customerId}`}>{t("tour.backToDashboard")}</Link>
      </p>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
