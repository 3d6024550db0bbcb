/**
 * Contacts of an account and contact activation.
 *
 *  - /customer/{id}/contacts (commercial) and /residential-customer/{customerId}/contacts (residential):
 *    list (any activated contact) and add (authoritative contacts). A new contact starts pending
 *    activation; a single-use activation link (token stored hashed) is queued in email_outbox
 *    (the shared outbox of 0006_auth_flows.sql).
 *  - /customer/{id}/contact/{contactId}: change roles, remove, resend the activation link (either
 *    account type; authoritative contacts only). These lock the account's contact rows so that no two
 *    requests together can leave it without an activated authoritative contact.
 *
 * The public half, /activate-customer-contact/{customerId}/{contactToken}, is contacts-activation.ts.
 */
import { recordActivity } from "./activity.ts";
import { createHash, randomBytes } from "node:crypto";
import { Router, type Request } from "express";
import {
  CONTACT_ACTIVATION_DAYS,
  CONTACT_ROLES,
  ChangeContactRoles,
  COMMERCIAL_CONTACT_ROLES,
  NewCommercialContact,
  NewResidentialContact,
  RESIDENTIAL_CONTACT_ROLES,
  type ActivationResentAnswer,
  type CommercialContactsAnswer,
  type Contact,
  type ContactAddedAnswer,
  type ContactRemovedAnswer,
  type ContactRole,
  type ContactRolesChangedAnswer,
  type ResidentialContactsAnswer,
} from "../contract/contacts.ts";
import type { Db } from "../db/client.ts";
import type { ServiceContext } from "./context.ts";
import { ApiError, forbidden, notFound, unprocessable } from "./errors.ts";
import { currentUser, parseInput, requireCustomer, route, type CustomerAccess } from "./http.ts";

