/**
 * The support form: a category, a subject and a description, CC e-mail addresses (each checked; the
 * message names the ones refused) and up to five attachments (JPG, PNG or PDF, 10 MB each; the API
 * checks the bytes again). A reply to a ticket: a message as long as a description, and attachments
 * under the same rules. Limits and codes are the contract's (api/contract/support.ts, files.ts). And
 * the visitor's ticket lookup.
 */
import { z } from "zod";
import { FILE_RULES, maxMegabytes } from "#contract/files";
import { MAX_CC_EMAILS, TICKET_NUMBER, TicketCategory, normalTicketNumber, splitEmailList } from "#contract/support";
import { withValues } from "../lib/form-messages";
import { idempotencyKey } from "./idempotency";
import { namedFileProblems } from "./file-problems";

const rule = FILE_RULES.support_attachment;

/** A required text; conform sends an empty field as undefined. */
const text = (field: string, max: number) =>
  z
    .string({ error: `api:${field}.required` })
    .trim()
    .min(1, `api:${field}.required`)
    .max(max, `api:${field}.too_long`);

/** The first reason a file is refused (size, emptiness, extension), as a message of the whole field. */
function fileProblem(file: File): string | null {
  if (file.size === 0) return "api:attachments.empty";
  if (file.size > rule.maxBytes) return withValues("api:attachments.too_large", { size: maxMegabytes("support_attachment") });
  if (!rule.extensions.some((extension) => file.name.toLowerCase().endsWith(extension))) return "api:attachments.type";
  return null;
}

/**
 * Optional. conform reads the file field as the browser's form does: a field left empty (one part
 * without a name or bytes) is no attachment, and one or several files become a list.
 */
const attachments = z
  .array(z.instanceof(File, { message: "api:attachments.type" }))
  .max(rule.maxFiles, "api:attachments.too_many")
  .superRefine((files, ctx) => {
    for (const message of namedFileProblems(files, fileProblem)) ctx.addIssue({ code: "custom", message });
  })
  .optional();

/** A description, or a reply: up to 5,000 characters. */
const MESSAGE_LENGTH = 5000;

export const SupportTicketSchema = z.object({
  category: z
    .string({ error: "api:category.required" })
    .refine((value) => (TicketCategory.options as readonly string[]).includes(value), "api:category.invalid"),
  subject: text("subject", 150),
  description: text("description", MESSAGE_LENGTH),
  cc_emails: z
    .string()
    .max(3000, "api:cc_emails.too_many")
    .superRefine((value, ctx) => {
      const { emails, invalid } = splitEmailList(value);
      if (invalid.length) {
        ctx.addIssue({
          code: "custom",
          message: withValues("support:form.ccInvalid", { emails: invalid.join(", "), count: invalid.length }),
        });
      } else if (emails.length > MAX_CC_EMAILS) {
        ctx.addIssue({ code: "custom", message: "api:cc_emails.too_many" });
      }
    })
    .optional(),
  attachments,
  idempotency_key: idempotencyKey,
});
export type SupportTicketInput = z.infer<typeof SupportTicketSchema>;

/** A reply to a ticket (its page's form): the message, and attachments as the support form takes them. */
export const TicketReplySchema = z.object({
  message: text("message", MESSAGE_LENGTH),
  attachments,
  idempotency_key: idempotencyKey,
});
export type TicketReplyInput = z.infer<typeof TicketReplySchema>;

/**
 * Look a ticket up without signing in: its number ("CS-204801", any case) and the e-mail address it was
 * opened with. The rules are the contract's, so the page and the API refuse the same values.
 */
export const TicketLookupSchema = z.object({
  ticket_number: z
    .string({ error: "api:ticket_number.required" })
    .trim()
    .max(40, "api:ticket_number.invalid")
    .refine((value) => TICKET_NUMBER.test(normalTicketNumber(value)), "api:ticket_number.invalid"),
  email: z.string({ error: "api:email.required" }).trim().max(254, "api:email.invalid").email("api:email.invalid"),
});
