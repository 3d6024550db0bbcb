/**
 * Notification mail (docs/notifications.md): the one place that queues a preference-governed e-mail.
 * `queueNotice` writes one outbox row for each activated contact of the account who has a sign-in and
 * has not turned that kind of mail off (notification_preferences, migration 0024), in that contact's
 * language (users.preferred_language), inside the caller's transaction: the mail exists exactly when
 * the change it tells of does. Each carries a signed unsubscribe link (notify-links.ts) at the foot of
 * its text and in the outbox's unsubscribe_path (the relay's List-Unsubscribe header).
 *
 * The hooks: bill ready (`queueBillReady`, for whatever issues invoices: the reference API only has
 * seeded ones), payment received (billing-payments.ts, autopay-charges.ts, billing.ts when a pending
 * payment settles) or an automatic charge declined (autopay-charges.ts; a declined card paid by hand is
 * read on the page and mailed to no one), automatic payments set up or stopped (billing-autopay.ts), a support agent's
 * reply (`queueTicketReply`, for the support system: the API has no agent side), and outages or
 * maintenance in an account's area (`queueIncidentNotice`, for the provider's status tools).
 */
import type { NotificationKind } from "../contract/notifications.ts";
import type { Db } from "../db/client.ts";
import type { LinkSigner } from "./notify-links.ts";
import { SERVICE_KIND_SQL as SERVICE_KIND } from "./status.ts";

/** A service's postal code as incident areas name it (upper case, no space). */
const POSTAL = "upper(replace(coalesce(p.postal_code, s.postal_code, ''), ' ', ''))";

type Language = "en" | "fr";

/** What each mail tells of; the template name stored in the outbox. */
export type NoticeTemplate =
  "bill_ready" | "payment_received" | "payment_declined" | "autopay_set_up" | "autopay_stopped" | "ticket_reply" | "incident_notice";

/** The preference that governs each template. */
export const KIND_OF: Record<NoticeTemplate, NotificationKind> = {
  bill_ready: "bill_ready",
  payment_received: "payments",
  payment_declined: "payments",
  autopay_set_up: "autopay",
  autopay_stopped: "autopay",
  ticket_reply: "ticket_replies",
  incident_notice: "outages",
};

export type NoticeData =
  | { template: "bill_ready"; amountCents: number; dueOn: string; issuedOn: string }
  | { template: "payment_received" | "payment_declined"; amountCents: number; method: string }
  | { template: "autopay_set_up" | "autopay_stopped"; method: "credit_card" | "pad" }
  | { template: "ticket_reply"; ticketNumber: string; subject: string }
  | { template: "incident_notice"; incidentKind: "outage" | "maintenance"; summary: Record<Language, string>; startsAt: Date };

const LOCALE: Record<Language, string> = { en: "en-CA", fr: "fr-CA" };
/** Intl's formatters, made once per language (making one costs more than the mail's other work). */
const perLanguage = <F>(make: (locale: string) => F): Record<Language, F> => ({ en: make(LOCALE.en), fr: make(LOCALE.fr) });
const MONEY = perLanguage((locale) => new Intl.NumberFormat(locale, { style: "currency", currency: "CAD" }));
const DAY = perLanguage((locale) => new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }));
const INSTANT = perLanguage(
  (locale) => new Intl.DateTimeFormat(locale, { dateStyle: "long", timeStyle: "short", timeZone: "America/Toronto" }),
);
const money = (cents: number, language: Language) => MONEY[language].format(cents / 100);
const day = (isoDay: string, language: Language) => DAY[language].format(new Date(`${isoDay}T12:00:00Z`));
const instant = (at: Date, language: Language) => INSTANT[language].format(at);

const METHOD: Record<Language, Record<string, string>> = {
  en: { credit_card: "credit card", pad: "pre-authorized debit", bank: "bank account" },
  fr: { credit_card: "carte de crédit", pad: "débit préautorisé", bank: "compte bancaire" },
};

interface Mail {
  subject: string;
  /** The paragraphs of the message (before the footer). */
  body: string;
}

