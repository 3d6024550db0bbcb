/**
 * Contacts, end to end with JavaScript off and on. business@example.com is authoritative on 200301:
 * each run adds its own contact there (an e-mail per run), resends its activation, changes its roles
 * and removes it, so 200301 ends as it began. leaving@example.com removes himself from 200310 (without
 * JavaScript) or 200312 (with it): accounts no other test reads.
 */
import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations, hasJs, signIn } from "./support";

// Flows of several pages, each checked for accessibility: room for a busy machine.
test.describe.configure({ timeout: 90_000 });

/** Opens the contact with this e-mail from the list. */
const openContact = (page: Page, email: string) => page.getByTestId("contact-row").filter({ hasText: email }).getByRole("link").click();

const role = (page: Page, name: string) => page.getByRole("checkbox", { name: new RegExp(`^${name}\\b`) });

test("an authoritative contact adds a contact, resends the activation, changes the roles and removes them", async ({ page }) => {
  test.slow(); // a whole flow, with an accessibility check on each of its pages
  const run = `${hasJs() ? "js" : "nojs"}${Date.now()}`;
  const email = `lena.${run}@harbourfront.example`;
  await signIn(page, "business@example.com", { cameFrom: "/contacts/200301" });
  await expect(page.getByRole("heading", { level: 1, name: "Contacts" })).toBeVisible();
  await expect(page).toHaveTitle(/^Contacts \| myLakeshore/);
  await expectNoAxeViolations(page);

  await page.getByRole("link", { name: "Add a contact" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Add a contact" })).toBeVisible();
  await expect(page.getByText("Receive notices of changes and outages.")).toBeVisible();
  await page.getByLabel("First name").fill("Lena");
  await page.getByLabel("Last name").fill("Park");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Phone number (optional)").fill("416-555-0999");
  await role(page, "Billing").check();
  await role(page, "Notify").check();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Add contact" }).click();

  await expect(page).toHaveURL(/\/contacts\/200301$/);
  await expect(page.getByText(`Lena Park was added. An activation email was sent to ${email}.`)).toBeVisible();
  const row = page.getByTestId("contact-row").filter({ hasText: email });
  await expect(row).toContainText("Pending activation");
  await expect(row).toContainText("Billing, Notify");

  // The same e-mail again: refused on the e-mail field, with everything typed kept.
  await page.getByRole("link", { name: "Add a contact" }).click();
  await page.getByLabel("First name").fill("Lena");
  await page.getByLabel("Last name").fill("Again");
  await page.getByLabel("Email", { exact: true }).fill(email.toUpperCase());
  await role(page, "Support").check();
  await page.getByRole("button", { name: "Add contact" }).click();
  await expect(page.getByTestId("error-summary")).toContainText("This email address is already a contact of this account.");
  await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Last name")).toHaveValue("Again");
  await expect(role(page, "Support")).toBeChecked();

  // Resend the activation e-mail.
  await page.goto("/contacts/200301");
  await openContact(page, email);
  await page.getByRole("link", { name: "Send a new activation email" }).click();
  await expect(page.getByText(`Send Lena Park a new activation email at ${email}?`)).toBeVisible();
  await page.getByRole("button", { name: "Send activation email" }).click();
  await expect(page).toHaveURL(/\/contacts\/200301$/);
  await expect(page.getByText(`A new activation email was sent to ${email}.`)).toBeVisible();

  // Change the roles: notify out, support in.
  await openContact(page, email);
  await expect(role(page, "Billing")).toBeChecked();
  await expectNoAxeViolations(page);
  await role(page, "Notify").uncheck();
  await role(page, "Support").check();
  await page.getByRole("button", { name: "Save roles" }).click();
  await expect(page).toHaveURL(/\/contacts\/200301$/);
  await expect(page.getByText("Changed Contact Permissions Successfully")).toBeVisible();
  await expect(page.getByTestId("contact-row").filter({ hasText: email })).toContainText("Billing, Support");

  // Remove them, confirmed on a page of its own.
  await openContact(page, email);
  await page.getByRole("link", { name: "Remove Lena Park" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Remove Lena Park?" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Remove contact" }).click();
  await expect(page).toHaveURL(/\/contacts\/200301$/);
  await expect(page.getByText("Removed Contact Successfully")).toBeVisible();
  await expect(page.getByTestId("contact-row").filter({ hasText: email })).toHaveCount(0);
});

// On an account where Priya is the only authoritative contact (200301 has a second one, office@).
test("the last authoritative contact can neither be removed nor give up the role", async ({ page }) => {
  await signIn(page, "business@example.com", { cameFrom: "/contacts/200302" });
  await page.getByRole("link", { name: "Priya Raman" }).click();
  await expect(page.getByTestId("own-roles-warning")).toContainText("If you remove your own authoritative role");

  // Giving up one's own authoritative role: the box first, then the API's rule.
  await role(page, "Authoritative").uncheck();
  await page.getByRole("button", { name: "Save roles" }).click();
  await expect(page.getByTestId("error-summary")).toContainText("tick the box to confirm");
  await role(page, "Authoritative").uncheck();
  await page.getByLabel("I understand that I will lose the authoritative role if I remove it").check();
  await page.getByRole("button", { name: "Save roles" }).click();
  await expect(page.getByTestId("error-summary")).toContainText("last activated authoritative contact, so it keeps the authoritative role");

  await page.goto("/contacts/200302");
  await page.getByRole("link", { name: "Priya Raman" }).click();
  await page.getByRole("link", { name: "Remove yourself from this account" }).click();
  await expect(page.getByTestId("remove-self-warning")).toContainText("You will lose your own access to ");
  await page.getByRole("button", { name: "Remove my access" }).click();
  await expect(page.getByTestId("error-summary")).toContainText("last activated authoritative contact, so it cannot be removed");
  await expectNoAxeViolations(page);
  await page.goto("/contacts/200302");
  await expect(page.getByTestId("contact-row").filter({ hasText: "business@example.com" })).toBeVisible();
});

test("a contact without the authoritative role sees the list read-only", async ({ page }) => {
  await signIn(page, "business@example.com", { cameFrom: "/contacts/200304" });
  await expect(page.getByTestId("contacts-read-only")).toContainText("Only authoritative contacts can add, change or remove contacts");
  await expect(page.getByRole("link", { name: "Add a contact" })).toHaveCount(0);
  await expect(page.getByTestId("contact-row").first()).toBeVisible();
  await page.getByTestId("contact-row").first().getByRole("link").click();
  // On the contact's page (with JavaScript the click only starts the navigation).
  await expect(page).toHaveURL(/\/contacts\/200304\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Contacts");
  await expect(page.getByRole("button", { name: "Save roles" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /^Remove/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
  const response = await page.goto("/contacts/200304/new");
  expect(response?.status()).toBe(403);
});

test("contacts in French, reached from the navigation", async ({ page }) => {
  await signIn(page, "business@example.com", { cameFrom: "/dashboard/200301?lng=fr" });
  const nav = page
    .getByRole("navigation")
    .filter({ has: page.getByRole("link", { name: "Personnes-ressources" }) })
    .first();
  await nav.getByRole("link", { name: "Personnes-ressources" }).click();
  await expect(page).toHaveURL(/\/contacts\/200301$/);
  await expect(page.getByRole("heading", { level: 1, name: "Personnes-ressources" })).toBeVisible();
  await expect(page.getByText("Ce que permet chaque rôle")).toBeVisible();
  await expect(page.getByTestId("contact-row").filter({ hasText: "it@harbourfrontlogi.example" })).toContainText("Activation en attente");
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Ajouter une personne-ressource" }).click();
  // Enter sends the form (a click right after typing can miss the button, moved by the message shown when the field loses focus).
  await page.getByLabel("Courriel", { exact: true }).fill("pas-un-courriel");
  await page.getByLabel("Courriel", { exact: true }).press("Enter");
  const summary = page.getByTestId("error-summary");
  await expect(summary).toContainText("Entrez un prénom.");
  await expect(summary).toContainText("Entrez une adresse courriel valide");
  await expect(summary).toContainText("Choisissez au moins un rôle.");
  await expect(page.getByLabel("Courriel", { exact: true })).toHaveValue("pas-un-courriel");
  await expectNoAxeViolations(page);
});

test("a residential account's contacts: its roles, the TV Go contact that only support replaces", async ({ page }) => {
  await signIn(page, "resi@example.com", { cameFrom: "/dashboard/100101" });
  await page.getByRole("link", { name: "Manage contacts" }).click();
  await expect(page).toHaveURL(/\/contacts\/100101$/);
  await expect(page.getByText("Contact with support and notifications").first()).toBeVisible();
  await page.getByRole("link", { name: "Ravi Singh" }).click();
  await expect(page.getByText("This contact is used to sign in to TV Go.")).toBeVisible();
  await page.getByRole("link", { name: "Remove Ravi Singh" }).click();
  await expect(page.getByTestId("tv-go-notice")).toContainText("Support must replace this contact");
  await expect(page.getByRole("button", { name: "Remove contact" })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("removing oneself ends one's access to that account and lands on another, in his other sessions too", async ({ page, browser }) => {
  test.slow(); // two browsers
  const [account, other] = hasJs() ? ["200312", "200310"] : ["200310", "200312"];
  // Another session of his (another browser), signed in first: its account list lists the account.
  const { baseURL, locale } = test.info().project.use;
  const elsewhere = await (await browser.newContext({ baseURL, locale, javaScriptEnabled: hasJs() })).newPage();
  await signIn(elsewhere, "leaving@example.com", { cameFrom: "/accounts" });
  await expect(elsewhere.getByRole("listitem").filter({ hasText: `Customer ID ${account}` })).toBeVisible();

  await signIn(page, "leaving@example.com", { cameFrom: `/contacts/${account}` });
  await page.getByRole("link", { name: "Daniel Okafor" }).click();
  await page.getByRole("link", { name: "Remove yourself from this account" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Remove yourself from this account?" })).toBeVisible();
  await expect(page.getByTestId("remove-self-warning")).toContainText("You will lose your own access");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Remove my access" }).click();
  await expect(page.getByText("Removed Contact Successfully")).toBeVisible();
  // The other account, or (if the other run already left it) the page saying there is none.
  await expect(page).toHaveURL(new RegExp(`(/dashboard/${other}|:\\d+/)$`));
  // Back to the confirmation page: the account is no longer his, and the page says so.
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: "This account is no longer yours" })).toBeVisible();
  await expect(page.getByTestId("left-account")).toContainText(`You removed yourself as a contact of`);
  await expect(page.getByTestId("left-account")).toContainText(`(account ${account})`);
  await expectNoAxeViolations(page);
  const response = await page.goto(`/contacts/${account}`);
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1, name: "This account is no longer yours" })).toBeVisible();

  // The other session's next page no longer offers it: neither the switcher nor the account list.
  await elsewhere.goto("/accounts");
  await expect(elsewhere.getByRole("heading", { level: 1, name: "Your accounts" })).toBeVisible();
  await expect(elsewhere.locator("body")).not.toContainText(account, { useInnerText: true });
  // A switch to it posted from a page shown before (the switcher's form) is refused with a message.
  const origin = new URL(elsewhere.url()).origin;
  const refused = await elsewhere.request.post("/switch-account", {
    form: { customerId: account, returnTo: "/accounts" },
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(302);
  expect(refused.headers().location).toBe("/");
  const landed = await elsewhere.goto("/");
  expect(landed?.status()).toBe(200);
  await expect(elsewhere.getByText("That account is not available to you.")).toBeVisible();
  expect(new URL(elsewhere.url()).pathname).not.toBe(`/dashboard/${account}`);
  await elsewhere.context().close();
});
