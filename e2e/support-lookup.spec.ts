/**
 * A visitor finds a support request without signing in: the lookup form answers the same whether or not
 * the number and the address match, and the e-mailed link (the demo's fixed ones, api/db/seed
 * business-network.ts TICKET_LINKS_DEMO: one per run, each works once) opens the request and its
 * conversation read-only.
 */
import { expect, test, type Page } from "@playwright/test";
import { countReactCommits, expectNoAxeViolations, hasJs, hydrated } from "./support";

/** A phone's width: the page must not scroll sideways. */
const PHONE = { width: 390, height: 844 };
async function fitsPhone(page: Page) {
  const width = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));
  expect(width, `page width at ${PHONE.width} px`).toBeLessThanOrEqual(PHONE.width);
}

/** The demo's lookup links: the family home's proof-of-payment request, resi's WiFi request. */
const LINKS = {
  familyProof: "/support/tickets/view/demo-ticket-familyhome-Vq7Lm2Xp9Rt4",
  resiWifi: "/support/tickets/view/demo-ticket-resiwifi-Hs3Kd8Wn5Bz1",
};

test("the lookup form answers the same whether or not the number and the address match", async ({ page }) => {
  // Four posts, each page checked with axe, on a machine shared with other suites.
  test.slow();
  // Reached from the sign-in page.
  await page.goto("/login");
  await page.getByRole("link", { name: "Find a support request without signing in" }).click();
  await expect(page).toHaveURL(/\/support\/tickets\/lookup$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Find a support request");
  await expect(page).toHaveTitle(/Find a support request/);
  await expectNoAxeViolations(page);

  // Not a request number, not an address: both said at once, what was typed kept.
  await page.getByLabel("Request number").fill("204805");
  await page.getByLabel("Email address").fill("family@");
  await page.getByRole("button", { name: "Email me a link" }).click();
  const summary = page.getByTestId("error-summary");
  await expect(summary).toContainText("Enter the request number as written in our emails, like CS-204801.");
  await expect(summary).toContainText("Enter a valid email address");
  await expect(page.getByLabel("Request number")).toHaveValue("204805");

  const answers: string[] = [];
  for (const [number, email] of [
    ["cs-204805", "Family@Example.com"],
    ["CS-999999", "nobody@example.com"],
    ["CS-204805", "resi@example.com"],
  ]) {
    await page.goto("/support/tickets/lookup");
    await page.getByLabel("Request number").fill(number);
    await page.getByLabel("Email address").fill(email);
    await page.getByRole("button", { name: "Email me a link" }).click();
    await expect(page).toHaveURL(/\/support\/tickets\/lookup\?sent=1$/);
    answers.push(await page.getByTestId("lookup-sent").innerText());
  }
  expect(answers[0]).toContain("If this request exists and was opened with this email address, we've sent a link to it.");
  expect(new Set(answers).size).toBe(1);
  await expectNoAxeViolations(page);
});

test("en français, le formulaire de recherche d’une demande, sur un téléphone", async ({ page }) => {
  // Two posts, each page checked on a phone and with axe, on a machine shared with other suites.
  test.slow();
  await countReactCommits(page.context());
  await page.setViewportSize(PHONE);
  await page.goto("/support/tickets/lookup?lng=fr");
  // With JavaScript, the form is React's before anything is typed: a click that lands while a busy machine
  // still hydrates the page is not what this test is about.
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Trouver une demande de soutien");
  await expect(page).toHaveTitle(/Trouver une demande de soutien/);
  await fitsPhone(page);
  // Bad input: the messages in French, with the typed values kept.
  await page.getByLabel("Numéro de la demande").fill("204805");
  await page.getByLabel("Adresse courriel").fill("famille@");
  await page.getByRole("button", { name: "M’envoyer un lien" }).click();
  const summary = page.getByTestId("error-summary");
  await expect(summary).toContainText("Entrez le numéro de la demande tel qu’il figure dans nos courriels, comme CS-204801.");
  await expect(page.getByLabel("Adresse courriel")).toHaveValue("famille@");
  await fitsPhone(page);

  await page.getByLabel("Numéro de la demande").fill("CS-204805");
  await page.getByLabel("Adresse courriel").fill("family@example.com");
  await page.getByRole("button", { name: "M’envoyer un lien" }).click();
  await expect(page.getByTestId("lookup-sent")).toContainText(
    "Si cette demande existe et a été ouverte avec cette adresse courriel, nous y avons envoyé un lien.",
  );
  await fitsPhone(page);
  await expectNoAxeViolations(page);
});

test("the e-mailed link opens the request once, read-only, for this browser only", async ({ page, browser }) => {
  test.slow();
  // Each run its own link (each works once); the JavaScript run reads it in French.
  const fr = hasJs();
  const link = hasJs() ? `${LINKS.resiWifi}?lng=fr` : LINKS.familyProof;
  // On a phone.
  await page.setViewportSize(PHONE);
  await page.goto(link);
  // The token leaves the address at once.
  await expect(page).toHaveURL(fr ? /\/support\/tickets\/view\?lng=fr$/ : /\/support\/tickets\/view$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    fr ? /^Votre demande de soutien CS-\d+$/ : /^Your support request CS-\d+$/,
  );
  await expect(page).toHaveTitle(fr ? /Votre demande de soutien CS-\d+/ : /Your support request CS-\d+/);
  await fitsPhone(page);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: fr ? "Voir la demande" : "Show the request" }).click();

  const view = page.getByTestId("ticket-view");
  // The conversation, oldest message first, as written (support's signed "<first name>, Support").
  const messages = page.getByTestId("conversation").getByTestId("message");
  if (fr) {
    await expect(view.getByRole("heading", { level: 2 })).toHaveText("WiFi drops every evening");
    await expect(view).toContainText("En cours");
    await expect(view).toContainText("Wi-Fi");
    await expect(messages).toHaveCount(3);
    await expect(messages.first().getByRole("heading", { level: 3 })).toHaveText("Maya Singh");
    await expect(messages.nth(1).getByRole("heading", { level: 3 })).toHaveText(/^\w+, Soutien$/);
    await expect(messages.nth(1)).toContainText("We see channel interference");
    await expect(page.getByTestId("view-ends")).toContainText("Vous pouvez voir cette demande ici jusqu’à");
  } else {
    await expect(view.getByRole("heading", { level: 2 })).toHaveText("Proof of payment sent – please restore service");
    await expect(view).toContainText("Open");
    await expect(view).toContainText("Billing");
    await expect(messages).toHaveCount(2);
    await expect(messages.first().getByRole("heading", { level: 3 })).toHaveText("Jordan Gagnon");
    await expect(messages.first().getByTestId("message-attachments")).toHaveText(/^bank-confirmation\.pdf \(.+\)$/);
    // Listed only: a visitor downloads no file.
    await expect(messages.first().getByTestId("message-attachments").getByRole("link")).toHaveCount(0);
    await expect(messages.nth(1)).toContainText("Thank you, we received your confirmation.");
    await expect(page.getByTestId("view-ends")).toContainText("You can see this request here until");
  }
  await expect(page).toHaveTitle(fr ? /Demande de soutien CS-\d+/ : /Support request CS-\d+/);
  await fitsPhone(page);
  await expectNoAxeViolations(page);

  // The view lasts on this browser (never kept by anyone between), and is not a signed-in session.
  const again = await page.goto(fr ? "/support/tickets/view?lng=fr" : "/support/tickets/view");
  expect(again!.headers()["cache-control"]).toBe("private, no-store");
  await expect(page.getByTestId("ticket-view")).toBeVisible();
  expect((await page.request.get("/dashboard", { maxRedirects: 0 })).status()).toBe(302);

  // The link worked once: elsewhere it no longer opens anything.
  const other = await browser.newContext({ javaScriptEnabled: hasJs() });
  try {
    const stranger = await other.newPage();
    await stranger.goto(link);
    await expect(stranger.getByRole("heading", { level: 1 })).toHaveText(fr ? "Ce lien ne fonctionne plus" : "This link no longer works");
    await expect(stranger.getByTestId("ticket-view")).toHaveCount(0);
    await expect(stranger.getByRole("link", { name: fr ? "Retrouver la demande" : "Find the request again" })).toHaveAttribute(
      "href",
      /\/support\/tickets\/lookup/,
    );
  } finally {
    await other.close();
  }
});
