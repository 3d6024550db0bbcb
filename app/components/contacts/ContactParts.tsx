/** Small pieces the contacts pages share: role names and meanings, the activation status, the account line. */
import type { Contact, ContactRole } from "#contract/contacts";
import { Details } from "~/components/Card";
import { formatDate } from "~/lib/i18n";
import { useT } from "~/lib/use-t";

type Kind = "residential" | "commercial";
export const kindOf = (customer: { isResidential: boolean }): Kind => (customer.isResidential ? "residential" : "commercial");

export function AccountLine({ customer }: { customer: { customer_id: number; contract_name: string } }) {
  const { t } = useT("contacts");
  return <>{t("accountLine", { name: customer.contract_name, id: customer.customer_id })}</>;
}

/** A contact's roles in words ("Authoritative, Billing"). */
export function RoleNames({ roles, kind }: { roles: readonly ContactRole[]; kind: Kind }) {
  const { t } = useT("contacts");
  if (!roles.length) return <>{t("roles.none")}</>;
  return <>{roles.map((role) => t(`roles.${kind}.${role}.label`)).join(", ")}</>;
}

/** What each role allows (spec section 6), where roles are read or chosen. */
export function RoleMeanings({ roles, kind }: { roles: readonly ContactRole[]; kind: Kind }) {
  const { t } = useT("contacts");
  return <Details items={roles.map((role) => [t(`roles.${kind}.${role}.label`), t(`roles.${kind}.${role}.hint`)])} />;
}

/** The options of a roles checkbox group: each role with what it allows. */
export function useRoleOptions(roles: readonly ContactRole[], kind: Kind) {
  const { t } = useT("contacts");
  return roles.map((role) => ({ value: role, label: t(`roles.${kind}.${role}.label`), hint: t(`roles.${kind}.${role}.hint`) }));
}

/** Pending activation or activated, in words and colour; pending ones say when their link ends. */
export function ActivationStatus({ contact }: { contact: Contact }) {
  const { t, language } = useT("contacts");
  if (contact.account_status === "activated") {
    return (
      <span className="inline-flex items-center gap-1 rounded-full bg-success-light px-2 py-0.5 text-xs font-semibold text-success">
        <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-current" />
        {t("status.activated")}
      </span>
    );
  }
  return (
    <span className="inline-flex flex-col gap-1">
      <span className="inline-flex w-fit items-center gap-1 rounded-full bg-warning-light px-2 py-0.5 text-xs font-semibold text-warning-dark">
        <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-current" />
        {t("status.pending_activation")}
      </span>
      {contact.invitation ? (
        <span className="text-xs text-gray-700">
          {contact.invitation.expired
            ? t("status.linkExpired", { date: formatDate(contact.invitation.expires_at, language, "medium") })
            : t("status.linkValid", { date: formatDate(contact.invitation.expires_at, language, "medium") })}
        </span>
      ) : null}
    </span>
  );
}
