/** The calendar of every date sum (common/calendar.ts): days and months across month ends, leap years, backwards. */
import { describe, expect, it } from "vitest";
import {
  addBusinessDays,
  addDays,
  addMonths,
  dayAt,
  dayStart,
  daysBetween,
  formatDay,
  instantMillis,
  isBusinessDay,
  parseDay,
  weekday,
} from "#common/calendar";
import { addDays as formAddDays, torontoToday } from "../../app/schemas/values.ts";

describe("calendar days", () => {
  it("adds days across month and year ends", () => {
    expect(addDays("2025-01-31", 1)).toBe("2025-02-01");
    expect(addDays("2025-12-31", 1)).toBe("2026-01-01");
    expect(addDays("2025-03-01", 30)).toBe("2025-03-31");
    expect(addDays("2025-06-15", 0)).toBe("2025-06-15");
  });

  it("counts February 29 in leap years only (every fourth year, not centuries but every fourth century)", () => {
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2025-02-28", 1)).toBe("2025-03-01");
    expect(addDays("2100-02-28", 1)).toBe("2100-03-01");
    expect(addDays("2000-02-28", 1)).toBe("2000-02-29");
    expect(addDays("2024-01-01", 366)).toBe("2025-01-01");
  });

  it("subtracts with negative days", () => {
    expect(addDays("2025-03-01", -1)).toBe("2025-02-28");
    expect(addDays("2024-03-01", -1)).toBe("2024-02-29");
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
    expect(addDays("2025-01-10", -40)).toBe("2024-12-01");
  });

  it("is not moved by daylight saving time (a UTC day is always 24 hours)", () => {
    // Toronto springs forward on 2025-03-09 and falls back on 2025-11-02.
    expect(addDays("2025-03-08", 1)).toBe("2025-03-09");
    expect(addDays("2025-03-09", 1)).toBe("2025-03-10");
    expect(addDays("2025-11-01", 2)).toBe("2025-11-03");
    expect(daysBetween("2025-03-01", "2025-04-01")).toBe(31);
  });

  it("counts the days between two days, negative when the second comes first", () => {
    expect(daysBetween("2025-01-01", "2025-01-01")).toBe(0);
    expect(daysBetween("2024-02-01", "2024-03-01")).toBe(29);
    expect(daysBetween("2025-02-01", "2025-03-01")).toBe(28);
    expect(daysBetween("2025-01-10", "2025-01-01")).toBe(-9);
    expect(daysBetween("2024-01-01", "2025-01-01")).toBe(366);
  });

  it("parses and formats days as UTC midnights", () => {
    expect(parseDay("2025-07-04").toISOString()).toBe("2025-07-04T00:00:00.000Z");
    expect(dayStart("1970-01-02")).toBe(86_400_000);
    expect(formatDay(new Date("2025-07-04T23:59:59.999Z"))).toBe("2025-07-04");
    expect(dayAt("2025-07-04", 9, 5).toISOString()).toBe("2025-07-04T09:05:00.000Z");
    expect(dayAt("2025-07-04", 15).toISOString()).toBe("2025-07-04T15:00:00.000Z");
  });

  it("is the form schemas' addDays too", () => {
    expect(formAddDays).toBe(addDays);
  });
});

