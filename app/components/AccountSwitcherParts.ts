/** The accounts the switcher offers and their labels (AccountSwitcher.tsx, AccountSwitcherWidgets.tsx). */

export interface SwitcherAccount {
  customer_id: number;
  contract_name: string;
}

export interface SwitcherProps {
  accounts: SwitcherAccount[];
  activeId: number | undefined;
  /** Distinguishes the wide-screen and small-screen copies (ids stay unique). */
  idPrefix: string;
}

export const accountLabel = (a: SwitcherAccount) => `${a.contract_name} (${a.customer_id})`;
