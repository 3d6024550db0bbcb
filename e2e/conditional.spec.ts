/**
 * Conditional answers: a signed-in page the browser has is revalidated (If-None-Match, 304) rather than
 * rendered again; it is never shown stale after a change, nor after signing out; and a page brought
 * back by a 304 keeps a working CSP nonce (its scripts run).
 */
import { expect, test, type Request } from "@playwright/test";
import { BASE_URL } from "../playwright.config";
import { signIn, signOut } from "./support";

const DETAILS = "/account-details/100101";
const SAVE = "Save account details";

test("a signed-in page is kept private, revalidated, and fresh after a change", async ({ page }) => {
  await signIn(page, "resi@example.com");
  const first = await page.goto(DETAILS);
  expect(first!.headers()["cache-control"]).toBe("private, no-cache");
  expect(first!.headers()["etag"]).toMatch(/^W\/"/);

  // Visiting it again: the browser asks with its ETag and the server answers 304.
  const validators: string[] = [];
  const listen = async (request: Request) => {
    if (request.isNavigationRequest() && new URL(request.url()).pathname === DETAILS) {
      validators.push((await request.allHeaders())["if-none-match"] ?? "");
    }
  };
  page.on("request", (request) => void listen(request));
  await page.goto(DETAILS);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect.poll(() => validators).toContain(first!.headers()["etag"]);
  const revalidated = await page.request.get(DETAILS, { headers: { "If-None-Match": first!.headers()["etag"] } });
  expect(revalidated.status()).toBe(304);
  expect(revalidated.headers()["content-security-policy"]).toBeUndefined();

  // A change shows at once, and so does undoing it, on the copy the browser keeps and revalidates.
  const unit = `Unit ${Date.now() % 100000}`;
  const setUnit = async (value: string) => {
    await page.goto(`${DETAILS}/edit`);
    await page.getByLabel(/^Apartment, suite or unit/).fill(value);
    await page.getByRole("button", { name: SAVE }).click();
    await page.waitForURL((url) => url.pathname === DETAILS);
  };
  await setUnit(unit);
  await expect(page.getByText(unit).first()).toBeVisible();
  await page.goto(DETAILS);
  await expect(page.getByText(unit).first()).toBeVisible();
  await setUnit("");
  await page.goto(DETAILS);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText(unit)).toHaveCount(0);
});

test("after signing out, going back shows the sign-in page, not the account", async ({ page }) => {
  await signIn(page, "resi@example.com");
  await page.goto(DETAILS);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const accountText = (await page.locator("main").innerText()).split("\n").find((line) => /\d{3} /.test(line)) ?? "Maya Singh";
  await signOut(page);
  await page.goBack();
  await expect(page).toHaveURL(/\/login(\?|$)/);
  await expect(page.getByText(accountText, { exact: false })).toHaveCount(0);
});

test("a page brought back by a 304 runs its scripts (the stored CSP nonce stays) @needs-js", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await signIn(page, "resi@example.com");
  await page.goto("/dashboard/100101");
  await page.reload();
  // Hydrated: the account menu is the Headless UI button, which only scripts put there.
  await expect(page.locator('button[aria-haspopup="menu"]', { hasText: /Account menu/ })).toBeVisible();
  // A client-side navigation works.
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.isNavigationRequest()) documents.push(request.url());
  });
  await page.getByRole("link", { name: "Billing summary" }).click();
  await expect(page).toHaveURL(/\/billing\/100101$/);
  expect(documents).toEqual([]);
  expect(violations).toEqual([]);
  expect(BASE_URL).toMatch(/^http/);
});
