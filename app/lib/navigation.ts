/**
 * The side navigation of spec section 2, as data. Non-residential accounts: My services, the Billing
 * group when billing-authoritative (its autopay entry only when credit cards are allowed and autopay
 * billing is on), Support, Account settings > Manage profiles > Contacts. Residential accounts: nothing
 * but profile settings and sign out, which small screens add for everyone.
 *
 * A group that holds nothing but another group is one heading naming both ("Account settings › Manage
 * profiles"): the spec's items stay, and its one link sits one level down, as the Billing group's do
 * (docs/decisions/051-navigation-one-level.md).
 */
export interface NavCustomer {
  customer_id: number;
  isResidential: boolean;
  isBillingAuthoritative: boolean;
  credit_card_allowed: boolean;
}

export type NavItem =
  | { kind: "link"; key: string; label: string; to: `/${string}` }
  /** `trail`: the labels of groups folded into this one, each inside the one before. */
  | { kind: "group"; key: string; label: string; trail?: string[]; items: NavItem[] };

/** Folds a group whose only item is a group into it, the inner label added to the heading's trail. */
export function foldSingleGroups(items: NavItem[]): NavItem[] {
  return items.map((item) => {
    if (item.kind !== "group") return item;
    const inner = foldSingleGroups(item.items);
    const only = inner.length === 1 ? inner[0] : null;
    if (only?.kind !== "group") return { ...item, items: inner };
    return { ...item, trail: [...(item.trail ?? []), only.label, ...(only.trail ?? [])], items: only.items };
  });
}

export function sideNavigation(customer: NavCustomer | undefined, features: { autopayBilling: boolean; referrals?: boolean }): NavItem[] {
  if (!customer) return [];
  // Residential accounts: "Refer a friend" when the referrals feature is on (docs/referrals.md).
  if (customer.isResidential) {
    return features.referrals ? [{ kind: "link", key: "referrals", label: "nav.referrals", to: `/referrals/${customer.customer_id}` }] : [];
  }
  const id = customer.customer_id;
  const items: NavItem[] = [{ kind: "link", key: "services", label: "nav.myServices", to: `/dashboard/${id}` }];
  if (customer.isBillingAuthoritative) {
    const billing: NavItem[] = [{ kind: "link", key: "billing-summary", label: "nav.billingSummary", to: `/billing/${id}` }];
    if (customer.credit_card_allowed && features.autopayBilling) {
      billing.push({ kind: "link", key: "autopay", label: "nav.autoPayments", to: `/billing/${id}/autopay` });
    }
    billing.push({ kind: "link", key: "invoices", label: "nav.invoices", to: `/billing/${id}/invoices` });
    items.push({ kind: "group", key: "billing", label: "nav.billing", items: billing });
  }
  items.push({ kind: "link", key: "support", label: "nav.support", to: `/support/${id}` });
  items.push({
    kind: "group",
    key: "account-settings",
    label: "nav.accountSettings",
    items: [
      {
        kind: "group",
        key: "manage-profiles",
        label: "nav.manageProfiles",
        items: [{ kind: "link", key: "contacts", label: "nav.contacts", to: `/contacts/${id}` }],
      },
    ],
  });
  return foldSingleGroups(items);
}

/** Whether the drawer shows on wide screens: non-residential accounts, except on profile settings. */
export const showsWideDrawer = (customer: NavCustomer | undefined, pathname: string) =>
  Boolean(customer && !customer.isResidential && !pathname.startsWith("/profile-settings"));

/** Switcher: a menu up to this many accounts, a searchable list above. */
export const SWITCHER_MENU_LIMIT = 7;
