/** Loading a deferred namespace in the browser (app/lib/deferred-namespaces.ts): before a page the router reaches, or in a component. */
import i18next from "i18next";
import { useEffect, useState } from "react";
import type { Namespace } from "./i18n";

type Loaders = Record<string, () => Promise<{ default: Record<string, unknown> }>>;

const hasTexts = (ns: Namespace) => i18next.hasResourceBundle(i18next.language, ns);

/** Loads a deferred namespace of the page's language into the browser's i18next (files: import.meta.glob of its JSON files). */
export async function ensureNamespace(ns: Namespace, files: Loaders): Promise<void> {
  if (typeof document === "undefined" || hasTexts(ns)) return;
  const load = Object.entries(files).find(([file]) => file.endsWith(`/${i18next.language}/${ns}.json`))?.[1];
  if (load) i18next.addResourceBundle(i18next.language, ns, (await load()).default);
}

/** Whether a deferred namespace's texts are there (always on the server); loads them in the browser when not. */
export function useNamespace(ns: Namespace, files: Loaders): boolean {
  const [ready, setReady] = useState(() => typeof document === "undefined" || hasTexts(ns));
  useEffect(() => {
    if (!ready) void ensureNamespace(ns, files).then(() => setReady(true));
  }, [ready, ns, files]);
  return ready;
}
