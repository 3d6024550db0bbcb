/**
 * Support tickets of residential and commercial customers, and looking one up without signing in (a
 * link e-mailed to the address it was opened with, then a short read-only view).
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
  /** For GET /support/ticket-views/{viewToken} (and, later, the ticket's conversation under it). */
  view_token: z.string(),
  expires_at: IsoDateTime,
});
export type TicketViewGrantAnswer = z.infer<typeof TicketViewGrantAnswer>;

/** GET /support/ticket-views/{viewToken}: the ticket, read-only, without its messages. */
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
    answer: OpenTicketAnswer,
    status: 201,
    errors: [422],
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
    ],
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
    summary: `The ticket a view opens, read-only: number, subject, category, status, dates, attachments' names. ${VIEW_TOKEN}`,
    auth: "public",
    answer: TicketViewAnswer,
    errors: [404],
  }),
];
