import { expect, test } from "@playwright/test";
import { countReactCommits, expectNoAxeViolations, hydrated, signIn } from "./support";

test("an unknown address answers 404: This page could not be found @static", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This page could not be found");
  await expect(page.getByRole("link", { name: "Home page" })).toHaveAttribute("href", "/");
  await expectNoAxeViolations(page);
});

test("another customer's account answers 403, with the request's id as the reference to quote @static", async ({ page }) => {
  await signIn(page, "resi@example.com");
  const response = await page.goto("/dashboard/100201");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You do not have permission to view this page.");
  await expect(page).toHaveTitle("403 - Forbidden");
  const id = response!.headers()["x-request-id"];
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  await expect(page.getByTestId("error-reference")).toHaveText(`Reference: ${id}`);
  await expectNoAxeViolations(page);
});

test("an account refused by the portal itself keeps the document's reference once its scripts run", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await countReactCommits(page.context());
  await signIn(page, "resi@example.com");
  // No such account among resi's: refused before any API call, so the reference is only the document's.
  const response = await page.goto("/billing/999999");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You do not have permission to view this page.");
  await hydrated(page);
  await expect(page.getByTestId("error-reference")).toHaveText(`Reference: ${response!.headers()["x-request-id"]}`);
  // The page hydrated as it was sent: no mismatch (React's error #418), one document title.
  expect(errors).toEqual([]);
  await expect(page.locator("title")).toHaveCount(1);
});

test("after a navigation in the page to an account whose data is refused, the reference is the refused data request's id @needs-js", async ({
  page,
}) => {
  await signIn(page, "resi@example.com");
  await expect(page.getByTestId("balance")).toBeVisible();
  // What a link of the router does: the page's data comes as /dashboard/100201.data, the document stays.
  const refused = page.waitForResponse((response) => new URL(response.url()).pathname === "/dashboard/100201.data");
  await page.evaluate(() =>
    (window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }).__reactRouterDataRouter.navigate(
      "/dashboard/100201",
    ),
  );
  const response = await refused;
  expect(response.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You do not have permission to view this page.");
  await expect(page).toHaveURL(/\/dashboard\/100201$/);
  const id = response.headers()["x-request-id"];
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  await expect(page.getByTestId("error-reference")).toHaveText(`Reference: ${id}`);
});

// A page whose validation fails (an id that is not a number) gets the spec's fallback, not the "404 Not
// Found" of an account or invoice that does not exist.
test("a malformed id answers 404: This page could not be found @static", async ({ page }) => {
  await signIn(page, "resi@example.com");
  for (const address of ["/dashboard/not-a-number", "/billing/abc", "/wifi/abc"]) {
    const response = await page.goto(address);
    expect(response?.status(), address).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This page could not be found");
    await expect(page.getByText("404 Not Found")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Home page" })).toHaveAttribute("href", "/");
  }
  await expectNoAxeViolations(page);
});

test("in French @static", async ({ page }) => {
  const response = await page.goto("/introuvable?lng=fr");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cette page est introuvable");
  await expect(page.getByRole("link", { name: "Page d’accueil" })).toBeVisible();
});
