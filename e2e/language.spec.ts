import { expect, test } from "@playwright/test";
import { cookieValue, expectNoAxeViolations, signIn } from "./support";

test("the EN/FR toggle switches the page, remembers the choice and stays on the page", async ({ page }) => {
  await signIn(page, "resi@example.com");
  await expect(page.locator("html")).toHaveAttribute("lang", "en-CA");
  await expect(page.getByTestId("balance")).toHaveText("$163.85");

  await page.getByRole("link", { name: "FR – Français" }).click();
  await expect(page).toHaveURL(/\/dashboard\/100101\?lng=fr$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr-CA");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bonjour, Maya");
  await expect(page.getByTestId("balance")).toHaveText("163,85\u00a0$");
  expect(await cookieValue(page, "i18n_redirected")).toBe("fr");

  // Remembered without ?lng=.
  await page.goto("/dashboard/100101");
  await expect(page.getByRole("heading", { name: "Vos services" })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("link", { name: "EN – English" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hello, Maya");
  expect(await cookieValue(page, "i18n_redirected")).toBe("en");
});

test.describe("with a French browser", () => {
  test.use({ locale: "fr-CA" });

  test("the sign-in page is French without asking @static", async ({ page }) => {
    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr-CA");
    await expect(page.getByRole("heading", { name: "Connexion" })).toBeVisible();
    await expect(page).toHaveTitle("Connexion | myLakeshore");
  });
});
