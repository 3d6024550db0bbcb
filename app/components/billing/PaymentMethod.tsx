/** How a payment was made, in words: "Visa ending 4242", "Bank account", "Pre-authorized debit". */
import type { PaymentRecord } from "#contract/billing";
import { useT } from "~/lib/use-t";

export function PaymentMethodText({ payment }: { payment: Pick<PaymentRecord, "method" | "card_brand" | "card_last_four"> }) {
  const { t } = useT("billing");
  if (payment.method === "credit_card" && payment.card_brand && payment.card_last_four) {
    return <>{t("method.cardEnding", { brand: t(`brand.${payment.card_brand}`), last4: payment.card_last_four })}</>;
  }
  return <>{t(`method.${payment.method}`)}</>;
}
