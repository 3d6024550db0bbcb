/**
 * Support tickets of residential and commercial customers, their conversations (the messages of both
 * sides, the customer's replies, closing and reopening), and looking one up without signing in (a link
 * e-mailed to the address it was opened with, then a short read-only view of the conversation).
 */
import { z } from "zod";
import { IsoDateTime, NumericId, SuccessAnswer } from "./common.ts";
import { endpoint } from "./endpoint.ts";

/** The options of the support form's category select, by kind of customer (in this order). */
export const RESIDENTIAL_TICKET_CATEGORIES = ["billing", "internet", "wifi", "tv", "home_phone", "moving", "account", "other"] as const;
export const COMMERCIAL_TICKET_CATEGORIES = [
  "outage",
  "network_change",
  "ip_addressing",
  "colocation",
  "voice",
  "billing",
  "account",
  "other",
] as const;
export const TicketCategory = z.enum([...new Set([...RESIDENTIAL_TICKET_CATEGORIES, ...COMMERCIAL_TICKET_CATEGORIES])] as [
  string,
  ...string[],
]);
export type TicketCategory = z.infer<typeof TicketCategory>;

export const TicketStatus = z.enum(["open", "in_progress", "waiting_on_customer", "resolved", "closed"]);
export type TicketStatus = z.infer<typeof TicketStatus>;

/** At most this many CC addresses on a ticket, and this many attachments. */
export const MAX_CC_EMAILS = 10;
export const MAX_TICKET_ATTACHMENTS = 5;
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

const emailFormat = z.email();

/**
 * Splits a list of e-mail addresses as people type them (separated by commas, semicolons, spaces or
 * line breaks; or several form fields) into the valid ones (lowercased, without duplicates) and the
 * invalid ones (as typed). Anything but strings counts as invalid.
 */
export function splitEmailList(input: unknown): { emails: string[]; invalid: string[] } {
  const parts = input === undefined || input === null ? [] : Array.isArray(input) ? input : [input];
  const items = parts
    .flatMap((part) => (typeof part === "string" ? part.split(/[\s,;]+/) : [String(part)]))
    .map((item) => item.trim())
    .filter(Boolean);
  const emails: string[] = [];
  const invalid: string[] = [];
  for (const item of items) {
    if (item.length <= 254 && emailFormat.safeParse(item).success) {
      const email = item.toLowerCase();
      if (!emails.includes(email)) emails.push(email);
    } else if (!invalid.includes(item)) {
      invalid.push(item);
    }
  }
  return { emails, invalid };
}

/** A list of e-mail addresses: one string (comma, semicolon or line separated) or repeated fields. */
export const EmailListInput = z.union([z.string(), z.array(z.string())]);

/** A trimmed text field whose rule failures are error codes `<field>.required` / `<field>.too_long`. */
export const textField = (field: string, max: number, required = true) =>
  z
    .string()
    .trim()
    .superRefine((value, check) => {
      if (required && !value) check.addIssue({ code: "custom", message: `${field}.required` });
      else if (value.length > max) check.addIssue({ code: "custom", message: `${field}.too_long` });
    });

export const SupportTicket = z.object({
  ticket_id: z.number().int(),
  ticket_number: z.string(),
  subject: z.string(),
  category: TicketCategory,
  /** The category's label in the answer language. */
  category_name: z.string(),
  status: TicketStatus,
  /** The service the ticket is about, if one was named. */
  service_id: z.number().int().nullable(),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
  /** The latest message on the ticket (the opening message until someone replies). */
  last_update: z
    .object({
      at: IsoDateTime,
      author: z.enum(["customer", "agent"]),
      author_name: z.string(),
      /** The message's first 160 characters (an ellipsis marks a cut). */
      summary: z.string(),
    })
    .nullable(),
  attachments: z.array(z.object({ file_name: z.string(), media_type: z.string(), size_bytes: z.number().int() })),
});
export type SupportTicket = z.infer<typeof SupportTicket>;

/** GET /support/tickets/{customerId}: tickets, most recently updated first, and the form's category options. */
export const SupportTicketsAnswer = z.object({
  customer_tickets: z.array(SupportTicket),
  categories: z.array(z.object({ value: TicketCategory, label: z.string() })),
});
export type SupportTicketsAnswer = z.infer<typeof SupportTicketsAnswer>;

