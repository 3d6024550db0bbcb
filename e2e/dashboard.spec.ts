import { expect, test, type Page } from "@playwright/test";
import { countReactCommits, expectNoAxeViolations, hasJs, hydrated, signIn } from "./support";

test("a residential dashboard shows the account, the bill and the services @static", async ({ page }) => {
  await signIn(page, "resi@example.com");
  await expect(page).toHaveTitle("Dashboard | myLakeshore");
  await expect(page.getByTestId("balance")).toHaveText("$163.85");
  const services = page.getByRole("region", { name: "Home Complete" });
  await expect(services).toContainText("Internet: Fibre 1 Gbps");
  await expect(services).toContainText("1,000 Mbps down, 1,000 Mbps up");
  await expect(services).toContainText("TV: TV Essentials");
  await expect(services).toContainText("Home phone: Home Phone Canada-wide");
  await expect(services.getByText("Connected").first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Support" })).toContainText("Monday to Friday, 8:00 a.m. to 8:00 p.m.");
  // Residential accounts have no side navigation on wide screens.
  await expect(page.getByRole("navigation", { name: "Main navigation" })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("a suspended account says so, and that its proof of payment is under review @static", async ({ page }) => {
  await signIn(page, "family@example.com", { cameFrom: "/dashboard/100201" });
  await expect(page.getByTestId("alert-suspended")).toContainText("Your services are suspended for non-payment");
  await expect(page.getByTestId("alert-proof")).toContainText("We received your proof of payment");
  await expect(page.getByText("Interrupted").first()).toBeVisible();
  await expectNoAxeViolations(page);
});

// 100201 is suspended and its proof of payment is under review: the dashboard and the billing summary
// both lead to the proof of payment form, which says to send more only if asked.
test("a suspended account with proof under review: more proof can be sent from the dashboard and the billing summary", async ({ page }) => {
  // Four pages and two accessibility checks on a machine the suites share.
  test.slow();
  await signIn(page, "family@example.com", { cameFrom: "/dashboard/100201" });
  const proof = page.getByTestId("alert-proof");
  await expect(proof.getByRole("link", { name: "Send more proof of payment" })).toHaveAttribute("href", "/billing/100201/proof-of-payment");
  await page.goto("/billing/100201");
  await expect(page.getByTestId("alert-suspended")).toBeVisible();
  await page.getByTestId("alert-proof").getByRole("link", { name: "Send more proof of payment" }).click();
  await expect(page).toHaveURL(/\/billing\/100201\/proof-of-payment$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Send proof of payment");
  await expect(page.getByText("You already sent proof of payment. Send more only if we asked you to.")).toBeVisible();
  await page.goto("/dashboard/100201?lng=fr");
  await expect(page.getByTestId("alert-proof").getByRole("link", { name: "Envoyer d’autres preuves de paiement" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("in French, a scheduled pause shows its dates @static", async ({ page }) => {
  await signIn(page, "family@example.com", { cameFrom: "/dashboard/100202?lng=fr" });
  await expect(page.getByTestId("alert-pause")).toContainText(/Une pause est prévue pour Internet seulement/);
  // The demo pause starts on the first of next month and lasts three months (seeded relative to today).
  const now = new Date();
  const first = (months: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, 1, 12));
  const long = (date: Date) => new Intl.DateTimeFormat("fr-CA", { dateStyle: "long", timeZone: "UTC" }).format(date).replace(/^1 /, "1er ");
  await expect(page.getByTestId("alert-pause")).toContainText(`Du ${long(first(1))} au ${long(first(4))}.`);
  await expectNoAxeViolations(page);
});

test("a commercial dashboard shows account info and services by category @static", async ({ page }) => {
  await signIn(page, "business@example.com");
  // With no account chosen yet, the first by name is active.
  await expect(page).toHaveURL(/\/dashboard\/200311$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Annex Language School");
  await page.goto("/dashboard/200301");
  const info = page.getByRole("region", { name: "Account information" });
  await expect(info).toContainText("Harbourfront Logistics Inc.");
  await expect(info).toContainText("Daniel Okafor");
  await expect(info.locator("dd").filter({ hasText: "100 Queens Quay East" }).locator("br")).toHaveCount(2);
  await expect(page.getByRole("heading", { name: "Dedicated Internet", level: 3 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Wavelength", level: 3 })).toBeVisible();

  const nav = page.getByRole("navigation", { name: "Main navigation" }).first();
  await expect(nav.getByRole("link", { name: "My services" })).toHaveAttribute("href", "/dashboard/200301");
  await expect(nav.getByRole("link", { name: "Billing summary" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Auto payments" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Contacts" })).toHaveAttribute("href", "/contacts/200301");
  await expectNoAxeViolations(page);
});

test("the side navigation follows the account: no autopay without cards, no billing when billed elsewhere @static", async ({ page }) => {
  await signIn(page, "business@example.com", { cameFrom: "/dashboard/200302" });
  const nav = page.getByRole("navigation", { name: "Main navigation" }).first();
  await expect(nav.getByRole("link", { name: "Billing summary" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Auto payments" })).toHaveCount(0);

  await page.goto("/dashboard/200303");
  await expect(nav.getByRole("link", { name: "My services" })).toBeVisible();
  await expect(nav.getByText("Billing", { exact: true })).toHaveCount(0);
});

// The side navigation and the residential dashboard draw their links with PlainLink: plain anchors from
// the server, which the browser's Links hydrate and follow with the router (the router's tables: Links).
test("links of the side navigation, the dashboard and the router's tables lead to their pages; with JavaScript without loading a document", async ({
  page,
  context,
}) => {
  await countReactCommits(context);
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(new URL(request.url()).pathname);
  });
  const follow = async (link: ReturnType<Page["getByRole"]>, path: string, title: string) => {
    await hydrated(page);
    documents.length = 0;
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${path}(\\?|$)`));
    await expect(page).toHaveTitle(title);
    // Without JavaScript the browser loads the page; with it the router shows it in the same document.
    expect(documents).toEqual(hasJs() ? [] : [path]);
  };

  await signIn(page, "business@example.com", { cameFrom: "/dashboard/200301" });
  const nav = page.locator("#nav-wide");
  await follow(nav.getByRole("link", { name: "Billing summary" }), "/billing/200301", "Billing summary | myLakeshore");
  await expect(nav.getByRole("link", { name: "Billing summary" })).toHaveAttribute("aria-current", "page");
  await follow(nav.getByRole("link", { name: "Contacts" }), "/contacts/200301", "Contacts | myLakeshore");
  await expect(nav.getByRole("link", { name: "Billing summary" })).not.toHaveAttribute("aria-current");

  await signIn(page, "resi@example.com");
  await follow(
    page.getByRole("link", { name: "Router settings of Home Complete" }),
    "/internet/router/7001",
    "Router settings | myLakeshore",
  );
  await follow(
    page.getByRole("link", { name: "Reserve address for Thermostat" }),
    "/internet/router/7001/reservations/new",
    "Reserve an address | myLakeshore",
  );
});
