/**
 * Payments are made on business account 200305 (it owes a balance, $200 of it on its way), so the
 * residential balance that other suites check stays as seeded. Paying all that is still owed is a test
 * tagged @once: it runs after both projects, so their smaller payments on 200305 always find room.
 *
 * Billing, as customers do it: with JavaScript disabled ("no-js") and enabled ("js"), in English and
 * French. Both projects share one demo database, so amounts are distinct per project and balances are
 * compared, not fixed.
 */
import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations, hasJs, signIn } from "./support";
import { samplePdf } from "../tests/support/sample-files";

/** "$1,234.56" or "1 234,56 $" as a number. */
const amountOf = (text: string) =>
  Number(
    text
      .replace(/[^\d,.]/g, "")
      .replace(/,(\d{2})$/, ".$1")
      .replace(/[,\s]/g, ""),
  );

async function balanceOn(page: Page, customerId: number) {
  await page.goto(`/billing/${customerId}`);
  return amountOf((await page.getByTestId("balance").textContent()) ?? "");
}

/** A text as a regular expression that matches it anywhere. */
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Money as the portal writes it in each language ("$1,234.56" / "1 234,56 $"). */
const money = (amount: number, language: "en" | "fr") =>
  new Intl.NumberFormat(language === "en" ? "en-CA" : "fr-CA", { style: "currency", currency: "CAD" }).format(amount);

async function fillBank(page: Page, labels: { institution: string; transit: string; account: string; holder: string }) {
  await page.getByLabel(labels.institution).fill("004");
  await page.getByLabel(labels.transit).fill("12345");
  await page.getByLabel(labels.account, { exact: true }).fill("1234567");
  await page.getByLabel(labels.holder).fill("Queen West Architects");
}
const BANK_EN = {
  institution: "Institution number",
  transit: "Transit number",
  account: "Account number",
  holder: "Account holder's name",
};
const BANK_FR = {
  institution: "Numéro d’institution",
  transit: "Numéro de transit",
  account: "Numéro de compte",
  holder: "Nom du titulaire du compte",
};

async function fillCard(page: Page, number: string) {
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry date").fill("08/30");
  await page.getByLabel("Security code").fill("123");
  await page.getByLabel("Name on the card").fill("Maya Singh");
}

test("the billing summary shows the balance, the invoice and the way to pay @static", async ({ page }) => {
  await signIn(page, "resi@example.com", { cameFrom: "/billing/100101" });
  await expect(page).toHaveTitle("Billing summary | myLakeshore");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Billing summary");
  await expect(page.getByText("Maya Singh · Customer ID 100101")).toBeVisible();
  await expect(page.getByRole("region", { name: "Current invoice" })).toContainText("INV-100101-");
  await expect(page.getByRole("link", { name: "Make a payment" })).toHaveAttribute("href", "/billing/100101/pay");
  await expectNoAxeViolations(page);
});

test("pay part of the balance by card, see it approved and in the history, and the balance lower", async ({ page }) => {
  await signIn(page, "business@example.com", { cameFrom: "/billing/200305" });
  const before = await balanceOn(page, 200305);
  const amount = hasJs() ? "2.11" : "2.12";
  // Typed as customers write money: with a dollar sign, or a decimal comma (a French phone's keypad).
  const typed = hasJs() ? "$2.11" : "2,12";
  await page.getByRole("link", { name: "Make a payment" }).click();
  await expect(page).toHaveTitle("Make a payment | myLakeshore");
  await expectNoAxeViolations(page);
  await page.getByLabel("Another amount").check();
  await page.getByLabel("Other amount", { exact: true }).fill(typed);
  await fillCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: "Pay now" }).click();

  await expect(page).toHaveURL(/\/billing\/200305\/pay\/TX-/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment approved");
  await expect(page.getByTestId("payment-outcome")).toContainText(`$${amount}`);
  await expect(page.locator('[data-notification="success"]')).toContainText(`Your payment of $${amount} was approved.`);
  await expectNoAxeViolations(page);
  const transaction = page.url().split("/").pop()!;

  expect(await balanceOn(page, 200305)).toBeLessThanOrEqual(Math.round((before - Number(amount)) * 100) / 100);
  await page.goto("/billing-details/200305/payments");
  await expect(page.getByText(transaction)).toBeVisible();
});

