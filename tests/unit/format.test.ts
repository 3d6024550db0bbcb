/**
 * Money, dates and times as customers read them in en-CA and fr-CA. The exact characters are the ones
 * Node's ICU produces: French uses no-break spaces (U+00A0) as the thousands separator and before "$",
 * so a price never wraps onto two lines.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { formatDate, formatMoney, formatTime, formatTimeOfDay, formatWeekday, localeOf } from "../../app/lib/i18n.ts";

const NBSP = "\u00a0";

// The server's own time zone must not move a calendar date: run these with a zone west of UTC (where
// midnight UTC is still the day before), set before any formatter is created.
const SERVER_ZONE = "Pacific/Honolulu";
beforeAll(() => {
  process.env.TZ = SERVER_ZONE;
});

describe("localeOf", () => {
  it("maps the languages to Canadian locales", () => {
    expect(localeOf("en")).toBe("en-CA");
    expect(localeOf("fr")).toBe("fr-CA");
  });
});

describe("formatMoney", () => {
  it("writes dollars the English Canadian way", () => {
    expect(formatMoney(1234.5, "en")).toBe("$1,234.50");
    expect(formatMoney(0, "en")).toBe("$0.00");
    expect(formatMoney(5, "en")).toBe("$5.00");
    expect(formatMoney(163.85, "en")).toBe("$163.85");
    expect(formatMoney(-5, "en")).toBe("-$5.00");
  });

  it("writes dollars the French Canadian way, with no-break spaces", () => {
    expect(formatMoney(1234.5, "fr")).toBe(`1${NBSP}234,50${NBSP}$`);
    expect(formatMoney(163.85, "fr")).toBe(`163,85${NBSP}$`);
    expect(formatMoney(1_000_000, "fr")).toBe(`1${NBSP}000${NBSP}000,00${NBSP}$`);
    // No ordinary space that would let the line break inside the amount.
    expect(formatMoney(1234.5, "fr")).not.toContain(" ");
  });

  it("rounds to cents", () => {
    expect(formatMoney(10.005, "en")).toMatch(/^\$10\.0[01]$/);
    expect(formatMoney(19.999, "en")).toBe("$20.00");
  });
});

describe("formatDate", () => {
  it("runs in a server time zone west of UTC (the case that would shift dates)", () => {
    expect(new Date("2026-01-01T00:00:00Z").getDate()).toBe(31);
  });

  it("writes a calendar date in both languages and styles", () => {
    expect(formatDate("2026-11-26", "en")).toBe("November 26, 2026");
    expect(formatDate("2026-11-26", "fr")).toBe("26 novembre 2026");
    expect(formatDate("2026-11-26", "en", "medium")).toBe("Nov 26, 2026");
    expect(formatDate("2026-11-26", "fr", "medium")).toBe("26 nov. 2026");
    expect(formatDate("2026-11-26", "en", "short")).toBe("2026-11-26");
    expect(formatDate("2026-11-26", "fr", "short")).toBe("2026-11-26");
  });

  it("does not move a calendar date to the day before or after, whatever the time zone", () => {
    expect(formatDate("2026-01-01", "en")).toBe("January 1, 2026");
    expect(formatDate("2026-01-01", "fr")).toBe("1er janvier 2026");
    expect(formatDate("2025-12-31", "en")).toBe("December 31, 2025");
    expect(formatDate("2024-02-29", "fr")).toBe("29 février 2024");
  });

  it("writes the first of the month as an ordinal in French (long dates)", () => {
    expect(formatDate("2026-12-01", "fr")).toBe("1er décembre 2026");
    expect(formatDate("2026-12-11", "fr")).toBe("11 décembre 2026");
    expect(formatDate("2026-12-21", "fr")).toBe("21 décembre 2026");
    expect(formatDate("2026-12-01", "en")).toBe("December 1, 2026");
  });

  it("shows an instant as its date in Toronto", () => {
    // 03:00 UTC on January 1 is still December 31 in Toronto (and in Honolulu).
    expect(formatDate("2026-01-01T03:00:00Z", "en")).toBe("December 31, 2025");
    // 08:00 UTC on January 1 is January 1 in Toronto, but still December 31 in this server's zone.
    expect(formatDate("2026-01-01T08:00:00Z", "en")).toBe("January 1, 2026");
    expect(formatDate(new Date("2026-07-01T03:30:00Z"), "fr")).toBe("30 juin 2026");
    expect(formatDate("2026-07-01T12:00:00-04:00", "fr", "medium")).toBe("1er juill. 2026");
  });
});

describe("formatTime", () => {
  it("writes the time of an instant in Toronto, with non-breaking spaces so it never breaks across lines", () => {
    expect(formatTime("2026-07-01T18:05:00Z", "en")).toBe("2:05\u00a0p.m.");
    expect(formatTime("2026-07-01T18:05:00Z", "fr")).toBe("14\u00a0h\u00a005");
  });

  it("writes a time on the hour without its minutes when asked, the hour as Canadian French writes it", () => {
    expect(formatTime("2026-11-15T23:00:00Z", "en", { onTheHour: true })).toBe("6\u00a0p.m.");
    expect(formatTime("2026-11-15T23:00:00Z", "fr", { onTheHour: true })).toBe("18\u00a0h");
    expect(formatTime("2026-11-18T06:00:00Z", "fr", { onTheHour: true })).toBe("1\u00a0h");
    expect(formatTime("2026-11-18T06:30:00Z", "fr", { onTheHour: true })).toBe("1\u00a0h\u00a030");
  });
});

describe("formatDate, full", () => {
  it("names the weekday, and the first of the month as an ordinal in French", () => {
    expect(formatDate("2026-11-18T06:00:00Z", "en", "full")).toBe("Wednesday, November 18, 2026");
    expect(formatDate("2026-12-01T15:00:00Z", "fr", "full")).toBe("mardi 1er décembre 2026");
  });
});

describe("formatWeekday", () => {
  it("names the days Monday first, short and long, in both languages, whatever the server's zone", () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((day) => formatWeekday(day, "en"))).toEqual(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]);
    expect([0, 6].map((day) => formatWeekday(day, "en", "long"))).toEqual(["Monday", "Sunday"]);
    expect([0, 4, 6].map((day) => formatWeekday(day, "fr"))).toEqual(["lun.", "ven.", "dim."]);
    expect([0, 6].map((day) => formatWeekday(day, "fr", "long"))).toEqual(["lundi", "dimanche"]);
  });
});

describe("formatTimeOfDay", () => {
  it("writes opening hours the English Canadian way", () => {
    expect(formatTimeOfDay("08:00", "en")).toBe("8:00\u00a0a.m.");
    expect(formatTimeOfDay("20:00", "en")).toBe("8:00\u00a0p.m.");
    expect(formatTimeOfDay("12:30", "en")).toBe("12:30\u00a0p.m.");
    expect(formatTimeOfDay("00:05", "en")).toBe("12:05\u00a0a.m.");
  });

  it("writes them the French Canadian way (24-hour clock with h)", () => {
    expect(formatTimeOfDay("08:00", "fr")).toBe("8\u00a0h\u00a000");
    expect(formatTimeOfDay("20:05", "fr")).toBe("20\u00a0h\u00a005");
    expect(formatTimeOfDay("00:00", "fr")).toBe("0\u00a0h\u00a000");
  });

  it("is not moved by the server's time zone", () => {
    expect(formatTimeOfDay("23:59", "fr")).toBe("23\u00a0h\u00a059");
    expect(formatTimeOfDay("23:59", "en")).toBe("11:59\u00a0p.m.");
  });
});

describe("dates and times written once", () => {
  it("writes a date or time asked again in another language, style or form as that one, not as the first", () => {
    const instant = "2026-12-01T15:00:00Z";
    expect(formatDate(instant, "fr")).toBe("1er décembre 2026");
    expect(formatDate(instant, "en")).toBe("December 1, 2026");
    expect(formatDate(instant, "fr", "medium")).toBe("1er déc. 2026");
    expect(formatDate(new Date(instant), "fr")).toBe("1er décembre 2026");
    expect(formatTime(instant, "en")).toBe("10:00\u00a0a.m.");
    expect(formatTime(instant, "en", { onTheHour: true })).toBe("10\u00a0a.m.");
    expect(formatTime(new Date(instant), "fr")).toBe("10\u00a0h\u00a000");
    expect(formatDate(instant, "fr")).toBe("1er décembre 2026");
  });

  it("refuses an instant that is not one, every time it is asked", () => {
    expect(() => formatDate(new Date("no"), "en")).toThrow(RangeError);
    expect(() => formatDate(new Date("no"), "en")).toThrow(RangeError);
    expect(() => formatTime("no", "fr")).toThrow(RangeError);
  });
});