/**
 * POST /support/tickets/{customerId} (multipart): the fields below, files in `attachments` (at most 5,
 * each at most 10 MB, JPG, PNG or PDF by content).
 */
export const OpenTicketRequest = z.object({
  /** One of the customer's categories (see `categories` of the GET answer). */
  category: textField("category", 40),
  subject: textField("subject", 150),
  description: textField("description", 5000),
  /** People copied on the ticket's e-mails. */
  cc_emails: EmailListInput.optional(),
  /** A service of the customer the ticket is about. */
  service_id: z.union([z.literal(""), NumericId]).optional(),
});
export type OpenTicketRequest = z.infer<typeof OpenTicketRequest>;

export const OpenTicketAnswer = z.object({
  success: z.literal(true),
  ticket_id: z.number().int(),
  ticket_number: z.string(),
});
export type OpenTicketAnswer = z.infer<typeof OpenTicketAnswer>;

/**
 * Opening a ticket and replying may carry a key (optional): the same key twice adds one ticket or one message and
 * answers the same (a form posted twice), as payments do (billing.ts).
 */
const ONCE_PER_KEY = {
  name: "Idempotency-Key",
  required: false,
  description: "1–255 visible ASCII characters, one per intended ticket or message; a repeat answers the stored result",
} as const;

// --- A ticket's conversation --------------------------------------------------------------------------

/** A closed ticket may be reopened for this many days after it was closed; after that, a new one is opened. */
export const TICKET_REOPEN_DAYS = 14;

/**
 * A file sent with a message. A signed-in contact downloads it by its id:
 * GET /support/tickets/{customerId}/{ticketNumber}/attachments/{attachment_id} (a visitor's view lists it only).
 */
export const TicketAttachment = z.object({
  attachment_id: z.number().int(),
  file_name: z.string(),
  media_type: z.string(),
  size_bytes: z.number().int(),
});
export type TicketAttachment = z.infer<typeof TicketAttachment>;

/** One message of a ticket's conversation, the customer's or support's. */
export const TicketMessage = z.object({
  message_id: z.number().int(),
  at: IsoDateTime,
  author: z.enum(["customer", "agent"]),
  /** The contact's name for the customer's messages; the first name an agent signs with (may be empty: "Support"). */
  author_name: z.string(),
  /** The customer's message was written by the signed-in user (always false for support's, and for a visitor's view). */
  mine: z.boolean(),
  body: z.string(),
  attachments: z.array(TicketAttachment),
});
export type TicketMessage = z.infer<typeof TicketMessage>;

/** A ticket as its own page shows it. */
export const TicketDetail = SupportTicket.omit({ last_update: true, attachments: true }).extend({
  /** When it was closed (only while it is closed). */
  closed_at: IsoDateTime.nullable(),
  /** While closed: the end of the TICKET_REOPEN_DAYS it may be reopened in, and whether that is still ahead. */
  reopen_until: IsoDateTime.nullable(),
  can_reopen: z.boolean(),
});
export type TicketDetail = z.infer<typeof TicketDetail>;

/** GET /support/tickets/{customerId}/{ticketNumber}: the ticket and its messages, oldest first. */
export const TicketThreadAnswer = z.object({ ticket: TicketDetail, messages: z.array(TicketMessage) });
export type TicketThreadAnswer = z.infer<typeof TicketThreadAnswer>;

/**
 * POST /support/tickets/{customerId}/{ticketNumber}/messages (multipart): the customer's reply, files in
 * `attachments` (the support form's limits). The ticket goes back to "open".
 */
export const TicketReplyRequest = z.object({ message: textField("message", 5000) });
export type TicketReplyRequest = z.infer<typeof TicketReplyRequest>;

/** What a reply, a close or a reopen answers: the ticket's status now. */
export const TicketChangeAnswer = z.object({
  success: z.literal(true),
  ticket_number: z.string(),
  status: TicketStatus,
  /** The reply's message (a reply only). */
  message_id: z.number().int().optional(),
});
export type TicketChangeAnswer = z.infer<typeof TicketChangeAnswer>;

// --- Looking a ticket up without signing in ---------------------------------------------------------