test("a declined card shows the reason on the card field and keeps what was typed", async ({ page }) => {
  await signIn(page, "business@example.com", { cameFrom: "/billing/200305/pay" });
  await page.getByLabel("Another amount").check();
  await page.getByLabel("Other amount", { exact: true }).fill("3.33");
  await fillCard(page, "4000 0000 0000 0002");
  await page.getByRole("button", { name: "Pay now" }).click();

  const summary = page.getByTestId("error-summary");
  await expect(summary).toContainText("There is a problem");
  await expect(summary.getByRole("link", { name: /Your card was declined/ })).toHaveAttribute("href", /#.+-card_number$/);
  await expect(page.getByLabel("Card number")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Other amount", { exact: true })).toHaveValue("3.33");
  await expect(page.getByLabel("Name on the card")).toHaveValue("Maya Singh");
  // Without JavaScript the page comes back from the server, which never sends the card number back.
  if (!hasJs()) await expect(page.getByLabel("Card number")).toHaveValue("");
  if (hasJs()) await expect(summary).toBeFocused();
  await expectNoAxeViolations(page);

  // Another card on the same page is a new attempt (a new key), and goes through.
  await page.getByLabel("Card number").fill("5555 5555 5555 4444");
  await page.getByLabel("Security code").fill("123");
  await page.getByRole("button", { name: "Pay now" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment approved");
});

test("the same payment form sent twice charges once", async ({ page }) => {
  await signIn(page, "business@example.com", { cameFrom: "/billing/200305/pay" });
  const amount = hasJs() ? "1.37" : "1.38";
  const key = await page.locator('input[name="idempotency_key"]').inputValue();
  const form = {
    idempotency_key: key,
    amount_choice: "other",
    amount,
    method: "credit_card",
    card_number: "4242424242424242",
    expiry: "08/30",
    cvv: "123",
    cardholder_name: "Maya Singh",
  };
  for (let i = 0; i < 2; i++) {
    const answer = await page.request.post("/billing/200305/pay", {
      form,
      headers: { Origin: new URL(page.url()).origin },
      maxRedirects: 0,
    });
    expect(answer.status()).toBe(302);
  }
  await page.goto("/billing-details/200305/payments");
  await expect(page.getByRole("row").filter({ hasText: `$${amount}` })).toHaveCount(1);
});

// Pays all that 200305 still owes, so it runs once, after the others (titles tagged @once): with
// JavaScript in English in two tabs, and without it in French in a third, all opened before the payment.
test("what is on its way is not paid twice: a second and a third tab are refused next to the amount @once", async ({ page, browser }) => {
  const withJs = await browser.newContext({ javaScriptEnabled: true, locale: "en-CA" });
  try {
    const first = await withJs.newPage();
    await signIn(first, "business@example.com", { cameFrom: "/billing/200305/pay" });
    const second = await withJs.newPage();
    await second.goto("/billing/200305/pay");
    await signIn(page, "business@example.com", { cameFrom: "/billing/200305/pay?lng=fr" });

    // Every tab names the card payment held for review and offers what is still owed, not the balance.
    const owed = amountOf(await first.getByText(/^Pay what is still owed: /).innerText());
    expect(owed).toBeGreaterThan(0);
    await expect(first.getByTestId("on-its-way")).toContainText(`${money(200, "en")} is on its way, sent on `);
    await expect(second.getByLabel(`Pay what is still owed: ${money(owed, "en")}`)).toBeChecked();
    await expect(page.getByTestId("on-its-way")).toContainText(`${money(200, "fr")} est en route, envoyé le `);
    await expect(page.getByLabel(`Payer ce qui reste dû\u00a0: ${money(owed, "fr")}`)).toBeChecked();
    await expectNoAxeViolations(page);

    // With JavaScript the page shows only the chosen method's fields: once the bank fields are gone, the
    // tabs are live (choosing a method before would be undone by hydration).
    for (const tab of [first, second]) await expect(tab.getByLabel("Transit number")).toHaveCount(0);

    // The first tab pays all of it by bank: on its way too.
    await first.getByLabel(/^Bank account/).check();
    await fillBank(first, BANK_EN);
    await first.getByRole("button", { name: "Pay now" }).click();
    await expect(first.getByRole("heading", { level: 1 })).toHaveText("Payment in progress");
    await expect(first.getByTestId("payment-outcome")).toContainText(money(owed, "en"));

    // The second tab, with JavaScript, sends the same choice: refused next to the amount, the rest kept.
    const total = Math.round((200 + owed) * 100) / 100;
    const onItsWay = money(total, "en");
    await second.getByLabel(/^Bank account/).check();
    await fillBank(second, BANK_EN);
    await second.getByRole("button", { name: "Pay now" }).click();
    const refusal = `${onItsWay} is already on its way; you can pay at most ${money(0, "en")} more.`;
    const amount = second.getByLabel("Other amount", { exact: true });
    await expect(amount).toHaveAttribute("aria-invalid", "true");
    await expect(amount).toHaveAccessibleDescription(new RegExp(escaped(refusal)));
    await expect(second.getByTestId("error-summary").getByRole("link", { name: refusal })).toBeVisible();
    await expect(second.getByLabel("Transit number")).toHaveValue("12345");
    await expect(second).toHaveURL(/\/billing\/200305\/pay$/);

    // The French tab, without JavaScript, asks for the same amount typed as another amount: refused the same way.
    await page.getByLabel("Un autre montant").check();
    await page.getByLabel("Autre montant", { exact: true }).fill(owed.toFixed(2));
    await page.getByLabel(/^Compte bancaire/).check();
    await fillBank(page, BANK_FR);
    await page.getByRole("button", { name: "Payer maintenant" }).click();
    const refus = `${money(total, "fr")} est déjà en route\u00a0; vous pouvez payer au plus ${money(0, "fr")} de plus.`;
    const montant = page.getByLabel("Autre montant", { exact: true });
    await expect(montant).toHaveAttribute("aria-invalid", "true");
    await expect(montant).toHaveAccessibleDescription(new RegExp(escaped(refus)));
    await expect(page.getByTestId("error-summary")).toContainText(refus);
    await expect(montant).toHaveValue(owed.toFixed(2));
    await expect(page.getByLabel("Numéro de transit")).toHaveValue("12345");
    // The account number is never sent back.
    await expect(page.getByLabel("Numéro de compte", { exact: true })).toHaveValue("");
    await expectNoAxeViolations(page);

    // Seen again, the page says plainly that nothing is left, and names what is on its way.
    await page.goto("/billing/200305/pay?lng=fr");
    await expect(page.getByTestId("nothing-left")).toContainText("Rien à payer");
    await expect(page.getByTestId("nothing-left")).toContainText(`${money(owed, "fr")} est en route, envoyé le `);
    await expect(page.getByRole("button", { name: "Payer maintenant" })).toHaveCount(0);
    await second.goto("/billing/200305");
    await expect(second.getByTestId("balance")).toHaveText(money(total, "en"));
    await expect(second.getByTestId("pending-total")).toHaveText(money(total, "en"));
    await expect(second.getByTestId("amount-due")).toHaveText(money(0, "en"));
    await expect(second.getByRole("link", { name: "Make a payment" })).toHaveCount(0);
    await expectNoAxeViolations(second);
  } finally {
    await withJs.close();
  }
});

// One suspended account in the demo data: this test pays part of it with JavaScript, then what is still
// owed without, so it runs once, after the others (titles tagged @once; see playwright.config.ts). A bank
// payment of $124.30 is on its way: the services come back when it settles (48 hours), not before.
test("a suspended account: the notice, a payment with and without JavaScript, and what is on its way @once", async ({ page, browser }) => {
  const withJs = await browser.newContext({ javaScriptEnabled: true, locale: "en-CA" });
  const jsPage = await withJs.newPage();
  await signIn(jsPage, "family@example.com", { cameFrom: "/billing/100201" });
  await expect(jsPage.getByTestId("alert-suspended")).toContainText("Your services are suspended for non-payment");
  await jsPage.getByTestId("alert-suspended").getByRole("link", { name: "Make a payment" }).click();
  await jsPage.getByLabel("Another amount").check();
  await jsPage.getByLabel("Other amount", { exact: true }).fill("1.00");
  await fillCard(jsPage, "4242 4242 4242 4242");
  await jsPage.getByRole("button", { name: "Pay now" }).click();
  await expect(jsPage.getByRole("heading", { level: 1 })).toHaveText("Payment approved");
  await expect(jsPage.getByText("Your services stay suspended until the whole balance is paid.")).toBeVisible();
  await withJs.close();

  await signIn(page, "family@example.com", { cameFrom: "/billing/100201" });
  await expect(page.getByTestId("alert-suspended")).toContainText("Your services are suspended for non-payment");
  await expectNoAxeViolations(page);
  await page.getByTestId("alert-suspended").getByRole("link", { name: "Make a payment" }).click();
  await expect(page.getByTestId("on-its-way")).toContainText(`${money(124.3, "en")} is on its way`);
  await page.getByLabel(/^Pay what is still owed/).check();
  await fillCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: "Pay now" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment approved");
  await expect(page.getByTestId("still-suspended")).toHaveText(
    `Nothing is left to pay. Your services come back as soon as your payments on their way (${money(124.3, "en")}) are settled.`,
  );
  await page.goto("/dashboard/100201");
  await expect(page.getByTestId("alert-suspended")).toContainText(`Your payments on their way (${money(124.3, "en")}) cover your balance.`);
  await expect(page.getByTestId("alert-suspended").getByRole("link", { name: "Make a payment" })).toHaveCount(0);
  await expect(page.getByTestId("amount-due")).toHaveText(money(0, "en"));
  await expectNoAxeViolations(page);
});

test("a PAD over card autopay: warned first, set up only by choice, then removed at once while pending setup", async ({ page }) => {
  test.slow();
  // Each run its own account with card autopay in force: the parents' Amex, Etobicoke Cold Storage's expired Visa.
  const [user, account] = hasJs() ? ["family@example.com", 100203] : ["business@example.com", 200308];
  await signIn(page, user, { cameFrom: `/billing/${account}/autopay/pad` });
  await expect(page).toHaveTitle(/pre-authorized debit \| myLakeshore/);
  await expect(page.getByTestId("pad-agreement")).toContainText("recourse rights");
  // Before anything is sent: only one automatic method at a time, and what replacing the card means.
  await expect(page.getByTestId("alert-replace-card")).toContainText("card payments stop now");
  await expectNoAxeViolations(page);
  const fill = async () => {
    await page.getByLabel("Institution number").fill("003");
    await page.getByLabel("Transit number").fill("12345");
    await page.getByLabel("Account number").fill("1234567");
    await page.getByLabel("Account holder's name").fill("Jordan Gagnon");
    await page.getByLabel("Branch address").fill("100 King Street West, Toronto");
    await page
      .getByLabel("Photo or scan of a void cheque")
      .setInputFiles({ name: "void-cheque.pdf", mimeType: "application/pdf", buffer: samplePdf() });
    await page.getByLabel(/I have read the pre-authorized debit agreement/).check();
  };
  await fill();
  await page.getByRole("button", { name: /^Accept and/ }).click();
  const replace = page.getByLabel(/^Replace my card payments/);
  await expect(replace).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("error-summary")).toContainText("Automatic payments by card are still set up.");

  // Chosen: the debit replaces the card (the account number and the file are never kept: given again).
  await fill();
  await replace.check();
  await page.getByRole("button", { name: /^Accept and/ }).click();
  await expect(page).toHaveURL(new RegExp(`/billing/${account}/autopay$`));
  await expect(page.getByTestId("pad-autopay")).toContainText("ending in 4567");
  await expect(page.getByRole("region", { name: "Pre-authorized debit" })).toContainText("Pending setup");
  await expect(page.getByRole("region", { name: "Credit card" })).toContainText("Stopped");
  await expect(page.getByTestId("alert-both")).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Removed before it started: it ends now, no 30-day notice, no debit.
  await page.getByRole("link", { name: "Remove pre-authorized debit" }).click();
  await expect(page.getByText("It has not started yet, so it ends now and no debit is taken.")).toBeVisible();
  await page.getByRole("button", { name: "Remove pre-authorized debit" }).click();
  await expect(page.locator('[data-notification="success"]')).toContainText(
    "Your pre-authorized debit was removed. No debit will be taken.",
  );
  await expect(page.getByRole("region", { name: "Pre-authorized debit" })).toContainText("Removed");
  await expect(page.getByTestId("pad-autopay")).not.toContainText("Next debit");
});

test("card autopay over a PAD: warned first, set up only by choice, and the PAD ends", async ({ page }) => {
  // Each run its own account with a PAD in force: Harbourfront's (with a card too), Queen West's (pending setup).
  const account = hasJs() ? 200301 : 200305;
  await signIn(page, "business@example.com", { cameFrom: `/billing/${account}/autopay/card` });
  await expect(page.getByTestId("alert-replace-pad")).toContainText("the pre-authorized debit ends now");
  await expectNoAxeViolations(page);
  await fillCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: /Set up card payments|Replace the card/ }).click();
  const replace = page.getByLabel(/^Replace my pre-authorized debit/);
  await expect(replace).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("error-summary")).toContainText("Your pre-authorized debit is still set up.");
  // The card number and security code are never kept: given again.
  await fillCard(page, "4242 4242 4242 4242");
  await replace.check();
  await page.getByRole("button", { name: /Set up card payments|Replace the card/ }).click();
  await expect(page.locator('[data-notification="success"]')).toContainText("Automatic payments by card are set up");
  await expect(page.getByRole("region", { name: "Pre-authorized debit" })).toContainText("Removed");
  await expect(page.getByTestId("card-autopay")).toContainText("Visa ending in 4242");
  await expect(page.getByTestId("alert-both")).toHaveCount(0);
});

