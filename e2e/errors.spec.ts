import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, signIn } from "./support";

test("an unknown address answers 404: This page could not be found @static", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This page could not be found");
  await expect(page.getByRole("link", { name: "Home page" })).toHaveAttribute("href", "/");
  await expectNoAxeViolations(page);
});

test("another customer's account answers 403 @static", async ({ page }) => {
  await signIn(page, "resi@example.com");
  const response = await page.goto("/dashboard/100201");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You do not have permission to view this page.");
  await expect(page).toHaveTitle("403 - Forbidden");
  await expectNoAxeViolations(page);
});

// A page whose validation fails (an id that is not a number) gets the spec's fallback, not the "404 Not
// Found" of an account or invoice that does not exist.
test("a malformed id answers 404: This page could not be found @static", async ({ page }) => {
  await signIn(page, "resi@example.com");
  for (const address of ["/dashboard/not-a-number", "/billing/abc", "/wifi/abc"]) {
    const response = await page.goto(address);
    expect(response?.status(), address).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This page could not be found");
    await expect(page.getByText("404 Not Found")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Home page" })).toHaveAttribute("href", "/");
  }
  await expectNoAxeViolations(page);
});

test("in French @static", async ({ page }) => {
  const response = await page.goto("/introuvable?lng=fr");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cette page est introuvable");
  await expect(page.getByRole("link", { name: "Page d’accueil" })).toBeVisible();
});
