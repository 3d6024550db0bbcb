/**
 * Form constants and helpers that pages use while rendering, in a module without zod: a page's
 * JavaScript names them without carrying the schemas, which load after hydration (usePortalForm).
 * The schema modules re-export them.
 */
export { addDays } from "#common/calendar";

let torontoDay: Intl.DateTimeFormat | undefined;
/**
 * The days of the minutes asked (pages ask for now and for the instants they show, the same from view to
 * view): Toronto's days begin on a whole minute (UTC−5 or −4), so a minute has one day. Forgotten whole
 * past 1,000 minutes.
 */
const days = new Map<number, string>();

/** Today in Toronto (or the Toronto day of `now`) as YYYY-MM-DD (the dates a form checks; the API checks them again). */
export function torontoToday(now: Date | number = Date.now()): string {
  const minute = Math.floor(Number(now) / 60_000);
  let day = days.get(minute);
  if (day === undefined) {
    torontoDay ??= new Intl.DateTimeFormat("en-CA", { timeZone: "America/Toronto", year: "numeric", month: "2-digit", day: "2-digit" });
    day = torontoDay.format(now);
    if (days.size >= 1_000) days.clear();
    days.set(minute, day);
  }
  return day;
}

/** Endpoint monitoring settings (commercial). */
export const LABEL_MAX = 80;
export const DESCRIPTION_MAX = 500;
export const MAX_ALERT_EMAILS = 5;

/** Lease times offered (seconds): from 30 minutes to 7 days. The API accepts 2 minutes to 7 days. */
export const LEASE_TIME_CHOICES = [1_800, 3_600, 7_200, 14_400, 28_800, 43_200, 86_400, 172_800, 259_200, 604_800] as const;

/** The time limits the guest network may be turned on for (the API's GUEST_TIME_LIMIT_HOURS), as form values. */
export const GUEST_HOURS = ["1", "4", "8", "24"] as const;