/** The agreement checkbox refused: marked invalid, its message under it and in the summary, linked to it. */
async function expectRefusedAgreement(page: Page, message: string, label: RegExp) {
  const checkbox = page.getByLabel(label);
  await expect(checkbox).toHaveAttribute("aria-invalid", "true");
  const describedBy = (await checkbox.getAttribute("aria-describedby")) ?? "";
  expect(describedBy).not.toBe("");
  await expect(page.locator(`[id="${describedBy.split(" ").pop()}"]`)).toHaveText(new RegExp(message));
  const link = page.getByTestId("error-summary").getByRole("link", { name: message });
  await expect(link).toHaveAttribute("href", `#${await checkbox.getAttribute("id")}`);
}

test("a PAD form sent right after typing, agreement unticked: every field refused, the checkbox too", async ({ page }) => {
  await signIn(page, "family@example.com", { cameFrom: "/billing/100202/autopay/pad" });
  await page.getByLabel("Transit number").fill("12345");
  // Straight from the field to the button: leaving the field must not swallow the click.
  await page.getByLabel("Institution number").fill("12");
  await page.getByRole("button", { name: /^Accept and/ }).click();
  const summary = page.getByTestId("error-summary");
  await expect(summary).toContainText("There is a problem");
  await expect(summary.getByRole("link", { name: "The institution number must be exactly 3 digits." })).toBeVisible();
  await expect(summary.getByRole("link", { name: "Enter the account number." })).toBeVisible();
  await expectRefusedAgreement(
    page,
    "You must accept the pre-authorized debit agreement.",
    /I have read the pre-authorized debit agreement/,
  );
  if (hasJs()) await expect(summary).toBeFocused();
  await expect(page.getByLabel("Transit number")).toHaveValue("12345");
  await expectNoAxeViolations(page);

  // Ticked: its message goes, the others stay.
  await page.getByLabel(/I have read the pre-authorized debit agreement/).check();
  if (hasJs()) {
    await expect(page.getByLabel(/I have read the pre-authorized debit agreement/)).not.toHaveAttribute("aria-invalid", "true");
    await expect(summary).not.toContainText("You must accept");
  }
});

