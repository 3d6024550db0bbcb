/**
 * A support ticket's conversation (docs/support.md, "A request's page"), authorized as the ticket list
 * is: a user reaches only the customers they are an activated contact of (403 for any other id), and a
 * ticket number that is not this customer's answers 404, whoever's it is.
 *
 *  - GET  /support/tickets/{customerId}/{ticketNumber}: the ticket and its messages, oldest first, each
 *    with its attachments (ids, names, types and sizes).
 *  - GET  …/attachments/{attachmentId}: one of those files, through `sendStoredFile` (files.ts), for
 *    whoever may read the conversation; an id that is not a file of this ticket answers 404, as an
 *    unknown one does (another customer's file is never told apart from none).
 *  - POST …/messages (multipart): the customer's reply, with up to five attachments checked as the
 *    support form's are (support.ts `checkAttachments`); the ticket goes back to "open". Refused on a
 *    closed ticket (`_form.ticket_closed`): it is reopened first.
 *  - POST …/close: the customer no longer needs it (`_form.ticket_closed` if it is already).
 *  - POST …/reopen: a closed ticket, within TICKET_REOPEN_DAYS of its closing (`_form.ticket_not_closed`,
 *    `_form.reopen_expired`).
 *
 * Writing needs the support or authoritative role, as opening a ticket does (403). Each write locks the
 * ticket's row and checks its status inside the transaction, so a reply and a close sent together
 * happen one after the other, never both against the same state.
 */
import { Router } from "express";
import {
  TICKET_NUMBER,
  TICKET_REOPEN_DAYS,
  TicketReplyRequest,
  normalTicketNumber,
  type TicketCategory,
  type TicketChangeAnswer,
  type TicketDetail,
  type TicketMessage,
  type TicketStatus,
  type TicketThreadAnswer,
} from "../contract/support.ts";
import type { Db } from "../db/client.ts";
import type { ServiceContext } from "./context.ts";
import { fieldErrors, notFound, unprocessable } from "./errors.ts";
import { sendStoredFile, storeFiles, type StoredFile } from "./files.ts";
import { fingerprint, idempotentIfKeyed } from "./idempotency.ts";
import { requireCustomer, route, type ContactRole } from "./http.ts";
import { TICKET_CATEGORY_NAMES, checkAttachments } from "./support.ts";

/** Who may reply, close and reopen (as who may open a ticket). */
const WRITERS: ContactRole[] = ["authoritative", "support"];
const DAY_MS = 86_400_000;

interface TicketRow {
  id: number;
  ticket_number: string;
  subject: string;
  category: TicketCategory;
  status: TicketStatus;
  service_id: number | null;
  created_at: Date;
  updated_at: Date;
  closed_at: Date | null;
}

/** The ticket of this number (any case) of this customer, or 404; `lock` locks its row for a write. */
async function findTicket(db: Db, customerId: number, numberParam: unknown, lock = false): Promise<TicketRow> {
  const number = normalTicketNumber(typeof numberParam === "string" ? numberParam : "");
  if (!TICKET_NUMBER.test(number)) throw notFound("Ticket");
  const row = await db.one<TicketRow>(
    `SELECT id, ticket_number, subject, category, status, service_id, created_at, updated_at, closed_at
       FROM support_tickets WHERE ticket_number = $1 AND customer_id = $2${lock ? " FOR UPDATE" : ""}`,
    [number, customerId],
  );
  if (!row) throw notFound("Ticket");
  return row;
}

/** The end of the days a closed ticket may be reopened in. */
const reopenUntil = (closedAt: Date) => new Date(new Date(closedAt).getTime() + TICKET_REOPEN_DAYS * DAY_MS);

function detail(ticket: TicketRow, language: "en" | "fr", now: Date): TicketDetail {
  const until = ticket.status === "closed" && ticket.closed_at ? reopenUntil(ticket.closed_at) : null;
  return {
    ticket_id: ticket.id,
    ticket_number: ticket.ticket_number,
    subject: ticket.subject,
    category: ticket.category,
    category_name: TICKET_CATEGORY_NAMES[ticket.category]?.[language] ?? ticket.category,
    status: ticket.status,
    service_id: ticket.service_id,
    created_at: new Date(ticket.created_at).toISOString(),
    updated_at: new Date(ticket.updated_at).toISOString(),
    closed_at: until && ticket.closed_at ? new Date(ticket.closed_at).toISOString() : null,
    reopen_until: until ? until.toISOString() : null,
    can_reopen: until !== null && now.getTime() < until.getTime(),
  };
}

