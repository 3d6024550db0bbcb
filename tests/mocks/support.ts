/** msw: support tickets of the fixture accounts, and opening one. Tests change an answer with server.use(on(...)). */
import type { SupportTicket, SupportTicketsAnswer } from "../../api/contract/support.ts";
import { on, reply } from "./contract.ts";

export const ticket = (overrides: Partial<SupportTicket> = {}): SupportTicket => ({
  ticket_id: 41,
  ticket_number: "CS-1041",
  subject: "WiFi drops in the evening",
  category: "wifi",
  category_name: "WiFi",
  status: "in_progress",
  service_id: null,
  created_at: "2026-11-10T15:00:00Z",
  updated_at: "2026-11-12T16:30:00Z",
  last_update: { at: "2026-11-12T16:30:00Z", author: "agent", author_name: "Jasmine Patel", summary: "We adjusted your channel." },
  attachments: [],
  ...overrides,
});

export const tickets: SupportTicketsAnswer = {
  customer_tickets: [
    ticket({
      ticket_id: 40,
      ticket_number: "CS-1040",
      subject: "Bill question",
      category: "billing",
      category_name: "Billing",
      status: "resolved",
      updated_at: "2026-11-01T10:00:00Z",
      created_at: "2026-10-30T10:00:00Z",
    }),
    ticket(),
  ],
  categories: [
    { value: "billing", label: "Billing" },
    { value: "internet", label: "Internet" },
    { value: "wifi", label: "WiFi" },
    { value: "other", label: "Other" },
  ],
};

export const supportHandlers = [
  on("GET /support/tickets/{customerId}", () => reply("GET /support/tickets/{customerId}", tickets)),
  on("POST /support/tickets/{customerId}", () =>
    reply("POST /support/tickets/{customerId}", { success: true, ticket_id: 42, ticket_number: "CS-1042" }),
  ),
];
