/**
 * The language toggle on a page with a form being filled in. With JavaScript what was typed comes back in
 * the other language (app/lib/typed-across-languages.ts), secrets excepted; without it the toggle is a
 * plain link, which cannot carry what was typed: the page comes back in the other language, its form as
 * the page gives it.
 */
import { expect, test } from "@playwright/test";
import { countReactCommits, expectNoAxeViolations, hasJs, hydrated, signIn } from "./support";

test("a support request being written switches to French with what was typed", async ({ page }) => {
  await signIn(page, "resi@example.com", { cameFrom: "/support/100101/new" });
  await page.getByLabel("What is it about?").selectOption({ label: "WiFi" });
  await page.getByLabel("Subject").fill("Le Wi-Fi coupe le soir");
  await page.getByLabel("Description").fill("Every evening around 8 p.m.\nIn the basement only.");
  await page.getByRole("link", { name: /^FR/ }).click();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ouvrir une demande de soutien");
  const kept = hasJs();
  await expect(page.getByLabel("De quoi s’agit-il ?")).toHaveValue(kept ? "wifi" : "");
  await expect(page.getByLabel("Objet")).toHaveValue(kept ? "Le Wi-Fi coupe le soir" : "");
  await expect(page.getByLabel("Description")).toHaveValue(kept ? "Every evening around 8 p.m.\nIn the basement only." : "");
  await expectNoAxeViolations(page);
  if (!kept) return;
  // Kept once: the page again in French (a reload) is the form as the page gives it.
  await page.reload();
  await expect(page.getByLabel("Objet")).toHaveValue("");
});

test("a payment being filled in switches to French with its choices, and never with the card's number", async ({ page }) => {
  await signIn(page, "resi@example.com", { cameFrom: "/billing/100101/pay" });
  await page.getByLabel("Another amount").check();
  await page.getByLabel("Other amount", { exact: true }).fill("12.50");
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Name on the card").fill("Maya Singh");
  await page.getByRole("link", { name: /^FR/ }).click();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Faire un paiement");
  const kept = hasJs();
  await expect(page.getByLabel("Un autre montant")).toBeChecked({ checked: kept });
  await expect(page.getByLabel("Autre montant", { exact: true })).toHaveValue(kept ? "12.50" : "");
  await expect(page.getByLabel("Nom inscrit sur la carte")).toHaveValue(kept ? "Maya Singh" : "");
  await expect(page.getByLabel("Numéro de la carte")).toHaveValue("");
});

test("the sign-in page switches to French with the username typed, never the password", async ({ page }) => {
  await countReactCommits(page.context());
  await page.goto("/login");
  // A click before the page's script has taken it over is a plain link's.
  await hydrated(page);
  await page.getByLabel("Email or username").fill("resi@example.com");
  await page.getByLabel("Password", { exact: true }).fill("Demo-Pass-2026");
  await page.getByRole("link", { name: /^FR/ }).click();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Connexion");
  await expect(page.getByLabel("Courriel ou nom d’utilisateur")).toHaveValue(hasJs() ? "resi@example.com" : "");
  await expect(page.getByLabel("Mot de passe", { exact: true })).toHaveValue("");
});
