/**
 * Two-step verification as a customer meets it, with JavaScript off and on: turning it on from profile
 * settings (the test reads the key shown and computes the codes as an authenticator app would), signing
 * in with a code, then with a recovery code (which then no longer works), a sixth wrong try refused for
 * too many, and turning it off with the password; then the recovery codes kept on their page through a
 * switch to French and a reload, until saved. Each project uses its own demo person (no account,
 * two-step off: noah.tremblay@ without JavaScript, amira.haddad@ with it), whom no other test signs in;
 * the two tests that turn it on for that person run one after the other (serial), each leaving it off.
 * louise.gagnon@ (on, French, documented secret) signs in with her app or a recovery code.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { PHONE_WIDTHS, expectFitsWidth } from "./phone";
import { PASSWORD, expectNoAxeViolations, hasJs, signIn, signOut } from "./support";

// Several sign-ins, each page checked with axe.
test.describe.configure({ timeout: 120_000 });

/** The code an app set up with this key shows now (or `stepsAhead` steps of 30 s later, which the API still takes). */
const codeOf = (key: string, stepsAhead = 0) =>
  new TOTP({ secret: Secret.fromBase32(key.replace(/\s+/g, "")), algorithm: "SHA1", digits: 6, period: 30 }).generate({
    timestamp: Date.now() + stepsAhead * 30_000,
  });

/** The password step in a browser of its own, up to the code step. */
async function passwordStep(page: Page, username: string, cameFrom = "/profile-settings") {
  await page.goto(`/login?came_from=${encodeURIComponent(cameFrom)}`);
  await page.getByLabel(/^Email or username$|^Courriel ou nom d’utilisateur$/).fill(username);
  await page.getByLabel(/^Password$|^Mot de passe$/).fill(PASSWORD);
  await page.getByRole("button", { name: /^Sign in$|^Se connecter$/ }).click();
  await expect(page).toHaveURL(/\/login\/two-step$/);
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: hasJs(), locale: "en-CA" });
  return context.newPage();
}

const notice = (page: Page, type: "success" | "warning") => page.locator(`[data-notification="${type}"]`);

