/**
 * Translation lookups, the same code on the server and in the browser.
 *
 * The texts are i18next-style JSON files (`locales/<language>/<namespace>.json`): nested keys, `{{name}}`
 * interpolation, plural forms `_one`/`_other`/`_many` chosen by Intl.PluralRules, "namespace:key"
 * prefixes, `defaultValue`. remix-i18next detects the language on the server; the lookups themselves
 * are this small module rather than i18next, so that the browser carries ~1 KB instead of ~16 KB and
 * loads only the namespaces a page shows (docs/architecture.md, "Language"; docs/decisions/110-texts-per-page-small-translator.md).
 *
 * In the browser a part of a namespace that is not loaded yet suspends the component (React keeps the
 * previous page during a router navigation) until its file arrives; the server records every part a page
 * used, and the browser loads those before hydrating (entry.server.tsx, PageTexts in root.tsx).
 */
import { createContext } from "react";
import { NAMESPACES, localeOf, type Language, type Namespace } from "./i18n.ts";

export type Bundle = Record<string, unknown>;
export type TOptions = Record<string, unknown> & { count?: number; defaultValue?: string };
/** A translation function fixed to a namespace (keys of others with "namespace:key"). */
export type T = (key: string, options?: TOptions) => string;

/**
 * The browser loads a namespace in sections: each top-level object of its file (a key without a dot)
 * is one, everything else is the root section "_". A page's first load carries only the sections it
 * shows; "common" (every page's frame) and "api" (messages that come with validation) load whole. A
 * "part" names what is loaded: "billing/pay" (a section) or "billing" (the whole namespace).
 */
export const ROOT_SECTION = "_";
export const WHOLE_NAMESPACES: ReadonlySet<string> = new Set(["common", "api"]);

/** The sections a namespace's file is split into (beside ROOT_SECTION), or none for a whole namespace. */
export function sectionNames(namespace: string, bundle: Bundle): string[] {
  if (WHOLE_NAMESPACES.has(namespace)) return [];
  return Object.keys(bundle).filter((key) => {
    const value = bundle[key];
    return key !== ROOT_SECTION && !key.includes(".") && typeof value === "object" && value !== null && !Array.isArray(value);
  });
}

/** The part that holds a key of a namespace with these sections ("pay.title" → "billing/pay"). */
export function partOf(namespace: Namespace, sections: ReadonlySet<string> | undefined, key: string): string {
  if (!sections || sections.size === 0) return namespace;
  const dot = key.indexOf(".");
  const first = dot < 0 ? key : key.slice(0, dot);
  return `${namespace}/${sections.has(first) ? first : ROOT_SECTION}`;
}

const partSizes = new WeakMap<Bundle, Map<string, number>>();

/** The size of each section of a namespace, and of all of it (""), as JSON. */
function sizesOf(namespace: string, bundle: Bundle): Map<string, number> {
  let sizes = partSizes.get(bundle);
  if (!sizes) {
    sizes = new Map([["", JSON.stringify(bundle).length]]);
    const names = new Set(sectionNames(namespace, bundle));
    for (const name of names) sizes.set(name, JSON.stringify(bundle[name]).length);
    sizes.set(ROOT_SECTION, JSON.stringify(Object.fromEntries(Object.entries(bundle).filter(([key]) => !names.has(key)))).length);
    partSizes.set(bundle, sizes);
  }
  return sizes;
}

/**
 * The parts for the browser to load before hydrating, from those a page used: a namespace of which the
 * page shows two-thirds or more (by size) is listed whole, one file rather than many small ones. Below
 * that its sections weigh less than the whole file even compressed one by one (the router page, showing
 * 55 % of its namespace: 3.7 KB in sections against 4.1 KB whole).
 */
function partsToLoad(texts: Texts, used: Iterable<string>): string[] {
  const byNamespace = new Map<string, string[]>();
  for (const part of used) {
    const [namespace, section] = part.split("/");
    const list = byNamespace.get(namespace) ?? [];
    if (section) list.push(section);
    byNamespace.set(namespace, list);
  }
  const parts: string[] = [];
  for (const [namespace, sections] of byNamespace) {
    const bundle = texts.get(namespace as Namespace);
    if (!sections.length || !bundle) {
      parts.push(namespace);
      continue;
    }
    const sizes = sizesOf(namespace, bundle);
    const shown = sections.reduce((sum, section) => sum + (sizes.get(section) ?? 0), 0);
    if (shown * 3 >= (sizes.get("") ?? 0) * 2) parts.push(namespace);
    // The root section always: with its texts come the namespace's section names (entry.client.tsx).
    else parts.push(...[...new Set([ROOT_SECTION, ...sections])].map((section) => `${namespace}/${section}`));
  }
  return parts.sort();
}

/** The texts a render reads: one language, its loaded namespaces. */
export interface Texts {
  language: Language;
  /** A namespace's texts (in the browser: the sections loaded so far), or undefined while none is. */
  get(namespace: Namespace): Bundle | undefined;
  /** Loads a part ("billing/pay", or "billing" for all of it) (browser); the same promise until it is there. */
  load(part: string): Promise<void>;
  /** The sections of a namespace that loads in sections. */
  sections(namespace: Namespace): ReadonlySet<string> | undefined;
  /** Browser: whether a part is loaded (absent: everything is there). */
  has?(part: string): boolean;
  /** Server: the parts the page used. */
  used?: Set<string>;
  /** Server: what the browser loads before hydrating, from the parts used (PageTexts). */
  parts?(): string[];
}

