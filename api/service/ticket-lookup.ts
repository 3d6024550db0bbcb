/**
 * Looking a support ticket up without signing in (public endpoints):
 *
 *  - POST /support/ticket-lookup: a ticket number and the e-mail address it was opened with (its
 *    opener's username). The answer is the same whether or not they match, so it tells nobody which
 *    tickets exist or who opened them; when they match, a link is e-mailed to that address through the
 *    outbox, as recovery links are (at most TICKET_LINK_EMAILS_PER_HOUR a ticket, so the form cannot
 *    flood anyone's inbox).
 *  - GET / POST /support/ticket-links/{token}: the link names its ticket while it works (24 hours); using
 *    it (once) answers a view token that reads the ticket for an hour. A GET never uses a link, so a mail
 *    scanner opening it does not spend it.
 *  - GET /support/ticket-views/{viewToken}: the ticket and its conversation, read-only (number, subject,
 *    category, status, dates, the messages of both sides with their attachments' names). Replying,
 *    closing and reopening stay with the signed-in contacts (ticket-conversation.ts).
 *
 * Tokens are 32 random bytes (base64url); only their SHA-256 is kept (support_ticket_links).
 */
import { Router } from "express";
import {
  TICKET_LINK_EMAILS_PER_HOUR,
  TICKET_LINK_HOURS,
  TICKET_VIEW_MINUTES,
  TicketLookupRequest,
  normalTicketNumber,
  type TicketCategory,
  type TicketLinkAnswer,
  type TicketStatus,
  type TicketViewAnswer,
  type TicketViewGrantAnswer,
} from "../contract/support.ts";
import type { Db } from "../db/client.ts";
import { hashSecret, looksLikeToken, newSecret } from "./auth-flows.ts";
import type { ServiceContext } from "./context.ts";
import { notFound } from "./errors.ts";
import { parseInput, route } from "./http.ts";
import { TICKET_CATEGORY_NAMES } from "./support.ts";
import { ticketMessages } from "./ticket-conversation.ts";

type Language = "en" | "fr";

const EMAIL: Record<Language, { subject: (n: string) => string; body: (n: string, subject: string, link: string) => string }> = {
  en: {
    subject: (number) => `Your support request ${number}`,
    body: (number, subject, link) =>
      `Hello,\n\nSomeone asked to see the support request ${number} ("${subject}") opened with this e-mail address. To see it, open this link within ${TICKET_LINK_HOURS} hours:\n\n${link}\n\nThe link works once, and shows the request for an hour. If you did not ask for this, ignore this e-mail.`,
  },
  fr: {
    subject: (number) => `Votre demande de soutien ${number}`,
    body: (number, subject, link) =>
      `Bonjour,\n\nQuelqu’un a demandé à voir la demande de soutien ${number} («\u00a0${subject}\u00a0») ouverte avec cette adresse courriel. Pour la voir, ouvrez ce lien dans les ${TICKET_LINK_HOURS} heures\u00a0:\n\n${link}\n\nLe lien ne fonctionne qu’une fois et montre la demande pendant une heure. Si vous n’avez rien demandé, ignorez ce courriel.`,
  },
};

/** Where the e-mailed link leads in the portal (the page takes the token out of its address). */
export const TICKET_LINK_PATH = "/support/tickets/view/";

interface LinkRow {
  id: number;
  ticket_id: number;
  ticket_number: string;
  expires_at: Date;
  used_at: Date | null;
}

/** A link or view that works now (not used, not expired), or undefined. */
async function findWorking(db: Db, purpose: "link" | "view", token: unknown, now: Date, lock = false): Promise<LinkRow | undefined> {
  if (!looksLikeToken(token)) return undefined;
  const row = await db.one<LinkRow>(
    `SELECT l.id, l.ticket_id, t.ticket_number, l.expires_at, l.used_at
       FROM support_ticket_links l JOIN support_tickets t ON t.id = l.ticket_id
      WHERE l.token_hash = $1 AND l.purpose = $2${lock ? " FOR UPDATE OF l" : ""}`,
    [hashSecret(token), purpose],
  );
  return row && !row.used_at && row.expires_at.getTime() > now.getTime() ? row : undefined;
}

