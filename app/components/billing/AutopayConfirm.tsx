/**
 * A page that confirms stopping or removing an automatic payment: its title and account, what will
 * happen (the children), the autopay credit the account loses with it, and the way back to the
 * automatic payments page ("Keep it").
 */
import type { ReactNode } from "react";
import { AccountLine } from "~/components/billing/AccountLine";
import { ConfirmForm } from "~/components/form";
import { PageHeader } from "~/components/PageHeader";
import type { FormReply } from "~/lib/form-action.server";
import { formatMoney } from "~/lib/i18n";
import { useT } from "~/lib/use-t";

export function AutopayConfirm({
  title,
  confirmLabel,
  customer,
  lostCredit = null,
  lastResult,
  children,
}: {
  title: string;
  confirmLabel: string;
  customer: { customer_id: number; contract_name: string };
  /** The monthly autopay credit the account stops getting; null when it keeps it. */
  lostCredit?: number | null;
  lastResult?: FormReply | null;
  children: ReactNode;
}) {
  const { t, language } = useT("billing");
  return (
    <div>
      <PageHeader title={title} subtitle={<AccountLine customer={customer} />} />
      <ConfirmForm
        confirmLabel={confirmLabel}
        cancelLabel={t("autopay.keepIt")}
        cancelTo={`/billing/${customer.customer_id}/autopay`}
        lastResult={lastResult}
      >
        {children}
        {lostCredit !== null ? <p>{t("autopay.loseCredit", { amount: formatMoney(lostCredit, language) })}</p> : null}
      </ConfirmForm>
    </div>
  );
}