/** The message of each template, in each language. `account`: the account's name. */
function compose(data: NoticeData, language: Language, account: string): Mail {
  const fr = language === "fr";
  switch (data.template) {
    case "bill_ready": {
      const amount = money(data.amountCents, language);
      const due = day(data.dueOn, language);
      return fr
        ? {
            subject: `Votre facture est prête\u00a0: ${amount}`,
            body: `La facture du ${day(data.issuedOn, language)} du compte ${account} est prête. Montant\u00a0: ${amount}, à payer au plus tard le ${due}.\n\nConsultez-la et payez-la dans le portail\u00a0:\n{{portal_url}}/billing`,
          }
        : {
            subject: `Your bill is ready: ${amount}`,
            body: `The ${day(data.issuedOn, language)} bill of ${account} is ready. Amount: ${amount}, due ${due}.\n\nSee it and pay it in the portal:\n{{portal_url}}/billing`,
          };
    }
    case "payment_received": {
      const amount = money(data.amountCents, language);
      const method = METHOD[language][data.method] ?? data.method;
      return fr
        ? {
            subject: `Paiement reçu\u00a0: ${amount}`,
            body: `Nous avons bien reçu votre paiement de ${amount} par ${method} pour le compte ${account}. Merci\u00a0!\n\nVotre historique de paiements\u00a0:\n{{portal_url}}/billing`,
          }
        : {
            subject: `Payment received: ${amount}`,
            body: `We received your payment of ${amount} by ${method} for ${account}. Thank you!\n\nYour payment history:\n{{portal_url}}/billing`,
          };
    }
    case "payment_declined": {
      const amount = money(data.amountCents, language);
      const method = METHOD[language][data.method] ?? data.method;
      return fr
        ? {
            subject: `Paiement refusé\u00a0: ${amount}`,
            body: `Le paiement de ${amount} par ${method} pour le compte ${account} a été refusé. Aucun montant n’a été prélevé.\n\nPour payer autrement\u00a0:\n{{portal_url}}/billing`,
          }
        : {
            subject: `Payment declined: ${amount}`,
            body: `The payment of ${amount} by ${method} for ${account} was declined. No money was taken.\n\nTo pay another way:\n{{portal_url}}/billing`,
          };
    }
    case "autopay_set_up": {
      const method = METHOD[language][data.method];
      return fr
        ? {
            subject: "Paiements automatiques activés",
            body: `Les paiements automatiques par ${method} sont activés pour le compte ${account}. Chaque facture sera payée à sa date de prélèvement.\n\nSi ce n’est pas vous, modifiez-les ici\u00a0:\n{{portal_url}}/billing`,
          }
        : {
            subject: "Automatic payments set up",
            body: `Automatic payments by ${method} are set up for ${account}. Each bill will be paid on its charge date.\n\nIf this was not you, change them here:\n{{portal_url}}/billing`,
          };
    }
    case "autopay_stopped": {
      const method = METHOD[language][data.method];
      return fr
        ? {
            subject: "Paiements automatiques arrêtés",
            body: `Les paiements automatiques par ${method} sont arrêtés pour le compte ${account}. Les prochaines factures devront être payées autrement.\n\nPour payer ou réactiver les paiements automatiques\u00a0:\n{{portal_url}}/billing`,
          }
        : {
            subject: "Automatic payments stopped",
            body: `Automatic payments by ${method} are stopped for ${account}. Your next bills need to be paid another way.\n\nTo pay or set up automatic payments again:\n{{portal_url}}/billing`,
          };
    }
    case "ticket_reply":
      return fr
        ? {
            subject: `Réponse à votre demande ${data.ticketNumber}`,
            body: `Notre équipe du soutien a répondu à votre demande ${data.ticketNumber} («\u00a0${data.subject}\u00a0») du compte ${account}.\n\nLisez la réponse et répondez\u00a0:\n{{portal_url}}/support/tickets`,
          }
        : {
            subject: `Reply to your request ${data.ticketNumber}`,
            body: `Our support team replied to your request ${data.ticketNumber} ("${data.subject}") of ${account}.\n\nRead the reply and answer:\n{{portal_url}}/support/tickets`,
          };
    case "incident_notice": {
      const at = instant(data.startsAt, language);
      const outage = data.incidentKind === "outage";
      return fr
        ? {
            subject: outage ? "Panne dans votre secteur" : "Entretien prévu dans votre secteur",
            body: `${outage ? "Une panne touche" : "Un entretien du réseau touchera"} des services du compte ${account} (${outage ? "depuis le" : "à partir du"} ${at})\u00a0:\n\n${data.summary.fr}\n\nSuivez son état\u00a0:\n{{portal_url}}/status`,
          }
        : {
            subject: outage ? "Outage in your area" : "Planned maintenance in your area",
            body: `${outage ? "An outage is affecting" : "Network maintenance will affect"} services of ${account} (${outage ? "since" : "from"} ${at}):\n\n${data.summary.en}\n\nFollow its status:\n{{portal_url}}/status`,
          };
    }
  }
}