// noah.tremblay@ / amira.haddad@ have it turned on, then off, by each of these tests: one after the other.
test.describe("from scratch", () => {
  test.describe.configure({ mode: "serial" });

  test("turn it on, sign in with a code and with a recovery code, too many wrong tries, turn it off", async ({ page, browser }) => {
    const username = hasJs() ? "amira.haddad@example.com" : "noah.tremblay@example.com";

    // Turning it on, from profile settings (this browser stays signed in throughout).
    await signIn(page, username, { cameFrom: "/profile-settings" });
    const section = page.getByRole("region", { name: "Two-step verification" });
    await expect(section).toContainText("Off.");
    await section.getByRole("link", { name: "Turn on two-step verification" }).click();
    await expect(page).toHaveURL(/\/profile-settings\/two-step$/);
    await expect(page).toHaveTitle("Turn on two-step verification | myLakeshore");
    await page.getByRole("button", { name: "Set up my authenticator app" }).click();
    await expect(page.getByRole("img", { name: "QR code for your authenticator app" }).locator("svg")).toBeVisible();
    const key = (await page.getByTestId("two-step-key").textContent())!;
    expect(key).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
    await expect(page.getByText(`myLakeshore (${username})`)).toBeVisible();
    await expectNoAxeViolations(page);
    // The QR code and the key fit a phone (the long username too).
    for (const width of PHONE_WIDTHS) await expectFitsWidth(page, width);
    await page.setViewportSize({ width: 1280, height: 720 });

    // A wrong first code is refused, and nothing is turned on.
    await page.getByLabel("6-digit code").fill(codeOf(key, 3));
    await page.getByRole("button", { name: "Turn on", exact: true }).click();
    await expect(page.getByTestId("error-summary")).toContainText("That code is not right.");
    await page.getByLabel("6-digit code").fill(codeOf(key));
    await page.getByRole("button", { name: "Turn on", exact: true }).click();

    // The ten recovery codes, once.
    await expect(page).toHaveURL(/\/profile-settings\/two-step\/recovery-codes$/);
    await expect(page).toHaveTitle("Your recovery codes | myLakeshore");
    await expect(notice(page, "success")).toContainText("Two-step verification is on.");
    const codes = await page.getByTestId("recovery-codes").getByRole("listitem").allTextContents();
    expect(codes).toHaveLength(10);
    const download = page.getByRole("link", { name: "Download as a text file" });
    await expect(download).toHaveAttribute("download", "recovery-codes.txt");
    expect(decodeURIComponent((await download.getAttribute("href"))!.replace(/^data:text\/plain;charset=utf-8,/, ""))).toContain(
      codes.join("\n"),
    );
    // Print and Copy only with JavaScript (without it they would do nothing).
    await expect(page.getByRole("button", { name: "Print" })).toHaveCount(hasJs() ? 1 : 0);
    await expectNoAxeViolations(page);
    for (const width of PHONE_WIDTHS) await expectFitsWidth(page, width);
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.getByRole("button", { name: "I have saved my codes" }).click();
    await expect(section).toContainText("On since");
    await expect(section).toContainText("10 recovery codes left.");
    // Saved: the page does not show them again.
    await page.goto("/profile-settings/two-step/recovery-codes");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Make new recovery codes");
    await expect(page.getByTestId("recovery-codes")).toHaveCount(0);

    // Another browser: the password alone opens nothing.
    const other = await newPage(browser);
    await passwordStep(other, username);
    await expect(other).toHaveTitle("Two-step verification | myLakeshore");
    await expect(other.getByText(`Signing in as ${username}.`)).toBeVisible();
    await expectNoAxeViolations(other);
    await other.goto("/profile-settings");
    await expect(other).toHaveURL(/\/login\?came_from=%2Fprofile-settings$/);

    // A code of the app signs in (the next one: the one that turned it on is used).
    await passwordStep(other, username);
    await other.getByLabel("Code from your app").fill(codeOf(key, 1));
    await other.getByRole("button", { name: "Verify and sign in" }).click();
    await expect(other).toHaveURL(/\/profile-settings$/);
    await expect(other.getByRole("heading", { level: 1 })).toHaveText("Profile settings");
    await signOut(other);

    // A recovery code signs in once.
    await passwordStep(other, username);
    await other.getByRole("link", { name: "Use a recovery code instead" }).click();
    await expect(other).toHaveURL(/\/login\/two-step\?method=recovery$/);
    await other.getByLabel("Recovery code").fill(codes[0].toUpperCase());
    await other.getByRole("button", { name: "Verify and sign in" }).click();
    await expect(other).toHaveURL(/\/profile-settings$/);
    await expect(notice(other, "warning")).toContainText("You signed in with a recovery code. You have 9 left");
    await signOut(other);

    // Used, it no longer works; with four wrong codes after it, the sixth wrong try is refused for too many.
    await passwordStep(other, username);
    await other.getByRole("link", { name: "Use a recovery code instead" }).click();
    await other.getByLabel("Recovery code").fill(codes[0]);
    await other.getByRole("button", { name: "Verify and sign in" }).click();
    await expect(other.getByTestId("error-summary")).toContainText("That recovery code is not right, or was already used.");
    await other.getByRole("link", { name: "Use a code from your app instead" }).click();
    for (let i = 0; i < 4; i++) {
      await other.getByLabel("Code from your app").fill(codeOf(key, 5 + i));
      await other.getByRole("button", { name: "Verify and sign in" }).click();
      await expect(other.getByTestId("error-summary")).toContainText("That code is not right.");
    }
    await other.getByLabel("Code from your app").fill(codeOf(key, 9));
    await other.getByRole("button", { name: "Verify and sign in" }).click();
    await expect(other.getByTestId("error-summary")).toContainText(/Too many codes tried\. Please wait \d+ minutes? and try again\./);
    await expect(other).toHaveURL(/\/login\/two-step$/);

    // Turning it off asks for the password (the first browser is still signed in).
    await page.goto("/profile-settings");
    await section.getByRole("link", { name: "Turn off two-step verification" }).click();
    await expect(page).toHaveTitle("Turn off two-step verification | myLakeshore");
    await page.getByLabel("Password").fill("Not-The-Password-1");
    await page.getByRole("button", { name: "Turn off", exact: true }).click();
    await expect(page.getByTestId("error-summary")).toContainText("That password is not correct.");
    // As without JavaScript, the refused password is not left in its field.
    await expect(page.getByLabel("Password")).toHaveValue("");
    await expectNoAxeViolations(page);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Turn off", exact: true }).click();
    await expect(page).toHaveURL(/\/profile-settings$/);
    await expect(notice(page, "success")).toContainText("Two-step verification is off.");
    await expect(section).toContainText("Off.");

    // The password alone signs in again.
    await other.goto("/login?came_from=%2Fprofile-settings");
    await other.getByLabel("Email or username").fill(username);
    await other.getByLabel("Password").fill(PASSWORD);
    await other.getByRole("button", { name: "Sign in" }).click();
    await expect(other).toHaveURL(/\/profile-settings$/);
    await other.context().close();
  });

  test("the recovery codes stay on their page through a switch to French and a reload, until saved", async ({ page }) => {
    // The person of the test above, who turned it off again.
    const username = hasJs() ? "amira.haddad@example.com" : "noah.tremblay@example.com";
    await signIn(page, username, { cameFrom: "/profile-settings/two-step" });
    await page.getByRole("button", { name: "Set up my authenticator app" }).click();
    const key = (await page.getByTestId("two-step-key").textContent())!;
    await page.getByLabel("6-digit code").fill(codeOf(key));
    await page.getByRole("button", { name: "Turn on", exact: true }).click();
    await expect(page).toHaveURL(/\/profile-settings\/two-step\/recovery-codes$/);
    const list = page.getByTestId("recovery-codes").getByRole("listitem");
    await expect(list).toHaveCount(10);
    const codes = await list.allTextContents();

    // The header's language toggle (a link to this page with ?lng=fr): the same codes, in French.
    await page.getByRole("link", { name: "FR – Français" }).click();
    await expect(page).toHaveURL(/\/profile-settings\/two-step\/recovery-codes\?lng=fr$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vos codes de récupération");
    await expect(list).toHaveText(codes);
    const download = page.getByRole("link", { name: "Télécharger en fichier texte" });
    await expect(download).toHaveAttribute("download", "codes-de-recuperation.txt");
    expect(decodeURIComponent((await download.getAttribute("href"))!.replace(/^data:text\/plain;charset=utf-8,/, ""))).toContain(
      codes.join("\n"),
    );
    // Print and Copy only with JavaScript (once its scripts run).
    await expect(page.getByRole("button", { name: "Imprimer" })).toHaveCount(hasJs() ? 1 : 0);
    await expect(page.getByRole("button", { name: "Copier les codes" })).toHaveCount(hasJs() ? 1 : 0);
    await expectNoAxeViolations(page);

    // A reload: still there.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vos codes de récupération");
    await expect(list).toHaveText(codes);

    // Saved: gone (with JavaScript, once its scripts run: the router posts it).
    await expect(page.getByRole("button", { name: "Imprimer" })).toHaveCount(hasJs() ? 1 : 0);
    await page.getByRole("button", { name: "J’ai conservé mes codes" }).click();
    await expect(page).toHaveURL(/\/profile-settings$/);
    const section = page.getByRole("region", { name: "Vérification en deux étapes" });
    await expect(section).toContainText("Il reste 10 codes de récupération.");
    await page.goto("/profile-settings/two-step/recovery-codes");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Créer de nouveaux codes de récupération");
    await expect(page.getByTestId("recovery-codes")).toHaveCount(0);

    // Off again, as the test found it.
    await page.goto("/profile-settings/two-step/turn-off");
    await page.getByLabel("Mot de passe").fill(PASSWORD);
    await page.getByRole("button", { name: "Désactiver", exact: true }).click();
    await expect(page).toHaveURL(/\/profile-settings$/);
    await expect(notice(page, "success")).toContainText("La vérification en deux étapes est désactivée.");
  });
});

test("the demo person with it on signs in, in French, with her app or a recovery code", async ({ page }) => {
  // Louise prefers French. One code per time step: the app's code without JavaScript, a recovery code with it.
  await page.goto("/login?lng=fr");
  await passwordStep(page, "louise.gagnon@example.com", "/profile-settings");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vérification en deux étapes");
  await expect(page.getByText("Connexion en tant que louise.gagnon@example.com.")).toBeVisible();
  if (hasJs()) {
    await page.getByRole("link", { name: "Utiliser plutôt un code de récupération" }).click();
    await page.getByLabel("Code de récupération").fill("6ju9v-fd55a");
  } else {
    await page.getByLabel("Code de votre application").fill(codeOf("LOUISEGAGNONDEMOTWOSTEPSECRET234"));
  }
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Vérifier et me connecter" }).click();
  await expect(page).toHaveURL(/\/profile-settings$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Paramètres du profil");
  await expect(page.getByRole("region", { name: "Vérification en deux étapes" })).toContainText("Activée depuis le");
});
