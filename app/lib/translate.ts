/**
 * Translation lookups, the same code on the server and in the browser.
 *
 * The texts are i18next-style JSON files (`locales/<language>/<namespace>.json`): nested keys, `{{name}}`
 * interpolation, plural forms `_one`/`_other`/`_many` chosen by Intl.PluralRules, "namespace:key"
 * prefixes, `defaultValue`. remix-i18next detects the language on the server; the lookups themselves
 * are this small module rather than i18next, so that the browser carries ~1 KB instead of ~16 KB and
 * loads only the namespaces a page shows (docs/architecture.md, "First-load JavaScript").
 *
 * In the browser a namespace that is not loaded yet suspends the component (React keeps the previous
 * page during a router navigation) until its chunk arrives; the server records every namespace a page
 * used, and the browser loads those before hydrating (entry.server.tsx, PageTexts in root.tsx).
 */
import { createContext } from "react";
import { NAMESPACES, localeOf, type Language, type Namespace } from "./i18n.ts";

export type Bundle = Record<string, unknown>;
export type TOptions = Record<string, unknown> & { count?: number; defaultValue?: string };
/** A translation function fixed to a namespace (keys of others with "namespace:key"). */
export type T = (key: string, options?: TOptions) => string;

/** The texts a render reads: one language, its loaded namespaces. */
export interface Texts {
  language: Language;
  /** A namespace's texts, or undefined while it is not loaded (browser). */
  get(namespace: Namespace): Bundle | undefined;
  /** Loads a namespace (browser); the same promise until it is there. */
  load(namespace: Namespace): Promise<void>;
  /** Server: the namespaces the page used, for the browser to load before hydrating. */
  used?: Set<Namespace>;
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
  return deepFind(bundle, key.split("."), 0);
}

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

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

/** Fills `{{name}}` with a value given; a name given as undefined becomes empty, a name not given stays as written (as i18next does). */
function interpolate(text: string, options: TOptions | undefined): string {
  if (!options || !text.includes("{{")) return text;
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    if (!Object.prototype.hasOwnProperty.call(options, name)) return whole;
    const value = options[name];
    return value === undefined || value === null ? "" : String(value);
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
  texts.used?.add(ns);
  const bundle = texts.get(ns);
  // Suspends the render until the namespace is loaded (browser only; the server has them all).
  if (!bundle) throw texts.load(ns);
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

/** Texts that are all there (the server's, tests'). */
export function completeTexts(language: Language, bundles: Record<string, Bundle>, used?: Set<Namespace>): Texts {
  return {
    language,
    get: (namespace) => bundles[namespace] ?? {},
    load: () => Promise.resolve(),
    used,
  };
}
