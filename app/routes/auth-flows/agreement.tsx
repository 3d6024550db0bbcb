/**
 * /agreement/view/{token}: the service agreement of an order in the page's language (GET
 * /agreement/{token}); accepting it (POST /agreement/{token}/accept) leads to /welcome. Silent on a 404
 * (spec section 8): an unknown or expired link shows the not-found text, not an error page.
 */
import { getFormProps } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/agreement";
import { LegalText } from "~/components/auth-flows/LegalText";
import { OrderLinkGone } from "~/components/auth-flows/OrderBits";
import { AddressLines } from "~/components/AddressLines";
import { Card, Details } from "~/components/Card";
import { actionLinkClass, PageHeader } from "~/components/PageHeader";
import { Checkbox, ErrorSummary, SubmitButton } from "~/components/form";
import { api, type ApiClient } from "~/lib/api.server";
import { formAction } from "~/lib/form-action.server";
import { formatDate, formatMoney } from "~/lib/i18n";
import { linkToken, stashLinkToken } from "~/lib/link-token.server";
import { usePortalForm } from "~/lib/use-portal-form";
import { useT } from "~/lib/use-t";
import { AgreementSchema } from "~/schemas/auth-flows";
import { orderLinkGone, SCOPES } from "./shared.server";

export const handle = { i18n: ["orders", "api"] };
const constraint = getZodConstraint(AgreementSchema);

const LINK = "GET /agreement/{token}";
const readLink = (client: ApiClient, token: string) => client.call(LINK, { params: { token }, silentNotFound: true });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (params.token) stashLinkToken("agreement", params.token, SCOPES.agreement, request);
  const token = linkToken(request, "agreement", SCOPES.agreement);
  const agreement = token ? await readLink(api(context, request, { public: true }), token) : null;
  if (!agreement) return orderLinkGone(context);
  return { gone: false as const, agreement, constraint };
}

export async function action({ request, context }: Route.ActionArgs) {
  const token = linkToken(request, "agreement", SCOPES.agreement);
  if (!token) throw redirect(SCOPES.agreement);
  return formAction(
    { request, context },
    {
      schema: AgreementSchema,
      // The API answers { redirect: "/welcome" }, which the client follows.
      submit: () =>
        api(context, request, { public: true }).call("POST /agreement/{token}/accept", {
          params: { token },
          form: { accept_terms: "true" },
        }),
      success: () => ({ redirectTo: "/welcome" }),
    },
  );
}

export default function Agreement({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useT("orders");
  const [form, fields] = usePortalForm({
    schema: () => import("~/schemas/auth-flows").then((m) => m.AgreementSchema),
    lastResult: actionData,
    constraint: loaderData.gone ? undefined : loaderData.constraint,
  });
  if (loaderData.gone) return <OrderLinkGone help={loaderData.help} />;
  const { agreement } = loaderData;
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title={t("agreement.title")}
        subtitle={t("orderLine", { contract: agreement.contract_name, number: agreement.order_number })}
      />
      <div className="space-y-6">
        <Card title={t("agreement.totals")} id="totals">
          <Details
            items={[
              [t("installAddress"), <AddressLines key="a" address={agreement.install_address} />],
              [t("handoff.monthlyTotal"), formatMoney(agreement.monthly_total, language)],
              [t("handoff.oneTimeTotal"), formatMoney(agreement.one_time_total, language)],
            ]}
          />
        </Card>
        <div className="rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
          <LegalText
            id="agreement-text"
            title={agreement.agreement.title}
            document={agreement.agreement}
            versionKey="orders:agreement.version"
          />
        </div>
        {agreement.status === "accepted" ? (
          <div className="space-y-4">
            <p role="status" className="font-semibold text-gray-900">
              {t("agreement.accepted", { date: formatDate(agreement.accepted_at ?? new Date(), language) })}
            </p>
            <Link to="/welcome" className={actionLinkClass}>
              {t("agreement.continue")}
            </Link>
          </div>
        ) : (
          <>
            <ErrorSummary form={form} />
            <Form method="post" {...getFormProps(form)} className="space-y-4">
              <Checkbox meta={fields.accept_terms} label={t("agreement.accept")} />
              <SubmitButton>{t("agreement.submit")}</SubmitButton>
            </Form>
          </>
        )}
      </div>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
