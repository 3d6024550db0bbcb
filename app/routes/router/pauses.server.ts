/**
 * Device pauses in words (wifi:overview.pause.*) (GET /router/{serviceId}/device-pauses), written on the server so the router
 * page's lease list carries a sentence and no formatting code: "Paused", "Paused on schedule (Mon–Fri
 * 9:00 p.m.–7:00 a.m.), in effect now". Days run together ("Mon–Fri") where they follow each other;
 * times are 12-hour in English and 24-hour in French ("21 h", "21 h 30"), through Intl.
 */
import type { DevicePause, PauseSchedule } from "#contract/device-pauses";
import { PAUSE_DAYS } from "#contract/values";
import { formatTimeOfDay, formatWeekday, type Language } from "~/lib/i18n";
import type { T } from "~/lib/translate";

/** A time of day "HH:MM" as the language writes it: 9:00 p.m. / 21 h, 21 h 30. */
export function pauseTime(hhmm: string, language: Language): string {
  const [hours, minutes] = hhmm.split(":").map(Number);
  if (language === "fr") return minutes ? `${hours}\u00a0h\u00a0${String(minutes).padStart(2, "0")}` : `${hours}\u00a0h`;
  return formatTimeOfDay(hhmm, language);
}

/** A weekday's short name (Mon / lun.); `day` is one of PAUSE_DAYS. */
function dayName(day: string, language: Language, style: "short" | "long" = "short"): string {
  return formatWeekday(PAUSE_DAYS.indexOf(day as (typeof PAUSE_DAYS)[number]), language, style);
}

/** The days of a schedule: runs of following days as a range ("Mon–Fri"), the others listed. */
export function pauseDays(days: readonly string[], language: Language, t: T): string {
  if (days.length === 7) return t("wifi:overview.pause.everyDay");
  const indexes = PAUSE_DAYS.map((d, i) => (days.includes(d) ? i : -1)).filter((i) => i >= 0);
  const runs: number[][] = [];
  for (const i of indexes) {
    const last = runs.at(-1);
    if (last && last.at(-1) === i - 1) last.push(i);
    else runs.push([i]);
  }
  const name = (i: number) => dayName(PAUSE_DAYS[i]!, language);
  return runs.map((run) => (run.length > 2 ? `${name(run[0]!)}–${name(run.at(-1)!)}` : run.map(name).join(", "))).join(", ");
}

/** "Mon–Fri 9:00 p.m.–7:00 a.m." */
export const scheduleWords = (schedule: PauseSchedule, language: Language, t: T) =>
  `${pauseDays(schedule.days, language, t)} ${pauseTime(schedule.from, language)}–${pauseTime(schedule.to, language)}`;

/** A device's pause in one sentence, as the lease list and the pause page show it. */
export function pauseWords(pause: DevicePause, language: Language, t: T): string {
  const parts: string[] = [];
  if (pause.paused) parts.push(t("wifi:overview.pause.pausedNow"));
  if (pause.schedule) {
    parts.push(
      t(pause.schedule_in_effect ? "wifi:overview.pause.onScheduleNow" : "wifi:overview.pause.onScheduleLater", {
        schedule: scheduleWords(pause.schedule, language, t),
      }),
    );
  }
  return parts.join(" ");
}

/**
 * The router page's leases, each with its device's pause in words (`pause`, absent when it has none);
 * when the pauses could not be read, the leases as they are.
 */
export function withPauses<L extends { mac_address: string }>(
  leases: L[],
  pauses: { ok: true; data: DevicePause[] } | { ok: false },
  language: Language,
  t: T,
): (L & { pause?: string })[] {
  if (!pauses.ok) return leases;
  const byMac = new Map(pauses.data.map((p) => [p.mac_address, pauseWords(p, language, t)]));
  return leases.map((lease) => (byMac.has(lease.mac_address) ? { ...lease, pause: byMac.get(lease.mac_address)! } : lease));
}
