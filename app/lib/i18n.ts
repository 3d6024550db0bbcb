/** Languages of the portal and Intl formatting for them (shared by server and browser). */
export const LANGUAGES = ["en", "fr"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";
export const NAMESPACES = [
  "common",
  "api",
  "auth",
  "billing",
  "billingHistory",
  "dashboard",
  "business",
  "contacts",
  "support",
  "referrals",
  "privacy",
  "account",
  "orders",
  "router",
  "services",
  "wifi",
  "profile",
  "status",
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** The cookie that remembers the chosen language (365 days). */
export const LANGUAGE_COOKIE = "i18n_redirected";
export const LANGUAGE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/** The BCP 47 locale of a language: en-CA or fr-CA. */
export const localeOf = (language: Language) => (language === "fr" ? "fr-CA" : "en-CA");

// Intl formatters are costly to create: one per language and style, made on first use.
const money = new Map<Language, Intl.NumberFormat>();
const dates = new Map<string, Intl.DateTimeFormat>();

export function formatMoney(amount: number, language: Language): string {
  let format = money.get(language);
  if (!format) {
    format = new Intl.NumberFormat(localeOf(language), { style: "currency", currency: "CAD" });
    money.set(language, format);
  }
  return format.format(amount);
}

export type DateStyle = "full" | "long" | "medium" | "short";

function dateFormat(language: Language, key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const id = `${language}:${key}`;
  let format = dates.get(id);
  if (!format) {
    format = new Intl.DateTimeFormat(localeOf(language), options);
    dates.set(id, format);
  }
  return format;
}

/**
 * Dates and times already written: a page writes the same ones from view to view (due dates, payments,
 * incident times), and Intl's time-zone work costs more than a lookup. Forgotten whole past 2,000.
 */
const written = new Map<string, string>();
function remembered(key: string, write: () => string): string {
  let text = written.get(key);
  if (text === undefined) {
    text = write();
    if (written.size >= 2_000) written.clear();
    written.set(key, text);
  }
  return text;
}
const instantKey = (value: string | Date) => (typeof value === "string" ? value : String(value.getTime()));

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date (YYYY-MM-DD) as such; an instant as its date in Toronto. */
export function formatDate(value: string | Date, language: Language, style: DateStyle = "long"): string {
  return remembered(`d|${language}|${style}|${instantKey(value)}`, () => {
    const calendar = typeof value === "string" && CALENDAR_DATE.test(value);
    const format = calendar
      ? dateFormat(language, `d-${style}`, { dateStyle: style, timeZone: "UTC" })
      : dateFormat(language, `i-${style}`, { dateStyle: style, timeZone: "America/Toronto" });
    const date = calendar ? new Date(`${value}T12:00:00Z`) : new Date(value);
    if (language === "fr" && style !== "short") {
      // French writes the first of the month as an ordinal: « 1er décembre 2026 ».
      return format
        .formatToParts(date)
        .map((part) => (part.type === "day" && part.value === "1" ? "1er" : part.value))
        .join("");
    }
    return format.format(date);
  });
}

/** A time of day "HH:MM" (8:00 a.m. / 8 h 00). */
export function formatTimeOfDay(hhmm: string, language: Language): string {
  return remembered(`h|${language}|${hhmm}`, () => {
    const [hours, minutes] = hhmm.split(":").map(Number);
    return keepTogether(
      dateFormat(language, "time", { hour: "numeric", minute: "2-digit", timeZone: "UTC" }).format(
        new Date(Date.UTC(2000, 0, 1, hours, minutes)),
      ),
    );
  });
}

/** A weekday's name, Monday first (0 = Monday): "Mon" / "lun." short, "Monday" / "lundi" long. */
export function formatWeekday(day: number, language: Language, style: "short" | "long" = "short"): string {
  // 2024-01-01 was a Monday.
  return dateFormat(language, `weekday-${style}`, { weekday: style, timeZone: "UTC" }).format(new Date(Date.UTC(2024, 0, 1 + day, 12)));
}

/** Spaces inside a time ("20 h 00", "8:00 p.m.") as non-breaking ones, so it never breaks across lines. */
const keepTogether = (text: string) => text.replace(/[ \u202f]/g, "\u00a0");

/**
 * The time of an instant in Toronto (2:05 p.m. / 14 h 05), never broken across lines; with `onTheHour`,
 * a time on the hour without its minutes (6 p.m. / 18 h).
 */
export function formatTime(value: string | Date, language: Language, { onTheHour = false }: { onTheHour?: boolean } = {}): string {
  return remembered(`t|${language}|${onTheHour}|${instantKey(value)}`, () => {
    const date = new Date(value);
    if (onTheHour && date.getUTCMinutes() === 0) {
      // fr-CA writes an hour alone with two digits ("01 h"): Canadian French writes "1 h".
      const parts = dateFormat(language, "instant-hour", { hour: "numeric", timeZone: "America/Toronto" }).formatToParts(date);
      return keepTogether(parts.map((part) => (part.type === "hour" ? String(Number(part.value)) : part.value)).join(""));
    }
    return keepTogether(
      dateFormat(language, "instant-time", { hour: "numeric", minute: "2-digit", timeZone: "America/Toronto" }).format(date),
    );
  });
}

const numbers = new Map<string, Intl.NumberFormat>();

/** A number as the language writes it ("1,234.5" / "1 234,5"), with at most `digits` decimals. */
export function formatNumber(value: number, language: Language, digits = 2): string {
  const id = `${language}:${digits}`;
  let format = numbers.get(id);
  if (!format) {
    format = new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: digits });
    numbers.set(id, format);
  }
  return format.format(value);
}