test("en français, un formulaire de DPA refusé champ par champ garde ce qui a été saisi", async ({ page }) => {
  await signIn(page, "family@example.com", { cameFrom: "/billing/100202/autopay/pad?lng=fr" });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/débit préautorisé/);
  const cheque = (name: string, content: string | Buffer) => ({ name, mimeType: "application/pdf", buffer: Buffer.from(content) });
  await page.getByLabel("Numéro d’institution").fill("12");
  await page.getByLabel("Numéro de transit").fill("12345");
  await page.getByLabel("Numéro de compte").fill("7654321");
  await page.getByLabel("Nom du titulaire du compte").fill("Jordan Gagnon");
  await page.getByLabel("Adresse de la succursale").fill("1000, rue Sherbrooke Ouest, Montréal");
  await page.getByLabel("Photo ou numérisation d’un chèque annulé").setInputFiles(cheque("cheque.pdf", samplePdf()));
  await page.getByRole("button", { name: /^Accepter et/ }).click();

  const summary = page.getByTestId("error-summary");
  await expect(summary).toContainText("Il y a un problème");
  await expect(summary).toContainText("Le numéro d’institution doit compter exactement 3 chiffres.");
  // The unticked agreement is refused like any field, by the browser (JavaScript) or the server.
  await expectRefusedAgreement(page, "Vous devez accepter l’entente de débit préautorisé.", /J’ai lu l’entente/);
  await expect(page.getByLabel("Numéro de transit")).toHaveValue("12345");
  await expect(page.getByLabel("Adresse de la succursale")).toHaveValue("1000, rue Sherbrooke Ouest, Montréal");
  await expectNoAxeViolations(page);

  // Fixed, but the "PDF" is a program renamed: the API reads its content and refuses it.
  await page.getByLabel("Numéro d’institution").fill("003");
  // The account number is never sent back by the server: typed again.
  await page.getByLabel("Numéro de compte").fill("7654321");
  await page.getByLabel(/J’ai lu l’entente/).check();
  await page.getByLabel("Photo ou numérisation d’un chèque annulé").setInputFiles(cheque("setup.pdf", "MZ\x90\x00 this is a program"));
  await page.getByRole("button", { name: /^Accepter et/ }).click();
  await expect(summary).toContainText("Le chèque annulé doit être un fichier JPG, JPEG, PNG, BMP ou PDF.");
  await expect(page.getByLabel("Numéro de transit")).toHaveValue("12345");
});

