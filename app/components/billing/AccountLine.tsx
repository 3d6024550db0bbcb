/** The line under a billing page's heading: which account it is. */
import { useT } from "~/lib/use-t";

export function AccountLine({ customer }: { customer: { customer_id: number; contract_name: string } }) {
  const { t } = useT("billing");
  return <>{t("accountLine", { name: customer.contract_name, id: customer.customer_id })}</>;
}
