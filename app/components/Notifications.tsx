/**
 * Notifications (success, info, warning, error) queued by the server with a redirect, or with a form
 * shown again. The server renders them. With JavaScript they float over the top of the page and each
 * leaves 4 seconds after it appeared (spec sections 4 and 9), the oldest first; a button dismisses one
 * sooner. Without JavaScript they take their place at the top of the page, above the header, and a
 * native disclosure control dismisses each (closing it hides the notification: CSS, no script).
 */
import { useEffect, useRef, useState } from "react";
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
  /** When each notification appeared in this browser (ms since the epoch). */
  const appeared = useRef(new Map<string, number>());

  useEffect(() => {
    if (!shown.length) return;
    const now = Date.now();
    for (const n of shown) if (!appeared.current.has(n.id)) appeared.current.set(n.id, now);
    const leaves = (n: Notification) => appeared.current.get(n.id)! + NOTIFICATION_MS;
    // Each leaves 4 s after it appeared; the oldest (first in the list) is the first due.
    const due = Math.min(...shown.map(leaves));
    const timer = setTimeout(() => setShown((list) => list.filter((n) => leaves(n) > Date.now())), Math.max(0, due - now));
    return () => clearTimeout(timer);
  }, [shown]);

  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-2 z-50 flex flex-col items-center gap-2 px-4 noscript:static noscript:[&:not(:empty)]:py-2"
      data-testid="notifications"
    >
      {shown.map((n) => (
        <div
          key={n.id}
          role={n.type === "error" ? "alert" : "status"}
          data-notification={n.type}
          className={`pointer-events-auto flex w-full max-w-lg items-start gap-3 rounded-md border-l-4 px-4 py-3 shadow has-[details:not([open])]:hidden ${styles[n.type]}`}
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
          ) : (
            // Without JavaScript: closing the disclosure hides its notification (has-[details:not([open])]).
            <details open>
              <summary className="cursor-pointer list-none rounded px-1 [&::-webkit-details-marker]:hidden">
                <span aria-hidden="true">×</span>
                <span className="sr-only">{t("notifications.dismiss")}</span>
              </summary>
            </details>
          )}
        </div>
      ))}
    </div>
  );
}
