import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { folder } from "virtual:locale-sections";
import { CodeUnavailable } from "./components/ErrorPage.tsx";
import { claimReload } from "./lib/chunk-reload.ts";
import { DEFAULT_LANGUAGE, NAMESPACES, isLanguage, type Namespace } from "./lib/i18n.ts";
import { PAGE_TEXTS_ID } from "./lib/page-texts.tsx";
import { watchDataRequests } from "./lib/reference.ts";
import { ROOT_SECTION, TextsContext, type Bundle, type Texts } from "./lib/translate.ts";

// One small module per language and part of a namespace (a section, or a whole namespace for "common"
// and "api"; scripts/vite-locale-sections.ts): the browser loads only the page's language (switching
// language reloads the document) and only the parts the page shows; others load when first needed.
const lang = document.documentElement.lang.slice(0, 2);
const language = isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
/** The section names of the namespaces loaded in sections, learnt from their root section or whole file. */
const sectionSets = new Map<string, ReadonlySet<string>>();
const bundles: Partial<Record<Namespace, Bundle>> = {};
const loaded = new Set<string>();
const loading = new Map<string, Promise<void>>();

type Part = { default: Bundle; sections?: string[] };

function loadFile(part: string, apply: (texts: Bundle) => void): Promise<void> {
  let promise = loading.get(part);
  if (!promise) {
    const namespace = part.split("/")[0];
    promise = (import(/* @vite-ignore */ `${folder}${language}/${part}.js`) as Promise<Part>).then((module) => {
      if (module.sections && !sectionSets.has(namespace)) sectionSets.set(namespace, new Set(module.sections));
      apply(module.default);
    });
    // A failed file (a new version deployed meanwhile) may be tried again by the next render.
    promise.catch(() => loading.delete(part));
    loading.set(part, promise);
  }
  return promise;
}

/** A whole namespace, in one file: every section of it is there once it is in. */
function loadWhole(namespace: Namespace): Promise<void> {
  return loadFile(namespace, (texts) => {
    bundles[namespace] = { ...bundles[namespace], ...texts };
    loaded.add(namespace);
    for (const name of [ROOT_SECTION, ...(sectionSets.get(namespace) ?? [])]) loaded.add(`${namespace}/${name}`);
  });
}

function loadSection(namespace: Namespace, section: string): Promise<void> {
  if (loaded.has(namespace)) return Promise.resolve();
  return loadFile(`${namespace}/${section}`, (texts) => {
    bundles[namespace] = section === ROOT_SECTION ? { ...bundles[namespace], ...texts } : { ...bundles[namespace], [section]: texts };
    loaded.add(`${namespace}/${section}`);
  });
}

const isNamespace = (value: string): value is Namespace => (NAMESPACES as readonly string[]).includes(value);

/** Before hydrating, the browser loads exactly the parts the server listed; afterwards, whole namespaces. */
let hydrating = true;

/**
 * "billing/pay": that section; "billing": all of billing. Once the page is hydrated, a section of a
 * namespace of which nothing is loaded brings the whole namespace, in one file: a page reached by a
 * navigation would otherwise wait for its sections one after another, as each render finds the next.
 */
function load(part: string): Promise<void> {
  const [namespace, section] = part.split("/") as [string, string | undefined];
  if (!isNamespace(namespace)) return Promise.resolve();
  if (section && hydrating) return /^[\w.-]+$/.test(section) ? loadSection(namespace, section) : Promise.resolve();
  const names = sectionSets.get(namespace);
  if (!names || ![ROOT_SECTION, ...names].some((name) => loaded.has(`${namespace}/${name}`))) return loadWhole(namespace);
  if (section) return names.has(section) || section === ROOT_SECTION ? loadSection(namespace, section) : Promise.resolve();
  // The rest of a namespace of which some sections are here.
  return Promise.all([ROOT_SECTION, ...names].map((name) => loadSection(namespace, name))).then(() => undefined);
}

const texts: Texts = {
  language,
  get: (namespace) => bundles[namespace],
  load,
  sections: (namespace) => sectionSets.get(namespace),
  has: (part) => loaded.has(part),
};

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

// An error page met by a navigation in the page names the failed data request's id (app/lib/reference.ts).
watchDataRequests(window);

/**
 * A route module that failed to download during a navigation (React Router hands it here:
 * scripts/vite-route-module-failures.ts). At most once a minute (spec section 8) the browser loads the
 * page the customer asked for as a new document (the page it is on, for a form that was posted); within
 * the minute the navigation goes on with a page that says its code could not be loaded, with a link that
 * loads it anew. docs/decisions/070-failed-code-downloads.md.
 */
interface Navigation {
  state: string;
  formMethod?: string;
  location?: { pathname: string; search: string; hash: string };
}
const routerWindow = window as unknown as {
  __routeModuleFailed?: (route: unknown, error: unknown) => unknown;
  __reactRouterDataRouter?: { state: { navigation: Navigation } };
};
routerWindow.__routeModuleFailed = () => {
  if (!claimReload()) return { default: CodeUnavailable };
  const navigation = routerWindow.__reactRouterDataRouter?.state.navigation;
  const to = navigation?.location;
  const reading = navigation?.state === "loading" && (!navigation.formMethod || navigation.formMethod.toUpperCase() === "GET");
  if (reading && to) window.location.assign(to.pathname + to.search + to.hash);
  else window.location.reload();
  return new Promise(() => {});
};

async function start() {
  let listed: string[] = [];
  try {
    listed = JSON.parse(document.getElementById(PAGE_TEXTS_ID)?.textContent || "[]") as string[];
  } catch {
    // No list: the page's components load what they need.
  }
  await Promise.all(["common", ...listed.filter((part) => typeof part === "string")].map(load));
  hydrating = false;
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

// The rest of the namespaces the page shows loads once it is interactive, so that a text shown later
// (a field's message, a disclosure opened) is there before it is needed: a render that needs a part not
// loaded waits for it (React keeps the page on screen during a navigation, not during a click).
void start().then(() => {
  const rest = () => {
    for (const namespace of new Set([...loaded].map((part) => part.split("/")[0]))) void load(namespace).catch(() => undefined);
  };
  if ("requestIdleCallback" in window) window.requestIdleCallback(rest, { timeout: 2_000 });
  else setTimeout(rest, 200);
});
