/**
 * Language on the server. remix-i18next detects the language (?lng=, then the i18n_redirected cookie,
 * then Accept-Language, then English); the texts of every namespace are read once when this module
 * loads, and looked up with app/lib/translate.ts (the same lookups as the browser's).
 */
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import Negotiator from "negotiator";
import { RemixI18Next } from "remix-i18next/server";
import { preferenceCookie, readCookie } from "./cookies.server.ts";
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE,
  LANGUAGES,
  isLanguage,
  type Language,
  type Namespace,
} from "./i18n.ts";
import { completeTexts, resolveText, translator, type Bundle, type T, type Texts } from "./translate.ts";
import { pageUrl } from "./page-url.ts";

const files = import.meta.glob<{ default: Bundle }>("../../locales/*/*.json", { eager: true });

export const resources: Record<Language, Record<string, Bundle>> = { en: {}, fr: {} };
for (const [file, module] of Object.entries(files)) {
  const [, language, namespace] = /locales\/(\w+)\/(\w+)\.json$/.exec(file) ?? [];
  if (isLanguage(language)) resources[language][namespace] = module.default;
}

const serverTexts = Object.fromEntries(LANGUAGES.map((language) => [language, completeTexts(language, resources[language])])) as Record<
  Language,
  Texts
>;

/**
 * The browser's languages that the portal has, most preferred first, negotiated by `negotiator` (quality
 * values, "fr-CA" is fr): "de-DE,fr;q=0.8" gives French.
 */
function browserLanguage(request: Request): Language | null {
  const [best] = new Negotiator({ headers: { "accept-language": request.headers.get("Accept-Language") ?? "" } }).languages([...LANGUAGES]);
  return isLanguage(best) ? best : null;
}

const detector = new RemixI18Next({
  detection: {
    supportedLanguages: [...LANGUAGES],
    fallbackLanguage: DEFAULT_LANGUAGE,
    order: ["searchParams", "custom"],
    // remix-i18next's "cookie" method reads React Router's encoded cookies, and its "header" method keeps
    // only the browser's first language ("de-DE,fr;q=0.8" would give English): the remembered bare code
    // ("fr"), then the negotiated browser language (docs/decisions/157-language-detection.md).
    findLocale: async (request) => {
      const remembered = readCookie(request, LANGUAGE_COOKIE);
      return isLanguage(remembered) ? remembered : browserLanguage(request);
    },
  },
});

const languageContext = createContext<Language>(DEFAULT_LANGUAGE);

/** Detects the request's language and keeps it in the context (the middleware below). */
export async function detectLanguage(request: Request, context: Readonly<RouterContextProvider>): Promise<void> {
  const detected = await detector.getLocale(request);
  context.set(languageContext, isLanguage(detected) ? detected : DEFAULT_LANGUAGE);
}

/** Detects the language, keeps it for the request, and remembers a language chosen with ?lng=. */
export const i18nMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  await detectLanguage(request, context);
  const response = await next();
  const chosen = pageUrl(request).searchParams.get("lng");
  if (isLanguage(chosen) && readCookie(request, LANGUAGE_COOKIE) !== chosen) {
    response.headers.append("Set-Cookie", preferenceCookie(LANGUAGE_COOKIE, chosen, LANGUAGE_COOKIE_MAX_AGE));
  }
  return response;
};

type Context = Readonly<RouterContextProvider>;

export const getLanguage = (context: Context): Language => context.get(languageContext);
/** The texts of a page render: every namespace of the request's language, recording those the page uses. */
export const pageTexts = (context: Context): Texts => completeTexts(getLanguage(context), resources[getLanguage(context)], new Set());
/** A t function of the request's language, for texts made on the server (titles, notifications). */
export const getT = (context: Context, namespace: Namespace = "common"): T => translator(serverTexts[getLanguage(context)], namespace);
/** For places without a request (tests, the error page of a failed middleware). */
export const tFor = (language: Language, namespace: Namespace = "common"): T => translator(serverTexts[language], namespace);
/** Whether a key ("namespace:key") has a text in the request's language. */
export const hasText = (context: Context, key: string): boolean =>
  resolveText(serverTexts[getLanguage(context)], "common", key) !== undefined;
