/** /account-details/{customerId}/edit: the billing address, paper or paperless bills and the language of letters (PUT /account-details/{id}). */
import { getFormProps } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/account-edit";
import { ErrorSummary, RadioGroup, SubmitButton } from "~/components/form";
import { PageHeader } from "~/components/PageHeader";
import { AddressFields } from "~/components/services/AddressFields";
import { api } from "~/lib/api.server";
import { requireCustomer } from "~/lib/auth.server";
import { formAction } from "~/lib/form-action.server";
import { usePortalForm } from "~/lib/use-portal-form";
import { useT } from "~/lib/use-t";
import { AccountDetailsSchema } from "~/schemas/services";

export const handle = { i18n: ["services", "api"] };

const constraint = getZodConstraint(AccountDetailsSchema);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const customer = await requireCustomer(context, request, params);
  const { account_details: account } = await api(context, request).call("GET /account-details/{customerId}", {
    params: { customerId: customer.customer_id },
  });
  if (!account.can_edit) throw redirect(`/account-details/${customer.customer_id}`);
  return { account, constraint };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const customer = await requireCustomer(context, request, params);
  const id = customer.customer_id;
  return formAction(
    { request, context },
    {
      schema: AccountDetailsSchema,
      submit: (value) =>
        api(context, request).call("PUT /account-details/{customerId}", {
          params: { customerId: id },
          form: { ...value, address_line2: value.address_line2 ?? null },
        }),
      success: () => ({
        redirectTo: customer.isResidential ? `/account-details/${id}` : `/dashboard/${id}`,
        notification: { key: "services:edit.notify" },
      }),
    },
  );
}

export default function EditAccount({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("services");
  const { account } = loaderData;
  const a = account.billing_address;
  const [form, fields] = usePortalForm({
    schema: () => import("~/schemas/services").then((m) => m.AccountDetailsSchema),
    lastResult: actionData,
    constraint: loaderData.constraint,
    defaultValue: {
      address_line1: a.line1,
      address_line2: a.line2 ?? "",
      city: a.city,
      province: a.province,
      postal_code: a.postal_code,
      paperless_billing: String(account.preferences.paperless_billing),
      correspondence_language: account.preferences.correspondence_language,
    },
  });
  return (
    <div className="max-w-2xl">
      <PageHeader title={t("edit.title")} subtitle={t("account.line", { name: account.contract_name, id: account.customer_id })} />
      <ErrorSummary form={form} />
      <Form method="post" {...getFormProps(form)} className="space-y-6 rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
        <fieldset className="space-y-6">
          <legend className="text-lg font-semibold text-gray-900">{t("account.billingAddress")}</legend>
          <AddressFields fields={fields} />
        </fieldset>
        <RadioGroup
          meta={fields.paperless_billing}
          legend={t("account.paperless")}
          options={[
            { value: "true", label: t("account.paperlessOn") },
            { value: "false", label: t("account.paperlessOff") },
          ]}
        />
        <RadioGroup
          meta={fields.correspondence_language}
          legend={t("account.correspondence")}
          options={[
            { value: "en", label: t("languages.en") },
            { value: "fr", label: t("languages.fr") },
          ]}
        />
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <SubmitButton>{t("edit.submit")}</SubmitButton>
          <Link to={`/account-details/${account.customer_id}`} className="text-center">
            {t("back")}
          </Link>
        </div>
      </Form>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
