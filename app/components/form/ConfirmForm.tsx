/**
 * A destructive or binding action confirmed on a page of its own (SCREENS.md): what will happen, in
 * plain words, then one button that posts to the page's action and a way back. A refusal (403, 502,
 * 503, a 422 such as "not active any more") shows above the button.
 */
import { getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import type { FormReply } from "~/lib/form-action.server";
import { usePortalForm } from "~/lib/use-portal-form";
import { useT } from "~/lib/use-t";
import { ErrorSummary } from "./ErrorSummary";
import { SubmitButton } from "./SubmitButton";

export function ConfirmForm({
  children,
  confirmLabel,
  cancelLabel,
  cancelTo,
  lastResult,
  variant = "danger",
}: {
  /** What will happen, and what follows from it. */
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  cancelTo: string;
  lastResult?: FormReply | null;
  /** The button's look: "danger" (remove, stop) by default, "primary" for an action that is not destructive. */
  variant?: "danger" | "primary";
}) {
  const { t } = useT();
  const [form] = usePortalForm({ schema: () => import("~/schemas/confirm").then((m) => m.ConfirmSchema), lastResult });
  return (
    <div className="max-w-2xl">
      <ErrorSummary form={form} />
      <div className="space-y-3 rounded-lg border-l-4 border-warning bg-white p-5 text-gray-900 shadow-sm">{children}</div>
      <Form method="post" {...getFormProps(form)} className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center">
        <SubmitButton variant={variant}>{confirmLabel}</SubmitButton>
        <Link to={cancelTo} className="text-center">
          {cancelLabel ?? t("form.cancel")}
        </Link>
      </Form>
    </div>
  );
}
