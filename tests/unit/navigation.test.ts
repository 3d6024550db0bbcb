import { describe, expect, it } from "vitest";
import { matchesAccountQuery } from "../../app/lib/account-search.ts";
import {
  foldSingleGroups,
  SWITCHER_MENU_LIMIT,
  showsWideDrawer,
  sideNavigation,
  type NavCustomer,
  type NavItem,
} from "../../app/lib/navigation.ts";

const customer = (overrides: Partial<NavCustomer> = {}): NavCustomer => ({
  customer_id: 200301,
  isResidential: false,
  isBillingAuthoritative: true,
  credit_card_allowed: true,
  ...overrides,
});
const allOn = { autopayBilling: true };

/** The menu as a reader sees it: labels (a group's heading with its trail), nested, with the link targets. */
function outline(items: NavItem[]): unknown[] {
  return items.map((item) =>
    item.kind === "link" ? `${item.label} -> ${item.to}` : { [[item.label, ...(item.trail ?? [])].join(" › ")]: outline(item.items) },
  );
}

function links(items: NavItem[]): string[] {
  return items.flatMap((item) => (item.kind === "link" ? [item.to] : links(item.items)));
}

describe("sideNavigation (spec section 2)", () => {
  it("has nothing for a residential account (only profile settings and sign out, added by the layout)", () => {
    expect(sideNavigation(customer({ isResidential: true }), allOn)).toEqual([]);
    expect(sideNavigation(undefined, allOn)).toEqual([]);
  });

  it("gives a billing-authoritative business account its services, the Billing group, support and account settings", () => {
    expect(outline(sideNavigation(customer(), allOn))).toEqual([
      "nav.myServices -> /dashboard/200301",
      {
        "nav.billing": [
          "nav.billingSummary -> /billing/200301",
          "nav.autoPayments -> /billing/200301/autopay",
          "nav.invoices -> /billing/200301/invoices",
        ],
      },
      "nav.support -> /support/200301",
      { "nav.accountSettings › nav.manageProfiles": ["nav.contacts -> /contacts/200301"] },
    ]);
  });

  it("keeps the spec's Account settings > Manage profiles > Contacts, its one link one level down under one heading", () => {
    const depth = (items: NavItem[], to: string, level = 0): number | null => {
      for (const item of items) {
        if (item.kind === "link" && item.to === to) return level;
        if (item.kind === "group") {
          const found = depth(item.items, to, level + 1);
          if (found !== null) return found;
        }
      }
      return null;
    };
    const items = sideNavigation(customer(), allOn);
    expect(depth(items, "/contacts/200301")).toBe(1);
    expect(depth(items, "/billing/200301/invoices")).toBe(1);
    // Folding keeps a group of several items as it is, and folds a chain of any length.
    const link = (key: string): NavItem => ({ kind: "link", key, label: key, to: `/${key}` });
    const group = (key: string, items: NavItem[]): NavItem => ({ kind: "group", key, label: key, items });
    expect(
      outline(
        foldSingleGroups([
          group("a", [group("b", [group("c", [link("x"), link("y")])])]),
          group("d", [link("z"), group("e", [link("w")])]),
        ]),
      ),
    ).toEqual([{ "a › b › c": ["x -> /x", "y -> /y"] }, { d: ["z -> /z", { e: ["w -> /w"] }] }]);
  });

  it("leaves the Billing group out when the account is not billing-authoritative", () => {
    const items = sideNavigation(customer({ isBillingAuthoritative: false }), allOn);
    expect(outline(items)).toEqual([
      "nav.myServices -> /dashboard/200301",
      "nav.support -> /support/200301",
      { "nav.accountSettings › nav.manageProfiles": ["nav.contacts -> /contacts/200301"] },
    ]);
    expect(links(items).some((to) => to.startsWith("/billing"))).toBe(false);
  });

  it("removes only the autopay entry when credit cards are not allowed", () => {
    const items = sideNavigation(customer({ credit_card_allowed: false }), allOn);
    expect(links(items)).toEqual([
      "/dashboard/200301",
      "/billing/200301",
      "/billing/200301/invoices",
      "/support/200301",
      "/contacts/200301",
    ]);
  });

  it("removes only the autopay entry when the autopay billing feature is off", () => {
    const items = sideNavigation(customer(), { autopayBilling: false });
    expect(links(items)).not.toContain("/billing/200301/autopay");
    expect(links(items)).toContain("/billing/200301");
    expect(links(items)).toContain("/billing/200301/invoices");
  });

  it("gives every entry a unique key (React lists and test ids)", () => {
    const keys: string[] = [];
    const walk = (items: NavItem[]) =>
      items.forEach((item) => {
        keys.push(item.key);
        if (item.kind === "group") walk(item.items);
      });
    walk(sideNavigation(customer(), allOn));
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe("showsWideDrawer", () => {
  it("shows the drawer for a business account, except on profile settings", () => {
    expect(showsWideDrawer(customer(), "/dashboard/200301")).toBe(true);
    expect(showsWideDrawer(customer(), "/billing/200301/invoices")).toBe(true);
    expect(showsWideDrawer(customer(), "/profile-settings")).toBe(false);
    expect(showsWideDrawer(customer(), "/profile-settings/password")).toBe(false);
  });

  it("never shows it on wide screens for a residential account or without an account", () => {
    expect(showsWideDrawer(customer({ isResidential: true }), "/dashboard/100101")).toBe(false);
    expect(showsWideDrawer(undefined, "/dashboard")).toBe(false);
  });
});

describe("account search of the switcher", () => {
  const account = { customer_id: 200301, contract_name: "Société Générale Électrique" };

  it("matches the name whatever the case", () => {
    expect(matchesAccountQuery(account, "générale")).toBe(true);
    expect(matchesAccountQuery(account, "GÉNÉRALE")).toBe(true);
    expect(matchesAccountQuery({ customer_id: 1, contract_name: "Harbourfront Logistics Inc." }, "LOGISTICS")).toBe(true);
  });

  it("matches whatever the accents, in the name and in the query", () => {
    expect(matchesAccountQuery(account, "societe")).toBe(true);
    expect(matchesAccountQuery(account, "electrique")).toBe(true);
    expect(matchesAccountQuery({ customer_id: 1, contract_name: "Cafe Lumiere" }, "Café Lumière")).toBe(true);
  });

  it("matches by customer id, also partly", () => {
    expect(matchesAccountQuery(account, "200301")).toBe(true);
    expect(matchesAccountQuery(account, "2003")).toBe(true);
    expect(matchesAccountQuery(account, "100101")).toBe(false);
  });

  it("does not match something else", () => {
    expect(matchesAccountQuery(account, "harbour")).toBe(false);
    expect(matchesAccountQuery(account, "societe x")).toBe(false);
  });

  it("matches every account with an empty or blank query, and ignores surrounding spaces", () => {
    expect(matchesAccountQuery(account, "")).toBe(true);
    expect(matchesAccountQuery(account, "   ")).toBe(true);
    expect(matchesAccountQuery(account, "  société ")).toBe(true);
  });

  it("switches to the searchable list above 7 accounts", () => {
    expect(SWITCHER_MENU_LIMIT).toBe(7);
  });
});
