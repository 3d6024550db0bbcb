/**
 * The English and French texts: the same files and keys in both languages, no empty text, the same
 * placeholders, and every key the app's code names exists in its namespace.
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CommercialServiceStatus, ResidentialServiceStatus } from "#contract/dashboard";
import { WifiBand } from "#contract/home-network";
import { LANGUAGES, NAMESPACES, type Language, type Namespace } from "../../app/lib/i18n.ts";
import { resources } from "../../app/lib/i18n.server.ts";
import { completeTexts, resolveText } from "../../app/lib/translate.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const LOCALES = path.join(ROOT, "locales");

type Tree = { [key: string]: string | Tree };

const jsonFiles = (language: string) =>
  readdirSync(path.join(LOCALES, language))
    .filter((file) => file.endsWith(".json"))
    .sort();

const load = (language: string, file: string): Tree => JSON.parse(readFileSync(path.join(LOCALES, language, file), "utf8")) as Tree;

/** Dotted key -> value, for every leaf. Non-string leaves are kept to be reported. */
function flatten(tree: Tree, prefix = ""): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === "object" && !Array.isArray(value)) {
      for (const [k, v] of flatten(value, full)) out.set(k, v);
    } else out.set(full, value);
  }
  return out;
}

/** Keys of `a` missing in `b`, the i18next plural forms of a missing key included. */
const missingIn = (a: Map<string, unknown>, b: Map<string, unknown>) => [...a.keys()].filter((key) => !b.has(key));

describe("locale files", () => {
  it("exist for both languages", () => {
    expect(
      readdirSync(LOCALES)
        .filter((entry) => statSync(path.join(LOCALES, entry)).isDirectory())
        .sort(),
    ).toEqual([...LANGUAGES].sort());
  });

  it("are the same namespace files in English and French", () => {
    const [en, fr] = [jsonFiles("en"), jsonFiles("fr")];
    expect(
      en.filter((file) => !fr.includes(file)),
      "only in locales/en",
    ).toEqual([]);
    expect(
      fr.filter((file) => !en.includes(file)),
      "only in locales/fr",
    ).toEqual([]);
  });

  it("are the namespaces the server loads", () => {
    expect(jsonFiles("en").map((file) => file.replace(/\.json$/, ""))).toEqual([...NAMESPACES].sort());
  });
});

describe.each(jsonFiles("en"))("%s", (file) => {
  const en = flatten(load("en", file));
  const fr = flatten(load("fr", file));

  it("has every English key in French", () => {
    expect(missingIn(en, fr)).toEqual([]);
  });

  it("has every French key in English", () => {
    expect(missingIn(fr, en)).toEqual([]);
  });

  it("has no empty or non-text value", () => {
    for (const [language, entries] of [
      ["en", en],
      ["fr", fr],
    ] as const) {
      const bad = [...entries].filter(([, value]) => typeof value !== "string" || value.trim() === "").map(([key]) => `${language}:${key}`);
      expect(bad).toEqual([]);
    }
  });

  it("uses the same placeholders and markup tags in both languages", () => {
    const tokens = (text: unknown) =>
      String(text)
        .match(/\{\{\s*[\w.]+\s*\}\}|<\/?\w+\s*\/?>/g)
        ?.map((token) => token.replace(/\s+/g, ""))
        .sort() ?? [];
    const different = [...en.keys()]
      .filter((key) => fr.has(key))
      .filter((key) => JSON.stringify(tokens(en.get(key))) !== JSON.stringify(tokens(fr.get(key))));
    expect(different).toEqual([]);
  });
});

/*
 * Keys named in the app's code. Only literal keys are checked: t("a.b"), both branches of
 * t(cond ? "a" : "b"), i18nKey="a.b", navigation labels, notify(..., "a.b") and the translation keys
 * that schemas give as error messages. Keys built at run time (t(`status.${s}`), t(n.key)) cannot be
 * read statically. Each t( takes the namespace of the nearest useTranslation(...) or useT(...) before it in the file
 * (common when there is none); a "ns:" prefix names the namespace explicitly.
 */
