/**
 * Referrals (docs/referrals.md). With FEATURE_REFERRALS=true (the features server): resi@example.com
 * finds the card on the dashboard and the referral page with their code, link, reward and referrals, in
 * English and French. With the flag off (the main server, the default): no card, no entry, and the page
 * answers 404. Read-only: no demo data changes.
 */
import { expect, test } from "@playwright/test";
import { BASE_URL, FEATURES_URL } from "../playwright.config";
import { expectNoAxeViolations, signIn } from "./support";

test.describe("with FEATURE_REFERRALS=true", () => {
  test.use({ baseURL: FEATURES_URL });

  test("a residential customer goes from the dashboard card to their code, link and referrals", async ({ page }) => {
    await signIn(page, "resi@example.com");
    await expect(page).toHaveURL(/\/dashboard\/100101$/);
    const card = page.getByRole("region", { name: "Refer a friend" });
    await expect(card).toContainText("Give a friend a credit on their first bill");
    await card.getByRole("link", { name: "Get your referral code" }).click();

    await expect(page).toHaveURL(/\/referrals\/100101$/);
    await expect(page).toHaveTitle(/^Refer a friend \| myLakeshore/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Refer a friend");
    await expect(page.getByTestId("referral-code")).toHaveText("MAYA-7K4Q");
    await expect(page.getByRole("link", { name: "https://lakeshore-fibre.example/refer/MAYA-7K4Q" })).toBeVisible();
    await expect(
      page.getByText(/keeps their service for 60 days, you get a \$50\.00 credit on your bill and your friend gets \$50\.00/),
    ).toBeVisible();
    const items = page.getByTestId("referral-list").getByRole("listitem");
    await expect(items).toHaveCount(3);
    await expect(items.nth(0)).toContainText("Tom B.");
    await expect(items.nth(0)).toContainText("Pending");
    await expect(items.nth(1)).toContainText("Élise M.");
    await expect(items.nth(1)).toContainText("Credited");
    await expect(items.nth(1)).toContainText("$50.00 credited");
    await expect(items.nth(2)).toContainText("Priya R.");
    await expect(page.getByTestId("referral-total")).toHaveText("Credits received: $100.00");
    await expect(page.getByRole("button", { name: "Copy code" })).toHaveCount(test.info().project.use.javaScriptEnabled === false ? 0 : 1);
    await expectNoAxeViolations(page);
  });

  test("the referral page in French, and on a phone through the menu", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, "resi@example.com", { cameFrom: "/dashboard/100101?lng=fr" });
    await page
      .locator("header details summary")
      .filter({ hasText: /^☰\s*Menu$/ })
      .click();
    await page.locator("#nav-small").getByRole("link", { name: "Recommander un ami" }).click();
    await expect(page).toHaveURL(/\/referrals\/100101$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Recommander un ami");
    await expect(page.getByTestId("referral-code")).toHaveText("MAYA-7K4Q");
    await expect(page.getByText(/vous obtenez un crédit de 50,00\u00a0\$ sur votre facture/)).toBeVisible();
    const items = page.getByTestId("referral-list").getByRole("listitem");
    await expect(items.nth(0)).toContainText("En attente");
    await expect(items.nth(1)).toContainText("Crédité");
    await expect(page.getByTestId("referral-total")).toHaveText("Crédits reçus\u00a0: 100,00\u00a0$");
    await expectNoAxeViolations(page);
    await page.goto("/referrals/100101?lng=en");
  });

  test("a business account has no referral page @static", async ({ page }) => {
    await signIn(page, "business@example.com");
    const response = await page.goto("/referrals/200301");
    expect(response!.status()).toBe(404);
  });
});

test.describe("with the referrals feature off (the default)", () => {
  test.use({ baseURL: BASE_URL });

  test("no card, no menu entry, and the referral page answers 404 @static", async ({ page }) => {
    await signIn(page, "resi@example.com");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText("Refer a friend")).toHaveCount(0);
    await expect(page.getByTestId("referral-card")).toHaveCount(0);
    const response = await page.goto("/referrals/100101");
    expect(response!.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This page could not be found");
  });
});
