/**
 * Calendar days as YYYY-MM-DD strings, counted in UTC: the one home of every sum of days or months, for
 * the API's services, its seeds and the portal (browser and server alike; no dependency). A day is a
 * calendar day, never 24 hours of some time zone: today in Toronto comes from Intl (app/schemas/values.ts),
 * then these functions count from it.
 *
 * The functions assume a valid day; YYYY-MM-DD strings from users are checked first (IsoDate of the
 * contract). Months are summed through Date.UTC, so month ends and leap years are the Gregorian calendar's.
 */

/** A day in milliseconds: UTC has no daylight saving time, so every day is this long. */
const DAY_MS = 86_400_000;

/** The instant a day starts (midnight UTC). */
export const parseDay = (iso: string): Date => new Date(`${iso}T00:00:00Z`);

/** The day (UTC) of an instant. */
export const formatDay = (date: Date): string => date.toISOString().slice(0, 10);

/** The instant a day starts, in milliseconds since the epoch. */
export const dayStart = (iso: string): number => parseDay(iso).getTime();

/** The day `days` after `iso` (before it when negative). */
export const addDays = (iso: string, days: number): string => formatDay(new Date(dayStart(iso) + days * DAY_MS));

/**
 * The day `months` months after `iso` (before it when negative), on its day of the month or on
 * `dayOfMonth`; a day past the month's end is its last day (January 31 plus a month: February 28 or 29).
 */
export function addMonths(iso: string, months: number, dayOfMonth?: number): string {
  const d = parseDay(iso);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months + 1, 0)).getUTCDate();
  return formatDay(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, Math.min(dayOfMonth ?? d.getUTCDate(), lastDay))));
}

/** Days from `from` to `to`: 0 on the same day, negative when `to` comes first. */
export const daysBetween = (from: string, to: string): number => Math.round((dayStart(to) - dayStart(from)) / DAY_MS);

/** The day of the week, 0 (Sunday) to 6 (Saturday). */
export const weekday = (iso: string): number => parseDay(iso).getUTCDay();

/** Monday to Friday (holidays are not counted apart). */
export const isBusinessDay = (iso: string): boolean => weekday(iso) !== 0 && weekday(iso) !== 6;

/** The business day `count` business days after `iso` (count ≥ 0; `iso` itself when 0). */
export function addBusinessDays(iso: string, count: number): string {
  let current = iso;
  for (let left = count; left > 0;) {
    current = addDays(current, 1);
    if (isBusinessDay(current)) left--;
  }
  return current;
}

/** An instant of a day at an hour and minute UTC. */
export const dayAt = (iso: string, hour: number, minute = 0): Date =>
  new Date(`${iso}T${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}:00Z`);

/** Days from 1970-01-01 to a date of the proleptic Gregorian calendar (month 1–12), by arithmetic alone. */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  return era * 146_097 + yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear - 719_468;
}

/**
 * Date.parse for the instants the API writes ("2026-11-03T14:00:00.000Z", `toISOString`'s form), read
 * digit by digit: about a quarter of Date.parse's time, for the hundreds of samples of a chart. The
 * answers' schemas have checked that form; any other length or ending goes to Date.parse.
 */
export function instantMillis(iso: string): number {
  if (iso.length !== 24 || iso.charCodeAt(23) !== 90 /* Z */) return Date.parse(iso);
  const day = daysFromCivil(digits(iso, 0, 4), digits(iso, 5, 2), digits(iso, 8, 2));
  return ((day * 24 + digits(iso, 11, 2)) * 60 + digits(iso, 14, 2)) * 60_000 + digits(iso, 17, 2) * 1000 + digits(iso, 20, 3);
}

/** The number written by `count` digits of `text` from `from`. */
function digits(text: string, from: number, count: number): number {
  let value = 0;
  for (let i = from; i < from + count; i++) value = value * 10 + text.charCodeAt(i) - 48;
  return value;
}