interface KeyUse {
  file: string;
  namespace: string;
  key: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function keyUses(): KeyUse[] {
  const uses: KeyUse[] = [];
  for (const file of sourceFiles(path.join(ROOT, "app"))) {
    const source = readFileSync(file, "utf8");
    const relative = path.relative(ROOT, file);
    const namespaceAt = (index: number) => {
      let namespace = "common";
      for (const match of source.matchAll(/\b(?:useTranslation|useT)\(\s*(?:"(\w+)")?/g)) {
        if (match.index > index) break;
        namespace = match[1] ?? "common";
      }
      return namespace;
    };
    const add = (index: number, key: string, namespace = namespaceAt(index)) => {
      const [ns, bare] = key.includes(":") ? key.split(":", 2) : [namespace, key];
      uses.push({ file: relative, namespace: ns, key: bare });
    };
    for (const match of source.matchAll(/\bt\(\s*"([^"]+)"/g)) add(match.index, match[1]);
    for (const match of source.matchAll(/\bt\(\s*[\w.!?\s]+?(?:===?\s*"[^"]*"\s*)?\?\s*"([^"]+)"\s*:\s*"([^"]+)"\s*[,)]/g)) {
      add(match.index, match[1]);
      add(match.index, match[2]);
    }
    for (const match of source.matchAll(/i18nKey="([^"]+)"/g)) add(match.index, match[1]);
    for (const match of source.matchAll(/\blabel:\s*"(nav\.[^"]+)"/g)) add(match.index, match[1], "common");
    for (const match of source.matchAll(/\bnotify\(\s*\w+\s*,\s*"\w+"\s*,\s*"([^"]+)"/g)) add(match.index, match[1], "common");
    if (relative.startsWith(path.join("app", "schemas"))) {
      // Field error messages are keys; without a prefix they are looked up in common.
      for (const match of source.matchAll(/"((?:\w+:)?[a-z]\w*\.[a-z]\w*(?:\.\w+)*)"/g)) add(match.index, match[1], "common");
    }
  }
  return uses;
}

/** The app's own lookup finds the key (a key with a count through its plural forms). */
const exists = (language: Language, namespace: string, key: string) => {
  const texts = completeTexts(language, resources[language]);
  return resolveText(texts, namespace as Namespace, key) !== undefined || resolveText(texts, namespace as Namespace, key, 2) !== undefined;
};

describe("keys used in app/", () => {
  const uses = keyUses();

  it("are found by the scan (the scan itself works)", () => {
    const seen = new Set(uses.map((use) => `${use.namespace}:${use.key}`));
    for (const expected of [
      "auth:login.failedHelp",
      "auth:login.tooManyAttempts",
      "auth:login.usernameRequired",
      "common:errors.notFoundTitle",
      "common:nav.myServices",
      "common:switcher.unavailable",
      "common:switcher.invalid",
      "dashboard:alerts.pausedTitle",
      "dashboard:alerts.pauseScheduledTitle",
      "dashboard:commercial.title",
    ]) {
      expect(seen, expected).toContain(expected);
    }
    expect(uses.length).toBeGreaterThan(100);
  });

  it("every key exists in its namespace in English and French", () => {
    const missing: string[] = [];
    for (const language of LANGUAGES) {
      for (const use of uses) {
        if (!(NAMESPACES as readonly string[]).includes(use.namespace)) {
          missing.push(`${use.file}: unknown namespace ${use.namespace} (${use.key})`);
          continue;
        }
        if (!exists(language, use.namespace, use.key)) missing.push(`${language}/${use.namespace}.json: ${use.key} (${use.file})`);
      }
    }
    expect([...new Set(missing)]).toEqual([]);
  });

  it("include the keys built at run time from known values (language names, service statuses, WiFi bands)", () => {
    const built = [
      ...LANGUAGES.map((language) => `language.name.${language}`),
      ...[...ResidentialServiceStatus.options, ...CommercialServiceStatus.options, "loading"].map((status) => `status.${status}`),
      // Band names hold a dot ("2.4GHz"): found as the app looks them up, not only as a flattened key.
      ...WifiBand.options.map((band) => `services:bands.${band}`),
      ...WifiBand.options.map((band) => `wifi:bands.${band}`),
      ...WifiBand.options.map((band) => `wifi:connections.${band}`),
      ...WifiBand.options.map((band) => `dashboard:services.bands.${band}`),
    ];
    for (const language of LANGUAGES) {
      expect(
        built.filter((key) => !exists(language, "common", key)),
        language,
      ).toEqual([]);
    }
  });
});

/*
 * Typography (issue 27): French as Quebec writes it, with a no-break space (U+00A0, or the narrow U+202F)
 * before : ; ? ! and inside « », a decimal comma, and a no-break space between a number and its unit; in
 * both languages a number and its unit never part at a line end; English with no doubled full stop; and
 * Title Case only where the spec gives a text word for word.
 */
describe("typography", () => {
  const texts = (language: Language) =>
    jsonFiles(language).flatMap((file) =>
      [...flatten(load(language, file))].map(([key, value]) => ({ where: `${file} ${key}`, text: String(value) })),
    );
  /** Dotted quads ("192.168.1.1", "10.x.x.x"): addresses, not decimals. */
  const withoutAddresses = (text: string) => text.replace(/\b[\dx]+(\.[\dx]+){3}\b/g, "ADDRESS");
  const UNIT = String.raw`(?:GHz|MHz|Mbps|Gbps|Mbit/s|Gbit/s|[KMGT]B|[kMGT]o|kWh|dBm|A|V|h|min)`;

  it("French has a no-break space before : ; ? ! and inside « »", () => {
    const bad = texts("fr").flatMap(({ where, text }) =>
      [...text.matchAll(/[:;?!]/g)]
        .filter(({ 0: mark, index }) => {
          const before = text[index - 1];
          const after = text[index + 1] ?? "";
          if (mark === ":" && (after === "/" || (/\d/.test(before ?? "") && /\d/.test(after)))) return false; // https://, 10:30
          return before !== "\u00a0" && before !== "\u202f";
        })
        .map(({ 0: mark, index }) => `${where}: "${text.slice(Math.max(0, index - 12), index + 1)}" (${mark})`)
        .concat(/«[^\u00a0\u202f]|[^\u00a0\u202f]»/.test(text) ? [`${where}: « » without no-break spaces`] : []),
    );
    expect(bad).toEqual([]);
  });

  it("French writes decimals with a comma", () => {
    const bad = texts("fr")
      .filter(({ text }) => /\d\.\d/.test(withoutAddresses(text)))
      .map(({ where, text }) => `${where}: ${text}`);
    expect(bad).toEqual([]);
  });

  it.each(LANGUAGES)("%s keeps a number and its unit together with a no-break space", (language) => {
    const apart = new RegExp(String.raw`(?:\d|\}\})(?:[ \t]|)${UNIT}(?![\w/])`);
    const bad = texts(language)
      .filter(({ text }) => apart.test(text))
      .map(({ where, text }) => `${where}: ${text}`);
    expect(bad).toEqual([]);
  });

  it("English has no doubled full stop", () => {
    const bad = texts("en")
      .filter(({ text }) => /(?<!\.)\.\.(?!\.)/.test(text))
      .map(({ where, text }) => `${where}: ${text}`);
    expect(bad).toEqual([]);
  });

  it("English writes sentence case, Title Case only in the texts the spec gives word for word", () => {
    // Spec section 8 gives these success notices as they are; the others name things that are capitalised.
    const allowed = new Set([
      "contacts.json edit.notifyChanged", // "Changed Contact Permissions Successfully"
      "contacts.json remove.notifyRemoved", // "Removed Contact Successfully"
      "api.json decision.required", // the buttons "Allow" and "Deny"
      "api.json decision.invalid",
      "api.json correspondence_language.invalid", // "English or French"
      "api.json preferred_language.invalid",
      "services.json provinces.PE", // Prince Edward Island
    ]);
    const small = new Set(["a", "an", "the", "of", "to", "in", "on", "for", "and", "or", "by", "at", "with", "from", "per"]);
    const titleCase = (text: string) => {
      const words = text
        .replace(/\{\{[^}]+\}\}|<[^>]+>/g, " ")
        .split(/\s+/)
        .filter((word) => /^[A-Za-z]/.test(word));
      // Capitalised words after the first, acronyms (TCP, ID) aside.
      const capitalised = words.slice(1).filter((word) => !small.has(word.toLowerCase()) && /^[A-Z][a-z]/.test(word));
      return capitalised.length >= 2 && words.slice(1).every((word) => small.has(word.toLowerCase()) || /^[A-Z]/.test(word));
    };
    const bad = texts("en")
      .filter(({ where, text }) => titleCase(text) && !allowed.has(where))
      .map(({ where, text }) => `${where}: ${text}`);
    expect(bad).toEqual([]);
    expect(texts("en").find(({ where }) => where === "contacts.json edit.notifyChanged")?.text).toBe(
      "Changed Contact Permissions Successfully",
    );
  });
});