/**
 * A ticket's messages, oldest first, with their attachments. `userId`: the signed-in user, whose own
 * messages are `mine`; null for a visitor's view.
 */
export async function ticketMessages(db: Db, ticketId: number, userId: number | null): Promise<TicketMessage[]> {
  const [messages, files] = await Promise.all([
    db.query<{
      id: number;
      created_at: Date;
      author_kind: "customer" | "agent";
      author_name: string;
      author_user_id: number | null;
      body: string;
    }>(
      `SELECT id, created_at, author_kind, author_name, author_user_id, body
         FROM support_ticket_updates WHERE ticket_id = $1 ORDER BY created_at, id`,
      [ticketId],
    ),
    db.query<{ update_id: number; file_id: number; file_name: string; media_type: string; size_bytes: number }>(
      `SELECT a.update_id, a.file_id, f.file_name, f.media_type, f.size_bytes
         FROM support_ticket_attachments a JOIN uploaded_files f ON f.id = a.file_id
        WHERE a.ticket_id = $1 ORDER BY f.id`,
      [ticketId],
    ),
  ]);
  return messages.map((m) => ({
    message_id: m.id,
    at: new Date(m.created_at).toISOString(),
    author: m.author_kind,
    author_name: m.author_name,
    mine: userId !== null && m.author_kind === "customer" && m.author_user_id === userId,
    body: m.body,
    attachments: files
      .filter((f) => f.update_id === m.id)
      .map(({ file_id, file_name, media_type, size_bytes }) => ({ attachment_id: file_id, file_name, media_type, size_bytes })),
  }));
}

const changed = (ticket: TicketRow, status: TicketStatus, messageId?: number): TicketChangeAnswer => ({
  success: true,
  ticket_number: ticket.ticket_number,
  status,
  ...(messageId === undefined ? {} : { message_id: messageId }),
});

