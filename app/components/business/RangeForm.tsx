/**
 * The date range of the bandwidth and power pages: a plain GET form (the dates go in the address, so a
 * chart can be bookmarked and works without JavaScript), with links for the usual ranges.
 */
import { Form, Link } from "react-router";
import { FieldErrors, SubmitButton, filterInputClass } from "~/components/form";
import { useT } from "~/lib/use-t";

export type RangeDates = { from_date: string; to_date: string };
/** The usual ranges the form links to (the loader's `rangePresets`), each labelled business:range.preset.<key>. */
export type RangePreset = "thisMonth" | "lastMonth" | "last7" | "last30" | "last60";

export function RangeForm({
  filter,
  errors,
  presets,
  today,
}: {
  filter: RangeDates;
  errors: Record<string, string[]>;
  presets: Record<RangePreset, RangeDates>;
  today: string;
}) {
  const { t } = useT("business");
  const field = (name: keyof RangeDates, label: string) => {
    const invalid = Boolean(errors[name]?.length);
    return (
      <div className="space-y-1">
        <label htmlFor={`range-${name}`} className="block font-medium text-gray-900">
          {label}
        </label>
        <FieldErrors id={`range-${name}-error`} errors={errors[name]} />
        <input
          type="date"
          id={`range-${name}`}
          name={name}
          defaultValue={filter[name]}
          max={today}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `range-hint range-${name}-error` : "range-hint"}
          className={filterInputClass(invalid)}
        />
      </div>
    );
  };
  const active = (dates: RangeDates) => dates.from_date === filter.from_date && dates.to_date === filter.to_date;
  return (
    <Form method="get" key={`${filter.from_date}|${filter.to_date}`} className="rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
      <fieldset>
        <legend className="text-lg font-semibold text-gray-900">{t("range.legend")}</legend>
        <p id="range-hint" className="mt-1 text-sm text-gray-700">
          {t("range.hint")}
        </p>
        <FieldErrors id="range-form-error" errors={errors[""]} />
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          {field("from_date", t("range.from"))}
          {field("to_date", t("range.to"))}
        </div>
      </fieldset>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <SubmitButton>{t("range.submit")}</SubmitButton>
      </div>
      <nav aria-label={t("range.presets")} className="mt-4">
        <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
          {(Object.keys(presets) as RangePreset[]).map((key) => (
            <li key={key}>
              <Link
                to={{ search: `?from_date=${presets[key].from_date}&to_date=${presets[key].to_date}` }}
                aria-current={active(presets[key]) ? "true" : undefined}
                className={`font-medium ${active(presets[key]) ? "font-bold text-gray-900 no-underline" : ""}`}
              >
                {t(`range.preset.${key}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </Form>
  );
}
