/** Pieces the order pages share: an installation window, an order's status. */
import { formatDate, formatTime } from "~/lib/i18n";
import { useT } from "~/lib/use-t";

/** "Tuesday, December 1, 2026, 8:00 a.m. to 12:00 p.m." in the page's language. */
export function useWindowText() {
  const { t, language } = useT("orders");
  return (window: { starts_at: string; ends_at: string }) =>
    t("window", {
      date: formatDate(window.starts_at, language, "long"),
      from: formatTime(window.starts_at, language),
      to: formatTime(window.ends_at, language),
    });
}

export function OrderStatusText({ status }: { status: string }) {
  const { t } = useT("orders");
  return <>{t(`status.${status}`)}</>;
}
