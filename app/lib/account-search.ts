/** Account search (the switcher, the account list, the e-mail choices): by name (ignoring case and accents), customer id or account number. */
const normalize = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim();

export function matchesAccountQuery(
  account: { customer_id: number; contract_name: string; account_number?: string },
  query: string,
): boolean {
  const q = normalize(query);
  if (!q) return true;
  return (
    normalize(account.contract_name).includes(q) ||
    String(account.customer_id).includes(q) ||
    (account.account_number !== undefined && normalize(account.account_number).includes(q))
  );
}