/** A ticket number as people type it: "CS-204801", any case, spaces around; stored upper-case. */
export const TICKET_NUMBER = /^CS-\d{1,12}$/;
export const normalTicketNumber = (value: string) => value.trim().toUpperCase();

/** How long the e-mailed link works (once), and how long the view it opens lasts. */
export const TICKET_LINK_HOURS = 24;
export const TICKET_VIEW_MINUTES = 60;
/** Lookup e-mails sent for one ticket in any hour, at most. */
export const TICKET_LINK_EMAILS_PER_HOUR = 3;

/**
 * POST /support/ticket-lookup (public): a ticket number and the e-mail address it was opened with. The
 * answer is the same whether or not they match: when they do, a link is e-mailed to that address.
 */
export const TicketLookupRequest = z.object({
  ticket_number: z
    .string()
    .trim()
    .superRefine((value, check) => {
      if (!value) check.addIssue({ code: "custom", message: "ticket_number.required" });
      else if (!TICKET_NUMBER.test(normalTicketNumber(value))) check.addIssue({ code: "custom", message: "ticket_number.invalid" });
    }),
  email: z
    .string()
    .trim()
    .superRefine((value, check) => {
      if (!value) check.addIssue({ code: "custom", message: "email.required" });
      else if (value.length > 254 || !emailFormat.safeParse(value).success) check.addIssue({ code: "custom", message: "email.invalid" });
    }),
});
export type TicketLookupRequest = z.infer<typeof TicketLookupRequest>;

/** GET /support/ticket-links/{token}: which ticket a working link opens, and until when. */
export const TicketLinkAnswer = z.object({ ticket_number: z.string(), expires_at: IsoDateTime });
export type TicketLinkAnswer = z.infer<typeof TicketLinkAnswer>;

/** POST /support/ticket-links/{token}: the link used up, a view of the ticket for TICKET_VIEW_MINUTES. */
export const TicketViewGrantAnswer = z.object({
  success: z.literal(true),
  ticket_number: z.string(),
  /** For GET /support/ticket-views/{viewToken}: the ticket and its conversation, read-only. */
  view_token: z.string(),
  expires_at: IsoDateTime,
});
export type TicketViewGrantAnswer = z.infer<typeof TicketViewGrantAnswer>;

/** GET /support/ticket-views/{viewToken}: the ticket and its conversation, read-only. */
export const TicketViewAnswer = z.object({
  ticket: z.object({
    ticket_number: z.string(),
    subject: z.string(),
    category: TicketCategory,
    category_name: z.string(),
    status: TicketStatus,
    created_at: IsoDateTime,
    updated_at: IsoDateTime,
    /** Names only: the files themselves are not served here. */
    attachments: z.array(z.object({ file_name: z.string() })),
  }),
  /** The messages of both sides, oldest first (`mine` is always false here). */
  messages: z.array(TicketMessage),
  /** When this view ends (a new lookup sends a new link). */
  expires_at: IsoDateTime,
});
export type TicketViewAnswer = z.infer<typeof TicketViewAnswer>;

const VIEW_TOKEN = "The token of the view (path); unknown, expired or used tokens answer 404";

