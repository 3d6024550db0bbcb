/**
 * The mail relay: with SMTP_URL set, the API process sends the outbox (`email_outbox`: recovery and
 * activation links, contact invitations, ticket lookup links) through SMTP with nodemailer. Without it,
 * mail stays in the table for the operator's own relay (docs/api.md, "Outbox").
 *
 * Each run claims a few unsent rows (next_attempt_at set a minute ahead, so that several processes on one
 * PostgreSQL never send one twice and no transaction is held while a mail server answers), sends each
 * with its `{{portal_url}}` replaced by the portal's public address, as plain text and as HTML (the provider's
 * look: mailHtml) with a List-Unsubscribe header for preference-governed mail (notify.ts), then marks
 * it sent and blanks its body: the plain link lived only there. A refusal counts an attempt and waits
 * longer before the next (1, 5, 30 minutes, then 2 hours); after MAX_ATTEMPTS the row stays unsent for
 * an operator to see (migration 0023). Log lines name the row and its template, never the address.
 */
import nodemailer, { type Transporter } from "nodemailer";
import type { Db } from "../db/client.ts";
import { logEvent } from "#common/logger";

/** How often the relay looks for mail to send (ms). */
export const MAIL_RELAY_INTERVAL_MS = 5_000;
/** Rows sent per run at most. */
const BATCH = 20;
/** A claimed row is left alone by other processes this long (ms): more than a send may take. */
const CLAIM_MS = 60_000;
/** Attempts before a row is left unsent. */
export const MAX_ATTEMPTS = 5;
/** The wait after each failed attempt (ms). */
const RETRY_AFTER_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000];

export interface MailRelayOptions {
  db: Db;
  /** `smtp://user:password@host:port` or `smtps://…` (nodemailer's connection URL). */
  smtpUrl: string;
  /** The From header, e.g. `myLakeshore <no-reply@lakeshore-fibre.example>`. */
  from: string;
  /** The portal's public address (no trailing slash): links in the mail lead there. */
  portalUrl: string;
  now: () => Date;
  intervalMs?: number;
}

