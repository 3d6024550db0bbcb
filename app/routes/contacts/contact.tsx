/**
 * /contacts/{customerId}/{contactId}: one contact (name, e-mail, phone, activation status, roles). An
 * authoritative contact changes their roles here (PUT /customer/{id}/contact/{contactId} with
 * new_roles), sends a pending contact a new activation e-mail, or goes on to remove them. Giving up
 * one's own authoritative role is warned about and needs a box ticked; the last activated
 * authoritative contact keeps the role (the API refuses).
 */
import { getFormProps } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import type { Route } from "./+types/contact";
import { Card, Details } from "~/components/Card";
import { Checkbox, CheckboxGroup, ErrorSummary, SubmitButton } from "~/components/form";
import { PageAlert } from "~/components/PageAlert";
import { PageHeader, secondaryLinkClass } from "~/components/PageHeader";
import { api } from "~/lib/api.server";
import { formAction } from "~/lib/form-action.server";
import { usePortalForm } from "~/lib/use-portal-form";
import { useT } from "~/lib/use-t";
import { RolesSchemas, rolesSchemaName } from "~/schemas/contacts";
import { AccountLine, ActivationStatus, RoleNames, kindOf, useRoleOptions } from "~/components/contacts/ContactParts";
import { loadContact } from "./contacts.server";
import { contactPath, contactsPath } from "./paths";

export const handle = { i18n: ["contacts", "api"] };

const constraints = Object.fromEntries(Object.entries(RolesSchemas).map(([name, schema]) => [name, getZodConstraint(schema)]));

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const page = await loadContact(context, request, params);
  const schemaName = rolesSchemaName(page.customer.isResidential, page.contact.is_current_user);
  return {
    customer: { customer_id: page.customer.customer_id, contract_name: page.customerName, isResidential: page.customer.isResidential },
    contact: page.contact,
    roles: page.roles,
    canManage: page.canManage,
    schemaName,
    constraint: constraints[schemaName],
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { customer, contact } = await loadContact(context, request, params, { manage: true });
  const id = customer.customer_id;
  return formAction(
    { request, context },
    {
      schema: RolesSchemas[rolesSchemaName(customer.isResidential, contact.is_current_user)],
      submit: (value) =>
        api(context, request).call("PUT /customer/{id}/contact/{contactId}", {
          params: { id, contactId: contact.contact_id },
          form: { new_roles: value.new_roles },
        }),
      success: () => ({ redirectTo: contactsPath(id), notification: { key: "contacts:edit.notifyChanged" } }),
    },
  );
}

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("contacts");
  const { customer, contact, canManage, schemaName } = loaderData;
  const kind = kindOf(customer);
  const own = contact.is_current_user;
  const [form, fields] = usePortalForm({
    schema: () => import("~/schemas/contacts").then((m) => m.RolesSchemas[schemaName]),
    lastResult: actionData,
    constraint: loaderData.constraint,
    defaultValue: { new_roles: contact.roles },
  });
  const options = useRoleOptions(loaderData.roles, kind);
  const name = `${contact.first_name} ${contact.last_name}`;
  const base = contactPath(customer.customer_id, contact.contact_id);
  const pending = contact.account_status === "pending_activation";

  return (
    <div className="max-w-2xl space-y-6">
      <PageHeader title={name} subtitle={<AccountLine customer={customer} />} />
      <Card id="contact-details-heading" title={t("view.details")}>
        <Details
          items={[
            [
              t("fields.email"),
              <span key="e" className="break-all">
                {contact.email}
              </span>,
            ],
            [t("fields.phone"), contact.phone ?? t("view.noPhone")],
            [t("list.status"), <ActivationStatus key="s" contact={contact} />],
            [t("list.roles"), <RoleNames key="r" roles={contact.roles} kind={kind} />],
          ]}
        />
        {contact.used_for_tv_go ? <p className="mt-3 text-sm text-gray-800">{t("view.tvGo")}</p> : null}
        {canManage && pending ? (
          <p className="mt-4">
            <Link to={`${base}/resend`} className={secondaryLinkClass}>
              {t("resend.action")}
            </Link>
          </p>
        ) : null}
      </Card>

      {canManage ? (
        <section aria-labelledby="roles-form-heading" className="rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
          <h2 id="roles-form-heading" className="mb-4 text-lg font-semibold text-gray-900">
            {t("edit.title")}
          </h2>
          {own ? (
            <div className="mb-4">
              <PageAlert tone="warning" title={t("edit.ownWarningTitle")} testId="own-roles-warning">
                <p>{t("edit.ownWarningText")}</p>
              </PageAlert>
            </div>
          ) : null}
          <ErrorSummary form={form} />
          <Form method="post" {...getFormProps(form)} className="space-y-6">
            <CheckboxGroup meta={fields.new_roles} legend={t("fields.roles")} hint={t("fields.rolesHint")} options={options} />
            {own ? <Checkbox meta={(fields as Record<string, typeof fields.new_roles>).acknowledge} label={t("edit.acknowledge")} /> : null}
            <SubmitButton>{t("edit.submit")}</SubmitButton>
          </Form>
        </section>
      ) : (
        <p className="text-gray-800">{t("readOnly.text")}</p>
      )}

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <Link to={contactsPath(customer.customer_id)}>{t("backToList")}</Link>
        {canManage ? (
          <Link to={`${base}/remove`} className="font-semibold text-error underline">
            {own ? t("remove.ownAction") : t("remove.action", { name })}
          </Link>
        ) : null}
      </div>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
