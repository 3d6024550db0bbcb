/** The address fields of a form (street, unit, city, province, postal code). */
import { PROVINCES } from "#contract/values";
import { Field, Select, type Meta } from "~/components/form";
import { useT } from "~/lib/use-t";

export function AddressFields({
  fields,
}: {
  fields: Record<"address_line1" | "address_line2" | "city" | "province" | "postal_code", Meta>;
}) {
  const { t } = useT("services");
  return (
    <>
      <Field meta={fields.address_line1} label={t("address.line1")} autoComplete="address-line1" />
      <Field meta={fields.address_line2} label={`${t("address.line2")} ${t("common:form.optional")}`} autoComplete="address-line2" />
      <Field meta={fields.city} label={t("address.city")} autoComplete="address-level2" />
      <Select
        meta={fields.province}
        label={t("address.province")}
        options={PROVINCES.map((code) => ({ value: code, label: t(`provinces.${code}`) }))}
      />
      <Field
        meta={fields.postal_code}
        label={t("address.postalCode")}
        hint={t("address.postalCodeHint")}
        autoComplete="postal-code"
        inputProps={{ className: "max-w-xs" }}
      />
    </>
  );
}
