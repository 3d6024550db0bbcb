/**
 * msw: support tickets of the fixture accounts, opening one, a ticket's conversation (reply, close,
 * reopen), and a visitor's ticket lookup (link and view). Tests change an answer with server.use(on(...)).
 */
import type {
  SupportTicket,
  SupportTicketsAnswer,
  TicketDetail,
  TicketMessage,
  TicketThreadAnswer,
  TicketViewAnswer,
} from "#contract/support";
import { HttpResponse } from "msw";
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

/** The file of CS-1041's first message, and its bytes (any bytes: the portal passes them through). */
export const SPEED_TEST = { attachment_id: 501, file_name: "speed-test.png", media_type: "image/png", size_bytes: 48_213 };
export const SPEED_TEST_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0x80]);

/** The conversation of CS-1041 (waiting for the customer): her message, then support's question. */
export const message = (overrides: Partial<TicketMessage> = {}): TicketMessage => ({
  message_id: 1,
  at: "2026-11-10T15:00:00Z",
  author: "customer",
  author_name: "Maya Singh",
  mine: true,
  body: "The WiFi drops every evening around 8 p.m.",
  attachments: [SPEED_TEST],
  ...overrides,
});

export const ticketDetail = (overrides: Partial<TicketDetail> = {}): TicketDetail => ({
  ticket_id: 41,
  ticket_number: "CS-1041",
  subject: "WiFi drops in the evening",
  category: "wifi",
  category_name: "WiFi",
  status: "waiting_on_customer",
  service_id: null,
  created_at: "2026-11-10T15:00:00Z",
  updated_at: "2026-11-12T16:30:00Z",
  closed_at: null,
  reopen_until: null,
  can_reopen: false,
  ...overrides,
});

export const thread = (ticket: Partial<TicketDetail> = {}): TicketThreadAnswer => ({
  ticket: ticketDetail(ticket),
  messages: [
    message(),
    message({
      message_id: 2,
      at: "2026-11-12T16:30:00Z",
      author: "agent",
      author_name: "Jasmine",
      mine: false,
      body: "We moved your 5 GHz network to channel 149.\nDoes it still drop?",
      attachments: [],
    }),
  ],
});

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
  messages: thread().messages.map((m) => ({ ...m, mine: false })),
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
  on("GET /support/tickets/{customerId}/{ticketNumber}", ({ params }) =>
    params.ticketNumber === "CS-1041" ? reply("GET /support/tickets/{customerId}/{ticketNumber}", thread()) : refuse(404),
  ),
  on("GET /support/tickets/{customerId}/{ticketNumber}/attachments/{attachmentId}", ({ params }) =>
    params.ticketNumber === "CS-1041" && params.attachmentId === String(SPEED_TEST.attachment_id)
      ? new HttpResponse(SPEED_TEST_BYTES, {
          headers: {
            "Content-Type": "image/png",
            "Content-Disposition": 'attachment; filename="speed-test.png"',
            "Content-Length": String(SPEED_TEST_BYTES.length),
            "X-Content-Type-Options": "nosniff",
            "Content-Security-Policy": "sandbox; default-src 'none'",
            "Cache-Control": "private, no-store",
          },
        })
      : refuse(404),
  ),
  on("POST /support/tickets/{customerId}/{ticketNumber}/messages", () =>
    reply("POST /support/tickets/{customerId}/{ticketNumber}/messages", {
      success: true,
      ticket_number: "CS-1041",
      status: "open",
      message_id: 3,
    }),
  ),
  on("POST /support/tickets/{customerId}/{ticketNumber}/close", () =>
    reply("POST /support/tickets/{customerId}/{ticketNumber}/close", { success: true, ticket_number: "CS-1041", status: "closed" }),
  ),
  on("POST /support/tickets/{customerId}/{ticketNumber}/reopen", () =>
    reply("POST /support/tickets/{customerId}/{ticketNumber}/reopen", { success: true, ticket_number: "CS-1041", status: "open" }),
  ),
];
