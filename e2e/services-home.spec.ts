/**
 * The home network and the profile, as resi@example.com (package 5001, internet service 7001): WiFi
 * names (the no-JavaScript run changes the 2.4 GHz network, the JavaScript run the 5 GHz one, and each
 * puts the name back), the network overview as a list and a map, internet and TV, profile settings,
 * change password (refusals in both runs; the change itself once, and back), the intro tour (walked
 * through and skipped as resi without JavaScript, finished as family with it), and every link of the dashboard.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { PHONE_WIDTHS } from "./phone";
import { expectNoAxeViolations, hasJs, PASSWORD, signIn, signOut } from "./support";

// Flows that check several screens with axe, on a machine shared with other suites.
test.describe.configure({ timeout: 90_000 });

const band = () => (hasJs() ? { label: "5 GHz", original: "Singh-Home-5G" } : { label: "2.4 GHz", original: "Singh-Home" });

async function renameWifi(page: Page, label: string, name: string) {
  await page.getByLabel(`Network name (${label})`).fill(name);
  await page.getByRole("button", { name: `Save the ${label} network` }).click();
}

test("change the WiFi name: accents and surrounding spaces are refused, in French too; the dashboard shows the new name", async ({
  page,
}) => {
  test.slow();
  const { label, original } = band();
  const renamed = `${original}-${hasJs() ? "J" : "N"}`;
  await signIn(page, "resi@example.com");
  const home = page.getByRole("region", { name: "Home Complete" });
  await home.getByRole("link", { name: "WiFi settings of Home Complete" }).click();
  await expect(page).toHaveTitle("WiFi settings | myLakeshore");
  await expectNoAxeViolations(page);

  await renameWifi(page, label, "Café-Maya");
  await expect(page.getByTestId("error-summary")).toContainText(
    `Use only letters without accents, digits, spaces and common symbols in the ${label} network name.`,
  );
  await expect(page.getByLabel(`Network name (${label})`)).toHaveAttribute("aria-invalid", "true");
  await renameWifi(page, label, `${renamed} `);
  await expect(page.getByTestId("error-summary")).toContainText(`Remove the spaces at the start or end of the ${label} network name.`);

  await page.goto("/wifi/5001?lng=fr");
  const frLabel = label.replace(".", ",");
  await page.getByLabel(`Nom du réseau (${frLabel})`).fill("Réseau");
  await page.getByRole("button", { name: `Enregistrer le réseau ${frLabel}` }).click();
  await expect(page.getByTestId("error-summary")).toContainText("N’utilisez que des lettres sans accents");
  await expectNoAxeViolations(page);

  await page.goto("/wifi/5001?lng=en");
  await renameWifi(page, label, renamed);
  await expect(page.locator('[data-notification="success"]')).toContainText(`Your WiFi network is now called ${renamed}.`);
  await page.goto("/dashboard/100101");
  await expect(home).toContainText(renamed);

  // Back as it was, for the other suites.
  await page.goto("/wifi/5001");
  await renameWifi(page, label, original);
  await expect(page.locator('[data-notification="success"]')).toContainText(`Your WiFi network is now called ${original}.`);
});

test("a WiFi password shows only on request", async ({ page }) => {
  await signIn(page, "resi@example.com", { cameFrom: "/wifi/5001" });
  await expect(page.getByTestId("password-5ghz")).toHaveCount(0);
  await page.getByRole("link", { name: "Show password of the 5 GHz network" }).click();
  await expect(page.getByTestId("password-5ghz")).not.toBeEmpty();
  await page.getByRole("link", { name: "Hide password" }).click();
  await expect(page.getByTestId("password-5ghz")).toHaveCount(0);
});

test("the network overview as a list and as a map", async ({ page }) => {
  await signIn(page, "resi@example.com", { cameFrom: "/resi-internet/5001" });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Internet");
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Network overview" }).click();
  await expect(page).toHaveTitle("Network overview | myLakeshore");
  await expect(page.getByRole("link", { name: "List" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("table").first()).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Map" }).click();
  await expect(page).toHaveURL(/view=map/);
  const map = page.getByRole("img", { name: "Map of your home network" });
  await expect(map).toBeVisible();
  await expect(page.getByTestId("network-map").locator("text").first()).not.toBeEmpty();
  await expectNoAxeViolations(page);
});

test("internet and TV, by package and by service id", async ({ page }) => {
  test.slow();
  await signIn(page, "resi@example.com", { cameFrom: "/internet/view/7001" });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Internet");
  await expect(page.getByRole("link", { name: "Router settings" })).toHaveAttribute("href", "/internet/router/7001");
  await page.goto("/dashboard/100101");
  await page.getByRole("link", { name: "TV details of Home Complete" }).click();
  await expect(page).toHaveTitle("TV | myLakeshore");
  await expect(page.getByRole("region", { name: "TV Go" })).toContainText("only be replaced by support");
  await expectNoAxeViolations(page);
  await page.goto("/iptv/7002?lng=fr");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Télé");
  await expectNoAxeViolations(page);
});

test("profile settings, reached from the account menu, for a commercial customer without the side drawer", async ({ page }) => {
  await signIn(page, "business@example.com");
  if (hasJs()) {
    await page.locator('button[aria-haspopup="menu"]', { hasText: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Profile settings" }).click();
  } else {
    await page.locator("header details summary").filter({ hasText: "Account menu" }).click();
    await page.locator("header").getByRole("link", { name: "Profile settings" }).click();
  }
  await expect(page).toHaveTitle("Profile settings | myLakeshore");
  await expect(page.getByRole("navigation", { name: "Main navigation" })).toBeHidden();
  await expect(page.getByLabel("First name")).not.toHaveValue("");
  await expectNoAxeViolations(page);
});

test("save the profile in the preferred language, which becomes the portal's (Sam's details stay as seeded)", async ({ page }) => {
  await signIn(page, "sam.gagnon@example.com", { cameFrom: "/profile-settings?lng=en" });
  await expect(page.getByRole("radio", { name: "Français" })).toBeChecked();
  await page.getByLabel("Phone number (optional)").fill("12");
  await page.getByRole("button", { name: "Save my details" }).click();
  await expect(page.getByTestId("error-summary")).toContainText("Enter a 10-digit phone number, such as 416-555-0123.");
  await page.getByLabel("Phone number (optional)").fill("(647) 555-0189");
  await page.getByRole("button", { name: "Save my details" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Paramètres du profil");
  await expect(page.locator('[data-notification="success"]')).toContainText("Votre profil a été enregistré.");
  await expect(page.getByLabel("Numéro de téléphone (facultatif)")).toHaveValue("647-555-0189");
  await expectNoAxeViolations(page);
});

test("a weak, a mismatched and a reused password are each refused with their own message", async ({ page }) => {
  await signIn(page, "resi@example.com", { cameFrom: "/profile-settings" });
  await page.getByRole("link", { name: "Change password" }).click();
  await expect(page).toHaveTitle("Change password | myLakeshore");
  await expect(page.getByText("every other session (other browsers and devices) is signed out")).toBeVisible();
  const attempt = async (current: string, next: string, confirm: string) => {
    await page.getByLabel("Current password").fill(current);
    await page.getByLabel("New password", { exact: true }).fill(next);
    await page.getByLabel("Confirm the new password").fill(confirm);
    await page.getByRole("button", { name: "Change password" }).click();
  };
  await attempt(PASSWORD, "weakpass", "weakpass");
  await expect(page.getByTestId("error-summary")).toContainText("Your new password must contain at least one uppercase letter.");
  await attempt(PASSWORD, "Better-Pass-2027", "Better-Pass-2028");
  await expect(page.getByTestId("error-summary")).toContainText("The confirmation password does not match the new password.");
  await attempt(PASSWORD, PASSWORD, PASSWORD);
  await expect(page.getByTestId("error-summary")).toContainText("Your new password must be different from your current password.");
  // A password manager's long one is not cut short by the field (it would keep the whole): it is said too long.
  const long = `Aa-${"x".repeat(210)}`;
  await attempt(PASSWORD, long, long);
  await expect(page.getByTestId("error-summary")).toContainText("Your new password must be 200 characters or fewer.");
  await expect(page.getByLabel("Current password")).toHaveValue(hasJs() ? PASSWORD : "");
  await expectNoAxeViolations(page);
});

async function changePassword(page: Page, from: string, to: string) {
  await page.goto("/profile-settings/password");
  await page.getByLabel("Current password").fill(from);
  await page.getByLabel("New password", { exact: true }).fill(to);
  await page.getByLabel("Confirm the new password").fill(to);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.locator('[data-notification="success"]')).toContainText(
    "Your password was changed. Your other sessions were signed out.",
  );
}

async function signInWith(page: Page, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email or username").fill("resi@example.com");
  await page.getByLabel(/^Password$/).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname !== "/login");
}

async function withJs(browser: Browser, run: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ javaScriptEnabled: true, locale: "en-CA" });
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

test("change the password, sign in with the new one, then change it back (with and without JavaScript) @once", async ({
  page,
  browser,
}) => {
  test.slow();
  const next = "Lakeshore-Pass-2027";
  await signIn(page, "resi@example.com");
  await changePassword(page, PASSWORD, next);
  await signOut(page);
  await signInWith(page, next);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hello, Maya");
  await withJs(browser, async (js) => {
    await signInWith(js, next);
    await changePassword(js, next, PASSWORD);
  });
  // The change with JavaScript ended this session.
  await page.goto("/profile-settings");
  await expect(page).toHaveURL(/\/login/);
  await signInWith(page, PASSWORD);
});

/** The sections of the page that the element with this test id overlaps (none: it covers nothing). */
async function covered(page: Page, testId: string) {
  return page.evaluate((id) => {
    const card = document.querySelector(`[data-testid="${id}"]`)!;
    const box = card.getBoundingClientRect();
    return [...document.querySelectorAll("main section")]
      .filter((section) => !section.contains(card) && !card.contains(section))
      .filter((section) => {
        const other = section.getBoundingClientRect();
        return other.left < box.right && box.left < other.right && other.top < box.bottom && box.top < other.bottom;
      })
      .map((section) => section.getAttribute("aria-labelledby") ?? section.id);
  }, testId);
}

