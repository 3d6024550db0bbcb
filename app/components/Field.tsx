/**
 * One form field: label, control, hint and error, wired for assistive technology (aria-invalid and
 * aria-describedby point at the error and hint). Error messages are translation keys.
 */
import { getInputProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { useT } from "~/lib/use-t";

type InputType = "text" | "email" | "password" | "tel" | "search" | "number" | "date" | "url";

interface FieldProps {
  meta: Parameters<typeof getInputProps>[0];
  label: ReactNode;
  type?: InputType;
  hint?: ReactNode;
  autoComplete?: string;
  /** Extra attributes for the input. */
  inputProps?: React.InputHTMLAttributes<HTMLInputElement>;
}

export function Field({ meta, label, type = "text", hint, autoComplete, inputProps }: FieldProps) {
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const errors = meta.errors ?? [];
  const { "aria-describedby": describedBy, ...props } = getInputProps(meta, { type, ariaDescribedBy: hintId });
  return (
    <div className="space-y-1">
      <label htmlFor={meta.id} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      <input
        {...props}
        aria-describedby={describedBy}
        autoComplete={autoComplete}
        {...inputProps}
        className={`block w-full rounded-md border px-3 py-2 text-base shadow-sm focus:border-primary ${
          errors.length ? "border-error" : "border-gray-400"
        }`}
      />
      {hint ? (
        <p id={hintId} className="text-sm text-gray-700">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={meta.errorId} errors={errors} />
    </div>
  );
}

/** The error messages of a field (translation keys), or of a whole form. */
export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  const { t } = useT();
  if (!errors?.length) return null;
  return (
    <div id={id} className="text-sm font-medium text-error">
      {errors.map((error) => (
        <p key={error}>{t(error)}</p>
      ))}
    </div>
  );
}
