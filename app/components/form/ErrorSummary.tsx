/**
 * The error summary at the top of a refused form (the GOV.UK pattern): titled "There is a problem",
 * one link per message to its field, form-level messages first. Focus moves to it after a refused
 * submission so that screen reader users hear what went wrong and the page shows it (a form low on a
 * page of several): with JavaScript by the effect below, without it by the page's `autofocus`.
 */
import type { FormMetadata } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { translateMessage } from "~/lib/form-messages";

/** The name of conform's validation submitter (@conform-to/dom). */
const INTENT = "__intent__";
import { useT } from "~/lib/use-t";

// The summary only reads the form's id and its errors.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Form = FormMetadata<any, string[]>;

export function ErrorSummary({ form }: { form: Form }) {
  const { t } = useT();
  const ref = useRef<HTMLDivElement>(null);
  const errors = Object.entries(form.allErrors).filter(([, messages]) => messages?.length);
  const formErrors = errors.filter(([name]) => name === "").flatMap(([, messages]) => messages);
  const fieldErrors = errors.filter(([name]) => name !== "");
  // With JavaScript a refused submit may never reach the server: count the attempts in the browser.
  // conform validates a field the customer leaves by submitting with a hidden "__intent__" button: that
  // is no attempt (the summary would appear, take the focus and move the form under the pointer).
  const [attempts, setAttempts] = useState(0);
  useEffect(() => {
    const element = document.getElementById(form.id);
    const onSubmit = (event: Event) => {
      const submitter = (event as SubmitEvent).submitter as HTMLButtonElement | null;
      if (submitter?.name !== INTENT) setAttempts((n) => n + 1);
    };
    element?.addEventListener("submit", onSubmit, true);
    return () => element?.removeEventListener("submit", onSubmit, true);
  }, [form.id]);
  const shown = errors.length > 0 && (form.status === "error" || attempts > 0);
  const signature = shown ? `${attempts}:${JSON.stringify(errors)}` : "";

  useEffect(() => {
    if (signature) ref.current?.focus();
  }, [signature]);

  if (!shown) return null;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      // A page answering the customer's own submit, not one opened: the summary takes the focus (GOV.UK).
      // eslint-disable-next-line jsx-a11y/no-autofocus
      autoFocus={form.status === "error"}
      role="alert"
      aria-labelledby={`${form.id}-summary-title`}
      data-testid="error-summary"
      className="mb-6 rounded-md border-4 border-error bg-white p-4 focus:outline-4 focus:outline-offset-2 focus:outline-primary"
    >
      <h2 id={`${form.id}-summary-title`} className="text-lg font-semibold text-gray-900">
        {t("formErrors.title")}
      </h2>
      <ul className="mt-2 space-y-1">
        {formErrors.map((message) => (
          <li key={message} className="font-medium text-error">
            {translateMessage(t, message)}
          </li>
        ))}
        {fieldErrors.flatMap(([name, messages]) =>
          messages.map((message) => (
            <li key={`${name}:${message}`}>
              <a href={`#${form.id}-${name}`} className="font-medium text-error underline">
                {translateMessage(t, message)}
              </a>
            </li>
          )),
        )}
      </ul>
    </div>
  );
}
