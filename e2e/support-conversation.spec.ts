/**
 * A support request's conversation, end to end with JavaScript off and on: resi@ opens a request from
 * her support list, reads support's messages, replies with a PDF (the request is open again) and downloads
 * it back from the conversation, closes it
 * and reopens it; refused replies keep what was typed; a request closed months ago says to open a new
 * one; a contact without the support role reads only.
 *
 * Each run answers its own demo request of 100101: without JavaScript the one waiting for her reply
 * ("Moving in January"), with it the resolved one ("Question about a pay-per-view charge"); both end
 * open. Refused posts change nothing, so they use the WiFi request, which e2e/support-lookup.spec.ts reads.
 * A reply to a request closed meanwhile (in another tab) needs a request that can be closed: each run
 * opens its own through the support form, named after the run.
 */
import { readFile, writeFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { samplePdf } from "../tests/support/sample-files";
import { expectFitsWidth, PHONE_WIDTHS } from "./phone";
import { expectNoAxeViolations, hasJs, signIn } from "./support";

// Flows of several pages, each checked for accessibility: room for a busy machine.
test.describe.configure({ timeout: 120_000 });

const pdf = (name: string) => ({ name, mimeType: "application/pdf", buffer: samplePdf() });

/** The request's card (its subject is the card's heading) and the status badge in it. */
const statusOf = (page: Page, subject: string) => page.getByRole("region", { name: subject }).locator("[data-status]");
const messages = (page: Page) => page.getByTestId("conversation").getByTestId("message");

test("a request is opened from the list, answered with a PDF, closed and reopened", async ({ page }) => {
  const [subject, statusBefore, lastFromSupport] = hasJs()
    ? ["Question about a pay-per-view charge", "Resolved", "Glad we could help."]
    : ["Moving in January", "Waiting for your reply", "Good news, 80 Broadview Avenue is on our network."];
  const text = `Thursday morning works for us (${hasJs() ? "js" : "nojs"} ${Date.now()}).`;
  await signIn(page, "resi@example.com", { cameFrom: "/support/100101" });

  // From the list to the request's own page.
  await page.getByTestId("ticket").filter({ hasText: subject }).getByRole("link", { name: subject }).click();
  await expect(page).toHaveURL(/\/support\/100101\/tickets\/CS-\d+$/);
  const number = /CS-\d+$/.exec(page.url())![0];
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Support request ${number}`);
  await expect(page).toHaveTitle(`Support request ${number} | myLakeshore`);
  await expect(statusOf(page, subject)).toHaveText(statusBefore);

  // Both sides, oldest first: hers ("You"), then support's, signed with a first name.
  await expect(messages(page).first().getByRole("heading", { level: 3 })).toHaveText("You");
  const last = messages(page).last();
  await expect(last.getByRole("heading", { level: 3 })).toHaveText(/^\w+, Support$/);
  await expect(last).toContainText(lastFromSupport);
  await expectNoAxeViolations(page);

  // The reply, with a PDF: the request is open again, her message last.
  await page.getByLabel("Your message").fill(text);
  await page.getByLabel("Attachments (optional)").setInputFiles([pdf("lease.pdf")]);
  await page.getByRole("button", { name: "Send reply" }).click();
  await expect(page.getByText(`Your reply to request ${number} was sent.`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/support/100101/tickets/${number}$`));
  await expect(statusOf(page, subject)).toHaveText("Open");
  const mine = messages(page).last();
  await expect(mine.getByRole("heading", { level: 3 })).toHaveText("You");
  await expect(mine).toContainText(text);
  // Each file is a link that downloads it (its name says so to a screen reader), its size shown.
  const file = mine.getByTestId("message-attachments").getByRole("link", { name: /^Download lease\.pdf \(\d[\d.,]* kB\)$/ });
  await expect(file).toHaveAttribute("href", new RegExp(`^/support/100101/tickets/${number}/attachments/\\d+$`));
  await expect(file).toHaveText(/^lease\.pdf \(/);
  // The form is empty again.
  await expect(page.getByLabel("Your message")).toHaveValue("");

  // Downloaded from the conversation: the same name and the same bytes, the page staying where it is.
  const [download] = await Promise.all([page.waitForEvent("download"), file.click()]);
  expect(download.suggestedFilename()).toBe("lease.pdf");
  expect((await readFile(await download.path())).equals(samplePdf())).toBe(true);
  await expect(page).toHaveURL(new RegExp(`/support/100101/tickets/${number}$`));

  // Closing asks first.
  await page.getByRole("link", { name: "Close this request" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Close request ${number}`);
  await expect(page.getByText("You can reopen it within 14 days")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Close the request" }).click();
  await expect(page.getByText(`Request ${number} is closed.`)).toBeVisible();
  await expect(statusOf(page, subject)).toHaveText("Closed");
  await expect(page.getByTestId("closed-notice")).toContainText("you can reopen it until");
  await expect(page.getByLabel("Your message")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Close this request" })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Reopened from its page: open again, the reply form back.
  await page.getByRole("button", { name: "Reopen this request" }).click();
  await expect(page.getByText(`Request ${number} is open again.`)).toBeVisible();
  await expect(statusOf(page, subject)).toHaveText("Open");
  await expect(page.getByLabel("Your message")).toBeVisible();

  // And the list says so.
  await page.getByRole("link", { name: "Back to your support requests" }).click();
  const listed = page.getByTestId("ticket").filter({ hasText: subject });
  await expect(listed).toContainText("Open");
  await expect(listed).toContainText(text);
});

test("a reply to a request closed in another tab is kept, then the request is reopened and the reply sent", async ({ page, context }) => {
  const run = `${hasJs() ? "js" : "nojs"} ${Date.now()}`;
  const subject = `Closed in another tab (${run})`;
  const text = `The WiFi still drops around 8 p.m., even after the restart (${run}).`;
  await signIn(page, "resi@example.com", { cameFrom: "/support/100101/new" });

  // A request of its own, opened through the support form, then its page.
  await page.getByLabel("What is it about?").selectOption({ label: "WiFi" });
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Description").fill("The WiFi drops every evening in the basement.");
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByText(/Your support request CS-\d+ was sent/)).toBeVisible();
  await page.getByTestId("ticket").filter({ hasText: subject }).getByRole("link", { name: subject }).click();
  await expect(page).toHaveURL(/\/support\/100101\/tickets\/CS-\d+$/);
  const address = new URL(page.url()).pathname;
  await expect(statusOf(page, subject)).toHaveText("Open");
  const count = await messages(page).count();

  // Meanwhile, in a second tab of the same browser, the request is closed.
  const other = await context.newPage();
  await other.goto(`${address}/close`);
  await other.getByRole("button", { name: "Close the request" }).click();
  await expect(other.getByText(/Request CS-\d+ is closed\./)).toBeVisible();
  await other.close();

  // Her reply, typed in the first tab with a file, is refused: the page shows the request closed, says
  // why, and keeps what she typed (not the file: no browser refills a file field).
  await page.getByLabel("Your message", { exact: true }).fill(text);
  await page.getByLabel("Attachments (optional)").setInputFiles([pdf("speed-test.pdf")]);
  await page.getByRole("button", { name: "Send reply" }).click();
  const alert = page.getByTestId("reply-not-sent");
  await expect(alert).toContainText("Your reply was not sent");
  await expect(alert).toContainText("This request is closed. Reopen it before replying.");
  await expect(alert).toContainText("The file you attached could not be kept");
  await expect(statusOf(page, subject)).toHaveText("Closed");
  const notice = page.getByTestId("closed-notice");
  await expect(notice).toContainText("you can reopen it until");
  const kept = notice.getByLabel("Your message, not sent");
  await expect(kept).toHaveValue(text);
  await expect(kept).not.toBeEditable();
  await expect(alert.getByRole("link", { name: "Go to your message" })).toHaveAttribute("href", `#${await kept.getAttribute("id")}`);
  await expect(page.getByLabel("Your message", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Send reply" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Close this request" })).toHaveCount(0);
  await expect(messages(page)).toHaveCount(count);
  await expectNoAxeViolations(page);

  // Reopened and sent in one step: open again, her message last, the form empty.
  await notice.getByRole("button", { name: "Reopen and send my reply" }).click();
  await expect(page.getByText(/Request CS-\d+ is open again and your reply was sent\./)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${address}$`));
  await expect(statusOf(page, subject)).toHaveText("Open");
  await expect(messages(page)).toHaveCount(count + 1);
  const mine = messages(page).last();
  await expect(mine.getByRole("heading", { level: 3 })).toHaveText("You");
  await expect(mine).toContainText(text);
  await expect(page.getByTestId("reply-not-sent")).toHaveCount(0);
  await expect(page.getByLabel("Your message", { exact: true })).toHaveValue("");
});

// A file address answers the product's error pages, as HTML in the customer's language.
test("a file that cannot be downloaded is an error page: not a number, unknown, another's account @static", async ({ page }) => {
  await signIn(page, "resi@example.com", { cameFrom: "/support/100101" });
  const subject = "WiFi drops every evening";
  const href = await page.getByTestId("ticket").filter({ hasText: subject }).getByRole("link", { name: subject }).getAttribute("href");
  const number = /CS-\d+$/.exec(href ?? "")![0];
  const cases = [
    [`/support/100101/tickets/${number}/attachments/abc`, 404, "This page could not be found"],
    [`/support/100101/tickets/${number}/attachments/999999`, 404, "404 Not Found"],
    [`/support/100201/tickets/${number}/attachments/1`, 403, "You do not have permission to view this page."],
  ] as const;
  for (const [address, status, heading] of cases) {
    const response = await page.goto(address);
    expect(response?.status(), address).toBe(status);
    expect(response?.headers()["content-type"], address).toMatch(/^text\/html/);
    expect(response?.headers()["content-disposition"], address).toBeUndefined();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
  }
  await expect(page.getByRole("link", { name: "Home page" })).toHaveAttribute("href", "/");
  await page.goto(`/support/100101/tickets/${number}/attachments/999999?lng=fr`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("404 Introuvable");
});

test("a refused reply says why and keeps the message", async ({ page }) => {
  const subject = "WiFi drops every evening";
  await signIn(page, "resi@example.com", { cameFrom: "/support/100101" });
  await page.getByTestId("ticket").filter({ hasText: subject }).getByRole("link", { name: subject }).click();
  await expect(page).toHaveURL(/\/support\/100101\/tickets\/CS-\d+$/);
  // The request's page is shown (with JavaScript the address changes before the page does).
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Support request CS-\d+$/);
  await expect(messages(page).first()).toBeVisible();
  const count = await messages(page).count();

  await page.getByRole("button", { name: "Send reply" }).click();
  await expect(page.getByTestId("error-summary")).toContainText("Enter your message.");
  await expect(page.getByLabel("Your message")).toHaveAttribute("aria-invalid", "true");

  const typed = "Here is the router's log.";
  await page.getByLabel("Your message").fill(typed);
  await page
    .getByLabel("Attachments (optional)")
    .setInputFiles([
      { name: "router-log.pdf", mimeType: "application/pdf", buffer: Buffer.concat([Buffer.from("MZ"), Buffer.alloc(200, 0x90)]) },
    ]);
  await page.getByRole("button", { name: "Send reply" }).click();
  await expect(page.getByTestId("error-summary")).toContainText("Files must be JPG, PNG or PDF.");
  await expect(page.getByLabel("Your message")).toHaveValue(typed);
  await expect(messages(page)).toHaveCount(count);
  await expectNoAxeViolations(page);

  // A PDF far over 10 MB: without JavaScript the post stops at the file (413), the message kept and the
  // refusal said once, linked to the file field; with it, the browser's own check may refuse it first.
  const path = test.info().outputPath("modem-log.pdf");
  await writeFile(path, samplePdf(21 * 1024 * 1024));
  const files = page.getByLabel("Attachments (optional)");
  // With JavaScript the refused file is still listed (chosen files add up): taken out first.
  if (hasJs()) await page.getByRole("button", { name: "Remove router-log.pdf" }).click();
  await page.getByLabel("Your message").fill(typed);
  await files.setInputFiles(path);
  await page.getByRole("button", { name: "Send reply" }).click();
  const tooLarge = hasJs()
    ? /“modem-log\.pdf” is larger than allowed \(10\sMB at most\)|Too large \(each file must be 10\sMB or smaller\): modem-log\.pdf\./
    : /“modem-log\.pdf” is larger than allowed \(10\sMB at most\)/;
  await expect(files).toHaveAccessibleDescription(tooLarge);
  const summary = page.getByTestId("error-summary");
  await expect(summary.getByRole("listitem")).toHaveCount(1);
  await expect(summary.getByRole("link", { name: tooLarge })).toHaveAttribute("href", `#${await files.getAttribute("id")}`);
  await expect(page.getByLabel("Your message")).toHaveValue(typed);
  await expect(messages(page)).toHaveCount(count);
});

test("a request closed months ago says to open a new one, on a phone too @static", async ({ page }) => {
  const subject = "Channel missing from TV Essentials";
  await signIn(page, "resi@example.com", { cameFrom: "/support/100101" });
  await page.getByTestId("ticket").filter({ hasText: subject }).getByRole("link", { name: subject }).click();
  await expect(statusOf(page, subject)).toHaveText("Closed");
  const notice = page.getByTestId("closed-notice");
  await expect(notice).toContainText("more than 14 days ago, so it can no longer be reopened");
  await expect(notice.getByRole("link", { name: "Open a support request" })).toHaveAttribute("href", "/support/100101/new");
  await expect(page.getByRole("button", { name: "Reopen this request" })).toHaveCount(0);
  for (const width of PHONE_WIDTHS) await expectFitsWidth(page, width);
  await expectNoAxeViolations(page);
});

test("a contact without the support role reads a request but cannot answer it", async ({ page }) => {
  const subject = "Forward the main number to the new reception line";
  await signIn(page, "business@example.com", { cameFrom: "/support/200305" });
  // Waiting on the customer, but not on this contact, who may not reply: said so in the list and on the request.
  const listed = page.getByTestId("ticket").filter({ hasText: subject });
  await expect(listed.locator("[data-status]")).toHaveText("Reply due from the customer");
  await listed.getByRole("link", { name: subject }).click();
  await expect(page).toHaveURL(/\/support\/200305\/tickets\/CS-\d+$/);
  await expect(statusOf(page, subject)).toHaveText("Reply due from the customer");
  // Opened by a colleague: his name, not "You".
  await expect(messages(page).first().getByRole("heading", { level: 3 })).toHaveText("Noah Williams");
  await expect(messages(page).last()).toContainText("Which number should the calls go to");
  await expect(page.getByTestId("read-only-note")).toContainText("Only contacts with the support or authoritative role can reply");
  await expect(page.getByLabel("Your message")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Send reply" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Close this request" })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("en français, une demande écrite et répondue en français @static", async ({ page }) => {
  await signIn(page, "family@example.com", { cameFrom: "/support/100202?lng=fr" });
  const subject = "Confirmer les dates de notre pause";
  await page.getByTestId("ticket").filter({ hasText: subject }).getByRole("link", { name: subject }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Demande de soutien CS-\d+$/);
  await expect(statusOf(page, subject)).toHaveText("Résolue");
  await expect(messages(page).first().getByRole("heading", { level: 3 })).toHaveText("Vous");
  await expect(messages(page).nth(1).getByRole("heading", { level: 3 })).toHaveText(/^\w+, Soutien$/);
  await expect(messages(page).nth(1)).toContainText("C’est confirmé\u00a0: la pause commence");
  await expect(page.getByRole("heading", { level: 2, name: "Répondre" })).toBeVisible();
  await expectNoAxeViolations(page);
});
