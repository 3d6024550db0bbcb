import { expect, test } from "@playwright/test";
import { PASSWORD, expectNoAxeViolations, hasJs, refuseCookies, signInThroughForm as signIn, signOut } from "./support";

test.describe("signing in", () => {
  test("a wrong combination shows the failure with help links and keeps the username", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Email or username").fill("resi@example.com");
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();

    const notice = page.getByTestId("login-notice");
    await expect(notice).toContainText("We couldn't sign you in.");
    await expect(notice).toContainText("There is no account with that username, or the username and password don't match.");
    await expect(notice.getByRole("link", { name: /customer support/ })).toHaveAttribute("href", /^tel:/);
    await expect(notice.getByRole("link", { name: "reset your password" })).toHaveAttribute("href", "/forgot-password");
    await expect(page.getByLabel("Email or username")).toHaveValue("resi@example.com");
    await expect(page.getByLabel("Password")).toHaveValue("");
    await expect(page).toHaveURL(/\/login$/);
    await expectNoAxeViolations(page);
  });

  test("empty fields are named, and nothing is sent to the API", async ({ page }) => {
    await page.goto("/login");
    // The browser's own required check stands first; remove it to see the portal's messages.
    await page.getByLabel("Email or username").fill("  ");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText(/Enter your (email or username|password)\./).first()).toBeVisible();
    await expect(page.getByLabel("Email or username")).toHaveAttribute("aria-invalid", "true");
  });

  test("the right password lands on the dashboard of the active account", async ({ page }) => {
    await signIn(page, "resi@example.com");
    await expect(page).toHaveURL(/\/dashboard\/100101$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hello, Maya");
  });

  test("a browser that refuses cookies is told why it is back at sign-in, in French too", async ({ browser, baseURL }) => {
    for (const [locale, texts] of [
      ["en-CA", { user: "Email or username", password: "Password", button: "Sign in", title: "Your browser did not keep your sign-in." }],
      // Without a cookie the language is the browser's own (Accept-Language).
      [
        "fr-CA",
        {
          user: "Courriel ou nom d’utilisateur",
          password: "Mot de passe",
          button: "Se connecter",
          title: "Votre navigateur n’a pas conservé votre connexion.",
        },
      ],
    ] as const) {
      const context = await browser.newContext({ baseURL, locale, javaScriptEnabled: hasJs() });
      const page = await context.newPage();
      await refuseCookies(page);
      await page.goto("/login?came_from=%2Fbilling%2F100101");
      await page.getByLabel(texts.user).fill("resi@example.com");
      await page.getByLabel(texts.password, { exact: true }).fill(PASSWORD);
      await page.getByRole("button", { name: texts.button }).click();
      await expect(page.getByTestId("cookies-blocked")).toContainText(texts.title);
      await expect(page).toHaveURL(/\/login\?/);
      // Still the sign-in form, ready for another try once cookies are allowed.
      await expect(page.getByRole("button", { name: texts.button })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.unrouteAll({ behavior: "ignoreErrors" });
      await context.close();
    }
  });

  test("a private page asks to sign in, then returns there", async ({ page }) => {
    await page.goto("/dashboard/100202");
    await expect(page).toHaveURL(/\/login\?came_from=%2Fdashboard%2F100202$/);
    await page.getByLabel("Email or username").fill("family@example.com");
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/dashboard\/100202$/);
    // Jordan's profile prefers French: the portal speaks it from sign-in on.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bonjour, Jordan");
  });

  test("after sign-in the portal speaks the profile's language, until the customer switches", async ({ page }) => {
    test.slow();
    await signIn(page, "family@example.com", { cameFrom: "/dashboard/100202", profileLanguage: true });
    await expect(page.locator("html")).toHaveAttribute("lang", "fr-CA");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bonjour, Jordan");
    // Switched to English: it stays English on the next pages.
    await page.getByRole("link", { name: "EN – English" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hello, Jordan");
    await page.goto("/billing/100202");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Billing summary");
    // The next sign-in speaks the profile's language again, whatever the browser chose before.
    await signOut(page);
    await signIn(page, "family@example.com", { cameFrom: "/dashboard/100202", profileLanguage: true });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bonjour, Jordan");
    // resi@ prefers English: signed in from the French sign-in page, the portal speaks English.
    await signOut(page);
    await signIn(page, "resi@example.com", { profileLanguage: true });
    await expect(page.locator("html")).toHaveAttribute("lang", "en-CA");
  });

  test("a came_from to another site is not followed", async ({ page }) => {
    for (const target of ["https://evil.example/", "//evil.example/x", "/\\evil.example"]) {
      await page.context().clearCookies();
      await signIn(page, "resi@example.com", { cameFrom: target });
      await expect(page).toHaveURL(/localhost:\d+\/dashboard\/100101$/);
    }
  });

  test("signing out ends the session", async ({ page }) => {
    await signIn(page, "resi@example.com");
    await signOut(page);
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    await page.goto("/dashboard/100101");
    await expect(page).toHaveURL(/\/login\?came_from=/);
  });

  test("in French, the failure is in French", async ({ page }) => {
    await page.goto("/login?lng=fr");
    await page.getByLabel("Courriel ou nom d’utilisateur").fill("resi@example.com");
    await page.getByLabel("Mot de passe").fill("mauvais");
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page.getByTestId("login-notice")).toContainText("Nous n’avons pas pu vous connecter.");
    await expect(page.getByRole("link", { name: "réinitialisez votre mot de passe" })).toHaveAttribute("href", "/forgot-password");
    await expectNoAxeViolations(page);
  });
});
