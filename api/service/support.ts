/** /support/tickets/{customerId}: the customer's support tickets, and opening one with attachments. */
import { Router, type Request } from "express";
import {
  COMMERCIAL_TICKET_CATEGORIES,
  MAX_CC_EMAILS,
  OpenTicketRequest,
  RESIDENTIAL_TICKET_CATEGORIES,
  splitEmailList,
  type OpenTicketAnswer,
  type SupportTicketsAnswer,
  type TicketCategory,
  type TicketStatus,
} from "../contract/support.ts";
import type { ServiceContext } from "./context.ts";
import { fieldErrors, unprocessable } from "./errors.ts";
import { fingerprint, idempotentIfKeyed } from "./idempotency.ts";
import { checkFiles, storeFiles } from "./files.ts";
import { requireCustomer, route, type UploadedFile } from "./http.ts";

export const TICKET_CATEGORY_NAMES: Record<TicketCategory, { en: string; fr: string }> = {
  billing: { en: "Billing", fr: "Facturation" },
  internet: { en: "Internet", fr: "Internet" },
  wifi: { en: "WiFi", fr: "Wi-Fi" },
  tv: { en: "TV", fr: "Télé" },
  home_phone: { en: "Home phone", fr: "Téléphone résidentiel" },
  moving: { en: "Moving", fr: "Déménagement" },
  account: { en: "Account changes", fr: "Modifications au compte" },
  outage: { en: "Service outage", fr: "Panne de service" },
  network_change: { en: "Network change request", fr: "Demande de modification réseau" },
  ip_addressing: { en: "IP addressing", fr: "Adressage IP" },
  colocation: { en: "Colocation and remote hands", fr: "Colocation et mains à distance" },
  voice: { en: "Voice", fr: "Téléphonie" },
  other: { en: "Other", fr: "Autre" },
};

const SUMMARY_LENGTH = 160;
/** Form fields files may come in. */
const ATTACHMENT_FIELDS = ["attachments", "attachments[]"];

/** The first characters of a message, on one line; an ellipsis marks a cut. */
export function summarize(text: string, length = SUMMARY_LENGTH): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= length ? flat : `${flat.slice(0, length - 1).trimEnd()}…`;
}

/**
 * The files of a support form's post (opening a ticket, replying to one): only in `attachments`, at
 * most five, each checked by its content (files.ts). Answers the files and the refusal codes of the field.
 */
export async function checkAttachments(req: Request): Promise<{ attachments: UploadedFile[]; codes: string[] }> {
  const files = req.files ?? [];
  const attachments = files.filter((file) => ATTACHMENT_FIELDS.includes(file.field));
  const codes: string[] = [];
  if (attachments.length < files.length || req.strayFileFields?.length) codes.push("attachments.unexpected_field");
  codes.push(...((await checkFiles(attachments, "support_attachment", "attachments")).attachments ?? []));
  return { attachments, codes };
}

const categoriesOf = (isResidential: boolean): readonly TicketCategory[] =>
  isResidential ? RESIDENTIAL_TICKET_CATEGORIES : COMMERCIAL_TICKET_CATEGORIES;