describe("calendar months", () => {
  it("keeps the day of the month, or the month's last day when it has none", () => {
    expect(addMonths("2025-01-15", 1)).toBe("2025-02-15");
    expect(addMonths("2025-01-31", 1)).toBe("2025-02-28");
    expect(addMonths("2024-01-31", 1)).toBe("2024-02-29");
    expect(addMonths("2025-03-31", 1)).toBe("2025-04-30");
    expect(addMonths("2025-08-31", 6)).toBe("2026-02-28");
  });

  it("goes back with negative months, across year ends", () => {
    expect(addMonths("2025-03-31", -1)).toBe("2025-02-28");
    expect(addMonths("2024-03-31", -1)).toBe("2024-02-29");
    expect(addMonths("2025-01-15", -1)).toBe("2024-12-15");
    expect(addMonths("2025-01-15", -25)).toBe("2022-12-15");
    expect(addMonths("2025-11-30", 3)).toBe("2026-02-28");
  });

  it("lands on a given day of the month (a billing day), the month's last when it is shorter", () => {
    expect(addMonths("2025-01-20", 1, 5)).toBe("2025-02-05");
    expect(addMonths("2025-01-03", 0, 28)).toBe("2025-01-28");
    expect(addMonths("2025-01-03", -1, 12)).toBe("2024-12-12");
    expect(addMonths("2025-01-03", 1, 31)).toBe("2025-02-28");
    expect(addMonths("2024-01-03", 1, 30)).toBe("2024-02-29");
  });
});

describe("business days", () => {
  it("knows weekdays from weekends", () => {
    expect(weekday("2025-06-01")).toBe(0); // a Sunday
    expect(isBusinessDay("2025-06-01")).toBe(false);
    expect(isBusinessDay("2025-06-07")).toBe(false);
    expect(isBusinessDay("2025-06-02")).toBe(true);
  });

  it("adds business days over weekends and month ends", () => {
    expect(addBusinessDays("2025-06-06", 1)).toBe("2025-06-09"); // Friday to Monday
    expect(addBusinessDays("2025-06-07", 1)).toBe("2025-06-09"); // Saturday to Monday
    expect(addBusinessDays("2025-05-28", 10)).toBe("2025-06-11");
    expect(addBusinessDays("2025-06-06", 0)).toBe("2025-06-06");
  });
});

describe("today in Toronto", () => {
  it("turns at Toronto's midnight, in winter (UTC−5) and in summer (UTC−4), asked twice within a minute or not", () => {
    const at = (iso: string) => torontoToday(new Date(iso));
    expect(at("2026-01-15T04:59:59.999Z")).toBe("2026-01-14");
    expect(at("2026-01-15T04:59:00.000Z")).toBe("2026-01-14");
    expect(at("2026-01-15T05:00:00.000Z")).toBe("2026-01-15");
    expect(at("2026-01-15T05:00:59.999Z")).toBe("2026-01-15");
    expect(at("2026-07-01T03:59:59.999Z")).toBe("2026-06-30");
    expect(at("2026-07-01T04:00:00.000Z")).toBe("2026-07-01");
    // A number is a time too, and an earlier minute is not the last one's day.
    expect(torontoToday(Date.parse("2026-07-01T03:59:30Z"))).toBe("2026-06-30");
  });

  it("refuses an invalid date as before", () => {
    expect(() => torontoToday(new Date("not a date"))).toThrow(RangeError);
  });
});

describe("instants as the API writes them", () => {
  it("reads them as Date.parse does, across month ends, leap days, centuries and every hour of a year", () => {
    const instants = [
      "1969-12-31T23:59:59.999Z",
      "1970-01-01T00:00:00.000Z",
      "2000-02-29T12:34:56.789Z",
      "2024-02-29T23:00:00.000Z",
      "2100-03-01T00:00:00.001Z",
      "2026-12-31T23:59:59.999Z",
    ];
    for (let hour = 0; hour < 366 * 24; hour += 7) instants.push(new Date(Date.UTC(2028, 0, 1) + hour * 3_600_000 + hour).toISOString());
    for (const iso of instants) expect(instantMillis(iso), iso).toBe(Date.parse(iso));
  });

  it("leaves other forms to Date.parse: offsets, no milliseconds, nonsense", () => {
    for (const iso of ["2026-11-03T14:00:00Z", "2026-11-03T09:00:00.000-05:00", "2026-11-03", "not an instant at all!!!"]) {
      expect(instantMillis(iso), iso).toEqual(Date.parse(iso));
    }
  });
});
