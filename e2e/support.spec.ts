/**
 * Support, end to end with JavaScript off and on: the tickets list with the support hours, and the
 * support form with attachments (each run opens its own ticket on 100101, named after the run).
 */
import { writeFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { jpegWithHtml, samplePdf, samplePng } from "../tests/support/sample-files";
import { expectFitsWidth, PHONE_WIDTHS } from "./phone";
import { expectNoAxeViolations, hasJs, signIn } from "./support";

// Flows of several pages, each checked for accessibility: room for a busy machine.
test.describe.configure({ timeout: 90_000 });

// Real files: the API checks each one's whole structure, not only its first bytes.
const png = (name: string) => ({ name, mimeType: "image/png", buffer: samplePng() });
const pdf = (name: string) => ({ name, mimeType: "application/pdf", buffer: samplePdf() });

async function fillForm(page: Page, subject: string, cc = "sam.lee@example.com") {
  await page.getByLabel("What is it about?").selectOption({ label: "WiFi" });
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Description").fill("The WiFi drops every evening around 8 p.m. in the basement.");
  await page.getByLabel("Copy these people (CC) (optional)").fill(cc);
}

/** The typed fields are all still there after a refusal. */
async function expectKept(page: Page, subject: string, cc = "sam.lee@example.com") {
  await expect(page.getByLabel("What is it about?")).toHaveValue("wifi");
  await expect(page.getByLabel("Subject")).toHaveValue(subject);
  await expect(page.getByLabel("Description")).toHaveValue(/drops every evening/);
  await expect(page.getByLabel("Copy these people (CC) (optional)")).toHaveValue(cc);
}

test("the support page lists the tickets and the support hours, and is reached from the dashboard", async ({ page }) => {
  await signIn(page, "resi@example.com", { cameFrom: "/dashboard/100101" });
  await page.getByRole("link", { name: "Support requests" }).click();
  await expect(page).toHaveURL(/\/support\/100101$/);
  await expect(page.getByRole("heading", { level: 1, name: "Support" })).toBeVisible();
  await expect(page).toHaveTitle(/^Support \| myLakeshore/);
  await expect(page.getByText("Monday to Friday")).toBeVisible();
  await expect(page.getByText("24 hours a day, 7 days a week")).toBeVisible();
  await expect(page.getByTestId("old-desk-link")).toHaveCount(0);
  await expect(page.getByTestId("ticket").first()).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a ticket with two attachments and a CC address is sent and listed", async ({ page }) => {
  const subject = `Evening WiFi drops ${hasJs() ? "js" : "nojs"} ${Date.now()}`;
  await signIn(page, "resi@example.com", { cameFrom: "/support/100101" });
  await page.getByRole("link", { name: "Open a support request" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Open a support request" })).toBeVisible();
  await fillForm(page, subject);
  const files = page.getByLabel("Attachments (optional)");
  if (hasJs()) {
    // Files chosen in two goes add up; one taken out before sending.
    await files.setInputFiles([png("router.png"), pdf("bill.pdf")]);
    await files.setInputFiles([png("mistake.png")]);
    const chosen = page.getByRole("list", { name: /files chosen/ });
    await expect(chosen.getByRole("listitem")).toHaveCount(3);
    await chosen.getByRole("button", { name: "Remove mistake.png" }).click();
    await expect(chosen.getByRole("listitem")).toHaveCount(2);
    await expect(page.getByText("2 files chosen (at most 5)")).toBeVisible();
  } else {
    await files.setInputFiles([png("router.png"), pdf("bill.pdf")]);
  }
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(page).toHaveURL(/\/support\/100101$/);
  await expect(page.getByText(/Your support request CS-\d+ was sent/)).toBeVisible();
  // Found by its subject: specs running beside this one answer and open tickets of the same customer.
  const sent = page.getByTestId("ticket").filter({ hasText: subject });
  await expect(sent).toHaveCount(1);
  await expect(sent).toContainText("2 attachments");
  await expect(sent).toContainText("Open");
});

test("a subject of 150 characters without a space is listed within a phone's width", async ({ page }) => {
  const subject = `${hasJs() ? "js" : "nojs"}-${"TICKET-REFERENCE-".repeat(9)}`.slice(0, 150);
  expect(subject).toHaveLength(150);
  await signIn(page, "resi@example.com", { cameFrom: "/support/100101/new" });
  await fillForm(page, subject);
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(page).toHaveURL(/\/support\/100101$/);
  // Found by its subject: specs running beside this one open tickets for the same customer.
  await expect(page.getByTestId("ticket").filter({ hasText: subject })).toHaveCount(1);
  // The subject breaks where it must; the page never scrolls sideways.
  for (const width of PHONE_WIDTHS) await expectFitsWidth(page, width);
  await expectNoAxeViolations(page);
});

test("a request without an attachment is sent, and the file field is not required", async ({ page }) => {
  const subject = `No attachment ${hasJs() ? "js" : "nojs"} ${Date.now()}`;
  await signIn(page, "resi@example.com", { cameFrom: "/support/100101/new" });
  await expect(page.getByLabel("Attachments (optional)")).not.toHaveAttribute("required");
  await fillForm(page, subject);
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(page).toHaveURL(/\/support\/100101$/);
  await expect(page.getByText(/Your support request CS-\d+ was sent/)).toBeVisible();
  await expect(page.getByText("One of the files is empty.")).toHaveCount(0);
  const sent = page.getByTestId("ticket").filter({ hasText: subject });
  await expect(sent).toHaveCount(1);
  await expect(sent).not.toContainText(/\d+ attachments?/);
});

test("six files, a program renamed .png, a photo hiding a web page and a bad CC address are refused, and nothing typed is lost", async ({
  page,
}) => {
  const subject = `Refused ${hasJs() ? "js" : "nojs"}`;
  await signIn(page, "resi@example.com", { cameFrom: "/support/100101/new" });

  await fillForm(page, subject);
  await page.getByLabel("Attachments (optional)").setInputFiles(["1", "2", "3", "4", "5", "6"].map((n) => png(`photo${n}.png`)));
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByTestId("error-summary")).toContainText("Too many files, maximum of five allowed");
  await expectKept(page, subject);
  await expectNoAxeViolations(page);

  await page.goto("/support/100101/new");
  await fillForm(page, subject);
  await page
    .getByLabel("Attachments (optional)")
    .setInputFiles([
      { name: "screenshot.png", mimeType: "image/png", buffer: Buffer.concat([Buffer.from("MZ"), Buffer.alloc(200, 0x90)]) },
    ]);
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByTestId("error-summary")).toContainText("Files must be JPG, PNG or PDF.");
  await expectKept(page, subject);
  if (hasJs()) {
    // The chosen file stays listed, to be taken out.
    await expect(page.getByRole("button", { name: "Remove screenshot.png" })).toBeVisible();
  } else {
    await expect(page.getByText("Files are not kept when a form is refused")).toBeVisible();
  }

  // A photo with a web page hidden inside it.
  await page.goto("/support/100101/new");
  await fillForm(page, subject);
  await page.getByLabel("Attachments (optional)").setInputFiles([{ name: "router.jpg", mimeType: "image/jpeg", buffer: jpegWithHtml() }]);
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByTestId("error-summary")).toContainText("A file holds web page or script content, so it cannot be accepted.");
  await expectKept(page, subject);

  await page.goto("/support/100101/new");
  await fillForm(page, subject, "sam.lee@example.com, sam@@example");
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByTestId("error-summary")).toContainText("sam@@example is not a valid email address.");
  await expect(page.getByLabel("Copy these people (CC) (optional)")).toHaveAttribute("aria-invalid", "true");
  await expectKept(page, subject, "sam.lee@example.com, sam@@example");

  // No category: the option must be chosen.
  await page.getByLabel("What is it about?").selectOption({ label: "Choose an option" });
  await page.getByLabel("Copy these people (CC) (optional)").fill("");
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByTestId("error-summary")).toContainText("Choose an option.");
});