export interface OutboxRow {
  id: number;
  to_address: string;
  template: string;
  language: "en" | "fr";
  subject: string;
  body_text: string;
  attempts: number;
  unsubscribe_path: string | null;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The provider's name in the header of every mail. */
export const MAIL_BRAND = "Lakeshore Fibre";

/** Paragraphs at blank lines, line breaks kept, the portal's links as links. */
function paragraphsHtml(text: string, portalUrl: string, style: string): string {
  const linkPattern = new RegExp(`(${portalUrl.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\S*)`, "g");
  return text
    .trim()
    .split(/\n{2,}/)
    .map(
      (p) =>
        `<p style="${style}">${escapeHtml(p).replace(linkPattern, '<a href="$1" style="color: #17693a; word-break: break-all">$1</a>').replaceAll("\n", "<br>")}</p>`,
    )
    .join("");
}

/**
 * The plain text as HTML in the provider's look: a header with its name, the message, and the footer
 * (the text after a "-- " line: why they receive it, the unsubscribe link) set apart in small print.
 */
export function mailHtml(text: string, language: "en" | "fr", portalUrl: string): string {
  const [body, foot] = text.split(/\n-- \n/);
  const footer = foot
    ? `<div style="border-top: 1px solid #d1d5db; padding: 16px 24px; font-size: 13px; color: #4b5563">${paragraphsHtml(foot, portalUrl, "margin: 0 0 8px")}</div>`
    : "";
  return `<!doctype html><html lang="${language}-CA"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head><body style="margin: 0; background: #f3f4f6; font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5"><div style="max-width: 36rem; margin: 0 auto; background: #ffffff"><div style="background: #17693a; color: #ffffff; padding: 16px 24px; font-size: 20px; font-weight: bold">${MAIL_BRAND}</div><div style="padding: 16px 24px">${paragraphsHtml(body, portalUrl, "margin: 0 0 16px")}</div>${footer}</div></body></html>`;
}

/**
 * Sends what is due now: claims up to BATCH unsent rows, sends them, marks each sent or failed. Answers
 * how many were sent. Runs never overlap within a process (startMailRelay).
 */
export async function relayMail(options: Omit<MailRelayOptions, "intervalMs">, transport: Transporter): Promise<number> {
  const { db, now, portalUrl } = options;
  const at = now();
  const claimed = await db.query<OutboxRow>(
    `UPDATE email_outbox SET next_attempt_at = $2
      WHERE id IN (SELECT id FROM email_outbox
                    WHERE sent_at IS NULL AND attempts < $3 AND (next_attempt_at IS NULL OR next_attempt_at <= $1)
                    ORDER BY created_at, id LIMIT $4 FOR UPDATE SKIP LOCKED)
      RETURNING id, to_address, template, language, subject, body_text, attempts, unsubscribe_path`,
    [at, new Date(at.getTime() + CLAIM_MS), MAX_ATTEMPTS, BATCH],
  );
  let sent = 0;
  for (const row of claimed.sort((a, b) => a.id - b.id)) {
    const text = row.body_text.replaceAll("{{portal_url}}", portalUrl);
    try {
      await transport.sendMail({
        from: options.from,
        to: row.to_address,
        subject: row.subject,
        text,
        html: mailHtml(text, row.language, portalUrl),
        headers: {
          "Content-Language": `${row.language}-CA`,
          // One-click unsubscribe (RFC 8058): the mail program POSTs to the portal's unsubscribe page.
          ...(row.unsubscribe_path
            ? { "List-Unsubscribe": `<${portalUrl}${row.unsubscribe_path}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" }
            : {}),
        },
      });
      await db.query("UPDATE email_outbox SET sent_at = $2, body_text = '', last_error = NULL WHERE id = $1", [row.id, now()]);
      sent++;
      logEvent("mail.sent", { outboxId: row.id, template: row.template }, { level: "info", msg: "mail sent" });
    } catch (error) {
      const attempts = row.attempts + 1;
      const reason = error instanceof Error ? error.message : String(error);
      const retryAt = attempts < MAX_ATTEMPTS ? new Date(now().getTime() + RETRY_AFTER_MS[attempts - 1]) : null;
      await db.query("UPDATE email_outbox SET attempts = $2, last_error = $3, next_attempt_at = $4 WHERE id = $1", [
        row.id,
        attempts,
        reason.slice(0, 500),
        retryAt,
      ]);
      logEvent(
        "mail.failed",
        { outboxId: row.id, template: row.template, attempts, reason },
        {
          msg: retryAt ? `mail not sent (attempt ${attempts}), tried again later` : `mail not sent after ${attempts} attempts: left unsent`,
        },
      );
    }
  }
  return sent;
}

/**
 * Sends the outbox now and then every `intervalMs` (an unref'd timer, as the settling job). `run` sends
 * what is due at once (tests); `stop` ends the schedule and closes the SMTP connections.
 */
export function startMailRelay(options: MailRelayOptions) {
  const transport = nodemailer.createTransport(options.smtpUrl);
  let running: Promise<number> = Promise.resolve(0);
  let busy = false;
  const run = () => {
    if (busy) return running;
    busy = true;
    running = relayMail(options, transport)
      .catch((error: unknown) => {
        logEvent("mail.relay-failed", { reason: error instanceof Error ? error.message : String(error) });
        return 0;
      })
      .finally(() => {
        busy = false;
      });
    return running;
  };
  void run();
  const timer = setInterval(() => void run(), options.intervalMs ?? MAIL_RELAY_INTERVAL_MS);
  timer.unref();
  return {
    run,
    async stop() {
      clearInterval(timer);
      await running;
      transport.close();
    },
  };
}
