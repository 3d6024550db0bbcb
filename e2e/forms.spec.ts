/**
 * What a customer meets while filling in forms, JavaScript off and on: every refusal of a form in one
 * answer, each next to its field.
 */
import { expect, test } from "@playwright/test";
import { writeFile } from "node:fs/promises";
import { samplePdf } from "../tests/support/sample-files";
import { PASSWORD, expectNoAxeViolations, signIn } from "./support";

// Flows of several pages, each checked for accessibility: room for a busy machine.
test.describe.configure({ timeout: 90_000 });

test("card autopay: an expired card is named beside a wrong security code, in one answer", async ({ page }) => {
  await signIn(page, "resi@example.com", { cameFrom: "/billing/100101/autopay/card" });
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry date").fill("01/25");
  await page.getByLabel("Security code").fill("12");
  await page.getByLabel("Name on the card").fill("Maya Singh");
  await page.getByRole("button", { name: /Set up card payments|Replace the card/ }).click();

  const summary = page.getByTestId("error-summary");
  await expect(summary).toContainText("This card has expired.");
  await expect(summary).toContainText("Enter the security code");
  await expect(page.getByLabel("Expiry date")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Security code")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Name on the card")).toHaveValue("Maya Singh");
  await expectNoAxeViolations(page);
});

test("WiFi: a home network named like the guest network is refused on its own name field, in its words", async ({ page }) => {
  await signIn(page, "resi@example.com", { cameFrom: "/wifi/5001" });
  const name = page.getByLabel("Network name (2.4 GHz)");
  await name.fill("Singh-Guest");
  await page.getByRole("button", { name: "Save the 2.4 GHz network" }).click();
  // "2.4 GHz" is written with a no-break space.
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(name).toHaveAccessibleDescription(/Choose a 2\.4\sGHz network name different from your guest network’s name\./);
  await expect(page.getByText("Choose a guest network name different")).toHaveCount(0);
  // The refused form's summary has the focus, and so is in view, with or without JavaScript.
  await expect(page.getByTestId("error-summary")).toBeFocused();
  await expect(page.getByTestId("error-summary")).toBeInViewport();
  await expectNoAxeViolations(page);
});

test("proof of payment: a file over 20 MB is refused next to the file field, the note kept", async ({ page }) => {
  await signIn(page, "family@example.com", { cameFrom: "/billing/100201/proof-of-payment" });
  const files = page.getByLabel("Receipts or statements");
  await expect(files).toHaveAccessibleDescription(/20\sMB each at most/);
  await page.getByLabel("Note").fill("Paid at my bank on November 20");
  // From a file on disk: the browser reads it itself (a buffer would cross to the browser as base64, 30 s).
  // Far enough over for the portal to stop reading it (413): the note, sent before it, comes back.
  const path = test.info().outputPath("statement.pdf");
  await writeFile(path, samplePdf(22 * 1024 * 1024));
  await files.setInputFiles(path);
  await page.getByRole("button", { name: "Send proof of payment" }).click();
  await expect(page.getByLabel("Note")).toHaveValue("Paid at my bank on November 20");
  await expect(files).toHaveAttribute("aria-invalid", "true");
  // The browser's own check with JavaScript; without it, the portal's as it stopped reading.
  const tooLarge =
    /Too large \(each file must be 20\sMB or smaller\): statement\.pdf\.|“statement\.pdf” is larger than allowed \(20\sMB at most\)\./;
  await expect(files).toHaveAccessibleDescription(tooLarge);
  await expect(page.getByTestId("error-summary")).toContainText(tooLarge);
});

test("a form sent after the session ended: not saved, said so, and back after signing in with what was typed", async ({ page }) => {
  const subject = `Session ended ${test.info().project.name}`;
  await signIn(page, "resi@example.com", { cameFrom: "/support/100101/new" });
  await page.getByLabel("What is it about?").selectOption({ label: "WiFi" });
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Description").fill("Typed before the session ended.");
  // The session ends while the customer types (signed out elsewhere, or left too long).
  await page.context().clearCookies({ name: "__session" });
  await page.getByRole("button", { name: "Send request" }).click();

  await expect(page).toHaveURL(/\/login\?came_from=%2Fsupport%2F100101%2Fnew$/);
  await expect(page.getByTestId("session-ended")).toContainText("Your session ended, so your change was not saved.");
  await expectNoAxeViolations(page);
  await page.getByLabel("Email or username").fill("resi@example.com");
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();

  await expect(page).toHaveURL(/\/support\/100101\/new$/);
  await expect(page.locator('[data-notification="info"]')).toContainText("What you typed is back in the form");
  await expect(page.getByLabel("What is it about?")).toHaveValue("wifi");
  await expect(page.getByLabel("Subject")).toHaveValue(subject);
  await expect(page.getByLabel("Description")).toHaveValue("Typed before the session ended.");
  // Once: the same page opened again starts empty.
  await page.goto("/support/100101/new");
  await expect(page.getByLabel("Subject")).toHaveValue("");
});

test("WiFi: after the password is saved, the field is empty again", async ({ page }) => {
  await signIn(page, "resi@example.com", { cameFrom: "/wifi/5001" });
  const password = page.getByLabel("New password (Guest)");
  await password.fill(`Guest-Pass-${Date.now() % 100000}`);
  await page.getByRole("button", { name: "Save the Guest network" }).click();
  await expect(page.locator('[data-notification="success"]')).toContainText("Your WiFi network Singh-Guest has a new password.");
  await expect(password).toHaveValue("");
});
