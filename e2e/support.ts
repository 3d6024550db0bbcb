/** Shared steps of the end-to-end tests. */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type BrowserContext, type Page, type TestInfo } from "@playwright/test";

export const PASSWORD = "Demo-Pass-2026";

export const hasJs = (testInfo: TestInfo = test.info()) => testInfo.project.use.javaScriptEnabled !== false;

/**
 * Signs in as a precondition of a test: the sign-in form's post, sent by the browser context's own
 * request client (its cookies are the page's), then the page it leads to. The form itself, with and
 * without JavaScript, is what e2e/auth.spec.ts tests (`signInThroughForm`). The portal then speaks the
 * profile's preferred language (family@ and sam.gagnon@ prefer French); a test reads the page in the
 * browser's language (English), or the one its came_from asks for with ?lng=, as a customer who
 * switches with the toggle would, unless it asks for the profile's (`profileLanguage`).
 */
export async function signIn(
  page: Page,
  username: string,
  { cameFrom, profileLanguage = false }: { cameFrom?: string; profileLanguage?: boolean } = {},
) {
  const response = await page.request.post("/login", {
    form: { username, password: PASSWORD, came_from: cameFrom ?? "" },
    maxRedirects: 0,
  });
  const to = response.headers()["location"];
  expect(to, `${username} signed in (${response.status()})`).toBeTruthy();
  if (!profileLanguage) await setLanguageCookie(page, languageOf(cameFrom));
  await page.goto(to!);
  // A document load, where the form's sign-in ended on a hydrated page: let the scripts take the page
  // (and its lazy parts arrive) before the test types or points at anything.
  if (hasJs()) {
    await page.waitForFunction(() => "__reactRouterRouteModules" in window);
    await page.waitForLoadState("networkidle");
  }
}

/** Signs in by filling the sign-in form and waits for the page it lands on (see `signIn`). */
export async function signInThroughForm(
  page: Page,
  username: string,
  { cameFrom, profileLanguage = false }: { cameFrom?: string; profileLanguage?: boolean } = {},
) {
  await page.goto(cameFrom ? `/login?came_from=${encodeURIComponent(cameFrom)}` : "/login");
  await page.getByLabel(/Email or username|Courriel ou nom d’utilisateur/).fill(username);
  await page.getByLabel(/^Password$|^Mot de passe$/).fill(PASSWORD);
  await page.getByRole("button", { name: /^Sign in$|^Se connecter$/ }).click();
  await page.waitForURL((url) => url.pathname !== "/login");
  // With JavaScript, a page in another language arrives as a new document: let it load first.
  await page.waitForLoadState("load");
  if (profileLanguage) return;
  const wanted = languageOf(cameFrom);
  const shown = (await page.locator("html").getAttribute("lang"))?.slice(0, 2);
  if (shown && shown !== wanted) {
    await setLanguageCookie(page, wanted);
    await page.goto(page.url());
  }
}

const languageOf = (cameFrom: string | undefined) => new URL(cameFrom ?? "/", "http://portal").searchParams.get("lng") ?? "en";

/** The language cookie for the whole site (path /), as the portal sets it when a customer switches. */
async function setLanguageCookie(page: Page, language: string) {
  const { hostname } = new URL(test.info().project.use.baseURL!);
  await page.context().addCookies([{ name: "i18n_redirected", value: language, domain: hostname, path: "/" }]);
}

/**
 * axe-core finds no violations (WCAG 2.1 A/AA and best practices) on the page as it is now. Without
 * JavaScript axe cannot run in the page itself, so the same HTML is checked in a second page that
 * has scripts blocked: exactly what a visitor without JavaScript gets. That page is kept for the
 * worker's next checks. Axe runs in the page itself (legacy mode: the pages have no frames), rather
 * than opening a blank page to gather each check's results, which doubled its cost.
 */
export async function expectNoAxeViolations(page: Page) {
  const target = hasJs() ? page : await noScriptCopy(page);
  const results = await new AxeBuilder({ page: target })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    // WCAG 2.5.3 (label in name): axe ships it as experimental, so it is asked for by name.
    .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
    .setLegacyMode(true)
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

let axePage: Promise<Page> | undefined;

/** The page's HTML, in the worker's page with scripts blocked, on the portal's origin (for its styles). */
async function noScriptCopy(page: Page): Promise<Page> {
  const { origin } = new URL(page.url());
  axePage ??= (async () => {
    const context = await page.context().browser()!.newContext({ javaScriptEnabled: true, bypassCSP: true, locale: "en-CA" });
    await context.route(/\.js(\?.*)?$/, (route) => route.abort());
    return context.newPage();
  })();
  const target = await axePage;
  if (!target.url().startsWith(origin)) await target.goto(`${origin}/healthz`);
  await target.setContent(await page.content(), { waitUntil: "load" });
  return target;
}

/** Signs out through the account menu (a disclosure without JavaScript, a Headless UI menu with it). */
export async function signOut(page: Page) {
  if (hasJs()) {
    const button = page.locator('button[aria-haspopup="menu"]', { hasText: /Account menu|Menu du compte/ });
    await button.click();
    await page.getByRole("menuitem", { name: /^Sign out$|^Se déconnecter$/ }).click();
  } else {
    await page
      .locator("header details summary")
      .filter({ hasText: /Account menu|Menu du compte/ })
      .click();
    await page.getByRole("button", { name: /^Sign out$|^Se déconnecter$/ }).click();
  }
  await page.waitForURL(/\/login$/);
}

/**
 * Makes the page's browser refuse this site's cookies: every answer reaches the page without its
 * `Set-Cookie`, the browser following redirects itself, and the context keeps no cookie either.
 */
export async function refuseCookies(page: Page) {
  const context = page.context();
  await page.route("**/*", async (route) => {
    const response = await route.fetch({ maxRedirects: 0 });
    await context.clearCookies();
    const headers = response.headers();
    delete headers["set-cookie"];
    await route.fulfill({ response, headers });
  });
}

/** The value of a cookie of the page's browser context. */
export async function cookieValue(page: Page, name: string): Promise<string | undefined> {
  return (await page.context().cookies()).find((c) => c.name === name)?.value;
}

/**
 * Lets `hydrated` see when React has taken over a page: each page of this context counts React's commits
 * whose effects have run, through the hook React offers developer tools (`__REACT_DEVTOOLS_GLOBAL_HOOK__`,
 * installed before the page's own scripts).
 */
export async function countReactCommits(context: BrowserContext) {
  await context.addInitScript(() => {
    const counted = window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__?: object; reactCommits: number };
    counted.reactCommits = 0;
    counted.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      inject: () => 1,
      onPostCommitFiberRoot: () => counted.reactCommits++,
    };
  });
}

/**
 * With JavaScript, waits until React has hydrated the page (a document load) and run the effects of that
 * first render: what the page's scripts do on arrival has been done (needs `countReactCommits`). Without
 * JavaScript there is nothing to wait for: no script runs, and the load event (which `goto` waits for) is
 * the end of what the page asks for by itself.
 */
export async function hydrated(page: Page) {
  if (!hasJs()) return;
  await page.waitForFunction(() => {
    const commits = (window as unknown as { reactCommits?: number }).reactCommits;
    if (commits === undefined) throw new Error("hydrated(page) needs countReactCommits(context) first");
    return commits > 0;
  });
}
