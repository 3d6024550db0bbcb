/**
 * What the router page says while the router is offline or restarting: the notice above its sections,
 * and in the sections what must wait until it is back (UPnP and a device's pause reach the router at
 * once; LAN settings, reservations and rules are kept until it reconnects). Loaded only on a page that
 * shows it (router.tsx's `lazy`), its texts the "offline" section's.
 */
import { Link } from "react-router";
import { PageAlert } from "~/components/PageAlert";
import { formatDateTime } from "~/lib/i18n";
import { useT } from "~/lib/use-t";

export function RouterAwayAlert({
  serviceId,
  status,
  lastSeen,
}: {
  serviceId: number;
  status: "offline" | "restarting";
  lastSeen: string;
}) {
  const { t, language } = useT("router");
  return status === "offline" ? (
    <PageAlert tone="warning" title={t("offline.title")}>
      {t("offline.body", { date: formatDateTime(lastSeen, language, "long") })}
    </PageAlert>
  ) : (
    <PageAlert tone="info" title={t("overview.restartingTitle")}>
      <p>{t("overview.restartingBody")}</p>
      <Link to={`/internet/router/${serviceId}/restart/status`}>{t("overview.followRestart")}</Link>
    </PageAlert>
  );
}

/** In a section, what waits until the router is back. */
export function WaitsForRouter({ what }: { what: "upnp" | "pauses" }) {
  const { t } = useT("router");
  return <p className="mb-3 text-sm text-gray-700">{t(`offline.${what}WhenBack`)}</p>;
}
