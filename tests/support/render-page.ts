/**
 * A page or component rendered as the server renders it, inside a router (links, the root's data for the
 * page title) with every text of a language: its HTML, or the words as a reader gets them.
 */
import { createElement as h, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import type { Language } from "../../app/lib/i18n.ts";
import { resources } from "../../app/lib/i18n.server.ts";
import { TextsContext, completeTexts } from "../../app/lib/translate.ts";

/** The HTML, apostrophes as written. */
export function renderHtml(element: () => ReactNode, language: Language = "en"): string {
  const Stub = createRoutesStub([{ id: "root", path: "/", loader: () => ({ brand: "Lakeshore" }), Component: () => element() }]);
  return renderToString(
    h(
      TextsContext.Provider,
      { value: completeTexts(language, resources[language], new Set()) },
      h(Stub, { initialEntries: ["/"], hydrationData: { loaderData: { root: { brand: "Lakeshore" } } } }),
    ),
  ).replace(/&#x27;|&#39;/g, "’");
}

/** Markup aside: the words as a reader gets them (non-breaking spaces kept). */
export function renderWords(element: () => ReactNode, language: Language = "en"): string {
  return renderHtml(element, language)
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/ +/g, " ");
}