export const supportEndpoints = [
  endpoint({
    method: "get",
    path: "/support/tickets/{customerId}",
    tag: "support",
    summary: "The customer's support tickets (most recently updated first) and the form's category options",
    auth: "bearer",
    answer: SupportTicketsAnswer,
  }),
  endpoint({
    method: "post",
    path: "/support/tickets/{customerId}",
    tag: "support",
    summary: "Open a support ticket with CC addresses and attachments (contacts with the support or authoritative role)",
    auth: "bearer",
    body: OpenTicketRequest,
    bodyEncoding: "multipart",
    uploads: [{ field: "attachments", purpose: "support_attachment" }],
    headers: [ONCE_PER_KEY],
    answer: OpenTicketAnswer,
    status: 201,
    errors: [400, 409, 422],
    errorCodes: [
      "category.required",
      "category.invalid",
      "subject.required",
      "subject.too_long",
      "description.required",
      "description.too_long",
      "cc_emails.invalid",
      "cc_emails.too_many",
      "service_id.invalid",
      "service_id.not_found",
      "attachments.too_many",
      "attachments.too_large",
      "attachments.type",
      "attachments.unsafe_content",
      "attachments.empty",
      "attachments.unexpected_field",
      "idempotency_key.reused",
    ],
  }),
  endpoint({
    method: "get",
    path: "/support/tickets/{customerId}/{ticketNumber}",
    tag: "support",
    summary:
      "A ticket of the customer and its conversation, oldest message first (any activated contact; a number that is not this customer's answers 404)",
    auth: "bearer",
    answer: TicketThreadAnswer,
    errors: [404],
  }),
  endpoint({
    method: "get",
    path: "/support/tickets/{customerId}/{ticketNumber}/attachments/{attachmentId}",
    tag: "support",
    summary:
      "A file of a ticket's conversation, as an attachment in the type detected at upload, never cached (any activated contact, as the conversation; a file that is not of this ticket answers 404)",
    auth: "bearer",
    answer: z.string(),
    answerFile: "support_attachment",
    errors: [404],
  }),
  endpoint({
    method: "post",
    path: "/support/tickets/{customerId}/{ticketNumber}/messages",
    tag: "support",
    summary:
      "Reply to a ticket with up to five attachments (contacts with the support or authoritative role); the ticket goes back to open. Refused on a closed ticket",
    auth: "bearer",
    body: TicketReplyRequest,
    bodyEncoding: "multipart",
    uploads: [{ field: "attachments", purpose: "support_attachment" }],
    headers: [ONCE_PER_KEY],
    answer: TicketChangeAnswer,
    status: 201,
    errors: [400, 404, 409, 422],
    errorCodes: [
      "message.required",
      "message.too_long",
      "attachments.too_many",
      "attachments.too_large",
      "attachments.type",
      "attachments.unsafe_content",
      "attachments.empty",
      "attachments.unexpected_field",
      "idempotency_key.reused",
      "_form.ticket_closed",
    ],
  }),
  endpoint({
    method: "post",
    path: "/support/tickets/{customerId}/{ticketNumber}/close",
    tag: "support",
    summary: "Close a ticket the customer no longer needs (contacts with the support or authoritative role)",
    auth: "bearer",
    answer: TicketChangeAnswer,
    errors: [404, 422],
    errorCodes: ["_form.ticket_closed"],
  }),
  endpoint({
    method: "post",
    path: "/support/tickets/{customerId}/{ticketNumber}/reopen",
    tag: "support",
    summary: `Reopen a closed ticket within ${TICKET_REOPEN_DAYS} days of its closing (contacts with the support or authoritative role)`,
    auth: "bearer",
    answer: TicketChangeAnswer,
    errors: [404, 422],
    errorCodes: ["_form.ticket_not_closed", "_form.reopen_expired"],
  }),
  endpoint({
    method: "post",
    path: "/support/ticket-lookup",
    tag: "support",
    summary: `Look a ticket up without signing in: the same answer whether or not the number and the e-mail it was opened with match; when they do, a link working once for ${TICKET_LINK_HOURS} hours is e-mailed there (at most ${TICKET_LINK_EMAILS_PER_HOUR} an hour per ticket)`,
    auth: "public",
    body: TicketLookupRequest,
    answer: SuccessAnswer,
    errors: [422],
    errorCodes: ["ticket_number.required", "ticket_number.invalid", "email.required", "email.invalid"],
  }),
  endpoint({
    method: "get",
    path: "/support/ticket-links/{token}",
    tag: "support",
    summary: `Which ticket an e-mailed lookup link opens, while it works. ${VIEW_TOKEN}`,
    auth: "public",
    answer: TicketLinkAnswer,
    errors: [404],
  }),
  endpoint({
    method: "post",
    path: "/support/ticket-links/{token}",
    tag: "support",
    summary: `Use a lookup link (once): answers a view token that reads the ticket for ${TICKET_VIEW_MINUTES} minutes. ${VIEW_TOKEN}`,
    auth: "public",
    answer: TicketViewGrantAnswer,
    status: 201,
    errors: [404],
  }),
  endpoint({
    method: "get",
    path: "/support/ticket-views/{viewToken}",
    tag: "support",
    summary: `The ticket a view opens and its conversation, read-only: number, subject, category, status, dates, messages with their attachments' names. ${VIEW_TOKEN}`,
    auth: "public",
    answer: TicketViewAnswer,
    errors: [404],
  }),
];