/**
 * An instant as its date and time in Toronto: medium ("Nov 14, 2026, 5:17 p.m." / "14 nov. 2026, 17 h 17")
 * or long ("November 23, 2026, 3:05 p.m." / « 23 novembre 2026, 15 h 05 »).
 */
export function formatDateTime(value: string | Date, language: Language, style: "medium" | "long" = "medium"): string {
  // The date and the time apart: fr-CA's dateStyle with timeStyle writes the hour with two digits ("09 h 05")
  // and "à" in the long style; the time's spaces are kept together.
  return remembered(
    `dt|${language}|${style}|${instantKey(value)}`,
    () => `${formatDate(value, language, style)}, ${formatTime(value, language)}`,
  );
}

/** A calendar date (YYYY-MM-DD) as day and short month, for chart axes ("Nov 14" / "14 nov."). */
export function formatDayMonth(value: string, language: Language): string {
  return remembered(`dm|${language}|${value}`, () =>
    dateFormat(language, "dm", { month: "short", day: "numeric", timeZone: "UTC" }).format(new Date(`${value}T12:00:00Z`)),
  );
}

/**
 * A file's size as the upload limits count it (1 MB = 1,048,576 bytes), in kilobytes or megabytes:
 * "2.4 MB", "2,4 Mo" (the chosen files of a form, the files of a support ticket's messages).
 */
export function formatFileSize(bytes: number, language: Language): string {
  const [value, unit] = bytes >= 1024 * 1024 ? [bytes / (1024 * 1024), "megabyte"] : [Math.max(bytes / 1024, 0.1), "kilobyte"];
  return unitFormat(language, unit, 1).format(value);
}

/** A number of bytes in the largest unit that keeps it at or above 1 (1.2 GB / 1,2 Go). */
export function formatBytes(bytes: number, language: Language): string {
  const units = ["byte", "kilobyte", "megabyte", "gigabyte", "terabyte"] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return unitFormat(language, units[unit], unit === 0 ? 0 : 1).format(value);
}

function unitFormat(language: Language, unit: string, digits: number): Intl.NumberFormat {
  const id = `${language}:${unit}:${digits}`;
  let format = numbers.get(id);
  if (!format) {
    format = new Intl.NumberFormat(localeOf(language), { style: "unit", unit, unitDisplay: "short", maximumFractionDigits: digits });
    numbers.set(id, format);
  }
  return format;
}
