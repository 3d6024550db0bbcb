/**
 * The translation hook of the portal's components: `t` fixed to a namespace, from the texts that
 * TextsContext gives (app/lib/translate.ts): on the server every namespace of the request's language,
 * in the browser those the page loaded, the others loading when a component first needs them.
 *
 * The language never changes under a mounted page (switching reloads the document).
 */
import { useContext, useMemo } from "react";
import type { Language, Namespace } from "./i18n";
import { TextsContext, translator, type T } from "./translate";

export function useT(namespace: Namespace = "common"): { t: T; language: Language } {
  const texts = useContext(TextsContext);
  if (!texts) throw new Error("useT needs a TextsContext provider (entry.server.tsx, entry.client.tsx)");
  const t = useMemo(() => translator(texts, namespace), [texts, namespace]);
  return { t, language: texts.language };
}
