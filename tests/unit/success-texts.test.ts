/**
 * Success notifications speak in sentence case, in English and French, except the texts the spec gives
 * word for word (section 8: "Changed Contact Permissions Successfully", "Removed Contact Successfully",
 * "Successfully Updated endpoint details", "Successfully updated DHCP lease."), which stay as given.
 */
import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";

const SPEC_VERBATIM = new Set([
  "Changed Contact Permissions Successfully",
  "Removed Contact Successfully",
  "Successfully Updated endpoint details",
  "Successfully updated DHCP lease.",
]);
/** Words written with a capital inside a sentence: names, brands and abbreviations. */
const PROPER = /^(WiFi|Wi-Fi|DHCP|LAN|TV|Go|PAD|IP)$/;
/** Keys of success notifications: `notify…`, and the router's and privacy's `saved` / `added` / `removed` / `updated`. */
const SUCCESS_KEY = /^notify|^(saved|added|removed|updated|refreshed)$/;

function successTexts(language: string): [string, string][] {
  const dir = new URL(`../../locales/${language}/`, import.meta.url);
  const found: [string, string][] = [];
  for (const file of readdirSync(dir)) {
    const walk = (node: unknown, path: string[]) => {
      if (typeof node === "string") {
        const last = path[path.length - 1].replace(/_(one|other|many)$/, "");
        if (SUCCESS_KEY.test(last)) found.push([`${file.replace(".json", "")}:${path.join(".")}`, node]);
      } else if (node && typeof node === "object") for (const [key, value] of Object.entries(node)) walk(value, [...path, key]);
    };
    walk(JSON.parse(readFileSync(new URL(file, dir), "utf8")), []);
  }
  return found;
}

/** Words after a sentence's first that start with a capital (names and placeholders aside). */
function capitalised(text: string): string[] {
  return text
    .replace(/\{\{[^}]*\}\}/g, "x")
    .replace(/[«“][^»”]*[»”]/g, "x")
    .split(/(?<=[.!?])\s+/)
    .flatMap((sentence) => sentence.split(/\s+/).slice(1))
    .map((word) => word.replace(/[^\p{L}’'-]/gu, ""))
    .filter((word) => /^\p{Lu}\p{Ll}/u.test(word) && !PROPER.test(word));
}

describe("success notifications in sentence case", () => {
  for (const language of ["en", "fr"]) {
    it(language, () => {
      const texts = successTexts(language);
      expect(texts.length).toBeGreaterThan(25);
      const titleCase = texts
        .filter(([, text]) => !SPEC_VERBATIM.has(text) && capitalised(text).length)
        .map(([key, text]) => `${key}: ${text}`);
      expect(titleCase).toEqual([]);
    });
  }

  it("keeps the spec's words where it gives them", () => {
    const en = Object.fromEntries(successTexts("en"));
    expect(en["contacts:edit.notifyChanged"]).toBe("Changed Contact Permissions Successfully");
    expect(en["contacts:remove.notifyRemoved"]).toBe("Removed Contact Successfully");
    expect(en["business:settings.updated"]).toBe("Successfully Updated endpoint details");
    expect(en["router:reservation.saved"]).toBe("Successfully updated DHCP lease.");
  });
});
