/**
 * Every form a customer can post, signed in or not, on every screen (the benchmark's list, scripts/screens.mjs),
 * posted the ways a browser never would: a body that is not a form, a control character in a value typed or
 * set by the page, and, for a form with fields, nothing at all. Each must be answered with a 4xx and the page saying why in
 * the page's language (never a redirect that drops the message, never a page that says nothing), and
 * change nothing (the next screens open as before). The forms are read from each page as served, so a new
 * form is checked once its screen is listed. The posts are the same with or without JavaScript in the
 * browser: one run, in the project without it.
 */
import { readFileSync } from "node:fs";
import { expect, test, type Browser, type BrowserContext } from "@playwright/test";
import { SCREENS, USERS, VARIANTS, type Screen } from "../scripts/screens.mjs";
import { signIn } from "./support";

type Language = "en" | "fr";
const formErrors = (language: Language) =>
  (JSON.parse(readFileSync(`locales/${language}/common.json`, "utf8")) as { formErrors: Record<string, string> }).formErrors;
/** What each refusal says, as the page writes it (apostrophes as the HTML escapes them). */
const SAYS = Object.fromEntries(
  (["en", "fr"] as const).map((language) => {
    const texts = formErrors(language);
    const html = (text: string) => text.replaceAll("'", "&#x27;");
    return [language, { notAForm: html(texts.unsupported), control: html(texts.controlCharacters) }];
  }),
) as Record<Language, { notAForm: string; control: string }>;

interface PostForm {
  action: string;
  /** The fields a browser would send, with the first submit button's own. */
  fields: [string, string][];
  /** The name of a field a customer types into, if any. */
  typed: string | null;
  /** A hidden field, a required control or a named button: what the form always sends, so an empty post is not its own. */
  alwaysSends: boolean;
  label: string;
}

const contexts = new Map<string, Promise<BrowserContext>>();
function contextOf(browser: Browser, baseURL: string, who: keyof typeof USERS | "visitor", language: Language) {
  let context = contexts.get(`${who} ${language}`);
  if (!context) {
    context = (async () => {
      const created = await browser.newContext({ baseURL, locale: "en-CA", javaScriptEnabled: false });
      if (who !== "visitor") {
        const page = await created.newPage();
        await signIn(page, USERS[who], { cameFrom: language === "fr" ? "/profile-settings?lng=fr" : undefined });
        await page.close();
      }
      return created;
    })();
    contexts.set(`${who} ${language}`, context);
  }
  return context;
}
test.afterAll(async () => {
  for (const context of contexts.values()) await (await context).close();
  contexts.clear();
});

test.describe.configure({ timeout: 180_000 });

test("every form of every screen, posted as no browser would, is refused with the page saying why @static", async ({
  browser,
  baseURL,
}) => {
  // The screens with an address of their own (those reached through a link with a token are left to their flows' tests).
  const screens = ([...SCREENS, ...VARIANTS] as Screen[]).filter((screen) => screen.path && (screen.status ?? 200) === 200);
  let posted = 0;
  for (const screen of screens) {
    const language: Language = /[?&]lng=fr\b/.test(screen.path!) ? "fr" : "en";
    const context = await contextOf(browser, baseURL!, screen.user ?? "visitor", language);
    const page = await context.newPage();
    try {
      const response = await page.goto(screen.path!);
      // Another test may have changed this screen's data (a contact removed, a tour ended): what it serves now is checked.
      if (response?.status() !== 200) continue;
      const forms = await page.locator("form[method=post i]").evaluateAll((elements) =>
        (elements as HTMLFormElement[])
          .filter((form) => !/\/(logout|switch-account)$/.test(new URL(form.action).pathname))
          .map((form): PostForm => {
            const fields: [string, string][] = [];
            let typed: string | null = null;
            for (const element of Array.from(form.elements) as HTMLInputElement[]) {
              if (!element.name || element.disabled) continue;
              const type = element.type;
              if (type === "submit" || type === "button" || type === "file" || type === "reset") continue;
              if ((type === "checkbox" || type === "radio") && !element.checked) continue;
              fields.push([element.name, element.value]);
              if (!typed && /^(text|email|tel|search|number|url|textarea|password)$/.test(type)) typed = element.name;
            }
            const button = form.querySelector<HTMLButtonElement>("button:not([type=button])");
            if (button?.name) fields.push([button.name, button.value]);
            const controls = Array.from(form.elements) as HTMLInputElement[];
            const alwaysSends = Boolean(button?.name) || controls.some((c) => c.name && (c.type === "hidden" || c.required));
            const url = new URL(form.action);
            const label = (button?.textContent ?? form.id).trim().slice(0, 40);
            return { action: url.pathname + url.search, fields, typed, alwaysSends, label };
          }),
      );
      for (const form of forms) {
        const where = `${screen.name}, "${form.label}" → ${form.action}`;
        const post = async (body: string, type: string) => {
          const answer = await context.request.post(form.action, {
            data: body,
            headers: { "content-type": type, origin: baseURL! },
            maxRedirects: 0,
          });
          posted++;
          return { status: answer.status(), html: await answer.text() };
        };

        const notAForm = await post("hello", "text/plain");
        expect.soft(notAForm.status, `${where}: a body that is not a form`).toBe(415);
        expect.soft(notAForm.html.includes(SAYS[language].notAForm), `${where}: a body that is not a form is said`).toBe(true);

        const fields = new URLSearchParams(form.fields.map(([name, value]) => [name, name === form.typed ? `${value}\u0007` : value]));
        if (!form.typed) fields.append("note", "a\u0007b");
        const control = await post(fields.toString(), "application/x-www-form-urlencoded");
        expect.soft(control.status, `${where}: a control character`).toBe(400);
        expect.soft(control.html.includes(SAYS[language].control), `${where}: a control character is said`).toBe(true);

        // The same in a value the page set (a hidden field, a button's): no control shows it, the page still says it.
        const set = form.fields.findIndex(([name]) => name !== form.typed);
        if (set >= 0) {
          const pairs = form.fields.map(([name, value], i): [string, string] => [name, i === set ? `${value}\u0007` : value]);
          const inSet = await post(new URLSearchParams(pairs).toString(), "application/x-www-form-urlencoded");
          expect.soft(inSet.status, `${where}: a control character in ${form.fields[set][0]}`).toBe(400);
          expect
            .soft(inSet.html.includes(SAYS[language].control), `${where}: a control character in ${form.fields[set][0]} is said`)
            .toBe(true);
        }

        // A form of a button alone posts nothing, and one whose fields may all be left empty may be posted so.
        if (form.alwaysSends) {
          const empty = await post("", "application/x-www-form-urlencoded");
          expect.soft(empty.status, `${where}: an empty post`).toBeGreaterThanOrEqual(400);
          expect.soft(empty.status, `${where}: an empty post`).toBeLessThan(500);
          const said = /data-testid="(error-summary|post-refused)"|aria-invalid="true"/.test(empty.html);
          expect.soft(said, `${where}: an empty post is said`).toBe(true);
        }
      }
    } finally {
      await page.close();
    }
  }
  // Guards against a run that checked nothing (every screen moved, no form found).
  expect(posted).toBeGreaterThan(120);
});
