/**
 * /account-details/{customerId}/packages/{packageId}/{suspend|reinstate|reactivate}: a confirmation
 * page of its own for each, then the call (PUT /services/{id}/suspend or /reinstate with package_ids,
 * POST /services/{id}/reactivate-requests). After suspend or reinstate the account page reads the
 * bundles again (the redirect loads them anew).
 */
import { getFormProps } from "@conform-to/react";
import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/package-action";
import { ErrorSummary, SubmitButton, TextArea } from "~/components/form";
import { PageHeader } from "~/components/PageHeader";
import { PackageLine } from "~/components/services/PackageLine";
import { api } from "~/lib/api.server";
import { invalidPage } from "~/lib/page-ids.server";
import { formAction } from "~/lib/form-action.server";
import { packageSummary, requirePackage, requireResidentialCustomer } from "./services.server";
import { usePortalForm } from "~/lib/use-portal-form";
import { useT } from "~/lib/use-t";
import { ReactivateSchema } from "~/schemas/services";

export const handle = { i18n: ["services", "api"] };

const VERBS = ["suspend", "reinstate", "reactivate"] as const;
type Verb = (typeof VERBS)[number];

function verbOf(raw: string | undefined): Verb {
  if (!VERBS.includes(raw as Verb)) throw invalidPage();
  return raw as Verb;
}

async function load(context: Route.LoaderArgs["context"], request: Request, params: Route.LoaderArgs["params"]) {
  const verb = verbOf(params.verb);
  const customer = await requireResidentialCustomer(context, request, params);
  const { services, bundle } = await requirePackage(context, request, customer.customer_id, params.packageId);
  const allowed = {
    suspend: bundle.actions.can_suspend,
    reinstate: bundle.actions.can_reinstate,
    reactivate: bundle.actions.can_reactivate,
  }[verb];
  return { verb, customerId: customer.customer_id, bundle, allowed: allowed && services.can_manage };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { verb, customerId, bundle, allowed } = await load(context, request, params);
  // Nothing to confirm (already done, or not for this contact): back to the account.
  if (!allowed) throw redirect(`/account-details/${customerId}`);
  return { verb, customerId, bundle: packageSummary(bundle) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { verb, customerId, bundle } = await load(context, request, params);
  const client = api(context, request);
  const ids = { package_ids: String(bundle.package_id) };
  return formAction(
    { request, context },
    {
      schema: ReactivateSchema,
      formLevelFields: ["package_ids", "package_id"],
      submit: (value) =>
        verb === "suspend"
          ? client.call("PUT /services/{customerId}/suspend", { params: { customerId }, form: ids })
          : verb === "reinstate"
            ? client.call("PUT /services/{customerId}/reinstate", { params: { customerId }, form: ids })
            : client.call("POST /services/{customerId}/reactivate-requests", {
                params: { customerId },
                form: { package_id: String(bundle.package_id), comment: value.comment ?? null },
              }),
      success: (answer) => ({
        redirectTo: `/account-details/${customerId}`,
        notification: {
          key:
            verb === "reactivate" && "status" in answer && answer.status === "completed"
              ? "services:reactivate.notifyCompleted"
              : `services:${verb}.notify`,
          values: { name: bundle.name },
        },
      }),
    },
  );
}

export default function PackageAction({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("services");
  const { verb, customerId, bundle } = loaderData;
  const [form, fields] = usePortalForm({
    schema: () => import("~/schemas/services").then((m) => m.ReactivateSchema),
    lastResult: actionData,
  });
  return (
    <div className="max-w-2xl">
      <PageHeader title={t(`${verb}.title`, { name: bundle.name })} subtitle={<PackageLine bundle={bundle} />} />
      <ErrorSummary form={form} />
      <div className="space-y-3 rounded-lg border-l-4 border-warning bg-white p-5 text-gray-900 shadow-sm">
        <p className="font-semibold">{t(`${verb}.what`, { name: bundle.name })}</p>
        <p>{t(`${verb}.then`)}</p>
      </div>
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-6">
        {verb === "reactivate" ? (
          <TextArea meta={fields.comment} label={t("reactivate.comment")} hint={t("optionalHint")} rows={3} />
        ) : null}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <SubmitButton variant={verb === "suspend" ? "danger" : undefined}>{t(`${verb}.submit`)}</SubmitButton>
          <Link to={`/account-details/${customerId}`} className="text-center">
            {t("back")}
          </Link>
        </div>
      </Form>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
