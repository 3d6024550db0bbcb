import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { DEFAULT_LANGUAGE, NAMESPACES, isLanguage, type Namespace } from "./lib/i18n.ts";
import { PAGE_TEXTS_ID } from "./lib/page-texts.tsx";
import { TextsContext, type Bundle, type Texts } from "./lib/translate.ts";

// One chunk per language and namespace: the browser loads only the page's language (switching language
// reloads the document) and only the namespaces the page uses; others load when a page first needs them.
const files = import.meta.glob<{ default: Bundle }>("../locales/*/*.json");

const lang = document.documentElement.lang.slice(0, 2);
const language = isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
const bundles: Partial<Record<Namespace, Bundle>> = {};
const loading = new Map<Namespace, Promise<void>>();

function load(namespace: Namespace): Promise<void> {
  let promise = loading.get(namespace);
  if (!promise) {
    const file = files[`../locales/${language}/${namespace}.json`];
    promise = file
      ? file().then((module) => {
          bundles[namespace] = module.default;
        })
      : Promise.resolve().then(() => {
          bundles[namespace] = {};
        });
    // A failed chunk (a new version deployed meanwhile) may be tried again by the next render.
    promise.catch(() => loading.delete(namespace));
    loading.set(namespace, promise);
  }
  return promise;
}

const texts: Texts = { language, get: (namespace) => bundles[namespace], load };

// Conform validates a field when it loses focus by submitting its form with a "validate" intent, which
// the form's React handlers answer in the browser. A page that replaces its form in place (forgot
// password → "check your email") removes a focused field, and the browser blurs it while React is
// taking the form down: the intent then reached no handler and posted the form as a document. With
// JavaScript running, such a post is never wanted: it is dropped here, after every handler had its turn.
window.addEventListener("submit", (event) => {
  const submitter = (event as SubmitEvent).submitter;
  if (event.defaultPrevented || !(submitter instanceof HTMLButtonElement) || submitter.name !== "__intent__") return;
  if (submitter.value.includes('"type":"validate"')) event.preventDefault();
});

async function start() {
  let listed: string[] = [];
  try {
    listed = JSON.parse(document.getElementById(PAGE_TEXTS_ID)?.textContent || "[]") as string[];
  } catch {
    // No list: the page's components load what they need.
  }
  const wanted = new Set<Namespace>(["common"]);
  for (const namespace of listed) if ((NAMESPACES as readonly string[]).includes(namespace)) wanted.add(namespace as Namespace);
  await Promise.all([...wanted].map(load));
  startTransition(() => {
    hydrateRoot(
      document,
      <TextsContext.Provider value={texts}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </TextsContext.Provider>,
    );
  });
}

void start();