export function supportRoutes(ctx: ServiceContext): Router {
  const router = Router();

  router.get(
    "/support/tickets/:customerId",
    route(async (req, res) => {
      const access = await requireCustomer(ctx.db, req, req.params.customerId);
      const [tickets, attachments] = await Promise.all([
        ctx.db.query<{
          id: number;
          ticket_number: string;
          subject: string;
          category: TicketCategory;
          status: TicketStatus;
          service_id: number | null;
          created_at: Date;
          updated_at: Date;
          update_at: Date | null;
          author_kind: "customer" | "agent" | null;
          author_name: string | null;
          body: string | null;
        }>(
          `SELECT t.id, t.ticket_number, t.subject, t.category, t.status, t.service_id, t.created_at, t.updated_at,
                  u.created_at AS update_at, u.author_kind, u.author_name, u.body
             FROM support_tickets t
             LEFT JOIN LATERAL (
               SELECT created_at, author_kind, author_name, body FROM support_ticket_updates
                WHERE ticket_id = t.id ORDER BY created_at DESC, id DESC LIMIT 1
             ) u ON true
            WHERE t.customer_id = $1
            ORDER BY t.updated_at DESC, t.id DESC`,
          [access.customerId],
        ),
        ctx.db.query<{ ticket_id: number; file_name: string; media_type: string; size_bytes: number }>(
          `SELECT a.ticket_id, f.file_name, f.media_type, f.size_bytes
             FROM support_ticket_attachments a
             JOIN support_tickets t ON t.id = a.ticket_id
             JOIN uploaded_files f ON f.id = a.file_id
            WHERE t.customer_id = $1 ORDER BY f.id`,
          [access.customerId],
        ),
      ]);
      const lang = req.lang;
      const answer: SupportTicketsAnswer = {
        customer_tickets: tickets.map((t) => ({
          ticket_id: t.id,
          ticket_number: t.ticket_number,
          subject: t.subject,
          category: t.category,
          category_name: TICKET_CATEGORY_NAMES[t.category]?.[lang] ?? t.category,
          status: t.status,
          service_id: t.service_id,
          created_at: new Date(t.created_at).toISOString(),
          updated_at: new Date(t.updated_at).toISOString(),
          last_update:
            t.update_at && t.author_kind && t.body !== null
              ? {
                  at: new Date(t.update_at).toISOString(),
                  author: t.author_kind,
                  author_name: t.author_name ?? "",
                  summary: summarize(t.body),
                }
              : null,
          attachments: attachments
            .filter((a) => a.ticket_id === t.id)
            .map(({ file_name, media_type, size_bytes }) => ({ file_name, media_type, size_bytes })),
        })),
        categories: categoriesOf(access.isResidential).map((value) => ({ value, label: TICKET_CATEGORY_NAMES[value][lang] })),
      };
      res.json(answer);
    }),
  );

  router.post(
    "/support/tickets/:customerId",
    route(async (req, res) => {
      const access = await requireCustomer(ctx.db, req, req.params.customerId, ["authoritative", "support"]);
      const parsed = OpenTicketRequest.safeParse(req.body ?? {});
      const errors: Record<string, string[]> = parsed.success ? {} : fieldErrors(parsed.error);
      const messages: string[] = [];
      const input = parsed.success ? parsed.data : undefined;

      if (input && !(categoriesOf(access.isResidential) as readonly string[]).includes(input.category)) {
        errors.category = ["category.invalid"];
      }

      const cc = splitEmailList((req.body as Record<string, unknown> | undefined)?.cc_emails);
      if (cc.invalid.length) {
        errors.cc_emails = ["cc_emails.invalid"];
        messages.push(`Invalid CC e-mail addresses: ${cc.invalid.join(", ")}`);
      } else if (cc.emails.length > MAX_CC_EMAILS) {
        errors.cc_emails = ["cc_emails.too_many"];
        messages.push(`At most ${MAX_CC_EMAILS} CC e-mail addresses`);
      }

      const serviceId = typeof input?.service_id === "number" ? input.service_id : null;
      if (serviceId !== null) {
        const service = await ctx.db.one("SELECT 1 FROM services WHERE id = $1 AND customer_id = $2", [serviceId, access.customerId]);
        if (!service) errors.service_id = ["service_id.not_found"];
      }

      const { attachments, codes } = await checkAttachments(req);
      if (codes.length) errors.attachments = codes;
      if (codes.includes("attachments.too_many")) messages.push("Too many files, maximum of five allowed");

      if (Object.keys(errors).length || !input) {
        throw unprocessable(errors, messages.join("; ") || "The support request was refused");
      }

      const now = ctx.now();
      const userId = req.user!.userId;
      const files = attachments.map((file) => file.sha256);
      const request = {
        customerId: access.customerId,
        endpoint: `POST /support/tickets/${access.customerId}`,
        fingerprint: fingerprint({ ...input, cc: cc.emails, files }),
      };
      await idempotentIfKeyed(ctx, req, res, request, async (tx) => {
        const author = await tx.one<{ first_name: string; last_name: string }>("SELECT first_name, last_name FROM users WHERE id = $1", [
          userId,
        ]);
        const row = await tx.one<{ id: number; ticket_number: string }>(
          `INSERT INTO support_tickets (customer_id, service_id, opened_by, category, subject, description, cc_emails, status, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, 'open', $8, $8) RETURNING id, ticket_number`,
          [access.customerId, serviceId, userId, input.category, input.subject, input.description, cc.emails, now],
        );
        const message = await tx.one<{ id: number }>(
          `INSERT INTO support_ticket_updates (ticket_id, created_at, author_kind, author_name, author_user_id, body)
           VALUES ($1, $2, 'customer', $3, $4, $5) RETURNING id`,
          [row!.id, now, author ? `${author.first_name} ${author.last_name}` : "Customer", userId, input.description],
        );
        const fileIds = await storeFiles(tx, ctx.files, access.customerId, "support_attachment", attachments, userId);
        for (const fileId of fileIds) {
          await tx.query("INSERT INTO support_ticket_attachments (ticket_id, file_id, update_id) VALUES ($1, $2, $3)", [
            row!.id,
            fileId,
            message!.id,
          ]);
        }
        const answer: OpenTicketAnswer = { success: true, ticket_id: row!.id, ticket_number: row!.ticket_number };
        return { status: 201, body: answer };
      });
    }),
  );

  return router;
}