export function ticketLookupRoutes(ctx: ServiceContext): Router {
  const router = Router();

  router.post(
    "/support/ticket-lookup",
    route(async (req, res) => {
      const input = parseInput(TicketLookupRequest, req.body ?? {});
      const number = normalTicketNumber(input.ticket_number);
      const email = input.email.toLowerCase();
      const now = ctx.now();
      await ctx.db.transaction(async (tx) => {
        // The ticket's row is locked, so concurrent lookups of one ticket keep to the hourly limit.
        const ticket = await tx.one<{ id: number; subject: string; opener: string | null }>(
          `SELECT t.id, t.subject, u.username AS opener FROM support_tickets t LEFT JOIN users u ON u.id = t.opened_by
            WHERE t.ticket_number = $1 FOR UPDATE OF t`,
          [number],
        );
        if (!ticket?.opener || ticket.opener.toLowerCase() !== email) return;
        const recent = await tx.one<{ count: number }>(
          "SELECT count(*)::int AS count FROM support_ticket_links WHERE ticket_id = $1 AND purpose = 'link' AND created_at > $2",
          [ticket.id, new Date(now.getTime() - 3_600_000)],
        );
        if ((recent?.count ?? 0) >= TICKET_LINK_EMAILS_PER_HOUR) return;
        const token = newSecret();
        await tx.query(
          `INSERT INTO support_ticket_links (ticket_id, purpose, token_hash, email, created_at, expires_at)
           VALUES ($1, 'link', $2, $3, $4, $5)`,
          [ticket.id, hashSecret(token), email, now, new Date(now.getTime() + TICKET_LINK_HOURS * 3_600_000)],
        );
        const linkPath = TICKET_LINK_PATH + token;
        const text = EMAIL[req.lang];
        await tx.query(
          `INSERT INTO email_outbox (to_address, template, language, subject, body_text, link_path, user_id, created_at)
           VALUES ($1, 'ticket_lookup', $2, $3, $4, $5, NULL, $6)`,
          [email, req.lang, text.subject(number), text.body(number, ticket.subject, `{{portal_url}}${linkPath}`), linkPath, now],
        );
      });
      // The same answer whatever was found (no enumeration of tickets or of who opened them).
      res.json({ success: true });
    }),
  );

  router.get(
    "/support/ticket-links/:token",
    route(async (req, res) => {
      const link = await findWorking(ctx.db, "link", req.params.token, ctx.now());
      if (!link) throw notFound("Link");
      const answer: TicketLinkAnswer = { ticket_number: link.ticket_number, expires_at: link.expires_at.toISOString() };
      res.json(answer);
    }),
  );

  router.post(
    "/support/ticket-links/:token",
    route(async (req, res) => {
      const now = ctx.now();
      const grant = await ctx.db.transaction(async (tx) => {
        // Locked: the same link used twice at once opens one view.
        const link = await findWorking(tx, "link", req.params.token, now, true);
        if (!link) throw notFound("Link");
        const row = await tx.one<{ email: string }>("UPDATE support_ticket_links SET used_at = $2 WHERE id = $1 RETURNING email", [
          link.id,
          now,
        ]);
        const viewToken = newSecret();
        const expiresAt = new Date(now.getTime() + TICKET_VIEW_MINUTES * 60_000);
        await tx.query(
          `INSERT INTO support_ticket_links (ticket_id, purpose, token_hash, email, created_at, expires_at)
           VALUES ($1, 'view', $2, $3, $4, $5)`,
          [link.ticket_id, hashSecret(viewToken), row!.email, now, expiresAt],
        );
        return { ticket_number: link.ticket_number, view_token: viewToken, expires_at: expiresAt.toISOString() };
      });
      const answer: TicketViewGrantAnswer = { success: true, ...grant };
      res.status(201).json(answer);
    }),
  );

  router.get(
    "/support/ticket-views/:viewToken",
    route(async (req, res) => {
      const view = await findWorking(ctx.db, "view", req.params.viewToken, ctx.now());
      if (!view) throw notFound("View");
      const [ticket, attachments, messages] = await Promise.all([
        ctx.db.one<{
          ticket_number: string;
          subject: string;
          category: TicketCategory;
          status: TicketStatus;
          created_at: Date;
          updated_at: Date;
        }>("SELECT ticket_number, subject, category, status, created_at, updated_at FROM support_tickets WHERE id = $1", [view.ticket_id]),
        ctx.db.query<{ file_name: string }>(
          `SELECT f.file_name FROM support_ticket_attachments a JOIN uploaded_files f ON f.id = a.file_id
            WHERE a.ticket_id = $1 ORDER BY f.id`,
          [view.ticket_id],
        ),
        ticketMessages(ctx.db, view.ticket_id, null),
      ]);
      if (!ticket) throw notFound("View");
      const answer: TicketViewAnswer = {
        ticket: {
          ticket_number: ticket.ticket_number,
          subject: ticket.subject,
          category: ticket.category,
          category_name: TICKET_CATEGORY_NAMES[ticket.category]?.[req.lang] ?? ticket.category,
          status: ticket.status,
          created_at: new Date(ticket.created_at).toISOString(),
          updated_at: new Date(ticket.updated_at).toISOString(),
          attachments: attachments.map((a) => ({ file_name: a.file_name })),
        },
        messages,
        expires_at: view.expires_at.toISOString(),
      };
      res.set("Cache-Control", "private, no-store").json(answer);
    }),
  );

  return router;
}
