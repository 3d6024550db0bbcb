/**
 * The search of a list of accounts (the account list, the e-mail choices): a plain GET form with one
 * search field `q`, so the search goes in the address and works without JavaScript.
 */
import { Form } from "react-router";

export function SearchForm({
  action,
  id,
  label,
  hint,
  submit,
  q,
  maxLength,
  labelledBy,
  className = "",
}: {
  /** The list's address. */
  action: string;
  /** The field's id; its label's is `${id}-label`, its hint's `${id}-hint`. */
  id: string;
  label: string;
  hint?: string;
  submit: string;
  /** The search as given. */
  q: string;
  maxLength?: number;
  /** The id of what names the search landmark (the page's heading); its own label when not given. */
  labelledBy?: string;
  className?: string;
}) {
  return (
    <Form
      method="get"
      action={action}
      role="search"
      aria-labelledby={labelledBy ?? `${id}-label`}
      className={`flex flex-wrap items-end gap-2 ${className}`.trim()}
    >
      <div>
        <label id={`${id}-label`} htmlFor={id} className="block font-medium text-gray-900">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="text-sm text-gray-700">
            {hint}
          </p>
        ) : null}
        <input
          id={id}
          type="search"
          name="q"
          defaultValue={q}
          maxLength={maxLength}
          aria-describedby={hint ? `${id}-hint` : undefined}
          className="mt-1 w-72 max-w-full rounded-md border border-gray-400 px-3 py-2"
        />
      </div>
      <button type="submit" className="rounded-md bg-primary px-4 py-2 font-semibold text-white hover:bg-primary-dark">
        {submit}
      </button>
    </Form>
  );
}
