/**
 * What every contacts page needs: the account's contacts from the endpoint of its kind (commercial:
 * GET /customer/{id}/contacts; residential: GET /residential-customer/{customerId}/contacts), the
 * roles that kind of account has, and whether the signed-in contact may change them (authoritative).
 */
import { data, type RouterContextProvider } from "react-router";
import type { Contact, ContactRole } from "#contract/contacts";
import { COMMERCIAL_CONTACT_ROLES, RESIDENTIAL_CONTACT_ROLES } from "#contract/contacts";
import type { Customer } from "#contract/dashboard";
import { api } from "~/lib/api.server";
import { goneTo, requireCustomer } from "~/lib/auth.server";
import { contactsPath } from "./paths";
import { pageId } from "~/lib/page-ids.server";

type Context = Readonly<RouterContextProvider>;

export interface ContactsPage {
  customer: { customer_id: number; contract_name: string; isResidential: boolean };
  customerName: string;
  contacts: Contact[];
  /** Residential accounts: several service addresses (contacts then reach every one of them). */
  multipleAddresses: boolean;
  /** The roles this kind of account has, in their order. */
  roles: readonly ContactRole[];
  /** The signed-in contact is authoritative: they add, change and remove contacts. */
  canManage: boolean;
}

export const isAuthoritative = (customer: Customer) => customer.roles.includes("authoritative");

/** The account's contacts page data; `manage` refuses (403) a contact who is not authoritative. */
export async function loadContacts(
  context: Context,
  request: Request,
  params: { customerId?: string },
  { manage = false }: { manage?: boolean } = {},
): Promise<ContactsPage> {
  const customer = await requireCustomer(context, request, params);
  const canManage = isAuthoritative(customer);
  if (manage && !canManage) throw data({ kind: "forbidden" }, { status: 403 });
  const client = api(context, request);
  const id = customer.customer_id;
  const answer = customer.isResidential
    ? await client.call("GET /residential-customer/{customerId}/contacts", { params: { customerId: id } })
    : { ...(await client.call("GET /customer/{id}/contacts", { params: { id } })), has_multiple_service_addresses: false };
  return {
    customer: { customer_id: id, contract_name: customer.contract_name, isResidential: customer.isResidential },
    customerName: answer.customer_name,
    contacts: answer.contacts,
    multipleAddresses: answer.has_multiple_service_addresses,
    roles: customer.isResidential ? RESIDENTIAL_CONTACT_ROLES : COMMERCIAL_CONTACT_ROLES,
    canManage,
  };
}

/** One contact of the account (404 for a malformed id; a contact no longer on the account: its contacts, with a notice). */
export async function loadContact(
  context: Context,
  request: Request,
  params: { customerId?: string; contactId?: string },
  options: { manage?: boolean } = {},
): Promise<ContactsPage & { contact: Contact }> {
  const id = pageId(params.contactId);
  const page = await loadContacts(context, request, params, options);
  const contact = page.contacts.find((c) => c.contact_id === id);
  if (!contact) return goneTo(context, contactsPath(page.customer.customer_id), "contacts:remove.gone");
  return { ...page, contact };
}