/** The SHA-256 (hex) of an activation token: the only form the database keeps. */
export const hashActivationToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** The portal path of an activation link (what the e-mail links to, under the portal's address). */
export const activationPath = (customerId: number, token: string) =>
  `/activate-customer-contact/${customerId}/${encodeURIComponent(token)}`;

/** Activation e-mails a contact may be sent in one hour (adding it counts as the first). */
export const ACTIVATION_EMAILS_PER_HOUR = 3;

type MailParts = { name: string; sender: string; customer: string; link: string };
const ACTIVATION_EMAIL: Record<"en" | "fr", { subject: (customer: string) => string; body: (p: MailParts) => string }> = {
  en: {
    subject: (customer) => `You were added as a contact of ${customer}`,
    body: ({ name, sender, customer, link }) =>
      `Hello ${name},\n\n${sender || "An authoritative contact"} added you as a contact of the account ${customer}. ` +
      `To activate your access, open this link within ${CONTACT_ACTIVATION_DAYS} days:\n\n${link}\n\n` +
      "The link works once. If you already have a sign-in with this e-mail address, activating adds the account to it.",
  },
  fr: {
    subject: (customer) => `Vous avez été ajouté comme contact de ${customer}`,
    body: ({ name, sender, customer, link }) =>
      `Bonjour ${name},\n\n${sender || "Un contact autorisé"} vous a ajouté comme contact du compte ${customer}. ` +
      `Pour activer votre accès, ouvrez ce lien dans les ${CONTACT_ACTIVATION_DAYS} jours :\n\n${link}\n\n` +
      "Le lien ne fonctionne qu’une fois. Si vous avez déjà un accès avec cette adresse courriel, l’activation y ajoute le compte.",
  },
};

type AccountKind = "commercial" | "residential" | "either";

interface ContactRow {
  id: number;
  user_id: number | null;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  status: "pending_activation" | "activated";
  roles: string[];
  used_for_tv_go: boolean;
  invited_at: Date | null;
  invitation_expires_at: Date | null;
  invitation_revoked: boolean | null;
}

type LockedContact = Pick<ContactRow, "id" | "user_id" | "status" | "roles" | "used_for_tv_go">;

/** Roles in one order (authoritative, billing, notify, support), unknown names dropped. */
const canonicalRoles = (roles: readonly string[]): ContactRole[] => CONTACT_ROLES.filter((role) => roles.includes(role));

const holdsAuthority = (contact: LockedContact) => contact.status === "activated" && contact.roles.includes("authoritative");

const isUniqueViolation = (error: unknown) => typeof error === "object" && error !== null && (error as { code?: unknown }).code === "23505";

/** A positive integer path id, else 404 (the customer was already authorized). */
function contactIdOf(param: unknown): number {
  const id = Number(param);
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound("Contact");
  return id;
}

export function contactsRoutes(ctx: ServiceContext): Router {
  const router = Router();

  /**
   * The user's access to the account's contacts: an activated contact of it (403), of the right
   * account type (404), and authoritative to change anything (403).
   */
  async function contactsAccess(req: Request, customerIdParam: unknown, kind: AccountKind, manage: boolean) {
    const access = await requireCustomer(ctx.db, req, customerIdParam);
    if (kind === "commercial" && access.isResidential) throw notFound("Commercial account");
    if (kind === "residential" && !access.isResidential) throw notFound("Residential account");
    if (manage && !access.roles.includes("authoritative")) {
      throw forbidden("Only authoritative contacts add, change or remove contacts");
    }
    return access;
  }

  async function listContacts(customerId: number, userId: number): Promise<Contact[]> {
    const now = ctx.now();
    const rows = await ctx.db.query<ContactRow>(
      `SELECT c.id, c.user_id, c.first_name, c.last_name, c.email, c.phone, c.status, c.roles, c.used_for_tv_go,
              a.created_at AS invited_at, a.expires_at AS invitation_expires_at,
              a.revoked_at IS NOT NULL AS invitation_revoked
         FROM contacts c
         LEFT JOIN LATERAL (
                SELECT created_at, expires_at, revoked_at FROM contact_activations
                 WHERE contact_id = c.id AND used_at IS NULL
                 ORDER BY created_at DESC, id DESC LIMIT 1
              ) a ON c.status = 'pending_activation'
        WHERE c.customer_id = $1
        ORDER BY lower(c.last_name), lower(c.first_name), c.id`,
      [customerId],
    );
    return rows.map((row) => ({
      contact_id: row.id,
      first_name: row.first_name,
      last_name: row.last_name,
      email: row.email,
      phone: row.phone,
      account_status: row.status,
      roles: canonicalRoles(row.roles),
      is_current_user: row.user_id === userId,
      used_for_tv_go: row.used_for_tv_go,
      invitation:
        row.invited_at && row.invitation_expires_at
          ? {
              sent_at: row.invited_at.toISOString(),
              expires_at: row.invitation_expires_at.toISOString(),
              expired: Boolean(row.invitation_revoked) || row.invitation_expires_at <= now,
            }
          : null,
    }));
  }

  /** Locks the account's contact rows (in tx) and checks the caller still may manage them. */
  async function lockContacts(tx: Db, access: CustomerAccess): Promise<LockedContact[]> {
    const rows = await tx.query<LockedContact>(
      "SELECT id, user_id, status, roles, used_for_tv_go FROM contacts WHERE customer_id = $1 ORDER BY id FOR UPDATE",
      [access.customerId],
    );
    const caller = rows.find((row) => row.id === access.contactId);
    // A request that waited for the lock may find its caller removed or demoted meanwhile.
    if (!caller || !holdsAuthority(caller)) throw forbidden("Only authoritative contacts add, change or remove contacts");
    return rows;
  }

  /** Revokes the contact's live links, stores a new one (hashed) and queues its e-mail. */
  async function sendActivation(
    tx: Db,
    req: Request,
    contact: { id: number; customer_id: number; first_name: string; last_name: string; email: string },
  ): Promise<Date> {
    const now = ctx.now();
    const expires = new Date(now.getTime() + CONTACT_ACTIVATION_DAYS * 86_400_000);
    const token = randomBytes(32).toString("base64url");
    const senderId = currentUser(req).userId;
    await tx.query("UPDATE contact_activations SET revoked_at = $2 WHERE contact_id = $1 AND used_at IS NULL AND revoked_at IS NULL", [
      contact.id,
      now,
    ]);
    await tx.query(
      `INSERT INTO contact_activations (contact_id, token_hash, created_at, expires_at, sent_by_user_id)
       VALUES ($1, $2, $3, $4, $5)`,
      [contact.id, hashActivationToken(token), now, expires, senderId],
    );
    const [customer, sender, recipient] = await Promise.all([
      tx.one<{ contract_name: string }>("SELECT contract_name FROM customers WHERE id = $1", [contact.customer_id]),
      tx.one<{ first_name: string; last_name: string }>("SELECT first_name, last_name FROM users WHERE id = $1", [senderId]),
      tx.one<{ id: number; preferred_language: "en" | "fr" }>("SELECT id, preferred_language FROM users WHERE username = $1", [
        contact.email,
      ]),
    ]);
    // The recipient's own language when they already have a sign-in, else the sender's.
    const language = recipient?.preferred_language ?? req.lang;
    const linkPath = activationPath(contact.customer_id, token);
    const mail = ACTIVATION_EMAIL[language];
    await tx.query(
      `INSERT INTO email_outbox (to_address, template, language, subject, body_text, link_path, user_id, created_at)
       VALUES ($1, 'contact_activation', $2, $3, $4, $5, $6, $7)`,
      [
        contact.email,
        language,
        mail.subject(customer?.contract_name ?? ""),
        mail.body({
          name: contact.first_name,
          sender: sender ? `${sender.first_name} ${sender.last_name}` : "",
          customer: customer?.contract_name ?? "",
          link: `{{portal_url}}${linkPath}`,
        }),
        linkPath,
        recipient?.id ?? null,
        now,
      ],
    );
    return expires;
  }

  async function addContact(req: Request, customerIdParam: unknown, kind: "commercial" | "residential") {
    const access = await contactsAccess(req, customerIdParam, kind, true);
    const input = parseInput(kind === "residential" ? NewResidentialContact : NewCommercialContact, req.body ?? {});
    const duplicate = () => unprocessable({ email: ["email.already_a_contact"] }, "This e-mail is already a contact of the account");
    try {
      return await ctx.db.transaction(async (tx): Promise<ContactAddedAnswer> => {
        await lockContacts(tx, access);
        const existing = await tx.one("SELECT 1 FROM contacts WHERE customer_id = $1 AND email = $2", [access.customerId, input.email]);
        if (existing) throw duplicate();
        const row = await tx.one<{ id: number }>(
          `INSERT INTO contacts (customer_id, first_name, last_name, email, phone, status, roles, created_at)
           VALUES ($1, $2, $3, $4, $5, 'pending_activation', $6, $7) RETURNING id`,
          [access.customerId, input.first_name, input.last_name, input.email, input.phone, canonicalRoles(input.roles), ctx.now()],
        );
        const expires = await sendActivation(tx, req, { id: row!.id, customer_id: access.customerId, ...input });
        await recordActivity(tx, ctx.now(), access.customerId, currentUser(req).userId, "contact_added", {
          contact_name: `${input.first_name} ${input.last_name}`.trim(),
          roles: canonicalRoles(input.roles),
        });
        return { success: true, contact_id: row!.id, invitation_expires_at: expires.toISOString() };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicate();
      throw error;
    }
  }

  router.get(
    "/customer/:id/contacts",
    route(async (req, res) => {
      const access = await contactsAccess(req, req.params.id, "commercial", false);
      const [customer, contacts] = await Promise.all([
        ctx.db.one<{ contract_name: string }>("SELECT contract_name FROM customers WHERE id = $1", [access.customerId]),
        listContacts(access.customerId, currentUser(req).userId),
      ]);
      const answer: CommercialContactsAnswer = { contacts, customer_name: customer!.contract_name };
      res.json(answer);
    }),
  );

  router.post(
    "/customer/:id/contacts",
    route(async (req, res) => {
      res.status(201).json(await addContact(req, req.params.id, "commercial"));
    }),
  );

  router.get(
    "/residential-customer/:customerId/contacts",
    route(async (req, res) => {
      const access = await contactsAccess(req, req.params.customerId, "residential", false);
      const [customer, addresses, contacts] = await Promise.all([
        ctx.db.one<{ contract_name: string }>("SELECT contract_name FROM customers WHERE id = $1", [access.customerId]),
        ctx.db.one<{ count: number }>(
          `SELECT count(DISTINCT concat_ws('|', lower(address_line1), lower(coalesce(address_line2, '')),
                                           upper(replace(postal_code, ' ', ''))))::int AS count
             FROM packages WHERE customer_id = $1`,
          [access.customerId],
        ),
        listContacts(access.customerId, currentUser(req).userId),
      ]);
      const answer: ResidentialContactsAnswer = {
        contacts,
        customer_name: customer!.contract_name,
        has_multiple_service_addresses: (addresses?.count ?? 0) > 1,
      };
      res.json(answer);
    }),
  );

  router.post(
    "/residential-customer/:customerId/contacts",
    route(async (req, res) => {
      res.status(201).json(await addContact(req, req.params.customerId, "residential"));
    }),
  );

  router.put(
    "/customer/:id/contact/:contactId",
    route(async (req, res) => {
      const access = await contactsAccess(req, req.params.id, "either", true);
      const contactId = contactIdOf(req.params.contactId);
      const { new_roles } = parseInput(ChangeContactRoles, req.body ?? {});
      const allowed: readonly ContactRole[] = access.isResidential ? RESIDENTIAL_CONTACT_ROLES : COMMERCIAL_CONTACT_ROLES;
      if (new_roles.some((role) => !allowed.includes(role))) {
        throw unprocessable({ new_roles: ["new_roles.not_available"] }, "A role is not available for this account type");
      }
      const roles = canonicalRoles(new_roles);
      await ctx.db.transaction(async (tx) => {
        const rows = await lockContacts(tx, access);
        const target = rows.find((row) => row.id === contactId);
        if (!target) throw notFound("Contact");
        const losesAuthority = holdsAuthority(target) && !roles.includes("authoritative");
        if (losesAuthority && !rows.some((row) => row.id !== target.id && holdsAuthority(row))) {
          throw unprocessable(
            { new_roles: ["new_roles.last_authoritative"] },
            "The account's last activated authoritative contact keeps that role",
          );
        }
        await tx.query("UPDATE contacts SET roles = $2 WHERE id = $1", [contactId, roles]);
        const name = await tx.one<{ first_name: string; last_name: string }>("SELECT first_name, last_name FROM contacts WHERE id = $1", [
          contactId,
        ]);
        await recordActivity(tx, ctx.now(), access.customerId, currentUser(req).userId, "contact_roles_changed", {
          contact_name: `${name?.first_name ?? ""} ${name?.last_name ?? ""}`.trim(),
          roles,
          previous_roles: canonicalRoles(target.roles),
        });
      });
      const answer: ContactRolesChangedAnswer = { success: true, roles };
      res.json(answer);
    }),
  );

  router.delete(
    "/customer/:id/contact/:contactId",
    route(async (req, res) => {
      const access = await contactsAccess(req, req.params.id, "either", true);
      const contactId = contactIdOf(req.params.contactId);
      await ctx.db.transaction(async (tx) => {
        const rows = await lockContacts(tx, access);
        const target = rows.find((row) => row.id === contactId);
        if (!target) throw notFound("Contact");
        if (target.used_for_tv_go) {
          throw unprocessable({ contact: ["contact.used_for_tv_go"] }, "A contact used for TV Go is replaced through support");
        }
        if (holdsAuthority(target) && !rows.some((row) => row.id !== target.id && holdsAuthority(row))) {
          throw unprocessable({ contact: ["contact.last_authoritative"] }, "The account's last activated authoritative contact stays");
        }
        const removed = await tx.one<{ first_name: string; last_name: string }>(
          "DELETE FROM contacts WHERE id = $1 RETURNING first_name, last_name",
          [contactId],
        );
        await recordActivity(tx, ctx.now(), access.customerId, currentUser(req).userId, "contact_removed", {
          contact_name: `${removed?.first_name ?? ""} ${removed?.last_name ?? ""}`.trim(),
        });
      });
      const answer: ContactRemovedAnswer = { success: true, removed_self: contactId === access.contactId };
      res.json(answer);
    }),
  );

  router.post(
    "/customer/:id/contact/:contactId/resend-activation",
    route(async (req, res) => {
      const access = await contactsAccess(req, req.params.id, "either", true);
      const contactId = contactIdOf(req.params.contactId);
      const expires = await ctx.db.transaction(async (tx) => {
        await lockContacts(tx, access);
        const contact = await tx.one<{
          id: number;
          customer_id: number;
          first_name: string;
          last_name: string;
          email: string;
          status: string;
        }>("SELECT id, customer_id, first_name, last_name, email, status FROM contacts WHERE id = $1 AND customer_id = $2", [
          contactId,
          access.customerId,
        ]);
        if (!contact) throw notFound("Contact");
        if (contact.status !== "pending_activation") {
          throw unprocessable({ contact: ["contact.already_activated"] }, "The contact is already activated");
        }
        const recent = await tx.one<{ count: number }>(
          "SELECT count(*)::int AS count FROM contact_activations WHERE contact_id = $1 AND created_at > $2",
          [contact.id, new Date(ctx.now().getTime() - 3_600_000)],
        );
        if ((recent?.count ?? 0) >= ACTIVATION_EMAILS_PER_HOUR) {
          throw new ApiError(429, `At most ${ACTIVATION_EMAILS_PER_HOUR} activation e-mails an hour for one contact`);
        }
        return sendActivation(tx, req, contact);
      });
      const answer: ActivationResentAnswer = { success: true, invitation_expires_at: expires.toISOString() };
      res.json(answer);
    }),
  );

  return router;
}
