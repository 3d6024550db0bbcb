/**
 * Contacts of an account (commercial and residential) and the public contact activation.
 *
 * Roles: commercial accounts use authoritative, billing, notify, support; residential accounts use
 * authoritative, billing and support ("contact with support and notifications"). Only authoritative
 * contacts add, change or remove contacts; any activated contact may list them.
 */
import { z } from "zod";
import { passwordRuleCodes } from "./passwords.ts";
import { IsoDateTime } from "./common.ts";
import { endpoint } from "./endpoint.ts";

export const CONTACT_ROLES = ["authoritative", "billing", "notify", "support"] as const;
export const COMMERCIAL_CONTACT_ROLES = CONTACT_ROLES;
export const RESIDENTIAL_CONTACT_ROLES = ["authoritative", "billing", "support"] as const;

export const ContactRole = z.enum(CONTACT_ROLES);
export type ContactRole = z.infer<typeof ContactRole>;

export const ContactAccountStatus = z.enum(["pending_activation", "activated"]);

/** Days an activation link stays valid. */
export const CONTACT_ACTIVATION_DAYS = 7;

export const Contact = z.object({
  contact_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  account_status: ContactAccountStatus,
  roles: z.array(ContactRole),
  /** This contact is the signed-in user. */
  is_current_user: z.boolean(),
  /** Used to sign in to TV Go: removing it needs support. */
  used_for_tv_go: z.boolean(),
  /** The latest activation link of a pending contact (null once activated, or if none was sent). */
  invitation: z
    .object({
      sent_at: IsoDateTime,
      expires_at: IsoDateTime,
      expired: z.boolean(),
    })
    .nullable(),
});
export type Contact = z.infer<typeof Contact>;

/** GET /customer/{id}/contacts (commercial accounts) */
export const CommercialContactsAnswer = z.object({
  contacts: z.array(Contact),
  customer_name: z.string(),
});
export type CommercialContactsAnswer = z.infer<typeof CommercialContactsAnswer>;

/** GET /residential-customer/{customerId}/contacts */
export const ResidentialContactsAnswer = z.object({
  contacts: z.array(Contact),
  customer_name: z.string(),
  has_multiple_service_addresses: z.boolean(),
});
export type ResidentialContactsAnswer = z.infer<typeof ResidentialContactsAnswer>;

/** A trimmed text field: `<field>.required` when empty, `<field>.too_long` past max. */
const text = (field: string, max: number) =>
  z
    .string()
    .trim()
    .refine((value) => value.length > 0, `${field}.required`)
    .refine((value) => value.length <= max, `${field}.too_long`);

const emailFormat = z.email();

/**
 * A list of roles, sent as a JSON array or as repeated form fields (one value arrives as a string;
 * a comma-separated string is accepted too). Duplicates are dropped; an empty list is
 * `<field>.required`; a role outside `allowed` is `<field>.not_available`.
 */
export const roleList = (field: string, allowed: readonly ContactRole[] = CONTACT_ROLES) =>
  z
    .union([z.array(z.string()), z.string()])
    .optional()
    .transform((value, ctx) => {
      const items = value === undefined ? [] : Array.isArray(value) ? value : value.split(",");
      const roles = [...new Set(items.map((item) => item.trim().toLowerCase()).filter(Boolean))];
      if (!roles.length) {
        ctx.addIssue({ code: "custom", message: `${field}.required` });
        return z.NEVER;
      }
      if (roles.some((role) => !(allowed as readonly string[]).includes(role))) {
        ctx.addIssue({ code: "custom", message: `${field}.not_available` });
        return z.NEVER;
      }
      return roles as ContactRole[];
    })
    .meta({
      description: `Required: one or more of ${allowed.join(", ")}; a JSON array, repeated form fields or a comma-separated string`,
    });

const newContactFields = {
  first_name: text("first_name", 100),
  last_name: text("last_name", 100),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .refine((value) => value.length > 0, "email.required")
    .refine((value) => value.length === 0 || (value.length <= 254 && emailFormat.safeParse(value).success), "email.invalid"),
  /** Optional: digits with spaces, dashes, dots, parentheses, a leading + and an extension (x123). */
  phone: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : null))
    .refine(
      (value) =>
        value === null ||
        (/^\+?[0-9 ().-]+(\s*(x|ext\.?)\s*[0-9]{1,6})?$/i.test(value) && value.replace(/\D/g, "").length >= 7 && value.length <= 30),
      "phone.invalid",
    ),
};

