/** The router screens' formatting: byte counts and instants in each language, durations in words. */
import { describe, expect, it } from "vitest";
import { durationInWords } from "../../app/components/router/RouterParts.tsx";
import { formatBytes, formatDateTime } from "../../app/lib/i18n.ts";
import { tFor } from "../../app/lib/i18n.server.ts";

describe("formatBytes", () => {
  it("uses the largest unit at or above 1, in the page's language", () => {
    expect(formatBytes(456_000_000_000, "en")).toBe("456 GB");
    expect(formatBytes(1_234_000_000, "fr")).toBe("1,2\u00a0Go");
    expect(formatBytes(512, "en")).toBe("512 bytes");
  });
});

describe("formatDateTime", () => {
  it("gives the date and time in Toronto", () => {
    expect(formatDateTime("2026-11-22T20:05:00Z", "en", "long")).toBe("November 22, 2026, 3:05\u00a0p.m.");
    expect(formatDateTime("2026-11-22T20:05:00Z", "fr", "long")).toBe("22 novembre 2026, 15\u00a0h\u00a005");
    // Canadian French: the hour without a leading zero, the first of the month as « 1er », in both styles.
    expect(formatDateTime("2026-08-01T13:05:00Z", "fr")).toBe("1er août 2026, 9\u00a0h\u00a005");
    expect(formatDateTime("2026-08-01T13:05:00Z", "fr", "long")).toBe("1er août 2026, 9\u00a0h\u00a005");
    expect(formatDateTime("2026-08-01T13:05:00Z", "en")).toBe("Aug 1, 2026, 9:05\u00a0a.m.");
  });
});

describe("durationInWords", () => {
  it("says the two largest units, with plurals, in English and French", () => {
    const en = tFor("en", "router");
    const fr = tFor("fr", "router");
    expect(durationInWords(93_784, en)).toBe("1 day 2 hours");
    expect(durationInWords(43_320, en)).toBe("12 hours 2 minutes");
    expect(durationInWords(3_600, en)).toBe("1 hour");
    expect(durationInWords(45, en)).toBe("45 seconds");
    expect(durationInWords(0, en)).toBe("0 seconds");
    expect(durationInWords(172_800, fr)).toBe("2 jours");
    expect(durationInWords(1_800, fr)).toBe("30 minutes");
  });
});
