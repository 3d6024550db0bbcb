import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, hasJs, signIn } from "./support";

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

test("on a phone a business contact reaches Contacts in one step from the menu, under one heading", async ({ page }) => {
  await signIn(page, "business@example.com", { cameFrom: "/dashboard/200301" });
  await page
    .locator("summary")
    .filter({ hasText: /^☰\s*Menu$/ })
    .click();
  const drawer = page.getByRole("navigation", { name: "Main navigation" });
  // The spec's Account settings > Manage profiles > Contacts: one heading, then the link.
  const settings = drawer.getByRole("list", { name: "Account settings › Manage profiles" });
  await expect(settings.getByRole("link")).toHaveText(["Contacts"]);
  // No link sits deeper than one list inside another.
  const depths = await drawer.getByRole("link").evaluateAll((links) =>
    links.map((link) => {
      let lists = 0;
      for (let e: Element | null = link; e && e.tagName !== "NAV"; e = e.parentElement) if (e.tagName === "UL") lists++;
      return lists;
    }),
  );
  expect(Math.max(...depths)).toBeLessThanOrEqual(2);
  await settings.getByRole("link", { name: "Contacts" }).click();
  await expect(page).toHaveURL(/\/contacts\/200301$/);
  await expectNoAxeViolations(page);
});
