/**
 * A form's submit button. With JavaScript it shows that the form is being sent and cannot be pressed
 * twice; without, the server's idempotency (payments) and post/redirect/get keep a double submit
 * harmless.
 */
import type { ReactNode } from "react";
import { useFormAction, useNavigation } from "react-router";
import { useT } from "~/lib/use-t";

const variants = {
  primary: "bg-primary text-white hover:bg-primary-dark",
  secondary: "border border-gray-500 bg-white text-gray-900 hover:bg-gray-100",
  danger: "bg-error text-white hover:opacity-90",
} as const;

export function SubmitButton({
  children,
  variant = "primary",
  action,
  name,
  value,
  className = "",
}: {
  children: ReactNode;
  variant?: keyof typeof variants;
  /** The form's action, when it posts to another route than the page's. */
  action?: string;
  name?: string;
  value?: string;
  className?: string;
}) {
  const { t } = useT();
  const navigation = useNavigation();
  const here = useFormAction(action);
  const path = (to: string | undefined) => (to ?? "").split("?")[0];
  // A field's check (conform's "__intent__") is not the form being sent.
  const pending =
    navigation.state !== "idle" &&
    navigation.formMethod !== undefined &&
    !navigation.formData?.has("__intent__") &&
    path(navigation.formAction) === path(here);
  return (
    <button
      type="submit"
      name={name}
      value={value}
      disabled={pending}
      aria-disabled={pending || undefined}
      // A press keeps the focus in the field being typed in: leaving it would validate it at once, its
      // message would push this button down between press and release, and the click would be lost.
      // The submit checks every field anyway; keyboard and touch are unaffected.
      onMouseDown={(event) => event.preventDefault()}
      className={`inline-flex items-center justify-center gap-2 rounded-md px-5 py-2 font-semibold disabled:cursor-wait disabled:opacity-70 ${variants[variant]} ${className}`}
    >
      {pending ? (
        <>
          <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent" />
          {t("form.pending")}
        </>
      ) : (
        children
      )}
    </button>
  );
}
