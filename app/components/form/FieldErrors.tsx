/**
 * The error messages of a field or of a whole form, on their own: a page that checks a GET form on the
 * server (a date range, a payment filter) shows them without loading the controls and conform's helpers.
 */
import { translateMessage } from "~/lib/form-messages";
import { useT } from "~/lib/use-t";

/** The error messages of a field (translation keys), or of a whole form. */
export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  const { t } = useT();
  if (!errors?.length) return null;
  return (
    <div id={id} className="text-sm font-medium text-error">
      {errors.map((error) => (
        <p key={error}>
          <span className="sr-only">{t("formErrors.prefix")} </span>
          {translateMessage(t, error)}
        </p>
      ))}
    </div>
  );
}