test("the intro tour: each step a card under its part of the page, covering nothing, then gone once skipped or finished", async ({
  page,
}) => {
  test.slow();
  // Each run its own user: the tour ends for good.
  if (hasJs()) await signIn(page, "family@example.com", { cameFrom: "/dashboard/100202" });
  else await signIn(page, "resi@example.com");
  const panel = page.getByTestId("tour");
  await expect(panel.getByRole("listitem")).toHaveText([/Your account and profile/, /Your bills/, /Your internet and TV/, /Getting help/]);
  await expect(panel.getByRole("link", { name: "Your bills" })).toHaveAttribute("href", "#billing-heading");
  await expectNoAxeViolations(page);

  // A refused end (its post altered on the way, as a foreign or broken post would be) is a page of its own
  // that says why, with JavaScript too, and leads back to the dashboard with the tour still there.
  await page.route("**/dashboard/*/tour", (route) => route.continue({ postData: "skipped=maybe" }), { times: 1 });
  await panel.getByRole("button", { name: "Got it" }).click();
  await expect(page.getByTestId("post-refused")).toContainText("This form could not be read. Please send it again from the page.");
  await expect(page).toHaveTitle(/^Take a quick tour \| /);
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Back to the dashboard" }).click();
  await expect(panel.getByRole("listitem")).toHaveCount(4);

  // Starting the tour shows its first step, with JavaScript or without.
  await panel.getByRole("link", { name: "Start the tour" }).click();
  await expect(page).toHaveURL(/\?tour=1#tour-step$/);
  const card = page.getByTestId("tour");
  const steps: [string, string][] = [
    ["Your account and profile", "account-heading"],
    ["Your bills", "billing-heading"],
    ["Your internet and TV", "services-heading"],
    ["Getting help", "support-heading"],
  ];
  for (const [index, [title, part]] of steps.entries()) {
    await expect(card).toContainText(`Step ${index + 1} of 4`);
    await expect(card.getByRole("heading", { level: 2 })).toHaveText(title);
    // Under the part it is about (outlined), in the page's flow: nothing is covered, at any width.
    const target = page.locator(`section[aria-labelledby="${part}"]`);
    await expect(target).toHaveClass(/tour-target/);
    expect((await card.boundingBox())!.y).toBeGreaterThan((await target.boundingBox())!.y + (await target.boundingBox())!.height - 1);
    for (const width of [1366, ...PHONE_WIDTHS]) {
      await page.setViewportSize({ width, height: 800 });
      expect(await covered(page, "tour"), `at ${width} px`).toEqual([]);
    }
    await page.setViewportSize({ width: 1280, height: 720 });
    if (hasJs()) await expect(card).toBeFocused();
    if (index === 1) await expectNoAxeViolations(page);
    if (index < 3) await card.getByRole("link", { name: "Next" }).click();
  }
  await card.getByRole("link", { name: "Back" }).click();
  await expect(card).toContainText("Step 3 of 4");
  await card.getByRole("link", { name: "Next" }).click();
  await expect(card).toContainText("Step 4 of 4");
  if (hasJs()) await card.getByRole("button", { name: "Finish" }).click();
  else await card.getByRole("button", { name: "Skip the tour" }).click();

  // The end posts and comes back to the dashboard without the tour: wait for that page before reloading.
  await expect(page).toHaveURL(/\/dashboard\/\d+$/);
  await expect(page.getByTestId("tour")).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Hello, /);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Hello, /);
  await expect(page.getByTestId("tour")).toHaveCount(0);
});

for (const [user, path] of [
  ["resi@example.com", "/dashboard/100101"],
  ["family@example.com", "/dashboard/100203"],
]) {
  test(`every link of ${user}'s residential dashboard leads to a page`, async ({ page }) => {
    await signIn(page, user, { cameFrom: path });
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Hello, /);
    const hrefs = await page.locator("main a[href^='/']").evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute("href")!))]);
    expect(hrefs).toEqual(expect.arrayContaining([expect.stringMatching(/^\/account-details\//), "/profile-settings"]));
    // The router settings are issue 11's screens (/internet/router/{serviceId}), merged beside these.
    for (const href of hrefs.filter((h) => !h.startsWith("/internet/router/"))) {
      const response = await page.request.get(href, { maxRedirects: 0 });
      expect(response.status(), href).toBe(200);
    }
  });
}
