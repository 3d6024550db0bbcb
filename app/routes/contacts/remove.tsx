/**
 * /contacts/{customerId}/{contactId}/remove: confirm, then remove a contact (DELETE
 * /customer/{id}/contact/{contactId}). Removing oneself ends one's access to the account at once: the
 * page says so first, and afterwards the customer lands on their other accounts (or the page saying
 * they have none). A contact used for TV Go is replaced by support; the last activated authoritative
 * contact stays (the API refuses, and the page says why).
 */
import { Link } from "react-router";
import type { Route } from "./+types/remove";
import { ConfirmForm } from "~/components/form";
import { PageAlert } from "~/components/PageAlert";
import { PageHeader } from "~/components/PageHeader";
import { api } from "~/lib/api.server";
import { formAction } from "~/lib/form-action.server";
import { rememberLeftAccount, setKept } from "~/lib/session.server";
import { useT } from "~/lib/use-t";
import { ConfirmSchema } from "~/schemas/confirm";
import { AccountLine } from "~/components/contacts/ContactParts";
import { loadContact } from "./contacts.server";
import { contactPath, contactsPath } from "./paths";

export const handle = { i18n: ["contacts", "api"] };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { customer, customerName, contact } = await loadContact(context, request, params, { manage: true });
  return { customer: { customer_id: customer.customer_id, contract_name: customerName }, contact };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { customer, customerName, contact } = await loadContact(context, request, params, { manage: true });
  const id = customer.customer_id;
  return formAction(
    { request, context },
    {
      schema: ConfirmSchema,
      submit: () =>
        api(context, request).call("DELETE /customer/{id}/contact/{contactId}", { params: { id, contactId: contact.contact_id } }),
      // Without access to the account any more: to the active account, which is now another one (or none).
      // The account's pages then say it is no longer the user's (the back button leads there).
      success: ({ removed_self }) => {
        if (removed_self) {
          rememberLeftAccount(context, { id, name: customerName });
          // The account list kept in the session no longer holds; read it again.
          setKept(context, undefined);
        }
        return { redirectTo: removed_self ? "/" : contactsPath(id), notification: { key: "contacts:remove.notifyRemoved" } };
      },
    },
  );
}

export default function RemoveContact({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("contacts");
  const { customer, contact } = loaderData;
  const name = `${contact.first_name} ${contact.last_name}`;
  const own = contact.is_current_user;
  const back = contactPath(customer.customer_id, contact.contact_id);
  return (
    <div>
      <PageHeader title={own ? t("remove.ownTitle") : t("remove.title", { name })} subtitle={<AccountLine customer={customer} />} />
      {contact.used_for_tv_go ? (
        <div className="max-w-2xl space-y-4">
          <PageAlert tone="warning" title={t("remove.tvGoTitle")} testId="tv-go-notice">
            <p>{t("remove.tvGoText", { name })}</p>
          </PageAlert>
          <p className="flex flex-wrap gap-4">
            <Link to={`/support/${customer.customer_id}/new`}>{t("remove.tvGoSupport")}</Link>
            <Link to={back}>{t("remove.keep")}</Link>
          </p>
        </div>
      ) : (
        <ConfirmForm
          confirmLabel={own ? t("remove.ownSubmit") : t("remove.submit")}
          cancelLabel={own ? t("remove.ownKeep") : t("remove.keep")}
          cancelTo={back}
          lastResult={actionData}
        >
          {own ? (
            <>
              <p className="font-semibold" data-testid="remove-self-warning">
                {t("remove.ownWarning", { account: customer.contract_name })}
              </p>
              <p>{t("remove.ownConsequence")}</p>
            </>
          ) : (
            <>
              <p className="font-semibold">{t("remove.what", { name, account: customer.contract_name })}</p>
              <p>{t("remove.consequence")}</p>
            </>
          )}
        </ConfirmForm>
      )}
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
