/**
 * A router restart as the customer follows it (GET /router/{serviceId}/restart): under way since a time,
 * then back online. Without JavaScript the status page is read again by its "Check again" link; with
 * it, the page's data is read again every few seconds while the restart lasts, and the sentence in the
 * live region changes to "Your router is back online" when it is over.
 */
import type { RouterRestart } from "#contract/router-restart";
import { useEffect } from "react";
import { Link, useRevalidator } from "react-router";
import { PageAlert } from "~/components/PageAlert";
import { secondaryLinkClass } from "~/components/PageHeader";
import { formatDateTime, formatTime } from "~/lib/i18n";
import { useT } from "~/lib/use-t";

/** How often the status page reads the restart again while it lasts (with JavaScript). */
export const RESTART_POLL_MS = 3_000;

/** Reads the page's data again every `everyMs` while `active` and the page is in view. */
export function useRevalidateWhile(active: boolean, everyMs: number) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === "visible") void revalidate();
    }, everyMs);
    return () => window.clearInterval(timer);
  }, [active, everyMs, revalidate]);
}

/** How far the restart has come, in percent, by the API's own clock. */
export function restartProgress(restart: RouterRestart): number {
  if (restart.status === "back_online") return 100;
  const total = (Date.parse(restart.back_online_at) - Date.parse(restart.started_at)) / 1000;
  if (total <= 0) return 100;
  return Math.min(100, Math.max(0, Math.round(((total - restart.seconds_left) / total) * 100)));
}

/**
 * The status page's body. `restart` null: no restart was asked from here. `sameDay`: the restart ended
 * (or ends) today, so its times read without a date.
 */
export function RestartProgress({ serviceId, restart, sameDay }: { serviceId: number; restart: RouterRestart | null; sameDay: boolean }) {
  const { t, language } = useT("router");
  const restarting = restart?.status === "restarting";
  useRevalidateWhile(restarting, RESTART_POLL_MS);
  const at = (instant: string) => (sameDay ? formatTime(instant, language) : formatDateTime(instant, language));
  const back = (
    <Link to={`/internet/router/${serviceId}`} className={secondaryLinkClass}>
      {t("restart.backToRouter")}
    </Link>
  );
  if (!restart) {
    return (
      <div className="max-w-2xl space-y-6">
        <p>{t("restart.none")}</p>
        {back}
      </div>
    );
  }
  const progress = restartProgress(restart);
  return (
    <div className="max-w-2xl space-y-6">
      {/* One live region whose words change: screen readers say "back online" when it is. */}
      <PageAlert
        tone={restarting ? "info" : "success"}
        title={restarting ? t("restart.restarting", { time: at(restart.started_at) }) : t("restart.backOnline")}
      >
        {restarting ? t("restart.restartingBody") : t("restart.backOnlineBody", { time: at(restart.back_online_at) })}
      </PageAlert>
      {restarting ? (
        <div>
          <label htmlFor="restart-progress" className="block text-sm text-gray-700">
            {t("restart.progress")}
          </label>
          <progress id="restart-progress" className="mt-1 h-3 w-full accent-primary" max={100} value={progress}>
            {t("restart.percent", { percent: progress })}
          </progress>
        </div>
      ) : null}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        {restarting ? (
          <Link to={`/internet/router/${serviceId}/restart/status`} className={secondaryLinkClass}>
            {t("restart.checkAgain")}
          </Link>
        ) : null}
        {back}
      </div>
    </div>
  );
}

/** On the confirmation page while a restart is under way: follow it rather than ask another. */
export function RestartUnderWay({ serviceId, restart }: { serviceId: number; restart: RouterRestart }) {
  const { t, language } = useT("router");
  return (
    <div className="max-w-2xl space-y-6">
      <PageAlert tone="info" title={t("restart.alreadyRestarting", { time: formatTime(restart.started_at, language) })}>
        {t("restart.restartingBody")}
      </PageAlert>
      <Link to={`/internet/router/${serviceId}/restart/status`} className={secondaryLinkClass}>
        {t("restart.follow")}
      </Link>
    </div>
  );
}
