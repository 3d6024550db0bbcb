/**
 * msw: contacts of the commercial fixture account 200301 (the user, a billing contact, a pending IT
 * desk) and of the residential one 100101 (the user, a TV Go contact; several service addresses).
 * Tests change an answer with server.use(on(...)).
 */
import type { CommercialContactsAnswer, Contact, ResidentialContactsAnswer } from "#contract/contacts";
import { on, reply } from "./contract.ts";

export const contact = (overrides: Partial<Contact> = {}): Contact => ({
  contact_id: 11,
  first_name: "Priya",
  last_name: "Raman",
  email: "business@example.com",
  phone: "416-555-0177",
  account_status: "activated",
  roles: ["authoritative", "billing", "notify", "support"],
  is_current_user: true,
  used_for_tv_go: false,
  invitation: null,
  ...overrides,
});

export const commercialContacts: CommercialContactsAnswer = {
  customer_name: "Harbourfront Logistics Inc.",
  contacts: [
    contact(),
    contact({
      contact_id: 12,
      first_name: "Noah",
      last_name: "Williams",
      email: "noah.williams@harbourfront.example",
      phone: "416-555-0300",
      roles: ["billing", "notify"],
      is_current_user: false,
    }),
    contact({
      contact_id: 13,
      first_name: "IT",
      last_name: "Desk",
      email: "it@harbourfront.example",
      phone: null,
      account_status: "pending_activation",
      roles: ["support", "notify"],
      is_current_user: false,
      invitation: { sent_at: "2026-11-20T14:00:00Z", expires_at: "2026-11-27T14:00:00Z", expired: false },
    }),
  ],
};

export const residentialContacts: ResidentialContactsAnswer = {
  customer_name: "Maya Singh",
  has_multiple_service_addresses: true,
  contacts: [
    contact({
      contact_id: 1,
      first_name: "Maya",
      last_name: "Singh",
      email: "resi@example.com",
      roles: ["authoritative", "billing", "support"],
    }),
    contact({
      contact_id: 3,
      first_name: "Ravi",
      last_name: "Singh",
      email: "ravi.singh@example.com",
      roles: ["billing", "support"],
      is_current_user: false,
      used_for_tv_go: true,
    }),
  ],
};

export const contactsHandlers = [
  on("GET /customer/{id}/contacts", () => reply("GET /customer/{id}/contacts", commercialContacts)),
  on("GET /residential-customer/{customerId}/contacts", () =>
    reply("GET /residential-customer/{customerId}/contacts", residentialContacts),
  ),
  on("POST /customer/{id}/contacts", () =>
    reply("POST /customer/{id}/contacts", { success: true, contact_id: 20, invitation_expires_at: "2026-11-30T14:00:00Z" }),
  ),
  on("POST /residential-customer/{customerId}/contacts", () =>
    reply("POST /residential-customer/{customerId}/contacts", {
      success: true,
      contact_id: 21,
      invitation_expires_at: "2026-11-30T14:00:00Z",
    }),
  ),
  on("PUT /customer/{id}/contact/{contactId}", () =>
    reply("PUT /customer/{id}/contact/{contactId}", { success: true, roles: ["billing"] }),
  ),
  on("DELETE /customer/{id}/contact/{contactId}", () =>
    reply("DELETE /customer/{id}/contact/{contactId}", { success: true, removed_self: false }),
  ),
  on("POST /customer/{id}/contact/{contactId}/resend-activation", () =>
    reply("POST /customer/{id}/contact/{contactId}/resend-activation", { success: true, invitation_expires_at: "2026-11-30T14:00:00Z" }),
  ),
];
