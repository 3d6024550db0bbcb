/**
 * Billing history: invoices and their PDF, billing details, payment history and its date filter, in
 * English and French, and the 403 page of an account billed through a parent account, which says why.
 * The demo data is seeded relative to today (api/db/seed/core.ts and billing.ts): account 100101's
 * latest invoice, issued ten days before the seed day, is unpaid, $163.85; the one before is paid, $178.53; a declined bank payment 41 days
 * ago (TX-S000001, hidden: bank payments older than 30 days) and a declined card autopay charge 70 days
 * ago (TX-S000004, shown).
 */
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, hasJs, signIn } from "./support";

/** A calendar day (YYYY-MM-DD, UTC) some days before today. */
const daysAgo = (days: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - days)).toISOString().slice(0, 10);
};

test("the invoices of a residential account, with money formatted and a PDF per invoice", async ({ page }) => {
  await signIn(page, "resi@example.com", { cameFrom: "/billing/100101/invoices" });
  await expect(page).toHaveTitle("Invoices | myLakeshore");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Invoices");
  await expect(page.getByText("Maya Singh, customer ID 100101")).toBeVisible();

  const table = page.getByRole("table", { name: "Your invoices, newest first" });
  await expect(table.getByRole("columnheader", { name: "Balance due" })).toBeVisible();
  const rows = table.locator("tbody tr");
  expect(await rows.count()).toBeGreaterThan(3);
  const latest = rows.first();
  await expect(latest.getByRole("rowheader")).toHaveText(/^INV-100101-\d{6}$/);
  await expect(latest).toContainText("$163.85");
  await expect(latest).toContainText("Unpaid");
  await expect(rows.nth(1)).toContainText("$178.53");
  await expect(rows.nth(1)).toContainText("Paid");
  // Money is right-aligned.
  await expect(latest.locator("td").nth(3)).toHaveCSS("text-align", "right");

  // On a phone the table scrolls sideways inside a named region that the keyboard reaches.
  await page.setViewportSize({ width: 390, height: 844 });
  const region = page.getByRole("region", { name: "Your invoices, newest first (scrolls sideways)" });
  await expect(region).toHaveAttribute("tabindex", "0");
  expect(await region.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  await region.focus();
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => region.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  await expectNoAxeViolations(page);
  // Wide enough, with JavaScript, it is no tab stop (without, the server cannot know: it stays one).
  await page.setViewportSize({ width: 2200, height: 900 });
  await expect(page.getByRole("region", { name: /scrolls sideways/ })).toHaveCount(hasJs() ? 0 : 1);
  await page.setViewportSize({ width: 1280, height: 720 });

  const number = (await latest.getByRole("rowheader").textContent())!.trim();
  const link = page.getByRole("link", { name: `Download PDF of invoice ${number}` });
  const href = (await link.getAttribute("href"))!;
  expect(href).toMatch(/^\/billing\/100101\/invoices\/\d+\/pdf$/);
  const pdf = await page.request.get(href);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect(pdf.headers()["content-disposition"]).toBe(`inline; filename="${number}.pdf"`);
  expect(pdf.headers()["cache-control"]).toBe("private, no-store");
  expect((await pdf.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");

  await expect(page.getByRole("link", { name: "Billing summary" })).toHaveAttribute("href", "/billing/100101");
  await expect(page.getByRole("link", { name: "Payment history" })).toHaveAttribute("href", "/billing-details/100101/payments");
  await expectNoAxeViolations(page);
});

// The PDF address answers the product's error pages, as HTML in the customer's language, never the
// portal's internal refusal as JSON.
test("an invoice PDF that cannot be shown is an error page: not a number, unknown, another's account @static", async ({ page }) => {
  await signIn(page, "resi@example.com");
  const cases = [
    ["/billing/100101/invoices/abc/pdf", 404, "This page could not be found"],
    ["/billing/100101/invoices/999999/pdf", 404, "404 Not Found"],
    ["/billing/100201/invoices/1/pdf", 403, "You do not have permission to view this page."],
  ] as const;
  for (const [address, status, heading] of cases) {
    const response = await page.goto(address);
    expect(response?.status(), address).toBe(status);
    expect(response?.headers()["content-type"], address).toMatch(/^text\/html/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expect(page.getByText('"kind"')).toHaveCount(0);
  }
  // Inside the signed-in layout, with its way home.
  await expect(page.getByRole("link", { name: "Home page" })).toHaveAttribute("href", "/");
  await expectNoAxeViolations(page);
  await page.goto("/billing/100101/invoices/999999/pdf?lng=fr");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("404 Introuvable");
});

test("in French: headings, dates and amounts as written in French @static", async ({ page }) => {
  await signIn(page, "resi@example.com", { cameFrom: "/billing/100101/invoices?lng=fr" });
  await expect(page).toHaveTitle("Factures | myLakeshore");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Factures");
  const table = page.getByRole("table", { name: "Vos factures, de la plus récente à la plus ancienne" });
  await expect(table.getByRole("columnheader", { name: "Date d’émission" })).toBeVisible();
  const latest = table.locator("tbody tr").first();
  await expect(latest).toContainText("Impayée");
  // « 163,85 $ » with a non-breaking space, and dates such as « 5 nov. 2026 ».
  expect(await latest.textContent()).toContain("163,85\u00a0$");
  await expect(latest.locator("td").first()).toHaveText(/^\d{1,2} [a-zéû]+\.? \d{4}$/);
  await expect(page.getByRole("link", { name: /^Télécharger le PDF de la facture INV-100101-\d{6}$/ }).first()).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto("/billing-details/100101");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Détails de facturation");
  expect(await page.getByTestId("balance-owing").textContent()).toBe("163,85\u00a0$");
  await expect(page.getByRole("link", { name: "Faire un paiement" })).toHaveAttribute("href", "/billing/100101/pay");
});

test("billing details: the balance, the current invoice and the way to pay @static", async ({ page }) => {
  await signIn(page, "resi@example.com", { cameFrom: "/billing-details/100101" });
  await expect(page).toHaveTitle("Billing details | myLakeshore");
  const card = page.getByRole("region", { name: "Balance and current invoice" });
  await expect(page.getByTestId("balance-owing")).toHaveText("$163.85");
  await expect(card).toContainText(/Current invoice\s*INV-100101-\d{6}/);
  await expect(page.getByRole("link", { name: "Make a payment" })).toHaveAttribute("href", "/billing/100101/pay");
  const more = page.getByRole("region", { name: "More about your billing" });
  await expect(more.getByRole("link", { name: "Invoices" })).toHaveAttribute("href", "/billing/100101/invoices");
  await expect(more.getByRole("link", { name: "Automatic payments" })).toHaveAttribute("href", "/billing/100101/autopay");
  await expectNoAxeViolations(page);
});

test("payment history: old bank payments hidden, and a date filter that is a GET form", async ({ page }) => {
  await signIn(page, "resi@example.com", { cameFrom: "/billing-details/100101/payments" });
  await expect(page).toHaveTitle("Payment history | myLakeshore");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment history");
  const table = page.getByRole("table", { name: "Your payments, newest first" });
  const declinedCard = table.getByRole("row").filter({ hasText: "TX-S000004" });
  await expect(declinedCard).toContainText("Credit card Visa ending 4242");
  await expect(declinedCard).toContainText("Automatic");
  await expect(declinedCard).toContainText("Declined");
  await expect(declinedCard).toContainText("$163.85");
  // The declined bank payment of 41 days ago is older than 30 days: not shown, and the page says why.
  await expect(page.getByText("TX-S000001")).toHaveCount(0);
  await expect(page.getByText("Bank account and pre-authorized debit payments older than 30 days are not shown.")).toBeVisible();
  const all = await table.locator("tbody tr").count();
  await expectNoAxeViolations(page);

  const from = daysAgo(75);
  const to = daysAgo(65);
  await page.getByLabel("From", { exact: true }).fill(from);
  await page.getByLabel("To", { exact: true }).fill(to);
  await page.getByRole("button", { name: "Show payments" }).click();
  await page.waitForURL((url) => url.searchParams.get("from_date") === from && url.searchParams.get("to_date") === to);
  const filtered = page.getByRole("table", { name: /^Your payments from .+ to .+, newest first$/ });
  await expect(filtered.getByRole("row").filter({ hasText: "TX-S000004" })).toBeVisible();
  expect(await filtered.locator("tbody tr").count()).toBeLessThan(all);
  await expect(page.getByLabel("From", { exact: true })).toHaveValue(from);
  await expect(page.getByLabel("To", { exact: true })).toHaveValue(to);

  // An end before the start: a message next to the filter, nothing listed.
  await page.getByLabel("From", { exact: true }).fill(to);
  await page.getByLabel("To", { exact: true }).fill(from);
  await page.getByRole("button", { name: "Show payments" }).click();
  await expect(page.getByText("The end date must be on or after the start date.")).toBeVisible();
  await expect(page.getByLabel("To", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("table")).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Dates that are not dates, typed into the address: the same, never a server error.
  const response = await page.goto("/billing-details/100101/payments?from_date=tomorrow&to_date=2026-02-30");
  expect(response?.status()).toBe(400);
  await expect(page.getByText("Enter a valid start date.")).toBeVisible();
  await expect(page.getByText("Enter a valid end date.")).toBeVisible();

  await page.getByRole("link", { name: "Clear" }).click();
  await expect(page).toHaveURL(/\/billing-details\/100101\/payments$/);
  await expect(page.getByRole("table", { name: "Your payments, newest first" })).toBeVisible();
  await expect(page.getByLabel("From", { exact: true })).toHaveValue("");
});

test("an account billed through a parent account: a 403 that says why, inside the signed-in layout @static", async ({ page }) => {
  await signIn(page, "business@example.com");
  for (const path of ["/billing/200303/invoices", "/billing-details/200303/payments"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This account's bills come through another account");
    await expect(page.getByTestId("billed-elsewhere")).toContainText(
      "Liberty Village Studios (account 200303) is billed through another account",
    );
    await expect(page.getByRole("link", { name: "See this account's services" })).toHaveAttribute("href", "/dashboard/200303");
    // The signed-in layout is still there: the header's account menu and the side navigation.
    await expect(page.getByText("Account menu").first()).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main navigation" }).first()).toBeVisible();
  }
  await expectNoAxeViolations(page);
  await page.goto("/billing/200303?lng=fr");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ce compte est facturé par un autre compte");
  await expect(page.getByTestId("billed-elsewhere")).toContainText("Liberty Village Studios (compte 200303) est facturé");
  await expect(page).toHaveTitle("403 - Accès interdit");
});

test("an account billed through a parent account: its services are one link away", async ({ page }) => {
  await signIn(page, "business@example.com");
  const response = await page.goto("/billing/200303");
  expect(response?.status()).toBe(403);
  await page.getByRole("link", { name: "See this account's services" }).click();
  await expect(page).toHaveURL(/\/dashboard\/200303$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("billing addresses without an account id lead to the active account's page @static", async ({ page }) => {
  await signIn(page, "business@example.com", { cameFrom: "/billing/200305" });
  await page.goto("/billing/invoices");
  await expect(page).toHaveURL(/\/billing\/200305\/invoices$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Invoices");
  await page.goto("/billing");
  await expect(page).toHaveURL(/\/billing\/200305$/);
  await page.goto("/billing/autopay?lng=fr");
  await expect(page).toHaveURL(/\/billing\/200305\/autopay\?lng=fr$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Paiements automatiques");
});