/** POST /customer/{id}/contacts (form data or JSON) */
export const NewCommercialContact = z.object({ ...newContactFields, roles: roleList("roles", COMMERCIAL_CONTACT_ROLES) });
export type NewCommercialContact = z.infer<typeof NewCommercialContact>;

/** POST /residential-customer/{customerId}/contacts (form data or JSON) */
export const NewResidentialContact = z.object({ ...newContactFields, roles: roleList("roles", RESIDENTIAL_CONTACT_ROLES) });
export type NewResidentialContact = z.infer<typeof NewResidentialContact>;

/** Answer of adding a contact: it starts pending activation and its activation e-mail is queued. */
export const ContactAddedAnswer = z.object({
  success: z.literal(true),
  contact_id: z.number().int(),
  invitation_expires_at: IsoDateTime,
});
export type ContactAddedAnswer = z.infer<typeof ContactAddedAnswer>;

/**
 * PUT /customer/{id}/contact/{contactId}: the contact's new roles (all of them). The account type's
 * role set applies (notify is refused on a residential account).
 */
export const ChangeContactRoles = z.object({ new_roles: roleList("new_roles") });
export type ChangeContactRoles = z.infer<typeof ChangeContactRoles>;

export const ContactRolesChangedAnswer = z.object({ success: z.literal(true), roles: z.array(ContactRole) });
export type ContactRolesChangedAnswer = z.infer<typeof ContactRolesChangedAnswer>;

/** DELETE /customer/{id}/contact/{contactId}; removed_self: the user removed their own access. */
export const ContactRemovedAnswer = z.object({ success: z.literal(true), removed_self: z.boolean() });
export type ContactRemovedAnswer = z.infer<typeof ContactRemovedAnswer>;

/** POST /customer/{id}/contact/{contactId}/resend-activation */
export const ActivationResentAnswer = z.object({ success: z.literal(true), invitation_expires_at: IsoDateTime });
export type ActivationResentAnswer = z.infer<typeof ActivationResentAnswer>;

/** GET /activate-customer-contact/{customerId}/{contactToken}: who the link is for. */
export const ContactActivationAnswer = z.object({
  customer_name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  /** A sign-in with this e-mail exists: activating needs its password, and links the contact to it. */
  has_account: z.boolean(),
  expires_at: IsoDateTime,
});
export type ContactActivationAnswer = z.infer<typeof ContactActivationAnswer>;

/**
 * Password rules of a new sign-in: at least 8 characters, a lowercase and an uppercase letter, and
 * the confirmation matches.
 */
export const NewPassword = z
  .object({
    password: z
      .string()
      .optional()
      .transform((value) => value ?? "")
      .superRefine((value, check) => {
        for (const code of passwordRuleCodes(value, "password")) check.addIssue({ code: "custom", message: code });
      }),
    password_confirmation: z
      .string()
      .optional()
      .transform((value) => value ?? ""),
  })
  .refine((form) => form.password_confirmation === form.password, {
    message: "password_confirmation.mismatch",
    path: ["password_confirmation"],
  });

/**
 * POST /activate-customer-contact/{customerId}/{contactToken}. Without an existing sign-in, password
 * and password_confirmation create one (NewPassword rules). With one, password must be its password
 * (the confirmation is not needed).
 */
export const ContactActivationRequest = z.object({
  password: z
    .string()
    .optional()
    .refine((value) => value === undefined || value.length <= 200, "password.too_long"),
  password_confirmation: z.string().optional(),
});
export type ContactActivationRequest = z.infer<typeof ContactActivationRequest>;

export const ContactActivatedAnswer = z.object({
  success: z.literal(true),
  /** The sign-in the contact is now linked to. */
  username: z.string(),
  /** A new sign-in was created (otherwise the contact was linked to the existing one). */
  account_created: z.boolean(),
});
export type ContactActivatedAnswer = z.infer<typeof ContactActivatedAnswer>;

