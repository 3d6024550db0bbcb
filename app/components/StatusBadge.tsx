/**
 * The one status badge of the product (services, packages, invoices, payments, automatic payments,
 * tickets, referrals): the status in words, always, with a colour that only repeats them (never colour
 * alone), dark text on a light ground (WCAG AA at its small size).
 */
import type { ReactNode } from "react";
import { useT } from "~/lib/use-t";

export type StatusTone = "success" | "info" | "warning" | "error" | "neutral";

const toneClasses: Record<StatusTone, string> = {
  success: "bg-success-light text-success",
  info: "bg-info-light text-info",
  warning: "bg-warning-light text-warning-dark",
  error: "bg-error-light text-error",
  neutral: "bg-gray-100 text-gray-800",
};

/** The tone of each status the API names; one word means the same colour on every screen. */
export const STATUS_TONES: Record<string, StatusTone> = {
  // Services, connections, routers and access points.
  up: "success",
  connected: "success",
  online: "success",
  down: "error",
  interrupted: "error",
  offline: "error",
  restarting: "warning",
  unknown: "neutral",
  loading: "neutral",
  // Packages.
  active: "success",
  paused: "warning",
  suspended: "error",
  cancelled: "neutral",
  // Invoices.
  paid: "success",
  unpaid: "info",
  partially_paid: "warning",
  overdue: "error",
  // Payments.
  successful: "success",
  pending: "warning",
  declined: "error",
  // Automatic payments (card and PAD).
  pending_setup: "warning",
  pending_removal: "warning",
  stopped: "neutral",
  removed: "neutral",
  // Support tickets.
  open: "info",
  in_progress: "info",
  waiting_on_customer: "warning",
  resolved: "success",
  closed: "neutral",
  // Referrals.
  credited: "success",
};

/**
 * `status` picks the colour (STATUS_TONES, or `tone`); `label` is its translated text (by default the
 * service statuses of the common namespace, `status.<status>`).
 */
export function StatusBadge({ status, label, tone }: { status: string; label?: ReactNode; tone?: StatusTone }) {
  const { t } = useT();
  return (
    <span
      data-status={status}
      className={`inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${toneClasses[tone ?? STATUS_TONES[status] ?? "neutral"]}`}
    >
      <span aria-hidden="true" className="h-1.5 w-1.5 shrink-0 rounded-full bg-current" />
      {label ?? t(`status.${status}`, { defaultValue: t("status.unknown") })}
    </span>
  );
}
