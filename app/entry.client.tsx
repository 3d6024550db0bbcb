import i18next from "i18next";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { DEFAULT_LANGUAGE, DEFERRED_NAMESPACES, NAMESPACES, isLanguage } from "./lib/i18n.ts";

// Only the page's language is loaded; switching language reloads the document.
const files = import.meta.glob<{ default: Record<string, unknown> }>("../locales/*/*.json");

async function start() {
  const lang = document.documentElement.lang.slice(0, 2);
  const language = isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
  const bundles: Record<string, Record<string, unknown>> = {};
  // Namespaces of features most pages do not show only when the page lists them (app/lib/deferred-namespaces.ts).
  const listed = (document.documentElement.dataset.i18n ?? "").split(" ");
  const wanted = (file: string) => {
    const namespace = /(\w+)\.json$/.exec(file)![1];
    return !(DEFERRED_NAMESPACES as readonly string[]).includes(namespace) || listed.includes(namespace);
  };
  await Promise.all(
    Object.entries(files)
      .filter(([file]) => file.includes(`/locales/${language}/`) && wanted(file))
      .map(async ([file, load]) => {
        const namespace = /(\w+)\.json$/.exec(file)![1];
        bundles[namespace] = (await load()).default;
      }),
  );
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    ns: [...NAMESPACES],
    defaultNS: "common",
    resources: { [language]: bundles },
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void start();
