/**
 * Account details and manage service, as family@example.com: pauses on the parents' account 100203
 * (package "Internet + Phone", moving on the first of the month after next), refused on the suspended
 * home account 100201 (balance owing), a cancellation of the condo 100202 and a move of the home
 * account. The no-JavaScript and JavaScript runs share the demo database, so each uses its own months
 * and its own kind of request on its own package, and every test leaves the account as it found it.
 */
import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations, hasJs, signIn } from "./support";

// Flows that check several screens with axe, on a machine shared with other suites.
test.describe.configure({ timeout: 90_000 });

/** The first day of the month `months` from now, as YYYY-MM-DD, and as the page writes it. */
function firstOfMonth(months: number) {
  const now = new Date();
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, 1));
  const iso = date.toISOString().slice(0, 10);
  const long = (language: "en-CA" | "fr-CA") => new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(date);
  return { iso, en: long("en-CA"), date };
}

const monthsAfter = (start: Date, months: number) =>
  new Intl.DateTimeFormat("en-CA", { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + months, 1)),
  );

async function openPackage(page: Page, customerId: number, name: string) {
  await page.goto(`/account-details/${customerId}`);
  return page.getByRole("region", { name, exact: true });
}

test("schedule a 2-month pause, see it on the account and the dashboard, change its dates, remove it", async ({ page }) => {
  test.slow();
  // Each run its own months, so the two never overlap, and both after the package's move (first of month 2).
  const start = firstOfMonth(hasJs() ? 7 : 3);
  await signIn(page, "family@example.com", { cameFrom: "/account-details/100203" });
  await expect(page).toHaveTitle("Account details | myLakeshore");
  await expectNoAxeViolations(page);
  const pkg = page.getByRole("region", { name: "Internet + Phone", exact: true });
  await pkg.getByRole("link", { name: "Pause Internet + Phone" }).click();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pause your service");
  await expect(page.getByText("Service comes back automatically on the end date")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("First day of the pause").fill(start.iso);
  await page.getByLabel("Number of months").fill("2");
  await page.getByRole("button", { name: "Schedule the pause" }).click();

  await expect(page).toHaveURL(/\/account-details\/100203$/);
  await expect(page.locator('[data-notification="success"]')).toContainText(
    `Internet + Phone will be paused from ${start.en} for 2 months.`,
  );
  const scheduled = `Paused from ${start.en} until ${monthsAfter(start.date, 2)} (2 months)`;
  await expect(pkg.getByTestId("pauses")).toContainText(scheduled);
  await expect(pkg.getByTestId("pauses")).toContainText(`Service comes back automatically on ${monthsAfter(start.date, 2)}`);

  // The dashboard names the package's next pause (the other run's may come first).
  await page.goto("/dashboard/100203");
  await expect(page.getByTestId("alert-pause")).toContainText("A pause is scheduled for Internet + Phone");

  await openPackage(page, 100203, "Internet + Phone");
  await pkg.getByTestId("pauses").filter({ hasText: start.en }).getByRole("link", { name: "Change the dates" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Change a scheduled pause");
  await expect(page.getByLabel("Number of months")).toHaveValue("2");
  await expectNoAxeViolations(page);
  await page.getByLabel("Number of months").fill("3");
  await page.getByRole("button", { name: "Save the new dates" }).click();
  await expect(page).toHaveURL(/\/account-details\/100203$/);
  await expect(pkg.getByTestId("pauses")).toContainText(`Paused from ${start.en} until ${monthsAfter(start.date, 3)} (3 months)`);

  await pkg.getByTestId("pauses").locator("li", { hasText: start.en }).getByRole("link", { name: "Remove the pause" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Remove a scheduled pause");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Remove the pause" }).click();
  await expect(page.locator('[data-notification="success"]')).toContainText("The pause of Internet + Phone was removed.");
  await expect(pkg.getByText(start.en)).toHaveCount(0);
});

test("a 7-month pause is refused, in English and in French", async ({ page }) => {
  await signIn(page, "family@example.com", { cameFrom: "/account-details/100203/packages/5301/pause" });
  const start = firstOfMonth(2);
  await page.getByLabel("First day of the pause").fill(start.iso);
  await page.getByLabel("Number of months").fill("7");
  await page.getByRole("button", { name: "Schedule the pause" }).click();
  await expect(page.getByTestId("error-summary")).toContainText("A pause lasts at most 6 months.");
  await expect(page.getByLabel("Number of months")).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);

  await page.goto("/account-details/100203/packages/5301/pause?lng=fr");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mettre votre service en pause");
  await page.getByLabel("Premier jour de la pause").fill(start.iso);
  await page.getByLabel("Nombre de mois").fill("7");
  await page.getByRole("button", { name: "Prévoir la pause" }).click();
  await expect(page.getByTestId("error-summary")).toContainText("Une pause dure au plus 6 mois.");
  await expectNoAxeViolations(page);
});

test("with a balance owing, a pause is refused with the reason", async ({ page }) => {
  await signIn(page, "family@example.com", { cameFrom: "/account-details/100201" });
  await expect(page.getByRole("alert").filter({ hasText: "Your services are suspended for non-payment" })).toBeVisible();
  const pkg = page.getByRole("region", { name: "Internet + TV", exact: true });
  await expect(pkg.getByTestId("suspension")).toContainText("Suspended for non-payment since");
  await pkg.getByRole("link", { name: "Pause Internet + TV" }).click();
  await expect(page.getByTestId("pause-refused")).toContainText(
    "A pause cannot be scheduled while a balance is owing. Pay your balance first.",
  );
  await expect(page.getByRole("button", { name: "Schedule the pause" })).toHaveCount(0);
  await expect(page.getByTestId("pause-refused").getByRole("link", { name: "Make a payment" })).toHaveAttribute(
    "href",
    "/billing/100201/pay",
  );
  await expectNoAxeViolations(page);
});

test("ask for a change to a service, see it pending, and withdraw it", async ({ page }) => {
  test.slow();
  // JavaScript: cancel the condo's service; without: move the home account's (a move and a cancellation
  // of one package are never pending together, so each run has its own package).
  await signIn(page, "family@example.com", { cameFrom: hasJs() ? "/account-details/100202" : "/account-details/100201" });
  const name = hasJs() ? "Internet Only" : "Internet + TV";
  const pkg = page.getByRole("region", { name, exact: true });
  const when = firstOfMonth(3);
  if (hasJs()) {
    // The condo is paused from next month for three: a move cannot fall within that, and the page says so first.
    await pkg.getByRole("link", { name: "Move Internet Only" }).click();
    await expect(page.getByTestId("move-paused")).toContainText(`Paused from ${firstOfMonth(1).en} until ${firstOfMonth(4).en}`);
    await page.getByLabel("Moving date").fill(firstOfMonth(2).iso);
    await page.getByLabel("Street address").fill("40 Lower Simcoe Street");
    await page.getByLabel("City").fill("Toronto");
    await page.getByLabel("Postal code").fill("M5J 0B1");
    await page.getByRole("button", { name: "Send the move request" }).click();
    await expect(page.getByTestId("error-summary")).toContainText("The service is paused on that day.");
    await expect(page.getByLabel("Moving date")).toHaveAttribute("aria-invalid", "true");
    await page.goto("/account-details/100202");
    // The package's actions (each labelled with the words it shows, then the package's name).
    await expectNoAxeViolations(page);
    // Cancelling: what it means, said plainly, and confirmed on its own page.
    await pkg.getByRole("link", { name: "Cancel service: Internet Only" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cancel Internet Only");
    await expect(page.getByTestId("cancel-means")).toContainText("these services end for good: Fibre 300 Mbps");
    await expectNoAxeViolations(page);
    await page.getByLabel("Last day of service").fill(when.iso);
    await page.getByLabel("The price").check();
    await page.getByRole("button", { name: "Cancel this service" }).click();
    await expect(page.getByTestId("error-summary")).toContainText("Confirm that you understand what cancelling means.");
    await page.getByLabel("I understand that Internet Only ends on that date.").check();
    await page.getByRole("button", { name: "Cancel this service" }).click();
    await expect(page.locator('[data-notification="success"]')).toContainText(
      `We received your request to cancel Internet Only on ${when.en}.`,
    );
    await expect(pkg.getByTestId("requests")).toContainText(`Cancellation on ${when.en}`);
    await pkg.getByRole("link", { name: "Withdraw the cancellation request" }).click();
  } else {
    await pkg.getByRole("link", { name: "Move Internet + TV" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Move your service");
    await expectNoAxeViolations(page);
    await page.getByLabel("Moving date").fill(when.iso);
    await page.getByLabel("Street address").fill("40 Lower Simcoe Street");
    await page.getByLabel("City").fill("Toronto");
    await page.getByLabel("Postal code").fill("H2X 1Y4");
    await page.getByRole("button", { name: "Send the move request" }).click();
    await expect(page.getByLabel("Postal code")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByTestId("error-summary")).toContainText("This postal code is not in the province you chose.");
    await page.getByLabel("Postal code").fill("M5J 0B1");
    await page.getByRole("button", { name: "Send the move request" }).click();
    await expect(page.locator('[data-notification="success"]')).toContainText(
      `We received your request to move Internet + TV on ${when.en}.`,
    );
    // While it is pending, cancelling is not offered, and the page says why.
    await expect(pkg.getByRole("link", { name: "Cancel service: Internet + TV" })).toHaveCount(0);
    await expect(pkg.getByTestId("cancel-after-move")).toHaveText("To cancel Internet + TV, first withdraw its move request.");
    await expect(pkg.getByTestId("requests")).toContainText("40 Lower Simcoe Street");
    await pkg.getByRole("link", { name: "Withdraw the move request" }).click();
  }
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Withdraw the (move|cancellation) request$/);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Withdraw the request" }).click();
  await expect(page.locator('[data-notification="success"]')).toContainText(
    new RegExp(`request of ${name.replace("+", "\\+")} was withdrawn`),
  );
  await expect(pkg.getByTestId("requests")).toHaveCount(0);
});

test("a service that is moving: the pause page names the moving date first, and a pause over it is refused", async ({ page }) => {
  await signIn(page, "family@example.com", { cameFrom: "/account-details/100203" });
  const pkg = page.getByRole("region", { name: "Internet + Phone", exact: true });
  await expect(pkg.getByRole("link", { name: "Cancel service: Internet + Phone" })).toHaveCount(0);
  await expect(pkg.getByTestId("cancel-after-move")).toHaveText("To cancel Internet + Phone, first withdraw its move request.");
  await pkg.getByRole("link", { name: "Pause Internet + Phone" }).click();
  const moving = firstOfMonth(2);
  await expect(page.getByTestId("pause-moving")).toContainText(`It moves on ${moving.en}. A pause cannot include that day`);
  await expectNoAxeViolations(page);
  await page.getByLabel("First day of the pause").fill(firstOfMonth(1).iso);
  await page.getByLabel("Number of months").fill("2");
  await page.getByRole("button", { name: "Schedule the pause" }).click();
  await expect(page.getByTestId("error-summary")).toContainText("This service moves on a day this pause would include.");
  await expect(page.getByLabel("First day of the pause")).toHaveAttribute("aria-invalid", "true");

  await page.goto("/account-details/100203/packages/5301/pause?lng=fr");
  await expect(page.getByTestId("pause-moving")).toContainText("Ce service déménage");
  await expectNoAxeViolations(page);
});

test("the account details in French, with the pending requests of the parents' account @static", async ({ page }) => {
  await signIn(page, "family@example.com", { cameFrom: "/account-details/100203?lng=fr" });
  await expect(page).toHaveTitle("Détails du compte | myLakeshore");
  await expect(page.getByRole("heading", { name: "Vos services" })).toBeVisible();
  const pkg = page.getByRole("region", { name: "Internet + Téléphone", exact: true });
  await expect(pkg.getByTestId("requests")).toContainText("88 Glebeholme Boulevard");
  await expect(pkg.getByRole("link", { name: "Retirer la demande de déménagement" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("the TV page's tables are spaced by their look, channel numbers right-aligned in columns @static", async ({ page }) => {
  await signIn(page, "resi@example.com", { cameFrom: "/resi-tv/5001" });
  await expect(page.getByRole("listitem").filter({ hasText: "Sports Extra" })).toContainText("$12.00 a month, 8 channels, since");
  // The cells carry no spacing of their own: the table's look (app.css) gives it to every body cell.
  const channels = page.getByRole("table", { name: "Channels" });
  const number = channels.getByRole("rowheader").first();
  await expect(number).toHaveCSS("padding-top", "8px");
  await expect(number).toHaveCSS("text-align", "right");
  await expect(number).toHaveCSS("font-variant-numeric", "tabular-nums");
  await expect(number).toHaveCSS("font-weight", "400");
  const lastCell = channels.getByRole("row").nth(1).getByRole("cell").last();
  await expect(lastCell).toHaveCSS("padding-right", "0px");
  await expect(lastCell).toHaveCSS("vertical-align", "top");
  const room = page.getByRole("table", { name: "Set-top boxes" }).getByRole("rowheader").first();
  await expect(room).toHaveCSS("text-align", "left");
  await expect(room).toHaveCSS("font-weight", "500");
  await expect(room).toHaveCSS("padding-right", "12px");
});
