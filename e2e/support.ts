/** Shared steps of the end-to-end tests. */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page, type TestInfo } from "@playwright/test";

export const PASSWORD = "Demo-Pass-2026";

export const hasJs = (testInfo: TestInfo = test.info()) => testInfo.project.use.javaScriptEnabled !== false;

/**
 * Signs in through the form and waits for the page it lands on. The portal then speaks the profile's
 * preferred language (family@ and sam.gagnon@ prefer French); a test reads the page in the browser's
 * language (English), or the one its came_from asks for with ?lng=, as a customer who switches with the
 * toggle would, unless it asks for the profile's (`profileLanguage`).
 */
export async function signIn(
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
  const wanted = new URL(cameFrom ?? "/", "http://portal").searchParams.get("lng") ?? "en";
  const shown = (await page.locator("html").getAttribute("lang"))?.slice(0, 2);
  if (shown && shown !== wanted) {
    // For the whole site (path /), as the portal sets it: a cookie for this page's path alone would
    // leave the profile's language on every other page.
    await page.context().addCookies([{ name: "i18n_redirected", value: wanted, domain: new URL(page.url()).hostname, path: "/" }]);
    await page.goto(page.url());
  }
}

/**
 * axe-core finds no violations (WCAG 2.1 A/AA and best practices) on the page as it is now. Without
 * JavaScript axe cannot run in the page itself, so the same HTML is checked in a second page that
 * has scripts blocked: exactly what a visitor without JavaScript gets.
 */
export async function expectNoAxeViolations(page: Page) {
  let target = page;
  let close = async () => {};
  if (!hasJs()) {
    const browser = page.context().browser()!;
    const context = await browser.newContext({ javaScriptEnabled: true, bypassCSP: true, locale: "en-CA" });
    await context.route(/\.js(\?.*)?$/, (route) => route.abort());
    target = await context.newPage();
    const { origin } = new URL(page.url());
    await target.goto(`${origin}/healthz`);
    await target.setContent(await page.content(), { waitUntil: "load" });
    close = () => context.close();
  }
  try {
    const results = await new AxeBuilder({ page: target })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
      .analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  } finally {
    await close();
  }
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

/** The value of a cookie of the page's browser context. */
export async function cookieValue(page: Page, name: string): Promise<string | undefined> {
  return (await page.context().cookies()).find((c) => c.name === name)?.value;
}
