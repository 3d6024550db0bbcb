/**
 * A forged post from a sibling site (another port of localhost: same site, so the browser sends the
 * SameSite=Lax session cookie along) must not sign the customer out or switch their account.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { BASE_URL } from "../playwright.config";
import { cookieValue, signIn, signOut } from "./support";

let sibling: Server;
let siblingUrl: string;

test.beforeAll(async () => {
  sibling = createServer((_req, res) => {
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.end(`<!doctype html><html lang="en"><title>Win a prize</title><main>
      <form method="post" action="${BASE_URL}/logout"><button>Claim your prize</button></form>
      <form method="post" action="${BASE_URL}/switch-account">
        <input type="hidden" name="customerId" value="100201"><button>Claim another prize</button>
      </form></main></html>`);
  });
  await new Promise<void>((resolve) => sibling.listen(0, "localhost", resolve));
  siblingUrl = `http://localhost:${(sibling.address() as AddressInfo).port}/`;
});

test.afterAll(() => new Promise<void>((resolve) => sibling.close(() => resolve())));

test("a post from a sibling site neither signs the customer out nor switches their account", async ({ page }) => {
  await signIn(page, "family@example.com");
  const active = await cookieValue(page, "activeCustomerId");

  await page.goto(siblingUrl);
  await page.getByRole("button", { name: "Claim your prize" }).click();
  await expect(page.getByText("This form was sent from another site, so it was refused.")).toBeVisible();

  await page.goto(siblingUrl);
  await page.getByRole("button", { name: "Claim another prize" }).click();
  await expect(page.getByText("This form was sent from another site, so it was refused.")).toBeVisible();

  // Still signed in, on the same account.
  await page.goto(`${BASE_URL}/`);
  await expect(page).toHaveURL(/\/dashboard\/\d+$/);
  expect(await cookieValue(page, "activeCustomerId")).toBe(active);
});

test("the portal's own forms still post, and its pages are never shown from a cache without asking", async ({ page }) => {
  await signIn(page, "resi@example.com");
  const home = await page.request.get(`${BASE_URL}/`);
  // Kept by this browser only, and never shown without asking the server (conditional answers).
  expect(home.headers()["cache-control"]).toBe("private, no-cache");
  expect((await page.request.get(`${BASE_URL}/readyz`)).status()).toBe(200);
  await signOut(page);
  await expect(page).toHaveURL(/\/login$/);
});
