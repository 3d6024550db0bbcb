import { expect, test } from "@playwright/test";
import { hasJs, signIn } from "./support";

test.use({ viewport: { width: 390, height: 844 } });

test("on a phone the switcher sits under the header and the menu holds profile settings and sign out", async ({ page }) => {
  await signIn(page, "family@example.com");
  // The account switcher of the header extension (the wide one is hidden).
  if (hasJs()) {
    await expect(page.getByRole("button", { name: /Account: .*100202/ })).toBeVisible();
  } else {
    await expect(page.getByRole("combobox", { name: "Account" })).toBeVisible();
  }
  // The account menu of wide screens is hidden; the drawer has the same two entries.
  await expect(page.getByText("Account menu")).toBeHidden();
  await page
    .locator("summary")
    .filter({ hasText: /^☰\s*Menu$/ })
    .click();
  const drawer = page.getByRole("navigation", { name: "Main navigation" });
  await expect(drawer.getByRole("link", { name: "Profile settings" })).toHaveAttribute("href", "/profile-settings");
  await drawer.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);
});
