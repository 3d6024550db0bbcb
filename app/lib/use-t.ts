/**
 * The translation hook of the portal's components: `t` fixed to a namespace, from the i18next instance
 * that I18nextProvider gives (one per language, prepared at start on the server).
 *
 * Why not react-i18next's useTranslation: in version 17 it copies every property descriptor of the
 * i18next instance on each component mount, which cost about 1.2 ms of server CPU per page here
 * (measured with scripts/bench.mjs and --cpu-prof). The language never changes under a mounted page
 * (switching reloads the document), so a memoised fixed `t` is all a component needs.
 *
 * Lookups without options (most of them) are cached per instance and namespace: resources never change
 * after start, and i18next's full resolution costs about 15 µs a call, dozens of times a page.
 */
import type { i18n as I18n, TFunction } from "i18next";
import { useContext, useMemo } from "react";
import { I18nContext } from "react-i18next";
import type { Language, Namespace } from "./i18n";

const cachedT = new WeakMap<I18n, Map<string, TFunction>>();

function fixedT(i18n: I18n, language: string, namespace: Namespace): TFunction {
  let byNamespace = cachedT.get(i18n);
  if (!byNamespace) {
    byNamespace = new Map();
    cachedT.set(i18n, byNamespace);
  }
  const id = `${language}:${namespace}`;
  let t = byNamespace.get(id);
  if (!t) {
    const resolve = i18n.getFixedT(language, namespace);
    const plain = new Map<string, string>();
    t = ((key: string | string[], ...rest: unknown[]) => {
      if (rest.length || typeof key !== "string") return (resolve as unknown as (...args: unknown[]) => string)(key, ...rest);
      let text = plain.get(key);
      if (text === undefined) {
        text = resolve(key);
        plain.set(key, text);
      }
      return text;
    }) as unknown as TFunction;
    // <Trans> and friends read the namespace and language from the function, as i18next sets them.
    Object.assign(t, { ns: (resolve as unknown as { ns: unknown }).ns, lng: language, keyPrefix: undefined });
    byNamespace.set(id, t);
  }
  return t;
}

export function useT(namespace: Namespace = "common"): { t: TFunction; i18n: I18n; language: Language } {
  const { i18n } = useContext(I18nContext);
  const language = i18n.language as Language;
  const t = useMemo(() => fixedT(i18n, language, namespace), [i18n, language, namespace]);
  return { t, i18n, language };
}
