/**
 * What a customer typed, kept across the language toggle (with JavaScript). The toggle loads the page
 * again in the other language (the browser holds one language's texts), which would empty its forms.
 * Before it goes, the fields the customer changed (not secrets: SECRET_FIELD; no hidden field, file or
 * password) go into a short cookie for the page's path; the server hands them to the page's forms as their
 * starting values, once, as it does a form draft (form-draft.server.ts, `typedAcrossLanguages`), so the
 * page in the other language is rendered with them. Loaded only when the toggle is clicked on a page with
 * a form (LanguageToggle.tsx). Without JavaScript a link cannot carry what was typed.
 */
import { SECRET_FIELD } from "./secret-fields.ts";

export const TYPED_COOKIE = "typed_across_languages";
/** Room in the cookie (its value, encoded), well within the 4 KB a browser keeps. */
const ROOM = 3000;

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

function controlsOf(form: HTMLFormElement): Control[] {
  return [...form.elements].filter(
    (element): element is Control =>
      (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) &&
      Boolean(element.name) &&
      !SECRET_FIELD.test(element.name) &&
      !["hidden", "file", "password", "submit", "button", "reset", "image"].includes(element.type),
  );
}

function changed(control: Control): boolean {
  if (control instanceof HTMLInputElement && (control.type === "checkbox" || control.type === "radio")) {
    return control.checked !== control.defaultChecked;
  }
  if (control instanceof HTMLSelectElement) return [...control.options].some((option) => option.selected !== option.defaultSelected);
  return control.value !== control.defaultValue;
}

/** Keeps the fields changed in the page's forms, as the forms would send them (nothing when none was). */
export function keep(): void {
  const names = new Set<string>();
  const fields: [string, string][] = [];
  let size = 0;
  for (const form of document.forms) {
    const data = new FormData(form);
    for (const control of controlsOf(form).filter(changed)) {
      if (names.has(control.name)) continue;
      names.add(control.name);
      // Every value of its name (a box unticked leaves none: kept as empty, so that none comes back ticked).
      const values = data.getAll(control.name).filter((value): value is string => typeof value === "string");
      for (const value of values.length ? values : [""]) {
        const cost = encodeURIComponent(JSON.stringify([control.name, value])).length + 3;
        if (size + cost > ROOM) continue;
        fields.push([control.name, value]);
        size += cost;
      }
    }
  }
  if (!fields.length) return;
  const value = encodeURIComponent(JSON.stringify({ path: location.pathname, fields }));
  const secure = location.protocol === "https:" ? "; secure" : "";
  document.cookie = `${TYPED_COOKIE}=${value}; path=/; max-age=120; samesite=lax${secure}`;
}
