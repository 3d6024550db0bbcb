/**
 * EN / FR: plain links to the same page with ?lng=, so it works without JavaScript; the server then
 * remembers the choice in the i18n_redirected cookie. With JavaScript, what was typed in the page's
 * forms comes back in the other language (app/lib/typed-across-languages.ts, loaded only then).
 */
import type { MouseEvent } from "react";
import { useT } from "~/lib/use-t";
import { useLocation } from "react-router";
import { LANGUAGES } from "~/lib/i18n";

/** A plain click (not one for another tab or window) on a page with forms: keep what was typed, then go. */
function keepTyped(event: MouseEvent<HTMLAnchorElement>) {
  if (!document.forms.length || event.metaKey || event.ctrlKey || event.shiftKey) return;
  event.preventDefault();
  const { href } = event.currentTarget;
  import("~/lib/typed-across-languages").then((module) => module.keep()).finally(() => location.assign(href));
}

export function LanguageToggle() {
  const { t, language: current } = useT();
  const location = useLocation();
  return (
    <nav aria-label={t("language.label")}>
      <ul className="flex items-center gap-1 text-sm font-semibold">
        {LANGUAGES.map((language) => {
          const params = new URLSearchParams(location.search);
          params.set("lng", language);
          const code = language.toUpperCase();
          return (
            <li key={language}>
              {language === current ? (
                <span aria-current="true" className="rounded px-2 py-1 text-gray-900 underline decoration-2 underline-offset-4">
                  {code}
                </span>
              ) : (
                <a
                  href={`${location.pathname}?${params}`}
                  onClick={keepTyped}
                  lang={language}
                  hrefLang={language}
                  aria-label={`${code} – ${t(`language.name.${language}`)}`}
                  className="rounded px-2 py-1 text-primary no-underline hover:bg-primary-light"
                >
                  {code}
                </a>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
