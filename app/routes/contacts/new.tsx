/**
 * /contacts/{customerId}/new: an authoritative contact adds someone (POST /customer/{id}/contacts, or
 * /residential-customer/{customerId}/contacts). The new contact starts pending activation and is sent
 * an activation e-mail. An e-mail that is already a contact is refused on the e-mail field.
 */
import { getFormProps } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import type { Route } from "./+types/new";
import { CheckboxGroup, ErrorSummary, Field, SubmitButton } from "~/components/form";
import { PageHeader } from "~/components/PageHeader";
import { api } from "~/lib/api.server";
import { formAction } from "~/lib/form-action.server";
import { usePortalForm } from "~/lib/use-portal-form";
import { useT } from "~/lib/use-t";
import { NewCommercialContactSchema, NewResidentialContactSchema } from "~/schemas/contacts";
import { AccountLine, kindOf, useRoleOptions } from "~/components/contacts/ContactParts";
import { loadContacts } from "./contacts.server";
import { contactsPath } from "./paths";

export const handle = { i18n: ["contacts", "api"] };

const constraints = {
  commercial: getZodConstraint(NewCommercialContactSchema),
  residential: getZodConstraint(NewResidentialContactSchema),
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const page = await loadContacts(context, request, params, { manage: true });
  return {
    customer: { customer_id: page.customer.customer_id, contract_name: page.customerName, isResidential: page.customer.isResidential },
    roles: page.roles,
    constraint: constraints[kindOf(page.customer)],
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { customer } = await loadContacts(context, request, params, { manage: true });
  const id = customer.customer_id;
  const client = api(context, request);
  const success = (_: unknown, value: { first_name: string; last_name: string; email: string }) => ({
    redirectTo: contactsPath(id),
    notification: { key: "contacts:add.notifyAdded", values: { name: `${value.first_name} ${value.last_name}`, email: value.email } },
  });
  if (customer.isResidential) {
    return formAction(
      { request, context },
      {
        schema: NewResidentialContactSchema,
        submit: (value) => client.call("POST /residential-customer/{customerId}/contacts", { params: { customerId: id }, form: value }),
        success,
      },
    );
  }
  return formAction(
    { request, context },
    {
      schema: NewCommercialContactSchema,
      submit: (value) => client.call("POST /customer/{id}/contacts", { params: { id }, form: value }),
      success,
    },
  );
}

export default function NewContact({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("contacts");
  const { customer } = loaderData;
  const kind = kindOf(customer);
  const [form, fields] = usePortalForm({
    schema: () =>
      import("~/schemas/contacts").then((m) => (customer.isResidential ? m.NewResidentialContactSchema : m.NewCommercialContactSchema)),
    lastResult: actionData,
    constraint: loaderData.constraint,
  });
  const options = useRoleOptions(loaderData.roles, kind);
  const back = contactsPath(customer.customer_id);
  return (
    <div className="max-w-2xl">
      <PageHeader title={t("add.title")} subtitle={<AccountLine customer={customer} />} />
      <p className="mb-6 text-gray-800">{t("add.intro")}</p>
      <ErrorSummary form={form} />
      <Form method="post" {...getFormProps(form)} className="space-y-6 rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
        <div className="grid gap-6 sm:grid-cols-2">
          <Field meta={fields.first_name} label={t("fields.firstName")} autoComplete="off" />
          <Field meta={fields.last_name} label={t("fields.lastName")} autoComplete="off" />
        </div>
        <Field meta={fields.email} label={t("fields.email")} type="email" hint={t("fields.emailHint")} autoComplete="off" />
        <Field meta={fields.phone} label={`${t("fields.phone")} ${t("optional")}`} type="tel" autoComplete="off" />
        <CheckboxGroup meta={fields.roles} legend={t("fields.roles")} hint={t("fields.rolesHint")} options={options} />
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <SubmitButton>{t("add.submit")}</SubmitButton>
          <Link to={back} className="text-center">
            {t("cancel")}
          </Link>
        </div>
      </Form>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
