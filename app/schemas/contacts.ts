/**
 * The contact forms: add a contact, change a contact's roles (one's own with an acknowledgement when
 * giving up the authoritative role), and the remove / resend confirmations (no fields). The rules are
 * the contract's (api/contract/contacts.ts), and the messages its error codes ("api:<field>.<rule>"), so
 * a refusal reads the same whether the browser, the portal or the API made it.
 */
import { z } from "zod";
import { COMMERCIAL_CONTACT_ROLES, RESIDENTIAL_CONTACT_ROLES, type ContactRole } from "#contract/contacts";
import { everyRule } from "./rules";

/** A required text field; conform sends an empty field as undefined. */
const text = (field: string, max: number) =>
  z
    .string({ error: `api:${field}.required` })
    .trim()
    .min(1, `api:${field}.required`)
    .max(max, `api:${field}.too_long`);

/** Roles ticked in a group of checkboxes: absent, one value or several. */
const roleList = (field: string, allowed: readonly ContactRole[]) =>
  z.preprocess(
    (value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]),
    z
      .array(z.string())
      .min(1, `api:${field}.required`)
      .max(allowed.length, `api:${field}.not_available`)
      .refine((roles) => roles.every((role) => (allowed as readonly string[]).includes(role)), `api:${field}.not_available`)
      .transform((roles) => roles as ContactRole[]),
  );

/** The contract's phone rule: digits with spaces, dashes, dots, parentheses, a leading + and an extension. */
const PHONE = /^\+?[0-9 ().-]+(\s*(x|ext\.?)\s*[0-9]{1,6})?$/i;

const contactFields = {
  first_name: text("first_name", 100),
  last_name: text("last_name", 100),
  email: z
    .string({ error: "api:email.required" })
    .trim()
    .max(254, "api:email.invalid")
    .pipe(z.email({ error: "api:email.invalid" })),
  phone: z
    .string()
    .trim()
    .max(30, "api:phone.invalid")
    .refine((value) => PHONE.test(value) && value.replace(/\D/g, "").length >= 7, "api:phone.invalid")
    .optional(),
};

/** Add a contact to a commercial account: authoritative, billing, notify, support. */
export const NewCommercialContactSchema = z.object({ ...contactFields, roles: roleList("roles", COMMERCIAL_CONTACT_ROLES) });
/** Add a contact to a residential account: authoritative, billing, support. */
export const NewResidentialContactSchema = z.object({ ...contactFields, roles: roleList("roles", RESIDENTIAL_CONTACT_ROLES) });

const rolesOf = (residential: boolean) => (residential ? RESIDENTIAL_CONTACT_ROLES : COMMERCIAL_CONTACT_ROLES);

const changeRoles = (residential: boolean) => z.object({ new_roles: roleList("new_roles", rolesOf(residential)) });

/** One's own roles: giving up the authoritative role needs the box that says what follows ticked. */
const changeOwnRoles = (residential: boolean) =>
  everyRule(z.object({ new_roles: roleList("new_roles", rolesOf(residential)), acknowledge: z.literal("on").optional() }), (value, ctx) => {
    const roles = Array.isArray(value.new_roles) ? value.new_roles : [value.new_roles];
    if (!roles.includes("authoritative") && value.acknowledge !== "on") {
      ctx.addIssue({ code: "custom", message: "contacts:edit.acknowledgeRequired", path: ["acknowledge"] });
    }
  });

export const RolesSchemas = {
  commercial: changeRoles(false),
  residential: changeRoles(true),
  commercialOwn: changeOwnRoles(false),
  residentialOwn: changeOwnRoles(true),
} as const;
export type RolesSchemaName = keyof typeof RolesSchemas;

/** Which roles form a contact's page needs. */
export const rolesSchemaName = (residential: boolean, own: boolean): RolesSchemaName =>
  `${residential ? "residential" : "commercial"}${own ? "Own" : ""}` as RolesSchemaName;
