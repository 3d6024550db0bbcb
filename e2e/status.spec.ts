/**
 * The service status: the demo's internet outage in resi@example.com's area (api/db/seed/status.ts,
 * M4M and M4L) on her dashboard above everything, in English and French, beside her internet's status,
 * on her router's page and on the public /status page, which names areas only; the maintenance ahead of
 * business@'s endpoint 8001 on its page. Reading pages only, with JavaScript off and on.
 */
import { expect, test, type Page } from "@playwright/test";
import { expectFitsWidth } from "./phone";
import { expectNoAxeViolations, signIn } from "./support";

/** What of resi@example.com (and of the business named by the maintenance) must never reach /status. */
const PRIVATE = ["245 Carlaw", "Carlaw Avenue", "M4M 2S1", "Unit 4", "Maya", "Singh", "100101", "Harbourfront", "Queens Quay", "8001"];

async function expectNothingPrivate(page: Page) {
  const text = await page.locator("body").innerText();
  for (const secret of PRIVATE) expect(text, `the page names ${secret}`).not.toContain(secret);
}

test("resi@'s dashboard shows the outage in her area above everything, in English and in French", async ({ page }) => {
  // Four pages, two checked with axe, on a machine shared with other suites.
  test.slow();
  await signIn(page, "resi@example.com", { cameFrom: "/dashboard/100101" });
  const notice = page.getByTestId("incident-alert");
  await expect(notice).toHaveCount(1);
  await expect(notice).toContainText("Internet outage in your area");
  // Times of today alone ("Since 2:10 p.m."), with their date on another day (a demo seeded before midnight).
  await expect(notice).toContainText(/Since .*\d\s[ap]\.m\.; expected back by .*\d\s[ap]\.m\./);
  await expect(notice).toContainText("A fibre cable was cut during construction work in Leslieville.");
  await expect(notice).toContainText(/Latest update, .*\d:\d{2}\s[ap]\.m\.: The crew found the cut cable/);
  // Above everything else on the page: the greeting and the account's own notices come after it.
  const noticeBox = (await notice.boundingBox())!;
  const greeting = (await page.getByRole("heading", { level: 1 }).boundingBox())!;
  expect(noticeBox.y).toBeLessThan(greeting.y);
  await expectNoAxeViolations(page);

  await page.goto("/dashboard/100101?lng=fr");
  await expect(notice).toContainText(/Panne dans votre secteur\s:\sInternet/);
  await expect(notice).toContainText(/Depuis .*\d\sh(\s\d{2})?\s; retour prévu .*vers \d{1,2}\sh/);
  await expect(notice).toContainText(/Dernière mise à jour, .*\d\sh\s\d{2}\s: L’équipe a trouvé le câble sectionné/);
  await expect(notice.getByRole("link", { name: "L’état des services dans tous les secteurs" })).toHaveAttribute("href", "/status");

  // Beside the internet service's status too, the status row leading to the notice.
  await page.goto("/resi-internet/5001?lng=en");
  await expect(page.getByTestId("incident-alert")).toContainText("Internet outage in your area");
  await expect(page.getByTestId("incident-link")).toHaveText("Internet outage in your area");
  await expect(page.getByTestId("incident-link")).toHaveAttribute("href", /^#incident-\d+$/);

  // On the router's page too, above the router's own state (its code loaded only for a page that shows it).
  await page.goto("/internet/router/7001?lng=en");
  await expect(page.getByTestId("incident-alert")).toContainText("Internet outage in your area");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  // The support page leads to the service status.
  await page.goto("/support/100101");
  await page.getByRole("link", { name: "Service status", exact: true }).click();
  await expect(page).toHaveURL(/\/status$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Service status");
});

test("/status shows the outage to a visitor by area, never her address, on a phone too", async ({ page }) => {
  test.slow();
  // Reached from the public pages' footer.
  await page.goto("/login");
  await page.getByRole("contentinfo").getByRole("link", { name: "Service status" }).click();
  await expect(page).toHaveURL(/\/status$/);
  await expect(page).toHaveTitle(/^Service status \| myLakeshore$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Service status");

  const current = page.getByTestId("current-incidents");
  await expect(current.getByTestId("status-incident")).toHaveCount(1);
  await expect(current).toContainText("Internet outage");
  await expect(current).toContainText("M4L, M4M");
  await expect(current).toContainText("The crew found the cut cable and is splicing the fibres.");
  // The maintenance of a business's circuit names its service only: it is not here.
  await expect(page.getByTestId("upcoming-incidents")).toContainText("No maintenance planned.");
  const resolved = page.getByTestId("resolved-incidents");
  await expect(resolved.getByTestId("status-incident")).toHaveCount(2);
  await expect(resolved).toContainText("TV outage");
  await expect(resolved).toContainText("A faulty video server was replaced. All channels are back.");
  await expectNothingPrivate(page);
  await expectNoAxeViolations(page);
  await expectFitsWidth(page, 390);

  await page.goto("/status?lng=fr");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("État des services");
  await expect(page.getByTestId("current-incidents")).toContainText(/Panne\s:\sInternet/);
  await expectNothingPrivate(page);
  await expectFitsWidth(page, 390);
});

test("a business endpoint shows the maintenance window ahead", async ({ page }) => {
  await signIn(page, "business@example.com", { cameFrom: "/internet/view/8001" });
  const notice = page.getByTestId("incident-alert");
  await expect(notice).toHaveCount(1);
  await expect(notice).toContainText("Planned internet maintenance on your service");
  await expect(notice).toContainText(/[A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}, \d{4}, from \d{1,2}\s[ap]\.m\. to \d{1,2}\s[ap]\.m\./);
  await expect(notice).toContainText("Planned upgrade of the equipment serving your dedicated internet circuit.");
  await expectNoAxeViolations(page);
});
