/**
 * Notifications (success, info, warning, error) queued by the server with a redirect. The server
 * renders them; with JavaScript each leaves 4 seconds after it appeared, the oldest first, and can be
 * dismissed sooner.
 */
import { useEffect, useState } from "react";
import { useT } from "~/lib/use-t";
import type { Notification } from "~/lib/notifications";
import { useHydrated } from "~/lib/use-hydrated";

export const NOTIFICATION_MS = 4_000;

const styles: Record<Notification["type"], string> = {
  success: "border-success bg-success-light text-success",
  info: "border-info bg-info-light text-info",
  warning: "border-warning bg-warning-light text-warning-dark",
  error: "border-error bg-error-light text-error",
};

export function Notifications({ notifications }: { notifications: Notification[] }) {
  const { t } = useT();
  const hydrated = useHydrated();
  const [shown, setShown] = useState(notifications);
  // New notifications from the server (another page) replace those shown: adjusted while rendering.
  const [received, setReceived] = useState(notifications);
  if (received !== notifications) {
    setReceived(notifications);
    setShown(notifications);
  }

  useEffect(() => {
    if (!shown.length) return;
    // The oldest is first in the list: it goes first, then the next, each 4 s after its start.
    const timer = setTimeout(() => setShown((list) => list.slice(1)), NOTIFICATION_MS);
    return () => clearTimeout(timer);
  }, [shown]);

  return (
    <div aria-live="polite" className="pointer-events-none fixed inset-x-0 top-2 z-50 flex flex-col items-center gap-2 px-4">
      {shown.map((n) => (
        <div
          key={n.id}
          role={n.type === "error" ? "alert" : "status"}
          data-notification={n.type}
          className={`pointer-events-auto flex w-full max-w-lg items-start gap-3 rounded-md border-l-4 px-4 py-3 shadow ${styles[n.type]}`}
        >
          <p className="flex-1 font-medium">{t(n.key, n.values)}</p>
          {hydrated ? (
            <button
              type="button"
              className="rounded px-1 text-current"
              onClick={() => setShown((list) => list.filter((x) => x.id !== n.id))}
            >
              <span aria-hidden="true">×</span>
              <span className="sr-only">{t("notifications.dismiss")}</span>
            </button>
          ) : null}
        </div>
      ))}
    </div>
  );
}
