/**
 * E-mail notification preferences and the unsubscribe link, as a customer uses them, with JavaScript
 * off and on: from profile settings, untick a kind of e-mail, save, see it kept; open an e-mail's
 * unsubscribe link signed out, see what it turns off, confirm with the form, and find it off once signed
 * in. The link is signed here as the API signs it, with the demo server's key (DATA_DIR/two-step-key:
 * the embedded demo keeps its generated key there). Each project uses its own user (resi@ without
 * JavaScript, family@ with it). /dev/outbox does not exist in production.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { LinkSigner } from "../api/service/notify-links";
import { expectFitsWidth } from "./phone";
import { expectNoAxeViolations, hasJs, signIn } from "./support";

test.describe.configure({ mode: "serial" });

const DATA_DIR = process.env.E2E_DATA_DIR ?? ".data/e2e";
/** The demo's users and accounts (api/db/seed/core.ts). */
const who = () =>
  hasJs()
    ? { username: "family@example.com", userId: 2, customerId: 100201, account: "Jordan Gagnon – Home" }
    : { username: "resi@example.com", userId: 1, customerId: 100101, account: "Maya Singh" };

/** The section of one account on the preferences page (family@ has several, resi@ one). */
const formOf = (page: Page, account: string) =>
  page.getByRole("region", { name: hasJs() ? `E-mails about ${account}` : "E-mails about your account", exact: true });

test("choose which e-mails to receive, from profile settings", async ({ page }) => {
  const { username, account } = who();
  await signIn(page, username, { cameFrom: "/profile-settings" });
  await page.getByRole("link", { name: "Choose e-mails" }).click();
  await expect(page).toHaveURL("/profile-settings/notifications");
  await expect(page).toHaveTitle("E-mail notifications | myLakeshore");
  await expect(
    page.getByText("E-mails that keep your sign-in safe, such as password resets and invitations, are always sent."),
  ).toBeVisible();
  const form = formOf(page, account);
  const payments = form.getByRole("checkbox", { name: "Payments received or declined" });
  await expect(payments).toBeChecked();
  await expectNoAxeViolations(page);
  await expectFitsWidth(page, 390);

  await payments.uncheck();
  await form.getByRole("button", { name: /^Save my choices/ }).click();
  await expect(page.getByText(`Your e-mail choices for ${account} were saved.`)).toBeVisible();
  // Read again from the API on a new page: kept, the others as they were.
  await page.goto("/profile-settings/notifications");
  await expect(formOf(page, account).getByRole("checkbox", { name: "Payments received or declined" })).not.toBeChecked();
  await expect(formOf(page, account).getByRole("checkbox", { name: "When a bill is ready" })).toBeChecked();

  // Back on.
  await formOf(page, account).getByRole("checkbox", { name: "Payments received or declined" }).check();
  await formOf(page, account)
    .getByRole("button", { name: /^Save my choices/ })
    .click();
  await expect(page.getByText(`Your e-mail choices for ${account} were saved.`)).toBeVisible();
  await expect(formOf(page, account).getByRole("checkbox", { name: "Payments received or declined" })).toBeChecked();
});

test("a contact of many accounts finds one by page or by search, and a save stays on its page", async ({ page }) => {
  // business@ is a contact of more than ten accounts: the page shows ten at a time.
  await signIn(page, "business@example.com", { cameFrom: "/profile-settings/notifications" });
  const titles = page.getByRole("heading", { level: 2, name: /^E-mails about / });
  await expect(page.getByText(/^Accounts 1 to 10 of \d+$/)).toBeVisible();
  await expect(titles).toHaveCount(10);
  const pages = page.getByRole("navigation", { name: "Pages of accounts" });
  await pages.getByRole("link", { name: "Next accounts" }).click();
  await expect(page).toHaveURL("/profile-settings/notifications?page=2");
  await expect(pages.getByText("Page 2 of 2")).toBeVisible();
  await expect(page.getByText(/^Accounts 11 to \d+ of \d+$/)).toBeVisible();
  await expectNoAxeViolations(page);
  await expectFitsWidth(page, 390);

  // Each project its own account of page 2, so that the two never change the same one.
  const names = (await titles.allTextContents()).map((title) => title.replace("E-mails about ", ""));
  const account = hasJs() ? names[names.length - 1] : names[0];
  const form = page.getByRole("region", { name: `E-mails about ${account}`, exact: true });
  const outages = form.getByRole("checkbox", { name: "Outages and maintenance in my area" });
  const wasOn = await outages.isChecked();
  for (const on of [!wasOn, wasOn]) {
    await outages.setChecked(on);
    await form.getByRole("button", { name: /^Save my choices/ }).click();
    await expect(page.getByText(`Your e-mail choices for ${account} were saved.`).first()).toBeVisible();
    await expect(page).toHaveURL("/profile-settings/notifications?page=2");
    await expect(outages).toBeChecked({ checked: on });
  }

  // The search finds it by name; "Show every account" goes back to the whole list.
  const finder = page.getByRole("search", { name: "Search your accounts" });
  const search = finder.getByRole("searchbox", { name: "Search your accounts" });
  await search.fill(account);
  await finder.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText(/^\d+ accounts? match(es)? “/)).toBeVisible();
  await expect(form).toBeVisible();
  await expect(search).toHaveValue(account);
  await search.fill("no account is called this");
  await finder.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("No account matches “no account is called this”.")).toBeVisible();
  await expect(titles).toHaveCount(0);
  await page.getByRole("link", { name: "Show every account" }).click();
  await expect(page).toHaveURL("/profile-settings/notifications");
  await expect(titles).toHaveCount(10);
});

