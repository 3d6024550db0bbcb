/** Account search of the switcher: by name (ignoring case and accents) or by customer id. */
const normalize = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim();

export function matchesAccountQuery(account: { customer_id: number; contract_name: string }, query: string): boolean {
  const q = normalize(query);
  if (!q) return true;
  return normalize(account.contract_name).includes(q) || String(account.customer_id).includes(q);
}
