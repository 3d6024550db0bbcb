/**
 * /contacts/{customerId}/{contactId}/resend: send a pending contact a new activation e-mail (POST
 * /customer/{id}/contact/{contactId}/resend-activation). Earlier links stop working; at most 3 links
 * an hour for one contact (429).
 */
import { redirect } from "react-router";
import type { Route } from "./+types/resend";
import { ConfirmForm } from "~/components/form";
import { PageHeader } from "~/components/PageHeader";
import { api } from "~/lib/api.server";
import { formAction } from "~/lib/form-action.server";
import { formatDate } from "~/lib/i18n";
import { useT } from "~/lib/use-t";
import { ConfirmSchema } from "~/schemas/confirm";
import { AccountLine } from "~/components/contacts/ContactParts";
import { loadContact } from "./contacts.server";
import { contactPath, contactsPath } from "./paths";

export const handle = { i18n: ["contacts", "api"] };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { customer, customerName, contact } = await loadContact(context, request, params, { manage: true });
  // Activated already: nothing to send.
  if (contact.account_status !== "pending_activation") throw redirect(contactPath(customer.customer_id, contact.contact_id));
  return { customer: { customer_id: customer.customer_id, contract_name: customerName }, contact };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { customer, contact } = await loadContact(context, request, params, { manage: true });
  const id = customer.customer_id;
  return formAction(
    { request, context },
    {
      schema: ConfirmSchema,
      submit: () =>
        api(context, request).call("POST /customer/{id}/contact/{contactId}/resend-activation", {
          params: { id, contactId: contact.contact_id },
        }),
      success: ({ invitation_expires_at }, _value, { language }) => ({
        redirectTo: contactsPath(id),
        notification: {
          key: "contacts:resend.notifySent",
          values: { email: contact.email, date: formatDate(invitation_expires_at, language) },
        },
      }),
    },
  );
}

export default function ResendActivation({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("contacts");
  const { customer, contact } = loaderData;
  const name = `${contact.first_name} ${contact.last_name}`;
  return (
    <div>
      <PageHeader title={t("resend.title")} subtitle={<AccountLine customer={customer} />} />
      <ConfirmForm
        confirmLabel={t("resend.submit")}
        cancelLabel={t("cancel")}
        cancelTo={contactPath(customer.customer_id, contact.contact_id)}
        lastResult={actionData}
        variant="primary"
      >
        <p className="font-semibold">{t("resend.what", { name, email: contact.email })}</p>
        <p>{t("resend.consequence")}</p>
      </ConfirmForm>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
