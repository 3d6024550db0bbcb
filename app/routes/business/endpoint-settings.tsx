/**
 * /internet/view/{serviceId}/settings: change the endpoint's monitoring settings (PUT
 * /internet/{id}/endpoint, multipart): its name, description, the addresses outage alerts are e-mailed
 * to (five at most) and the contact notified of outages (one with the notifications role). The PUT
 * replaces the whole set, so every field is sent. Contacts without the authoritative or support role
 * get 403 (the details page shows them the settings read-only).
 */
import { getFormProps } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/endpoint-settings";
import { ErrorSummary, Field, Select, SubmitButton, TextArea } from "~/components/form";
import { PageTitle } from "~/components/PageTitle";
import { api } from "~/lib/api.server";
import { canManageEndpoint, endpointDetails, serviceCustomer, serviceIdOf } from "./business.server";
import { formAction } from "~/lib/form-action.server";
import { usePortalForm } from "~/lib/use-portal-form";
import { useT } from "~/lib/use-t";
import { EndpointSettingsSchema } from "~/schemas/business";
import { DESCRIPTION_MAX, LABEL_MAX, MAX_ALERT_EMAILS } from "~/schemas/values";

export const handle = { i18n: ["business", "api"] };

const constraint = getZodConstraint(EndpointSettingsSchema);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = serviceIdOf(params);
  const { endpoint_details: endpoint } = await endpointDetails(context, request, id);
  const customer = await serviceCustomer(context, request, endpoint.customer_id);
  if (!canManageEndpoint(customer)) throw data({ kind: "forbidden" }, { status: 403 });
  return {
    serviceId: endpoint.service_id,
    name: endpoint.label || endpoint.name,
    options: endpoint.notification_contact_options,
    current: {
      label: endpoint.label ?? "",
      description: endpoint.description ?? "",
      alert_emails: endpoint.alert_emails.join(", "),
      notification_contact_id: endpoint.notification_contact ? String(endpoint.notification_contact.contact_id) : "",
    },
    constraint,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const id = serviceIdOf(params);
  return formAction(
    { request, context },
    {
      schema: EndpointSettingsSchema,
      submit: (value) =>
        api(context, request).call("PUT /internet/{id}/endpoint", {
          params: { id },
          form: {
            label: value.label,
            description: value.description,
            alert_emails: value.alert_emails,
            notification_contact_id: value.notification_contact_id,
          },
        }),
      success: () => ({ redirectTo: `/internet/view/${id}`, notification: { key: "business:settings.updated" } }),
    },
  );
}

export default function EndpointSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("business");
  const { serviceId, name, options, current } = loaderData;
  const [form, fields] = usePortalForm({
    schema: () => import("~/schemas/business").then((m) => m.EndpointSettingsSchema),
    lastResult: actionData,
    constraint: loaderData.constraint,
    defaultValue: current,
  });
  return (
    <div className="max-w-2xl">
      <PageTitle title={t("settings.documentTitle", { name })} />
      <h2 className="text-xl font-semibold text-gray-900">{t("settings.title")}</h2>
      <p className="mt-1 text-gray-700">{t("settings.intro")}</p>
      <div className="mt-4">
        <ErrorSummary form={form} />
      </div>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-4 space-y-5">
        <Field meta={fields.label} label={t("settings.label")} hint={t("settings.labelHint", { max: LABEL_MAX })} />
        <TextArea
          meta={fields.description}
          label={t("settings.description")}
          hint={t("settings.descriptionHint", { max: DESCRIPTION_MAX })}
          rows={3}
        />
        <TextArea
          meta={fields.alert_emails}
          label={t("settings.alertEmails")}
          hint={t("settings.alertEmailsHint", { max: MAX_ALERT_EMAILS })}
          rows={3}
        />
        <Select
          meta={fields.notification_contact_id}
          label={t("settings.contact")}
          hint={t("settings.contactHint")}
          options={[
            { value: "", label: t("settings.noContact") },
            ...options.map((c) => ({ value: String(c.contact_id), label: `${c.first_name} ${c.last_name} (${c.email})` })),
          ]}
        />
        <div className="flex flex-wrap items-center gap-4">
          <SubmitButton>{t("settings.submit")}</SubmitButton>
          <Link to={`/internet/view/${serviceId}`} className="font-medium">
            {t("settings.cancel")}
          </Link>
        </div>
      </Form>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
