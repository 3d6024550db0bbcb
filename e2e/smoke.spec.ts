import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, signIn } from "./support";

test("a resident signs in and sees the dashboard of their account", async ({ page }) => {
  await signIn(page, "resi@example.com");
  await expect(page).toHaveURL(/\/dashboard\/100101$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hello, Maya");
  await expectNoAxeViolations(page);
});