export function ticketConversationRoutes(ctx: ServiceContext): Router {
  const router = Router();

  router.get(
    "/support/tickets/:customerId/:ticketNumber",
    route(async (req, res) => {
      const access = await requireCustomer(ctx.db, req, req.params.customerId);
      const ticket = await findTicket(ctx.db, access.customerId, req.params.ticketNumber);
      const answer: TicketThreadAnswer = {
        ticket: detail(ticket, req.lang, ctx.now()),
        messages: await ticketMessages(ctx.db, ticket.id, req.user!.userId),
      };
      res.json(answer);
    }),
  );

  router.get(
    "/support/tickets/:customerId/:ticketNumber/attachments/:attachmentId",
    route(async (req, res) => {
      const access = await requireCustomer(ctx.db, req, req.params.customerId);
      const ticket = await findTicket(ctx.db, access.customerId, req.params.ticketNumber);
      const raw = String(req.params.attachmentId);
      const id = /^\d{1,9}$/.test(raw) ? Number(raw) : null;
      // The file's own customer too: a file is only ever served to the customer it was sent for.
      const file =
        id === null
          ? null
          : await ctx.db.one<StoredFile>(
              `SELECT f.storage_key, f.file_name, f.media_type, f.size_bytes
                 FROM support_ticket_attachments a JOIN uploaded_files f ON f.id = a.file_id
                WHERE a.ticket_id = $1 AND a.file_id = $2 AND f.customer_id = $3 AND f.purpose = 'support_attachment'
                  AND f.storage_key IS NOT NULL`,
              [ticket.id, id, access.customerId],
            );
      if (!file) throw notFound("Attachment");
      await sendStoredFile(res, ctx.files, file);
    }),
  );

  router.post(
    "/support/tickets/:customerId/:ticketNumber/messages",
    route(async (req, res) => {
      const access = await requireCustomer(ctx.db, req, req.params.customerId, WRITERS);
      await findTicket(ctx.db, access.customerId, req.params.ticketNumber);
      const parsed = TicketReplyRequest.safeParse(req.body ?? {});
      const errors: Record<string, string[]> = parsed.success ? {} : fieldErrors(parsed.error);
      const { attachments, codes } = await checkAttachments(req);
      if (codes.length) errors.attachments = codes;
      if (Object.keys(errors).length || !parsed.success) {
        throw unprocessable(
          errors,
          codes.includes("attachments.too_many") ? "Too many files, maximum of five allowed" : "The reply was refused",
        );
      }

      const now = ctx.now();
      const userId = req.user!.userId;
      const request = {
        customerId: access.customerId,
        endpoint: `POST /support/tickets/${access.customerId}/${req.params.ticketNumber}/messages`,
        fingerprint: fingerprint({ message: parsed.data.message, files: attachments.map((file) => file.sha256) }),
      };
      await idempotentIfKeyed(ctx, req, res, request, async (tx) => {
        const ticket = await findTicket(tx, access.customerId, req.params.ticketNumber, true);
        if (ticket.status === "closed") {
          throw unprocessable({ _form: ["_form.ticket_closed"] }, "The ticket is closed: reopen it to reply");
        }
        const author = await tx.one<{ first_name: string; last_name: string }>("SELECT first_name, last_name FROM users WHERE id = $1", [
          userId,
        ]);
        const message = await tx.one<{ id: number }>(
          `INSERT INTO support_ticket_updates (ticket_id, created_at, author_kind, author_name, author_user_id, body)
           VALUES ($1, $2, 'customer', $3, $4, $5) RETURNING id`,
          [ticket.id, now, author ? `${author.first_name} ${author.last_name}` : "Customer", userId, parsed.data.message],
        );
        const fileIds = await storeFiles(tx, ctx.files, access.customerId, "support_attachment", attachments, userId);
        for (const fileId of fileIds) {
          await tx.query("INSERT INTO support_ticket_attachments (ticket_id, file_id, update_id) VALUES ($1, $2, $3)", [
            ticket.id,
            fileId,
            message!.id,
          ]);
        }
        await tx.query("UPDATE support_tickets SET status = 'open', updated_at = $2 WHERE id = $1", [ticket.id, now]);
        return { status: 201, body: changed(ticket, "open", message!.id) };
      });
    }),
  );

  router.post(
    "/support/tickets/:customerId/:ticketNumber/close",
    route(async (req, res) => {
      const access = await requireCustomer(ctx.db, req, req.params.customerId, WRITERS);
      const now = ctx.now();
      const answer = await ctx.db.transaction(async (tx) => {
        const ticket = await findTicket(tx, access.customerId, req.params.ticketNumber, true);
        if (ticket.status === "closed") throw unprocessable({ _form: ["_form.ticket_closed"] }, "The ticket is closed already");
        await tx.query("UPDATE support_tickets SET status = 'closed', closed_at = $2, updated_at = $2 WHERE id = $1", [ticket.id, now]);
        return changed(ticket, "closed");
      });
      res.json(answer);
    }),
  );

  router.post(
    "/support/tickets/:customerId/:ticketNumber/reopen",
    route(async (req, res) => {
      const access = await requireCustomer(ctx.db, req, req.params.customerId, WRITERS);
      const now = ctx.now();
      const answer = await ctx.db.transaction(async (tx) => {
        const ticket = await findTicket(tx, access.customerId, req.params.ticketNumber, true);
        if (ticket.status !== "closed" || !ticket.closed_at) {
          throw unprocessable({ _form: ["_form.ticket_not_closed"] }, "Only a closed ticket is reopened");
        }
        if (now.getTime() >= reopenUntil(ticket.closed_at).getTime()) {
          throw unprocessable(
            { _form: ["_form.reopen_expired"] },
            `A ticket is reopened within ${TICKET_REOPEN_DAYS} days of its closing: open a new one`,
          );
        }
        await tx.query("UPDATE support_tickets SET status = 'open', closed_at = NULL, updated_at = $2 WHERE id = $1", [ticket.id, now]);
        return changed(ticket, "open");
      });
      res.json(answer);
    }),
  );

  return router;
}
