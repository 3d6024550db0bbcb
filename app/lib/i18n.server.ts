/**
 * Language on the server. remix-i18next detects the language (?lng=, then the i18n_redirected cookie,
 * then Accept-Language, then English); the texts of every namespace are read once when this module
 * loads, and looked up with app/lib/translate.ts (the same lookups as the browser's).
 */
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
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

/** The first language of an Accept-Language header, by quality, that the portal has ("fr-CA" is fr). */
function browserLanguage(header: string | null): Language | null {
  const ranked = (header ?? "")
    .split(",")
    .map((part, index) => {
      const [tag, ...parameters] = part.trim().split(";");
      const q = parameters.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { language: tag.trim().split("-")[0].toLowerCase(), quality: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.quality > 0 && isLanguage(entry.language))
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return (ranked[0]?.language as Language | undefined) ?? null;
}

const detector = new RemixI18Next({
  detection: {
    supportedLanguages: [...LANGUAGES],
    fallbackLanguage: DEFAULT_LANGUAGE,
    order: ["searchParams", "custom"],
    // The cookie holds the bare language code ("fr"), so it is read here rather than as a signed cookie.
    // Without it, the browser's most preferred language we have: remix-i18next's own "header" method
    // keeps only the browser's first language, so "de-DE,fr;q=0.8" would give English, not French.
    findLocale: async (request) => {
      const remembered = readCookie(request, LANGUAGE_COOKIE);
      return isLanguage(remembered) ? remembered : browserLanguage(request.headers.get("Accept-Language"));
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
  const chosen = new URL(request.url).searchParams.get("lng");
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
