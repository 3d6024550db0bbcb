/**
 * /contacts/{customerId?}: the people who may act on an account, their activation status and roles,
 * and what each role allows. Authoritative contacts add a contact and open one to change or remove it;
 * the others see the list read-only. Without an id: the active account's contacts.
 */
import { Link } from "react-router";
import { PlainLink } from "~/components/PlainLink";
import type { Route } from "./+types/list";
import { Card } from "~/components/Card";
import { PageAlert, PageAlerts } from "~/components/PageAlert";
import { PageHeader, actionLinkClass } from "~/components/PageHeader";
import { redirectToActiveAccount } from "~/lib/auth.server";
import { useT } from "~/lib/use-t";
import { ActivationStatus, AccountLine, RoleMeanings, RoleNames, kindOf } from "~/components/contacts/ContactParts";
import { loadContacts } from "./contacts.server";
import { contactPath, contactsPath } from "./paths";

export const handle = { i18n: ["contacts"] };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!params.customerId) return redirectToActiveAccount(context, request, contactsPath);
  return loadContacts(context, request, params);
}

export default function Contacts({ loaderData }: Route.ComponentProps) {
  const { t } = useT("contacts");
  const { customer, contacts, canManage, roles, multipleAddresses } = loaderData;
  const kind = kindOf(customer);
  const id = customer.customer_id;
  return (
    <div className="max-w-5xl">
      <PageHeader
        title={t("title")}
        subtitle={<AccountLine customer={{ customer_id: id, contract_name: loaderData.customerName }} />}
        action={
          canManage ? (
            <Link to={`/contacts/${id}/new`} className={actionLinkClass}>
              {t("add.action")}
            </Link>
          ) : null
        }
      />
      <PageAlerts>
        {!canManage ? (
          <PageAlert tone="info" title={t("readOnly.title")} testId="contacts-read-only">
            <p>{t("readOnly.text")}</p>
          </PageAlert>
        ) : null}
        {customer.isResidential && multipleAddresses ? (
          <PageAlert tone="info" title={t("multipleAddresses.title")}>
            <p>{t("multipleAddresses.text")}</p>
          </PageAlert>
        ) : null}
      </PageAlerts>

      <div className="space-y-6">
        <section aria-labelledby="contacts-list-heading" className="rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
          <h2 id="contacts-list-heading" className="text-lg font-semibold text-gray-900">
            {t("list.title", { count: contacts.length })}
          </h2>
          {contacts.length === 0 ? (
            <p className="mt-3 text-gray-800">{t("list.empty")}</p>
          ) : (
            <table className="mt-3 w-full text-left">
              <caption className="sr-only">{t("list.caption", { name: loaderData.customerName })}</caption>
              <thead className="hidden border-b border-gray-200 text-sm text-gray-700 md:table-header-group">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    {t("list.name")}
                  </th>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    {t("list.contactInfo")}
                  </th>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    {t("list.status")}
                  </th>
                  <th scope="col" className="py-2 font-semibold">
                    {t("list.roles")}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-200">
                {contacts.map((contact) => {
                  const name = `${contact.first_name} ${contact.last_name}`;
                  return (
                    <tr key={contact.contact_id} className="block py-3 md:table-row md:py-0" data-testid="contact-row">
                      <th scope="row" className="block text-left font-normal md:table-cell md:py-3 md:pr-4 md:align-top">
                        <PlainLink to={contactPath(id, contact.contact_id)} className="font-semibold">
                          {name}
                        </PlainLink>
                        {contact.is_current_user ? <span className="ml-2 text-sm text-gray-700">{t("list.you")}</span> : null}
                      </th>
                      <td className="block break-all md:table-cell md:py-3 md:pr-4 md:align-top">
                        <span className="block">{contact.email}</span>
                        {contact.phone ? <span className="block text-sm text-gray-700">{contact.phone}</span> : null}
                      </td>
                      <td className="block py-1 md:table-cell md:py-3 md:pr-4 md:align-top">
                        <ActivationStatus contact={contact} />
                      </td>
                      <td className="block md:table-cell md:py-3 md:align-top">
                        <span className="text-sm text-gray-700 md:hidden">{t("list.rolesPrefix")} </span>
                        <RoleNames roles={contact.roles} kind={kind} />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )}
        </section>

        <Card id="roles-heading" title={t("roles.title")}>
          <RoleMeanings roles={roles} kind={kind} />
        </Card>
      </div>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
