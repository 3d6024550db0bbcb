/** Pieces the order pages share: an address, an installation window, an order's status. */
import type { Address } from "../../../api/contract/common";
import { formatDate, formatTime } from "~/lib/i18n";
import { useT } from "~/lib/use-t";

export function AddressLines({ address }: { address: Address }) {
  return (
    <address className="not-italic">
      {address.line1}
      <br />
      {address.line2 ? (
        <>
          {address.line2}
          <br />
        </>
      ) : null}
      {address.city} {address.province} {address.postal_code}
    </address>
  );
}

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
