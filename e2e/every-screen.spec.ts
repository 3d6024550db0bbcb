/**
 * Every screen of the product on a phone, 320 and 390 px wide, with JavaScript (the JavaScript project
 * only: without it a screen is the same HTML and styles, and flows check its pages): its scripts run
 * without an error (a hydration mismatch, a failed lazy part), the page never scrolls sideways (neither
 * the document nor the body is wider than the window), and every chart (an `<svg>` with `<text>`) fits
 * the window with each label inside it and clear of the others. The screens are the benchmark's list, one URL per route pattern, and a few
 * other states (scripts/screens.mjs), each opened as its demo user. To stay quick, each worker signs
 * each user in once and keeps one browser context per user; a screen is one page load, checked at
 * 320 px and then, resized, at 390 px.
 */
import { expect, test as base, type BrowserContext } from "@playwright/test";
import { SCREENS, USERS, VARIANTS, type Screen } from "../scripts/screens.mjs";
import { PHONE_WIDTHS, phoneProblems, settled } from "./phone";
import { signIn } from "./support";

type Who = keyof typeof USERS | "visitor";

/**
 * A browser context per user and language: a French page (`?lng=fr`) keeps French in a cookie, which
 * must not turn the next screens of the same user to French.
 */
const test = base.extend<object, { contextOf: (who: Who, language: "en" | "fr") => Promise<BrowserContext> }>({
  contextOf: [
    async ({ browser }, use, workerInfo) => {
      const { baseURL, javaScriptEnabled } = workerInfo.project.use;
      const contexts = new Map<string, Promise<BrowserContext>>();
      await use((who, language) => {
        let context = contexts.get(`${who} ${language}`);
        if (!context) {
          context = (async () => {
            const created = await browser.newContext({ baseURL, locale: "en-CA", javaScriptEnabled });
            if (who !== "visitor") {
              // Signed in through the form, with scripts or without as the project runs.
              const page = await created.newPage();
              await signIn(page, USERS[who]);
              await page.close();
            }
            return created;
          })();
          contexts.set(`${who} ${language}`, context);
        }
        return context;
      });
      for (const context of contexts.values()) await (await context).close();
    },
    { scope: "worker" },
  ],
});

// One page load and two checks a screen; a busy machine may take a while over a chart page.
test.describe.configure({ timeout: 60_000 });

for (const screen of [...SCREENS, ...VARIANTS] as Screen[]) {
  test(`${screen.name} fits a phone: no sideways scrolling, charts and their labels inside`, async ({ contextOf }) => {
    const address = screen.via ?? screen.path!;
    const page = await (await contextOf(screen.user ?? "visitor", /[?&]lng=fr\b/.test(address) ? "fr" : "en")).newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    // A page that answers 403 or 404 is such an answer to the browser too: not a script's error.
    page.on("console", (message) => {
      if (message.type() === "error" && !/^Failed to load resource/.test(message.text())) errors.push(message.text());
    });
    try {
      await page.setViewportSize({ width: PHONE_WIDTHS[0], height: 800 });
      const response = await page.goto(address);
      expect(response?.status(), `${screen.name} answers`).toBe(screen.status ?? 200);
      await settled(page);
      expect.soft(errors, `${screen.name}: errors in the browser's console`).toEqual([]);
      for (const width of PHONE_WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        const problems = await phoneProblems(page);
        expect.soft(problems.overflow, `${screen.name} at ${width} px: the page scrolls sideways`).toEqual([]);
        expect.soft(problems.labels, `${screen.name} at ${width} px: charts`).toEqual([]);
      }
    } finally {
      await page.close();
    }
  });
}
