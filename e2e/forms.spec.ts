/**
 * What a customer meets while filling in forms, JavaScript off and on: every refusal of a form in one
 * answer, each next to its field.
 */
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, signIn } from "./support";

// Flows of several pages, each checked for accessibility: room for a busy machine.
test.describe.configure({ timeout: 90_000 });

test("card autopay: an expired card is named beside a wrong security code, in one answer", async ({ page }) => {
  await signIn(page, "resi@example.com", { cameFrom: "/billing/100101/autopay/card" });
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry date").fill("01/25");
  await page.getByLabel("Security code").fill("12");
  await page.getByLabel("Name on the card").fill("Maya Singh");
  await page.getByRole("button", { name: /Set up card payments|Replace the card/ }).click();

  const summary = page.getByTestId("error-summary");
  await expect(summary).toContainText("This card has expired.");
  await expect(summary).toContainText("Enter the security code");
  await expect(page.getByLabel("Expiry date")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Security code")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Name on the card")).toHaveValue("Maya Singh");
  await expectNoAxeViolations(page);
});
