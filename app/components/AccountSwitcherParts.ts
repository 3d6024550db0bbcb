/** The accounts the switcher offers and their labels (AccountSwitcher.tsx, AccountSwitcherWidgets.tsx). */

export interface SwitcherAccount {
  customer_id: number;
  contract_name: string;
}

export interface SwitcherProps {
  /** All of them for the menu (up to SWITCHER_MENU_LIMIT); none for the search, which fetches them when used. */
  accounts: SwitcherAccount[];
  /** How many accounts the user has. */
  count: number;
  active: SwitcherAccount | undefined;
  /** Distinguishes the wide-screen and small-screen copies (ids stay unique). */
  idPrefix: string;
}

export const accountLabel = (a: SwitcherAccount) => `${a.contract_name} (${a.customer_id})`;
