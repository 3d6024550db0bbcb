/**
 * msw: support tickets of the fixture accounts, opening one, and a visitor's ticket lookup (link and
 * view). Tests change an answer with server.use(on(...)).
 */
import type { SupportTicket, SupportTicketsAnswer, TicketViewAnswer } from "#contract/support";
import { on, refuse, reply } from "./contract.ts";

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

/** The ticket lookup: a working link token, a working view token, and the view it opens. */
export const TICKET_LINK = "ticket-link-good-0123456789abcdef";
export const TICKET_VIEW = "ticket-view-good-0123456789abcdef";
export const ticketView: TicketViewAnswer = {
  ticket: {
    ticket_number: "CS-1041",
    subject: "WiFi drops every evening",
    category: "wifi",
    category_name: "WiFi",
    status: "in_progress",
    created_at: "2026-11-10T01:00:00Z",
    updated_at: "2026-11-13T02:00:00Z",
    attachments: [{ file_name: "speed-test.png" }],
  },
  expires_at: "2026-11-23T16:00:00Z",
};

export const supportHandlers = [
  on("POST /support/ticket-lookup", () => reply("POST /support/ticket-lookup", { success: true })),
  on("GET /support/ticket-links/{token}", ({ params }) =>
    params.token === TICKET_LINK
      ? reply("GET /support/ticket-links/{token}", { ticket_number: "CS-1041", expires_at: "2026-11-24T15:00:00Z" })
      : refuse(404),
  ),
  on("POST /support/ticket-links/{token}", ({ params }) =>
    params.token === TICKET_LINK
      ? reply("POST /support/ticket-links/{token}", {
          success: true,
          ticket_number: "CS-1041",
          view_token: TICKET_VIEW,
          expires_at: "2026-11-23T16:00:00Z",
        })
      : refuse(404),
  ),
  on("GET /support/ticket-views/{viewToken}", ({ params }) =>
    params.viewToken === TICKET_VIEW ? reply("GET /support/ticket-views/{viewToken}", ticketView) : refuse(404),
  ),
  on("GET /support/tickets/{customerId}", () => reply("GET /support/tickets/{customerId}", tickets)),
  on("POST /support/tickets/{customerId}", () =>
    reply("POST /support/tickets/{customerId}", { success: true, ticket_id: 42, ticket_number: "CS-1042" }),
  ),
];