test("an e-mail's unsubscribe link works signed out, and only once confirmed", async ({ page }) => {
  const { username, userId, customerId, account } = who();
  const key = readFileSync(path.join(DATA_DIR, "two-step-key"), "utf8").trim();
  const token = await new LinkSigner(key).sign({ userId, customerId, kind: "outages" }, new Date());

  await page.goto(`/unsubscribe/${token}`);
  await expect(page).toHaveTitle("Stop these e-mails | myLakeshore");
  await expect(page.getByText(`Stop e-mails “Outages and maintenance in my area” about ${account}, sent to`)).toBeVisible();
  await expectNoAxeViolations(page);
  await expectFitsWidth(page, 390);
  await page.getByRole("button", { name: "Stop these e-mails" }).click();
  await expect(page.getByRole("heading", { name: "You are unsubscribed" })).toBeVisible();
  await expect(page.getByText(`We will no longer send you e-mails “Outages and maintenance in my area” about ${account}.`)).toBeVisible();
  await expectNoAxeViolations(page);

  // Signed in, the choice is there, and it can be turned back on.
  await signIn(page, username, { cameFrom: "/profile-settings/notifications" });
  const outages = formOf(page, account).getByRole("checkbox", { name: "Outages and maintenance in my area" });
  await expect(outages).not.toBeChecked();
  await outages.check();
  await formOf(page, account)
    .getByRole("button", { name: /^Save my choices/ })
    .click();
  await expect(page.getByText(`Your e-mail choices for ${account} were saved.`)).toBeVisible();
});

test("a forged unsubscribe link changes nothing and says so", async ({ page }) => {
  const { userId, customerId } = who();
  const forged = await new LinkSigner("a-key-that-is-not-the-servers-at-all-000").sign(
    { userId, customerId, kind: "payments" },
    new Date(),
  );
  await page.goto(`/unsubscribe/${forged}`);
  await expect(page.getByRole("heading", { name: "This unsubscribe link does not work" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Stop these e-mails" })).toHaveCount(0);
});

test("the development outbox does not exist in production", async ({ page }) => {
  const response = await page.goto("/dev/outbox");
  expect(response?.status()).toBe(404);
  const api = await page.request.get("/api/v1/dev/outbox");
  expect(api.status()).toBe(404);
});

test("a refused post says why on its account’s form, or above the forms when it names none, and changes nothing @static", async ({
  page,
  baseURL,
}) => {
  // business@'s page holds one form per account.
  await signIn(page, "business@example.com", { cameFrom: "/profile-settings/notifications" });
  const post = (data: string, type = "application/x-www-form-urlencoded") =>
    page.request.post("/profile-settings/notifications", {
      data,
      headers: { "content-type": type, origin: baseURL ?? "" },
      maxRedirects: 0,
    });

  // A choice holding a control character comes back to its account's form, with the choices as sent (without it).
  const control = await post("customer_id=200305&kinds=bill_read%07y&kinds=outages");
  expect(control.status()).toBe(400);
  await page.setContent(await control.text());
  const account = page.getByRole("region", { name: "E-mails about Queen West Architects" });
  await expect(account.getByTestId("error-summary")).toContainText("Characters that cannot be typed were removed. Check and send again.");
  await expect(account.getByRole("checkbox", { name: /When a bill is ready/ })).toBeChecked();
  await expect(account.getByRole("checkbox", { name: /Outages and maintenance/ })).toBeChecked();
  await expect(account.getByRole("checkbox", { name: /Payments received/ })).not.toBeChecked();
  await expect(page.getByTestId("post-refused")).toHaveCount(0);

  // A body that is not a form names no account: its message goes above the forms.
  const foreign = await post("customer_id=200305&kinds=bill_ready", "text/plain");
  expect(foreign.status()).toBe(415);
  await page.setContent(await foreign.text());
  await expect(page.getByTestId("post-refused")).toContainText("This form could not be read. Please send it again from the page.");
  await expect(page.getByTestId("error-summary")).toHaveCount(0);

  // Nothing was saved: the account's choices are as they were.
  await page.goto("/profile-settings/notifications");
  await expect(
    page.getByRole("region", { name: "E-mails about Queen West Architects" }).getByRole("checkbox", { name: /Payments received/ }),
  ).toBeChecked();
});