test("card autopay: set up, stop, then remove the card, each change after a confirmation page", async ({ page }) => {
  // Three changes, each checked with axe, on a machine shared with other suites.
  test.slow();
  await signIn(page, "business@example.com", { cameFrom: hasJs() ? "/billing/200307/autopay" : "/billing/200311/autopay" });
  await expect(page).toHaveTitle("Automatic payments | myLakeshore");
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: /Set up card payments|Replace the card/ }).click();
  await fillCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: /Set up card payments|Replace the card/ }).click();
  await expect(page.locator('[data-notification="success"]')).toContainText("Automatic payments by card are set up");
  await expect(page.getByTestId("card-autopay")).toContainText("Visa ending in 4242");

  await page.getByRole("link", { name: "Stop card payments" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Stop automatic payments by card");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Stop card payments" }).click();
  await expect(page.locator('[data-notification="success"]')).toContainText("Automatic payments by card are stopped.");
  await expect(page.getByRole("region", { name: "Credit card" })).toContainText("Stopped");

  // A stopped card is still on file until it is removed.
  await page.getByRole("link", { name: "Remove the card" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Remove the card on file");
  await expect(page.getByText("We will no longer keep your Visa ending in 4242.")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Remove the card" }).click();
  await expect(page.locator('[data-notification="success"]')).toContainText("The card was removed from your account.");
  await expect(page.getByTestId("card-autopay")).toContainText("No card is set up for automatic payments.");
  await expect(page.getByRole("link", { name: "Remove the card" })).toHaveCount(0);
});

test("a business account billed elsewhere has no billing pages @static", async ({ page }) => {
  await signIn(page, "business@example.com", { cameFrom: "/billing/200303" });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This account's bills come through another account");
  // The error keeps the signed-in layout: the account menu and the navigation are still there.
  await expect(page.getByRole("navigation", { name: "Main navigation" }).first()).toBeVisible();
  await expect(page).toHaveTitle("403 - Forbidden");
});