const REASON: Record<Language, Record<NotificationKind, string>> = {
  en: {
    bill_ready: "when a bill is ready",
    payments: "about payments",
    autopay: "about automatic payments",
    ticket_replies: "when support replies to a request",
    outages: "about outages and maintenance in your area",
  },
  fr: {
    bill_ready: "quand une facture est prête",
    payments: "au sujet des paiements",
    autopay: "au sujet des paiements automatiques",
    ticket_replies: "quand le soutien répond à une demande",
    outages: "au sujet des pannes et de l’entretien dans votre secteur",
  },
};

/** The footer, after the "-- " line the relay's HTML layout sets apart: why they receive it, how to stop. */
export function footer(language: Language, kind: NotificationKind, account: string, unsubscribePath: string): string {
  return language === "fr"
    ? `-- \nVous recevez ce courriel parce que vous êtes une personne-ressource du compte ${account} et avez choisi d’être avisé ${REASON.fr[kind]}.\n\nNe plus recevoir ces courriels\u00a0:\n{{portal_url}}${unsubscribePath}\n\nChoisir les courriels que vous recevez\u00a0:\n{{portal_url}}/profile-settings/notifications`
    : `-- \nYou receive this e-mail because you are a contact of ${account} and chose to be told ${REASON.en[kind]}.\n\nStop these e-mails:\n{{portal_url}}${unsubscribePath}\n\nChoose which e-mails you receive:\n{{portal_url}}/profile-settings/notifications`;
}

interface Recipient {
  user_id: number;
  email: string;
  first_name: string;
  language: Language;
  contract_name: string;
}

/**
 * Queues a mail of this kind about the account to each of its contacts who wants it (see the module's
 * comment). Answers how many were queued. `onlyUserIds`: just these contacts (a ticket's author).
 */
export async function queueNotice(
  tx: Db,
  links: LinkSigner,
  customerId: number,
  data: NoticeData,
  now: Date,
  onlyUserIds?: number[],
): Promise<number> {
  const kind = KIND_OF[data.template];
  const recipients = await tx.query<Recipient>(
    `SELECT u.id AS user_id, u.username AS email, u.first_name, u.preferred_language AS language, cu.contract_name
       FROM contacts c JOIN users u ON u.id = c.user_id JOIN customers cu ON cu.id = c.customer_id
       LEFT JOIN notification_preferences p ON p.user_id = c.user_id AND p.customer_id = c.customer_id
      WHERE c.customer_id = $1 AND c.status = 'activated' AND ($2::integer[] IS NULL OR c.user_id = ANY ($2))
        AND COALESCE((to_jsonb(p) ->> $3)::boolean, true)
      ORDER BY u.id`,
    [customerId, onlyUserIds ?? null, kind],
  );
  for (const r of recipients) {
    const token = await links.sign({ userId: r.user_id, customerId, kind }, now);
    const unsubscribePath = `/unsubscribe/${token}`;
    const mail = compose(data, r.language, r.contract_name);
    const greeting = r.language === "fr" ? `Bonjour ${r.first_name},` : `Hello ${r.first_name},`;
    await tx.query(
      `INSERT INTO email_outbox (to_address, template, language, subject, body_text, link_path, user_id, created_at, unsubscribe_path)
       VALUES ($1, $2, $3, $4, $5, NULL, $6, $7, $8)`,
      [
        r.email,
        data.template,
        r.language,
        mail.subject,
        `${greeting}\n\n${mail.body}\n\n${footer(r.language, kind, r.contract_name, unsubscribePath)}`,
        r.user_id,
        now,
        unsubscribePath,
      ],
    );
  }
  return recipients.length;
}

