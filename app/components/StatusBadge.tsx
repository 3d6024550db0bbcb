/** A service status (up, down, unknown, connected, interrupted, paused): colour and words, never colour alone. */
import { useT } from "~/lib/use-t";

const tones: Record<string, string> = {
  up: "bg-success-light text-success",
  connected: "bg-success-light text-success",
  down: "bg-error-light text-error",
  interrupted: "bg-error-light text-error",
  paused: "bg-warning-light text-warning-dark",
  unknown: "bg-gray-100 text-gray-800",
  loading: "bg-gray-100 text-gray-800",
};

export function StatusBadge({ status }: { status: string }) {
  const { t } = useT();
  return (
    <span className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ${tones[status] ?? tones.unknown}`}>
      <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-current" />
      {t(`status.${status}`, { defaultValue: t("status.unknown") })}
    </span>
  );
}
