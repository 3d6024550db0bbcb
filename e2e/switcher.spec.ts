import { expect, test, type Page } from "@playwright/test";
import { cookieValue, expectNoAxeViolations, hasJs, signIn } from "./support";

test("one account: no switcher @static", async ({ page }) => {
  await signIn(page, "resi@example.com");
  await expect(page.getByLabel("Account", { exact: true })).toHaveCount(0);
  await expect(page.getByText(/Find an account/)).toHaveCount(0);
});

test("three accounts: a menu that makes another account active", async ({ page }) => {
  await signIn(page, "family@example.com");
  // With no account chosen yet, the first (by name) is active: the condo.
  await expect(page).toHaveURL(/\/dashboard\/100202$/);
  if (hasJs()) {
    await page.getByRole("button", { name: /Account: .*100202/ }).click();
    const items = page.getByRole("menuitem");
    await expect(items).toHaveCount(3);
    await items.filter({ hasText: "Jordan Gagnon – Home (100201)" }).click();
  } else {
    const select = page.getByRole("combobox", { name: "Account" });
    await expect(select.locator("option")).toHaveCount(3);
    await select.selectOption("100201");
    await page.getByRole("button", { name: "Switch" }).first().click();
  }
  await expect(page).toHaveURL(/\/dashboard\/100201$/);
  await expect(page.getByTestId("alert-suspended")).toBeVisible();
  expect(await cookieValue(page, "activeCustomerId")).toBe("100201");

  // "/" now goes to the account chosen last.
  await page.goto("/");
  await expect(page).toHaveURL(/\/dashboard\/100201$/);
  await expectNoAxeViolations(page);
});

test("twelve accounts: a searchable list", async ({ page }) => {
  await signIn(page, "business@example.com");
  if (hasJs()) {
    // The page carries the active account and the count; the list comes when the search is first used.
    expect(await page.content()).not.toContain("Kensington Dental Group");
    const box = page.getByRole("combobox", { name: "Find an account" });
    await box.fill("kensington");
    const options = page.getByRole("option");
    await expect(options).toHaveCount(1);
    await options.first().click();
  } else {
    await page.getByRole("searchbox", { name: "Find an account" }).first().fill("kensington");
    await page.getByRole("button", { name: "Search" }).first().click();
    await expect(page).toHaveURL(/\/accounts\?q=kensington$/);
    await expect(page.getByText("1 of 12 accounts matches")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Switch to this account Kensington Dental Group" }).click();
  }
  await expect(page).toHaveURL(/\/dashboard\/200302$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kensington Dental Group");
  expect(await cookieValue(page, "activeCustomerId")).toBe("200302");
});

test("twelve accounts: the search says when the list cannot be loaded, and loads it when asked again @needs-js", async ({ page }) => {
  await signIn(page, "business@example.com");
  await page.route("**/accounts/list", (route) => route.abort());
  const box = page.getByRole("combobox", { name: "Find an account" });
  await box.fill("junction");
  await expect(page.getByText("Your accounts could not be loaded. Try again in a moment.")).toBeVisible();
  await expectNoAxeViolations(page);
  // The page stays, in the accessibility tree too (the list is not modal).
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.unroute("**/accounts/list");
  await box.fill("junctio");
  await expect(page.getByRole("option")).toHaveText(["Junction Data Works (200310)"]);
  await expectNoAxeViolations(page);
  await page.getByRole("option").click();
  await expect(page).toHaveURL(/\/dashboard\/200310$/);
});

test("a switch posted with a control character answers the error page in French and switches nothing", async ({ page }) => {
  await signIn(page, "family@example.com");
  await page.goto("/dashboard/100202?lng=fr");
  const before = await cookieValue(page, "activeCustomerId");
  // A form of the portal's own page (same origin), its value one no browser control would send.
  await page.evaluate(() => {
    const form = Object.assign(document.createElement("form"), { method: "post", action: "/switch-account" });
    form.append(Object.assign(document.createElement("input"), { type: "hidden", name: "customerId", value: "100201\u0001" }));
    form.append(Object.assign(document.createElement("button"), { type: "submit", textContent: "Envoyer" }));
    document.body.append(form);
  });
  const [answer] = await Promise.all([page.waitForResponse(/\/switch-account$/), page.getByRole("button", { name: "Envoyer" }).click()]);
  expect(answer.status()).toBe(400);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Une erreur s’est produite");
  expect(await cookieValue(page, "activeCustomerId")).toBe(before);
});

test("the account list searches names without accents and by customer id @static", async ({ page }) => {
  await signIn(page, "business@example.com");
  await page.goto("/accounts?q=200310");
  await expect(page.getByRole("listitem").filter({ hasText: "Junction Data Works" })).toBeVisible();
  await page.goto("/accounts?q=zzzz");
  await expect(page.getByText("0 of 12 accounts match")).toBeVisible();
});

/**
 * The layout shifts of the document so far (the browser's own measure, as Lighthouse reads it). Shifts
 * right after an input are left out, as the browser's own score leaves them out.
 */
async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
            if (!entry.hadRecentInput) total += entry.value;
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );
}

for (const [name, width] of [
  ["on a phone", 412],
  ["on a desktop", 1280],
] as const) {
  test(`${name}, the switcher's widget takes the native form's place without moving the page @needs-js`, async ({ page }) => {
    await page.setViewportSize({ width, height: 823 });
    // The sign-in moves to the dashboard inside the page; a loaded document measures the hydration alone.
    await signIn(page, "family@example.com");
    await page.reload();
    await expect(page.getByRole("button", { name: /Account: .*100202/ }).first()).toBeVisible();
    expect(await layoutShift(page)).toBe(0);
    await page.context().clearCookies();
    await signIn(page, "business@example.com");
    await page.reload();
    await expect(page.getByRole("combobox", { name: "Find an account" }).first()).toBeVisible();
    expect(await layoutShift(page)).toBe(0);
  });
}