test("a PDF far over 10 MB is refused once, linked to the file field, and nothing typed is lost", async ({ page }) => {
  const subject = `Too large ${hasJs() ? "js" : "nojs"}`;
  await signIn(page, "resi@example.com", { cameFrom: "/support/100101/new" });
  await fillForm(page, subject);
  // From a file on disk: the browser reads it itself (a buffer would cross to the browser as base64).
  const path = test.info().outputPath("modem-log.pdf");
  await writeFile(path, samplePdf(21 * 1024 * 1024));
  const files = page.getByLabel("Attachments (optional)");
  await files.setInputFiles(path);
  await page.getByRole("button", { name: "Send request" }).click();

  // Without JavaScript the post stops at the file (413); with it, the browser's own check may refuse it first.
  const message = hasJs()
    ? /“modem-log\.pdf” is larger than allowed \(10\sMB at most\)|Too large \(each file must be 10\sMB or smaller\): modem-log\.pdf\./
    : /“modem-log\.pdf” is larger than allowed \(10\sMB at most\)/;
  await expect(files).toHaveAttribute("aria-invalid", "true");
  await expect(files).toHaveAccessibleDescription(message);
  const summary = page.getByTestId("error-summary");
  await expect(summary.getByRole("listitem")).toHaveCount(1);
  await expect(summary.getByRole("link", { name: message })).toHaveAttribute("href", `#${await files.getAttribute("id")}`);
  await expectKept(page, subject);
  await expectNoAxeViolations(page);
});

test("support in French, from the business navigation", async ({ page }) => {
  await signIn(page, "business@example.com", { cameFrom: "/dashboard/200302?lng=fr" });
  await page.getByRole("link", { name: "Soutien", exact: true }).first().click();
  await expect(page).toHaveURL(/\/support\/200302$/);
  await expect(page.getByRole("heading", { level: 1, name: "Soutien" })).toBeVisible();
  await expect(page.getByText("Du lundi au vendredi")).toBeVisible();
  await page.getByRole("link", { name: "Ouvrir une demande de soutien" }).click();
  await expect(page.getByLabel(/De quoi s’agit-il/)).toBeVisible();
  await page.getByRole("button", { name: "Envoyer la demande" }).click();
  const summary = page.getByTestId("error-summary");
  await expect(summary).toContainText("Il y a un problème");
  await expect(summary).toContainText("Choisissez une option.");
  await expect(summary).toContainText("Entrez un objet.");
  await expectNoAxeViolations(page);
});

test("a contact marked for deactivation is told what to do, and reaches the support form", async ({ page }) => {
  await signIn(page, "sam.gagnon@example.com", { cameFrom: "/dashboard/100201?lng=en" });
  const notice = page.getByTestId("alert-deactivation");
  await expect(notice).toContainText("Your access to this account is ending");
  await notice.getByRole("link", { name: "Contact customer support" }).click();
  await expect(page).toHaveURL(/\/support\/100201\/new$/);
  await expect(page.getByRole("heading", { level: 1, name: "Open a support request" })).toBeVisible();
  await expectNoAxeViolations(page);
});