/** A bill was issued: its contacts are told (for the billing system that issues invoices). */
export async function queueBillReady(tx: Db, links: LinkSigner, invoiceId: number, now: Date): Promise<number> {
  const invoice = await tx.one<{ customer_id: number; amount_cents: number; due_on: string; issued_on: string }>(
    "SELECT customer_id, total_cents AS amount_cents, due_on::text AS due_on, issued_on::text AS issued_on FROM invoices WHERE id = $1",
    [invoiceId],
  );
  if (!invoice) return 0;
  return queueNotice(
    tx,
    links,
    invoice.customer_id,
    { template: "bill_ready", amountCents: invoice.amount_cents, dueOn: invoice.due_on, issuedOn: invoice.issued_on },
    now,
  );
}

/**
 * A support agent replied on a ticket: the ticket's author is told, or the account's contacts when the
 * ticket has no author with a sign-in (for the support system: the reference API has no agent side).
 */
export async function queueTicketReply(tx: Db, links: LinkSigner, ticketId: number, now: Date): Promise<number> {
  const ticket = await tx.one<{ customer_id: number; ticket_number: string; subject: string; opened_by: number | null }>(
    "SELECT customer_id, ticket_number, subject, opened_by FROM support_tickets WHERE id = $1",
    [ticketId],
  );
  if (!ticket) return 0;
  const data = { template: "ticket_reply", ticketNumber: ticket.ticket_number, subject: ticket.subject } as const;
  const toAuthor = ticket.opened_by ? await queueNotice(tx, links, ticket.customer_id, data, now, [ticket.opened_by]) : 0;
  if (toAuthor || ticket.opened_by) return toAuthor;
  return queueNotice(tx, links, ticket.customer_id, data, now);
}

/**
 * An outage or maintenance was posted (for the provider's status tools, which write incidents): each
 * account with a service it touches (named, or of its kinds in its areas) is told once.
 */
export async function queueIncidentNotice(tx: Db, links: LinkSigner, incidentId: number, now: Date): Promise<number> {
  const incident = await tx.one<{ kind: "outage" | "maintenance"; summary_en: string; summary_fr: string; starts_at: Date }>(
    "SELECT kind, summary_en, summary_fr, starts_at FROM incidents WHERE id = $1 AND resolved_at IS NULL",
    [incidentId],
  );
  if (!incident) return 0;
  const customers = await tx.query<{ customer_id: number }>(
    `SELECT DISTINCT s.customer_id FROM services s LEFT JOIN packages p ON p.id = s.package_id JOIN incidents i ON i.id = $1
      WHERE p.status IS DISTINCT FROM 'cancelled'
        AND (EXISTS (SELECT 1 FROM incident_services x WHERE x.incident_id = $1 AND x.service_id = s.id)
             OR (${SERVICE_KIND} = ANY (i.services)
                 AND EXISTS (SELECT 1 FROM incident_areas a WHERE a.incident_id = $1
                              AND a.postal_prefix IN (left(${POSTAL}, 1), left(${POSTAL}, 2), left(${POSTAL}, 3)))))
      ORDER BY s.customer_id`,
    [incidentId],
  );
  let queued = 0;
  const data = {
    template: "incident_notice",
    incidentKind: incident.kind,
    summary: { en: incident.summary_en, fr: incident.summary_fr },
    startsAt: incident.starts_at,
  } as const;
  for (const { customer_id } of customers) queued += await queueNotice(tx, links, customer_id, data, now);
  return queued;
}
