/**
 * Form controls, each wired the same way for assistive technology: a label above, a hint under the
 * label, the error under the hint, then the control, whose aria-invalid and aria-describedby point at
 * the error and the hint (the GOV.UK order). Error messages are translation keys ("api:amount.required",
 * "billing:pay.amountRequired"); conform gives each control the values typed and the errors of a refused
 * post, so nothing typed is lost.
 */
import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { useT } from "~/lib/use-t";
import { controlClass } from "./control-class";
import { FieldErrors } from "./FieldErrors";

// Every field's value type fits here; the controls only read ids, names, errors and initial values.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Meta = FieldMetadata<any, any, string[]>;

type InputType = "text" | "email" | "password" | "tel" | "search" | "number" | "url";

/** Label, hint and error around a control. */
export function FieldShell({ meta, label, hint, children }: { meta: Meta; label: ReactNode; hint?: ReactNode; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <label htmlFor={meta.id} className="block font-medium text-gray-900">
        {label}
      </label>
      {hint ? (
        <p id={meta.descriptionId} className="text-sm text-gray-700">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={meta.errorId} errors={meta.errors} />
      {children}
    </div>
  );
}

/** conform's props for a control, without React's `key` (which may not be spread). */
export function withoutKey<T extends { key?: unknown }>(props: T): Omit<T, "key"> {
  const { key: _key, ...rest } = props;
  return rest;
}

interface FieldProps {
  meta: Meta;
  label: ReactNode;
  type?: InputType;
  hint?: ReactNode;
  autoComplete?: string;
  /** Extra attributes for the input. */
  inputProps?: React.InputHTMLAttributes<HTMLInputElement>;
}

/**
 * A text input (text, email, password, tel…). A password has no maxlength: a browser would cut a longer
 * one pasted from a password manager without a word, and the manager would keep the whole; the form's
 * rule says it is too long instead.
 */
export function Field({ meta, label, type = "text", hint, autoComplete, inputProps }: FieldProps) {
  const { maxLength, ...props } = withoutKey(getInputProps(meta, { type, ariaDescribedBy: hint ? meta.descriptionId : undefined }));
  return (
    <FieldShell meta={meta} label={label} hint={hint}>
      <input
        {...props}
        maxLength={type === "password" ? undefined : maxLength}
        autoComplete={autoComplete}
        {...inputProps}
        className={controlClass(Boolean(meta.errors?.length))}
      />
    </FieldShell>
  );
}

/** An amount in dollars: "$" before the number in English, after it in French ("163,85 $"). */
export function MoneyInput({ meta, label, hint }: { meta: Meta; label: ReactNode; hint?: ReactNode }) {
  const { language } = useT();
  const props = withoutKey(getInputProps(meta, { type: "text", ariaDescribedBy: hint ? meta.descriptionId : undefined }));
  const sign = (
    <span aria-hidden="true" className="px-3 text-gray-800">
      $
    </span>
  );
  return (
    <FieldShell meta={meta} label={label} hint={hint}>
      <div
        className={`flex max-w-xs items-center rounded-md border bg-white shadow-sm ${meta.errors?.length ? "border-error" : "border-gray-500"}`}
      >
        {language === "en" ? sign : null}
        <input {...props} inputMode="decimal" autoComplete="off" className="block w-full min-w-0 rounded-md px-3 py-2 text-base" />
        {language === "fr" ? sign : null}
      </div>
    </FieldShell>
  );
}

/** A calendar date (YYYY-MM-DD), with the browser's date picker. */
export function DateInput({ meta, label, hint, min, max }: { meta: Meta; label: ReactNode; hint?: ReactNode; min?: string; max?: string }) {
  const props = withoutKey(getInputProps(meta, { type: "date", ariaDescribedBy: hint ? meta.descriptionId : undefined }));
  return (
    <FieldShell meta={meta} label={label} hint={hint}>
      <input {...props} min={min} max={max} className={`${controlClass(Boolean(meta.errors?.length))} max-w-xs`} />
    </FieldShell>
  );
}

/** Several lines of text. */
export function TextArea({ meta, label, hint, rows = 4 }: { meta: Meta; label: ReactNode; hint?: ReactNode; rows?: number }) {
  const props = withoutKey(getTextareaProps(meta, { ariaDescribedBy: hint ? meta.descriptionId : undefined }));
  return (
    <FieldShell meta={meta} label={label} hint={hint}>
      <textarea {...props} rows={rows} className={controlClass(Boolean(meta.errors?.length))} />
    </FieldShell>
  );
}

export interface Option {
  value: string;
  label: ReactNode;
  hint?: ReactNode;
}

/** A drop-down list. */
export function Select({ meta, label, hint, options }: { meta: Meta; label: ReactNode; hint?: ReactNode; options: Option[] }) {
  const props = withoutKey(getSelectProps(meta, { ariaDescribedBy: hint ? meta.descriptionId : undefined }));
  return (
    <FieldShell meta={meta} label={label} hint={hint}>
      <select {...props} className={controlClass(Boolean(meta.errors?.length))}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label as string}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

interface ChoiceGroupProps {
  meta: Meta;
  legend: ReactNode;
  hint?: ReactNode;
  options: Option[];
}

/**
 * A field's metadata as a plain object, each property read once: conform's collection helper reads nine of
 * them for each option, each through its proxies (the notification preferences, a checkbox group per
 * account, cost the portal 5–6 times the naive page: docs/performance-log.md, ninth session). The reads are
 * the same, so conform still re-renders the group when any of them changes.
 */
function readOnce(field: Meta): Meta {
  const { id, name, formId, key, required, errors, errorId, descriptionId, initialValue } = field;
  return { id, name, formId, key, required, errors, errorId, descriptionId, initialValue } as Meta;
}

/**
 * Radio buttons or checkboxes in a fieldset. The first input carries the field's id (error summary links).
 * Each option's attributes are what conform's getCollectionProps gives, made here from the metadata read
 * once: the helper builds each option's props in four spread objects, which on a page of ten groups of five
 * was a tenth of its render.
 */
function ChoiceGroup({ type, meta: field, legend, hint, options }: ChoiceGroupProps & { type: "radio" | "checkbox" }) {
  const meta = readOnce(field);
  const describedBy = hint ? meta.descriptionId : undefined;
  // As conform: an input is invalid when its field has errors at all; the error comes first in its description.
  const aria =
    meta.errors !== undefined
      ? { "aria-invalid": true, "aria-describedby": `${meta.errorId} ${describedBy ?? ""}`.trim() }
      : { "aria-describedby": describedBy };
  const initial = meta.initialValue as unknown;
  const chosen = (value: string) => (type === "checkbox" && Array.isArray(initial) ? initial.includes(value) : initial === value);
  // A required checkbox group would need every box ticked: only radio buttons say it.
  const required = type === "radio" && meta.required ? true : undefined;
  const invalid = Boolean(meta.errors?.length);
  return (
    <fieldset
      className={type === "radio" ? "space-y-2" : "space-y-3"}
      aria-describedby={[describedBy ?? "", invalid ? meta.errorId : ""].join(" ").trim() || undefined}
    >
      <legend className="font-medium text-gray-900">{legend}</legend>
      {hint ? (
        <p id={meta.descriptionId} className="text-sm text-gray-700">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={meta.errorId} errors={meta.errors} />
      {options.map((option, index) => {
        const id = index === 0 ? meta.id : `${meta.id}-${option.value}`;
        return (
          // conform's key changes when the form is reset: the options are made again with their first state.
          <div key={`${meta.key ?? ""}${option.value}`} className="flex items-start gap-3">
            <input
              type={type}
              id={id}
              name={meta.name}
              form={meta.formId}
              value={option.value}
              defaultChecked={chosen(option.value)}
              required={required}
              {...aria}
              className="mt-1 h-5 w-5 shrink-0 accent-primary"
            />
            <label htmlFor={id} className="text-gray-900">
              {type === "checkbox" ? <span className="font-medium">{option.label}</span> : option.label}
              {option.hint ? <span className="block text-sm text-gray-700">{option.hint}</span> : null}
            </label>
          </div>
        );
      })}
    </fieldset>
  );
}

/** One choice among a few, as radio buttons in a fieldset. */
export const RadioGroup = (props: ChoiceGroupProps) => <ChoiceGroup type="radio" {...props} />;

/** Several choices among a few, as checkboxes in a fieldset (roles); each option may explain itself in a hint. */
export const CheckboxGroup = (props: ChoiceGroupProps) => <ChoiceGroup type="checkbox" {...props} />;

/** A checkbox that must or may be ticked (an agreement, a consent); posts "on". */
export function Checkbox({ meta, label, hint }: { meta: Meta; label: ReactNode; hint?: ReactNode }) {
  const props = withoutKey(getInputProps(meta, { type: "checkbox", ariaDescribedBy: hint ? meta.descriptionId : undefined }));
  return (
    <div className="space-y-1">
      <FieldErrors id={meta.errorId} errors={meta.errors} />
      <div className="flex items-start gap-3">
        <input {...props} className="mt-1 h-5 w-5 shrink-0 accent-primary" />
        <div>
          <label htmlFor={meta.id} className="font-medium text-gray-900">
            {label}
          </label>
          {hint ? (
            <p id={meta.descriptionId} className="text-sm text-gray-700">
              {hint}
            </p>
          ) : null}
        </div>
      </div>
    </div>
  );
}