const newContactCodes = [
  "first_name.required",
  "first_name.too_long",
  "last_name.required",
  "last_name.too_long",
  "email.required",
  "email.invalid",
  "email.already_a_contact",
  "phone.invalid",
  "roles.required",
  "roles.not_available",
];

export const contactsEndpoints = [
  endpoint({
    method: "get",
    path: "/customer/{id}/contacts",
    tag: "contacts",
    summary: "Contacts of a commercial account, with the account name (404 for a residential account)",
    auth: "bearer",
    answer: CommercialContactsAnswer,
    errors: [404],
  }),
  endpoint({
    method: "post",
    path: "/customer/{id}/contacts",
    tag: "contacts",
    summary:
      "Adds a contact to a commercial account (authoritative contacts only): it starts pending activation and an activation e-mail is queued",
    auth: "bearer",
    body: NewCommercialContact,
    answer: ContactAddedAnswer,
    status: 201,
    errors: [404, 422],
    errorCodes: newContactCodes,
  }),
  endpoint({
    method: "put",
    path: "/customer/{id}/contact/{contactId}",
    tag: "contacts",
    summary:
      "Replaces a contact's roles (authoritative contacts only; commercial or residential account). The last activated authoritative contact keeps that role",
    auth: "bearer",
    body: ChangeContactRoles,
    answer: ContactRolesChangedAnswer,
    errors: [404, 422],
    errorCodes: ["new_roles.required", "new_roles.not_available", "new_roles.last_authoritative"],
  }),
  endpoint({
    method: "delete",
    path: "/customer/{id}/contact/{contactId}",
    tag: "contacts",
    summary:
      "Removes a contact (authoritative contacts only), oneself included (removed_self). Not the last activated authoritative contact, nor one used for TV Go (support replaces it)",
    auth: "bearer",
    answer: ContactRemovedAnswer,
    errors: [404, 422],
    errorCodes: ["contact.last_authoritative", "contact.used_for_tv_go"],
  }),
  endpoint({
    method: "post",
    path: "/customer/{id}/contact/{contactId}/resend-activation",
    tag: "contacts",
    summary:
      "Sends a pending contact a new activation link (authoritative contacts only); earlier links stop working. At most 3 links an hour for one contact (429)",
    auth: "bearer",
    answer: ActivationResentAnswer,
    errors: [404, 422, 429],
    errorCodes: ["contact.already_activated"],
  }),
  endpoint({
    method: "get",
    path: "/residential-customer/{customerId}/contacts",
    tag: "contacts",
    summary: "Contacts of a residential account, and whether it has several service addresses (404 for a commercial account)",
    auth: "bearer",
    answer: ResidentialContactsAnswer,
    errors: [404],
  }),
  endpoint({
    method: "post",
    path: "/residential-customer/{customerId}/contacts",
    tag: "contacts",
    summary:
      "Adds a contact to a residential account (authoritative contacts only; roles authoritative, billing, support): it starts pending activation and an activation e-mail is queued",
    auth: "bearer",
    body: NewResidentialContact,
    answer: ContactAddedAnswer,
    status: 201,
    errors: [404, 422],
    errorCodes: newContactCodes,
  }),
  endpoint({
    method: "get",
    path: "/activate-customer-contact/{customerId}/{contactToken}",
    tag: "contacts",
    summary: "Who an activation link is for; 404 for an unknown, used, revoked or expired link",
    auth: "public",
    answer: ContactActivationAnswer,
    errors: [404],
  }),
  endpoint({
    method: "post",
    path: "/activate-customer-contact/{customerId}/{contactToken}",
    tag: "contacts",
    summary:
      "Activates the contact (single use): links it to the existing sign-in with that e-mail (its password required) or creates one with the password given",
    auth: "public",
    body: ContactActivationRequest,
    answer: ContactActivatedAnswer,
    errors: [404, 409, 422],
    errorCodes: [
      "password.required",
      "password.too_short",
      "password.too_long",
      "password.missing_lowercase",
      "password.missing_uppercase",
      "password_confirmation.mismatch",
      "password.incorrect",
    ],
  }),
];
