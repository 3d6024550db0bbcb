/**
 * The filter of a list or chart by dates (account activity, payment history, bandwidth, cabinet power):
 * a plain GET form, so the filter goes in the address (bookmarkable, works without JavaScript), keyed by
 * its values so that the fields follow a client navigation. The loader checks the dates and sends the
 * refusals by field ("" for the whole form); each field shows its own, wired with aria-invalid and
 * aria-describedby.
 *
 * Its texts are the keys under `keys` in `namespace`: legend, hint, from, to, submit, and as used
 * `<select name>`, clear, presets and preset.<key>.
 */
import { Form, Link } from "react-router";
// The kit's parts one by one, not its index: a GET form uses none of conform (the form kit's chunk).
import { filterInputClass } from "~/components/form/control-class";
import { FieldErrors } from "~/components/form/FieldErrors";
import { SubmitButton } from "~/components/form/SubmitButton";
import type { Namespace } from "~/lib/i18n";
import { useT } from "~/lib/use-t";

type DateField = "from_date" | "to_date";

export function FilterForm({
  namespace,
  keys,
  idPrefix,
  values,
  errors,
  select,
  max,
  clearTo,
  presets,
  className = "",
}: {
  namespace: Namespace;
  /** Where the form's texts are in the namespace ("activity.filter"). */
  keys: string;
  /** The fields' ids: `${idPrefix}-from_date`, `${idPrefix}-hint`… */
  idPrefix: string;
  /** The values as typed, by field name. */
  values: Record<DateField, string> & Record<string, string>;
  errors: Record<string, string[]>;
  /** A choice before the dates (the activity's kind), labelled by `keys`.<name>. */
  select?: { name: string; options: { value: string; label: string }[] };
  /** The latest day the date fields offer. */
  max?: string;
  /** Where the "clear" link goes (the list without a filter). */
  clearTo?: string;
  /** Links to the usual ranges, each labelled by `keys`.preset.<key>. */
  presets?: Record<string, Record<DateField, string>>;
  className?: string;
}) {
  const { t } = useT(namespace);
  const control = (name: string) => {
    const invalid = Boolean(errors[name]?.length);
    return {
      id: `${idPrefix}-${name}`,
      name,
      defaultValue: values[name],
      "aria-invalid": invalid || undefined,
      "aria-describedby": invalid ? `${idPrefix}-hint ${idPrefix}-${name}-error` : `${idPrefix}-hint`,
      className: filterInputClass(invalid),
    };
  };
  const label = (name: string, text: string) => (
    <>
      <label htmlFor={`${idPrefix}-${name}`} className="block font-medium text-gray-900">
        {text}
      </label>
      <FieldErrors id={`${idPrefix}-${name}-error`} errors={errors[name]} />
    </>
  );
  const active = (dates: Record<DateField, string>) => dates.from_date === values.from_date && dates.to_date === values.to_date;
  return (
    <Form
      method="get"
      key={Object.values(values).join("|")}
      className={`${className} rounded-lg border border-gray-200 bg-white p-5 shadow-sm`.trim()}
    >
      <fieldset>
        <legend className="text-lg font-semibold text-gray-900">{t(`${keys}.legend`)}</legend>
        <p id={`${idPrefix}-hint`} className="mt-1 text-sm text-gray-700">
          {t(`${keys}.hint`)}
        </p>
        <FieldErrors id={`${idPrefix}-form-error`} errors={errors[""]} />
        <div className={`mt-3 grid gap-4 ${select ? "sm:grid-cols-3" : "sm:grid-cols-2"}`}>
          {select ? (
            <div className="space-y-1">
              {label(select.name, t(`${keys}.${select.name}`))}
              <select {...control(select.name)}>
                {select.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <div className="space-y-1">
            {label("from_date", t(`${keys}.from`))}
            <input type="date" max={max} {...control("from_date")} />
          </div>
          <div className="space-y-1">
            {label("to_date", t(`${keys}.to`))}
            <input type="date" max={max} {...control("to_date")} />
          </div>
        </div>
      </fieldset>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <SubmitButton>{t(`${keys}.submit`)}</SubmitButton>
        {clearTo ? (
          <Link to={clearTo} className="font-medium">
            {t(`${keys}.clear`)}
          </Link>
        ) : null}
      </div>
      {presets ? (
        <nav aria-label={t(`${keys}.presets`)} className="mt-4">
          <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
            {Object.entries(presets).map(([key, dates]) => (
              <li key={key}>
                <Link
                  to={{ search: `?from_date=${dates.from_date}&to_date=${dates.to_date}` }}
                  aria-current={active(dates) ? "true" : undefined}
                  className={`font-medium ${active(dates) ? "font-bold text-gray-900 no-underline" : ""}`}
                >
                  {t(`${keys}.preset.${key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </Form>
  );
}
