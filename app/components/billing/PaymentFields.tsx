/** The card and bank account fields that paying and automatic payments share (names are the API's). */
import { Field, type Meta } from "~/components/form";
import { useT } from "~/lib/use-t";

type CardMetas = Record<"card_number" | "expiry" | "cvv" | "cardholder_name", Meta>;
type BankMetas = Record<"institution_number" | "transit_number" | "account_number" | "account_holder", Meta>;

export function CardFields({ fields }: { fields: CardMetas }) {
  const { t } = useT("billing");
  return (
    <>
      <Field
        meta={fields.card_number}
        label={t("card.number")}
        hint={t("card.numberHint")}
        autoComplete="cc-number"
        inputProps={{ inputMode: "numeric" }}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field meta={fields.expiry} label={t("card.expiry")} hint={t("card.expiryHint")} autoComplete="cc-exp" />
        <Field
          meta={fields.cvv}
          label={t("card.cvv")}
          hint={t("card.cvvHint")}
          autoComplete="cc-csc"
          inputProps={{ inputMode: "numeric" }}
        />
      </div>
      <Field meta={fields.cardholder_name} label={t("card.holder")} autoComplete="cc-name" />
    </>
  );
}

export function BankAccountFields({ fields }: { fields: BankMetas }) {
  const { t } = useT("billing");
  return (
    <>
      <p className="text-sm text-gray-700">{t("bank.whereToFind")}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          meta={fields.institution_number}
          label={t("bank.institution")}
          hint={t("bank.institutionHint")}
          inputProps={{ inputMode: "numeric" }}
        />
        <Field meta={fields.transit_number} label={t("bank.transit")} hint={t("bank.transitHint")} inputProps={{ inputMode: "numeric" }} />
      </div>
      <Field meta={fields.account_number} label={t("bank.account")} hint={t("bank.accountHint")} inputProps={{ inputMode: "numeric" }} />
      <Field meta={fields.account_holder} label={t("bank.holder")} autoComplete="name" />
    </>
  );
}
