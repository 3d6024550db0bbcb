/**
 * Where you're signed in and the account activity log, with JavaScript off and on. Sessions: each
 * project has its own demo person without an account (olivier.cote@ without JavaScript, chloe.martin@
 * with it), signed in from three browsers: one is signed out from the list, then everywhere else; each
 * lands on sign-in at its next page. Activity: office@ (Marie Lavoie, a second authoritative contact of
 * 200301) changes Noah Williams's roles through the API; a minute later business@ reads it in the log
 * of 200301, in English and French, filters it, and downloads it as CSV.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { PHONE_WIDTHS, expectFitsWidth } from "./phone";
import { PASSWORD, expectNoAxeViolations, hasJs, signIn } from "./support";

test.describe.configure({ timeout: 120_000 });

async function signedInPage(browser: Browser, username: string, cameFrom: string): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: hasJs(), locale: "en-CA" });
  const page = await context.newPage();
  await signIn(page, username, { cameFrom });
  return page;
}

const notice = (page: Page, type: "success" | "info") => page.locator(`[data-notification="${type}"]`);

test("sign out of one other session, then everywhere else", async ({ page, browser }) => {
  const username = hasJs() ? "chloe.martin@example.com" : "olivier.cote@example.com";
  const second = await signedInPage(browser, username, "/profile-settings");
  const third = await signedInPage(browser, username, "/profile-settings");

  await signIn(page, username, { cameFrom: "/profile-settings" });
  await page.getByRole("link", { name: "See where you're signed in" }).click();
  await expect(page).toHaveURL(/\/profile-settings\/sessions$/);
  await expect(page).toHaveTitle("Where you're signed in | myLakeshore");
  const rows = page.getByTestId("session-row");
  await expect(rows.first()).toContainText("This device");
  await expect(rows.first()).toContainText(/Chrome on (Linux|Windows|macOS)/);
  await expect(rows.first()).toContainText(/Network [0-9a-f.:]+\/(24|48)/);
  const before = await rows.count();
  expect(before).toBeGreaterThanOrEqual(3);
  await expectNoAxeViolations(page);
  for (const width of PHONE_WIDTHS) await expectFitsWidth(page, width);
  await page.setViewportSize({ width: 1280, height: 720 });

  // Sign out of one: the newest other session (the third browser signed in last).
  await rows
    .nth(1)
    .getByRole("button", { name: /^Sign out/ })
    .click();
  await expect(notice(page, "success")).toContainText("That session was signed out.");
  await expect(rows).toHaveCount(before - 1);
  await third.goto("/profile-settings");
  await expect(third).toHaveURL(/\/login\?came_from=%2Fprofile-settings$/);

  // Everywhere else: the second browser too; this one stays.
  await page.getByRole("button", { name: "Sign out everywhere else" }).click();
  await expect(notice(page, "success")).toContainText(/other sessions? (was|were) signed out\./);
  await expect(rows).toHaveCount(1);
  await expect(page.getByTestId("sessions-none")).toBeVisible();
  await second.goto("/profile-settings");
  await expect(second).toHaveURL(/\/login\?came_from=%2Fprofile-settings$/);
  await page.goto("/profile-settings");
  await expect(page).toHaveURL(/\/profile-settings$/);
});

test("business@ reads a role change another contact made a minute before, in French too, and downloads it", async ({ page, request }) => {
  // Marie Lavoie (office@) changes Noah Williams's roles on 200301 through the API.
  const signedIn = await request.post("/api/v1/auth/access-token", { data: { username: "office@example.com", password: PASSWORD } });
  expect(signedIn.status()).toBe(200);
  const { token } = (await signedIn.json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}` };
  const { contacts } = (await (await request.get("/api/v1/customer/200301/contacts", { headers })).json()) as {
    contacts: { contact_id: number; first_name: string; roles: string[] }[];
  };
  const noah = contacts.find((c) => c.first_name === "Noah")!;
  const roles = noah.roles.includes("support") ? noah.roles.filter((r) => r !== "support") : [...noah.roles, "support"];
  const changed = await request.put(`/api/v1/customer/200301/contact/${noah.contact_id}`, { headers, data: { new_roles: roles } });
  expect(changed.status()).toBe(200);

  await signIn(page, "business@example.com", { cameFrom: "/profile-settings" });
  await page.getByRole("link", { name: "See account activity" }).click();
  await page.goto("/account-activity/200301");
  await expect(page).toHaveTitle("Account activity | myLakeshore");
  await expect(page.getByTestId("activity-scope")).toContainText("Every contact's actions");
  // The newest of Marie's (business@'s own sign-in from this browser may come after it).
  const first = page.getByTestId("activity-row").filter({ hasText: "Marie Lavoie" }).first();
  await expect(first).toContainText("Contact roles changed");
  await expect(first).toContainText("Changed the roles of Noah Williams from");
  await expectNoAxeViolations(page);
  for (const width of PHONE_WIDTHS) await expectFitsWidth(page, width);
  await page.setViewportSize({ width: 1280, height: 720 });

  // Filtered by kind (a plain GET form).
  await page.getByLabel("Kind").selectOption("payment");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/\?kind=payment&from_date=&to_date=$/);
  // Retried until the filtered list is on screen (with JavaScript the address changes before the rows do).
  await expect(page.getByTestId("activity-row").filter({ hasNotText: "Payment" })).toHaveCount(0);
  await expect(page.getByTestId("activity-row").first()).toContainText("Payment");
  // An end before the start: said next to the field, nothing listed.
  await page.goto("/account-activity/200301?from_date=2026-11-10&to_date=2026-11-01");
  await expect(page.getByTestId("activity-fix-filter")).toBeVisible();
  await expectNoAxeViolations(page);

  // In French.
  await page.goto("/account-activity/200301?lng=fr");
  await expect(page).toHaveTitle("Activité du compte | myLakeshore");
  const premier = page.getByTestId("activity-row").filter({ hasText: "Marie Lavoie" }).first();
  await expect(premier).toContainText("A changé les rôles de Noah Williams de");
  await expectNoAxeViolations(page);

  // The CSV: the same log, headers in French, a byte order mark for Excel.
  const href = await page.getByTestId("activity-csv").getAttribute("href");
  expect(href).toBe("/account-activity/200301/activity.csv");
  const csv = await page.request.get(href!);
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(csv.headers()["content-disposition"]).toBe('attachment; filename="activite-200301.csv"');
  const body = (await csv.body()).toString("utf8");
  expect(body.charCodeAt(0)).toBe(0xfeff);
  const lines = body.slice(1).split("\r\n");
  expect(lines[0]).toBe("Date et heure (UTC),Qui,Type,Quoi");
  expect(lines.find((line) => line.includes("Marie Lavoie"))).toContain("Marie Lavoie,Rôles d’une personne-ressource modifiés");
});