export const TextsContext = createContext<Texts | null>(null);

const isNamespace = (value: string): value is Namespace => (NAMESPACES as readonly string[]).includes(value);

const pluralRules = new Map<Language, Intl.PluralRules>();
function pluralCategory(language: Language, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(localeOf(language));
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

/**
 * The text at a dotted key. A segment may itself contain dots ("connections.2.4GHz" is `connections` → `2.4GHz`), so
 * at each level the longest run of segments that names an entry wins, as i18next's deep lookup does.
 */
function lookup(bundle: Bundle, key: string): string | undefined {
  const direct = bundle[key];
  if (typeof direct === "string") return direct;
  if (!key.includes(".")) return undefined;
  let known = foundTexts.get(bundle);
  const seen = known?.get(key);
  if (seen !== undefined) return seen;
  const text = deepFind(bundle, key.split("."), 0);
  if (text !== undefined) {
    if (!known) foundTexts.set(bundle, (known = new Map()));
    known.set(key, text);
  }
  return text;
}

/**
 * Dotted keys already found, per bundle: a page reads the same few hundred keys on every render, and the deep
 * lookup tries the longest run of segments first. Only texts found are kept (a browser's bundle gains sections
 * as they load, so a miss may not stay one; a text found never changes).
 */
const foundTexts = new WeakMap<Bundle, Map<string, string>>();

function deepFind(node: unknown, parts: string[], from: number): string | undefined {
  if (from === parts.length) return typeof node === "string" ? node : undefined;
  if (!node || typeof node !== "object") return undefined;
  const entries = node as Record<string, unknown>;
  for (let to = parts.length; to > from; to--) {
    const name = to === from + 1 ? parts[from]! : parts.slice(from, to).join(".");
    if (!Object.prototype.hasOwnProperty.call(entries, name)) continue;
    const found = deepFind(entries[name], parts, to);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** A placeholder, with the full stop that may follow it. */
const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}(\.?)/g;

/**
 * Fills `{{name}}` with a value given; a name given as undefined becomes empty, a name not given stays as
 * written (as i18next does). A sentence that ends with a value ending in a full stop ("… Inc.", "3:00 p.m.")
 * takes no second one: "Welcome to {{name}}." with "Acme Inc." reads "Welcome to Acme Inc.".
 */
function interpolate(text: string, options: TOptions | undefined): string {
  if (!options || !text.includes("{{")) return text;
  return text.replace(PLACEHOLDER, (whole, name: string, stop: string) => {
    if (!Object.prototype.hasOwnProperty.call(options, name)) return whole;
    const raw = options[name];
    const value = raw === undefined || raw === null ? "" : String(raw);
    return stop && value.endsWith(".") ? value : value + stop;
  });
}

/** The namespace and key of "namespace:key" (or the given namespace and the key as it is). */
export function splitKey(namespace: Namespace, key: string): [Namespace, string] {
  const colon = key.indexOf(":");
  if (colon > 0) {
    const prefix = key.slice(0, colon);
    if (isNamespace(prefix)) return [prefix, key.slice(colon + 1)];
  }
  return [namespace, key];
}

/** The text of a key, or undefined when the namespace has none (plural forms tried when a count is given). */
export function resolveText(texts: Texts, namespace: Namespace, key: string, count?: number): string | undefined {
  const [ns, name] = splitKey(namespace, key);
  const part = partOf(ns, texts.sections(ns), name);
  texts.used?.add(part);
  const bundle = texts.get(ns);
  // Suspends the render until the part is loaded (browser only; the server has them all).
  if (!bundle || (texts.has && !texts.has(part))) throw texts.load(part);
  if (typeof count === "number") {
    return lookup(bundle, `${name}_${pluralCategory(texts.language, count)}`) ?? lookup(bundle, `${name}_other`) ?? lookup(bundle, name);
  }
  return lookup(bundle, name);
}

/** A translation function of a namespace. A key without text gives its defaultValue, else the key itself. */
export function translator(texts: Texts, namespace: Namespace): T {
  return (key, options) => {
    const text = resolveText(texts, namespace, key, typeof options?.count === "number" ? options.count : undefined);
    if (text !== undefined) return interpolate(text, options);
    if (typeof options?.defaultValue === "string") return interpolate(options.defaultValue, options);
    return splitKey(namespace, key)[1];
  };
}

const sectionsOf = new WeakMap<Bundle, ReadonlySet<string>>();

/** Texts that are all there (the server's, tests'). */
export function completeTexts(language: Language, bundles: Record<string, Bundle>, used?: Set<string>): Texts {
  const texts: Texts = {
    language,
    get: (namespace) => bundles[namespace] ?? {},
    load: () => Promise.resolve(),
    sections: (namespace) => {
      const bundle = bundles[namespace];
      if (!bundle) return undefined;
      let sections = sectionsOf.get(bundle);
      if (!sections) {
        sections = new Set(sectionNames(namespace, bundle));
        sectionsOf.set(bundle, sections);
      }
      return sections;
    },
    used,
    parts: () => partsToLoad(texts, used ?? []),
  };
  return texts;
}
