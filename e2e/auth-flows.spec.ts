/**
 * Getting in and signing up, as customers do it: password reset, account and contact activation, single
 * sign-on, OAuth consent, the order pages and the service agreement, with JavaScript off ("no-js") and
 * on ("js"), in English and French.
 *
 * The demo links are single use: the tests that use one up (resetting resi's password, activating
 * Olivia and Arjun, confirming order 900001's appointment and accepting its agreement) are tagged
 * @once and run last, without JavaScript. resi's password is set back to the demo password at the end.
 * The others only read, or refuse a form without using the link.
 */
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { expectNoAxeViolations, hasJs, PASSWORD, refuseCookies, signIn } from "./support";

// Each flow signs in, posts several forms and runs axe more than once: give it room on a busy machine.
test.describe.configure({ timeout: 60_000 });

const TOKENS = {
  recoverResi: "demo-recover-resi-5tQ8wLm2Xc7Vb4Nz",
  activateOlivia: "demo-activate-olivia-K3p9Rw6Yd2Hs8Jq",
  summary: "demo-order-summary-900001-Fh4Tz8Lq2Wn6",
  confirmation: "demo-order-confirm-900001-Gm5Rx9Kp3Vb7",
  handoff: "demo-order-handoff-900001-Jd2Ws6Np8Qc4",
  agreement: "demo-agreement-900001-Lt7Hy3Mb9Zx5",
};
const ARJUN_LINK = "/activate-customer-contact/100101/demo-activate-arjun-singh-100101";
const EXPIRED_CONTACT_LINK = "/activate-customer-contact/100202/demo-expired-lea-tremblay-100202";
const SUPPORT_PORTAL = {
  client_id: "support-portal",
  secret: "demo-support-portal-secret-7Hq2Lx9Vw4Rk",
  redirect_uri: "https://support.lakeshore-fibre.example/oauth/callback",
};
const NOT_FOUND_TEXT = "The page you're looking for cannot be found or the link has expired.";

/** A portal access token of a demo user, straight from the API. */
async function apiToken(request: APIRequestContext, username: string, password = PASSWORD): Promise<string> {
  const answer = await request.post("/api/v1/auth/access-token", { data: { username, password } });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { token: string }).token;
}

/** A one-time single sign-on token, as another application of the provider would get one. */
async function ssoToken(request: APIRequestContext, accessToken: string): Promise<string> {
  const answer = await request.post("/api/v1/auth/sso-token", { headers: { Authorization: `Bearer ${accessToken}` } });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { sso_token: string }).sso_token;
}

/** The support portal's callback, answered here instead of the real site. */
async function catchCallback(page: Page) {
  await page
    .context()
    .route("https://support.lakeshore-fibre.example/**", (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>Support</title><p>callback</p>" }),
    );
}

const consentUrl = (params: Record<string, string>) => `/oauth/authorize?${new URLSearchParams(params).toString()}`;

test.describe("forgotten password", () => {
  test("ask for a link from the sign-in page: the same answer for any username", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot your password?" }).first().click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page).toHaveTitle("Forgot your password? | myLakeshore");
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Send me a link" }).click();
    await expect(page.getByText("Enter your email or username.").first()).toBeVisible();
    await page.getByLabel("Email or username").fill(`nobody-${hasJs() ? "js" : "nojs"}@example.com`);
    await page.getByRole("button", { name: "Send me a link" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your email");
    const unknownAnswer = await page.locator("main").innerText();
    await page.getByRole("link", { name: "Ask for another link" }).click();
    await page.getByLabel("Email or username").fill("family@example.com");
    await page.getByRole("button", { name: "Send me a link" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your email");
    expect(await page.locator("main").innerText()).toBe(unknownAnswer);
    await expectNoAxeViolations(page);
  });

  test("in French", async ({ page }) => {
    await page.goto("/forgot-password?lng=fr");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mot de passe oublié\u00a0?");
    await page.getByLabel("Courriel ou nom d’utilisateur").fill("personne@example.com");
    await page.getByRole("button", { name: "M’envoyer un lien" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Consultez vos courriels");
    await expectNoAxeViolations(page);
  });
});

test.describe("password recovery link", () => {
  test("takes the token out of the address, names the account and refuses a mismatched confirmation", async ({ page }) => {
    await page.goto(`/recover-password/${TOKENS.recoverResi}`);
    await expect(page).toHaveURL(/\/recover-password$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Choose a new password");
    await expect(page.getByText("For the account r***@example.com.")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel("New password", { exact: true }).fill("Lakeshore-2027");
    await page.getByLabel("Confirm the new password").fill("Lakeshore-2028");
    await page.getByRole("button", { name: "Save my new password" }).click();
    await expect(page.getByText("The confirmation password does not match the new password.").first()).toBeVisible();
    await page.getByLabel("New password", { exact: true }).fill("short");
    await page.getByLabel("Confirm the new password").fill("short");
    await page.getByRole("button", { name: "Save my new password" }).click();
    await expect(page.getByText("Your new password must be at least 8 characters long.").first()).toBeVisible();
    await expect(page.getByText("Your new password must contain at least one uppercase letter.").first()).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("an unknown link shows the not-found text and the way to a new one, in French too", async ({ page }) => {
    await page.goto("/recover-password/not-a-real-link-123456");
    await expect(page.getByText(NOT_FOUND_TEXT)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Ask for a new link" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.goto("/recover-password/not-a-real-link-123456?lng=fr");
    await expect(page.getByText("La page que vous cherchez est introuvable ou le lien a expiré.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Demander un nouveau lien" })).toBeVisible();
  });
});

test.describe("account activation", () => {
  test("shows who it is for and the terms, and asks for them to be accepted", async ({ page }) => {
    await page.goto(`/activate-account/${TOKENS.activateOlivia}`);
    await expect(page).toHaveURL(/\/activate-account$/);
    await expect(page.getByText("Welcome, Olivia!")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Terms of use", exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel("New password", { exact: true }).fill("Olivia-Tremblay-1");
    await page.getByLabel("Confirm the new password").fill("Olivia-Tremblay-1");
    await page.getByRole("button", { name: "Activate my account" }).click();
    await expect(page.getByText("Tick the box to accept the terms.").first()).toBeVisible();
    await expect(page).toHaveURL(/\/activate-account$/);
  });

  test("in French, with the terms in French @static", async ({ page }) => {
    await page.goto(`/activate-account/${TOKENS.activateOlivia}?lng=fr`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Activer votre compte");
    await expect(page.getByRole("heading", { name: "Conditions d’utilisation", exact: true })).toBeVisible();
    await expect(page.getByText("Protéger votre mot de passe")).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe("contact activation", () => {
  test("an expired invitation shows the expired text @static", async ({ page }) => {
    await page.goto(EXPIRED_CONTACT_LINK);
    await expect(page.getByText(NOT_FOUND_TEXT)).toBeVisible();
    await expect(page.getByText("Ask the person who added you to the account to send you a new invitation.")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto(`${EXPIRED_CONTACT_LINK}?lng=fr`);
    await expect(page.getByText("La page que vous cherchez est introuvable ou le lien a expiré.")).toBeVisible();
  });

  test("Arjun's invitation names him and the account, and checks the password rules", async ({ page }) => {
    await page.goto(ARJUN_LINK);
    await expect(page).toHaveURL(/\/activate-customer-contact\/100101$/);
    await expect(page.getByText("Arjun Singh, you have been added as a contact of")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel("Password", { exact: true }).fill("nocapitals1");
    await page.getByLabel("Confirm the password").fill("nocapitals1");
    await page.getByRole("button", { name: "Activate my access" }).click();
    await expect(page.getByText("Your password must contain at least one uppercase letter.").first()).toBeVisible();
  });
});

test.describe("single sign-on", () => {
  test("without came_from the page does not exist @static", async ({ page }) => {
    const response = await page.goto("/sso");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "This page could not be found" })).toBeVisible();
  });

  test("a valid token signs the customer in and lands on came_from @static", async ({ page }) => {
    const token = await ssoToken(page.request, await apiToken(page.request, "resi@example.com"));
    await page.goto(`/sso?came_from=${encodeURIComponent("/billing/100101")}&sso_token=${token}`);
    await expect(page).toHaveURL(/\/billing\/100101$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Billing summary");
    // Single use: the same token again goes to sign in, came_from kept.
    await page.context().clearCookies();
    await page.goto(`/sso?came_from=${encodeURIComponent("/billing/100101")}&sso_token=${token}`);
    await expect(page).toHaveURL(/\/login\?came_from=%2Fbilling%2F100101$/);
  });

  test("a browser that refuses cookies is told why the link led to sign-in @static", async ({ page }) => {
    const token = await ssoToken(page.request, await apiToken(page.request, "resi@example.com"));
    await refuseCookies(page);
    await page.goto(`/sso?came_from=${encodeURIComponent("/billing/100101")}&sso_token=${token}`);
    await expect(page).toHaveURL(/\/login\?came_from=%2Fbilling%2F100101&check=cookies$/);
    await expect(page.getByTestId("cookies-blocked")).toContainText("Your browser did not keep your sign-in.");
  });

  test("signed in as one customer, a link for another asks first; staying keeps the first", async ({ page }) => {
    await signIn(page, "resi@example.com");
    const token = await ssoToken(page.request, await apiToken(page.request, "family@example.com"));
    await page.goto(`/sso?came_from=${encodeURIComponent("/billing/100203")}&sso_token=${token}`);
    // The token has left the address at once.
    await expect(page).toHaveURL(/\/sso\?came_from=%2Fbilling%2F100203$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Switch to another sign-in?");
    await expect(page.getByTestId("sso-current")).toHaveText("resi@example.com");
    await expect(page.getByTestId("sso-incoming")).toHaveText("family@example.com");
    expect(await page.content()).not.toContain(token);
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Stay signed in as resi@example.com" }).click();
    await expect(page).not.toHaveURL(/\/sso/);
    await expect(page.getByRole("banner")).toContainText("resi@example.com");
    await page.goto("/billing/100101");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Billing summary");
  });

  test("confirming switches to the link's customer and goes to came_from", async ({ page }) => {
    await signIn(page, "resi@example.com");
    const token = await ssoToken(page.request, await apiToken(page.request, "family@example.com"));
    await page.goto(`/sso?came_from=${encodeURIComponent("/billing/100203")}&sso_token=${token}`);
    await page.getByRole("button", { name: "Continue as family@example.com" }).click();
    await expect(page).toHaveURL(/\/billing\/100203$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Billing summary");
    await expect(page.getByRole("banner")).toContainText("family@example.com");
  });

  test("in French, the question and its answers", async ({ page }) => {
    await signIn(page, "resi@example.com");
    const token = await ssoToken(page.request, await apiToken(page.request, "family@example.com"));
    await page.goto(`/sso?came_from=${encodeURIComponent("/billing/100203")}&sso_token=${token}&lng=fr`);
    await expect(page).toHaveURL(/\/sso\?came_from=%2Fbilling%2F100203&lng=fr$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Passer à une autre connexion\u00a0?");
    await expect(page.getByRole("button", { name: "Garder la session de resi@example.com" })).toBeVisible();
    await page.getByRole("button", { name: "Continuer en tant que family@example.com" }).click();
    await expect(page).toHaveURL(/\/billing\/100203$/);
  });

  test("a link for the customer already signed in goes straight on @static", async ({ page }) => {
    await signIn(page, "resi@example.com");
    const token = await ssoToken(page.request, await apiToken(page.request, "resi@example.com"));
    await page.goto(`/sso?came_from=${encodeURIComponent("/billing/100101")}&sso_token=${token}`);
    await expect(page).toHaveURL(/\/billing\/100101$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Billing summary");
  });

  test("twenty crafted came_from values are never followed off site @static", async ({ page, baseURL }) => {
    const accessToken = await apiToken(page.request, "resi@example.com");
    const crafted = [
      "https://evil.example/",
      "//evil.example",
      "///evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "/\t/evil.example",
      "https:evil.example",
      "http:/evil.example",
      "javascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "/..//evil.example",
      "/%2F%2Fevil.example",
      "%2F%2Fevil.example",
      " //evil.example",
      "https://evil.example@localhost/",
      "//localhost@evil.example",
      "http://localhost.evil.example/",
      "/\u0000//evil.example",
      "\n//evil.example",
      "/./\\/evil.example",
    ];
    expect(crafted).toHaveLength(20);
    const origin = new URL(baseURL!).origin;
    for (const cameFrom of crafted) {
      const token = await ssoToken(page.request, accessToken);
      const answer = await page.request.get(`/sso?came_from=${encodeURIComponent(cameFrom)}&sso_token=${token}`, { maxRedirects: 0 });
      expect(answer.status(), cameFrom).toBe(302);
      const location = answer.headers()["location"];
      expect(new URL(location, origin).origin, `${cameFrom} -> ${location}`).toBe(origin);
      expect(location, cameFrom).toMatch(/^\/(?![/\\])/);
    }
  });
});

test.describe("OAuth consent", () => {
  test("without redirect_uri the page does not exist @static", async ({ page }) => {
    const response = await page.goto("/oauth/authorize?client_id=support-portal");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "This page could not be found" })).toBeVisible();
  });

  test("sign in first, allow the support portal, and its code is accepted by the token endpoint", async ({ page }) => {
    await catchCallback(page);
    const state = `state-${hasJs() ? "js" : "nojs"}`;
    const url = consentUrl({
      response_type: "code",
      client_id: SUPPORT_PORTAL.client_id,
      redirect_uri: SUPPORT_PORTAL.redirect_uri,
      state,
    });
    await page.goto(url);
    await expect(page).toHaveURL(/\/login\?came_from=%2Foauth%2Fauthorize/);
    await page.getByLabel("Email or username").fill("resi@example.com");
    await page.getByLabel(/^Password$/).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Allow access to your account?");
    await expect(page.getByText("Lakeshore Support Centre would like to use your account.")).toBeVisible();
    await expect(page.getByText("See the accounts you have access to and your roles on them")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Allow" }).click();
    await page.waitForURL(/^https:\/\/support\.lakeshore-fibre\.example\/oauth\/callback\?/);
    const callback = new URL(page.url());
    expect(callback.searchParams.get("state")).toBe(state);
    const code = callback.searchParams.get("code");
    expect(code).toBeTruthy();
    const exchange = await page.request.post("/api/v1/oauth2/token", {
      form: {
        grant_type: "authorization_code",
        code: code!,
        redirect_uri: SUPPORT_PORTAL.redirect_uri,
        client_id: SUPPORT_PORTAL.client_id,
        client_secret: SUPPORT_PORTAL.secret,
      },
    });
    expect(exchange.status()).toBe(200);
    expect(((await exchange.json()) as { token_type: string }).token_type).toBe("Bearer");
  });

  test("deny sends the OAuth error back, in French", async ({ page }) => {
    await catchCallback(page);
    await signIn(page, "resi@example.com");
    await page.goto(
      consentUrl({ response_type: "code", client_id: "support-portal", redirect_uri: SUPPORT_PORTAL.redirect_uri, state: "s1", lng: "fr" }),
    );
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Autoriser l’accès à votre compte\u00a0?");
    await expect(page.getByText("Centre de soutien Lakeshore souhaite utiliser votre compte.")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Refuser" }).click();
    await page.waitForURL(/^https:\/\/support\.lakeshore-fibre\.example\//);
    const callback = new URL(page.url());
    expect(callback.searchParams.get("error")).toBe("access_denied");
    expect(callback.searchParams.get("state")).toBe("s1");
    expect(callback.searchParams.get("code")).toBeNull();
  });

  test("twenty crafted redirect_uri values are never redirected to @static", async ({ page }) => {
    await signIn(page, "resi@example.com");
    const registered = SUPPORT_PORTAL.redirect_uri;
    const crafted = [
      "https://evil.example/oauth/callback",
      "https://support.lakeshore-fibre.example.evil.example/oauth/callback",
      "https://support.lakeshore-fibre.example@evil.example/oauth/callback",
      "http://support.lakeshore-fibre.example/oauth/callback",
      "https://support.lakeshore-fibre.example:8443/oauth/callback",
      `${registered}/`,
      `${registered}x`,
      `${registered}?next=https://evil.example`,
      `${registered}#evil`,
      `${registered}/../../evil`,
      `${registered}%2F..%2F..%2Fevil`,
      "https://SUPPORT.lakeshore-fibre.example/oauth/callback",
      "//evil.example/oauth/callback",
      "/oauth/callback",
      "javascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "https://support.lakeshore-fibre.example\\@evil.example/oauth/callback",
      "https://support.lakeshore-fibre.example%2F@evil.example/oauth/callback",
      "https://app.lakeshore-fibre.example/router/oauth/callback",
      "https://evil.example",
    ];
    expect(crafted).toHaveLength(20);
    for (const redirectUri of crafted) {
      const url = consentUrl({ response_type: "code", client_id: "support-portal", redirect_uri: redirectUri, state: "x" });
      const shown = await page.request.get(url, { maxRedirects: 0 });
      expect(shown.status(), redirectUri).toBe(400);
      expect(await shown.text(), redirectUri).toContain("This application cannot be given access");
      const posted = await page.request.post(url, { form: { decision: "allow" }, maxRedirects: 0 });
      expect(posted.status(), redirectUri).toBeGreaterThanOrEqual(400);
      expect(posted.headers()["location"], redirectUri).toBeUndefined();
      expect(await posted.text(), redirectUri).not.toContain('http-equiv="refresh"');
    }
    await page.goto(consentUrl({ response_type: "code", client_id: "support-portal", redirect_uri: crafted[0], state: "x" }));
    await expect(page.getByText("The application asked to return to an address that is not registered for it.")).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test("a public page offers to sign in from its header; a signed-in customer gets the way to the account", async ({ page }) => {
  await page.goto("/forgot-password");
  const header = page.getByRole("banner");
  await header.getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The sign-in page does not link to itself.
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toHaveCount(0);
  await page.goto("/forgot-password?lng=fr");
  await expect(page.getByRole("banner").getByRole("link", { name: "Se connecter" })).toHaveAttribute("href", "/login");
  await page.goto("/forgot-password?lng=en");
  await expectNoAxeViolations(page);
  await signIn(page, "resi@example.com");
  await page.goto("/privacy");
  await expect(page.getByRole("banner").getByRole("link", { name: "My account" })).toHaveAttribute("href", "/");
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toHaveCount(0);
});

test.describe("orders", () => {
  test("the order summary: items, prices with taxes, address and appointment @static", async ({ page }) => {
    await page.goto(`/order-summary/${TOKENS.summary}`);
    await expect(page).toHaveURL(/\/order-summary$/);
    await expect(page).toHaveTitle("Your order | myLakeshore");
    await expect(page.getByRole("table", { name: "Monthly charges" })).toContainText("HST (13%)");
    await expect(page.getByRole("table", { name: "One-time charges" })).toBeVisible();
    await expect(page.getByText("Installation address")).toBeVisible();
    // Not a dead end: whom to call, and the way into the account.
    const wayOn = page.getByTestId("order-way-on");
    await expect(wayOn).toContainText("Questions about your order? Call us at 416-555-0150.");
    await expect(wayOn.getByRole("link", { name: "416-555-0150" })).toHaveAttribute("href", "tel:4165550150");
    await expect(wayOn.getByRole("link", { name: "Sign in to my account" })).toHaveAttribute("href", "/login");
    await expectNoAxeViolations(page);
    await page.goto("/order-summary?lng=fr");
    await expect(page.getByRole("table", { name: "Frais mensuels" })).toContainText("TVH (13\u00a0%)");
  });

  test("an unknown order link shows the not-found text, not an error page @static", async ({ page }) => {
    for (const path of [
      "/order-summary/no-such-order-link-1",
      "/agreement/view/no-such-agreement-1",
      "/confirmation/order/no-such-link-1",
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByText(NOT_FOUND_TEXT)).toBeVisible();
      await expect(page.getByRole("heading", { name: "An error occurred" })).toHaveCount(0);
      // Not a dead end: how to get a new link, whom to call, and the way into the account.
      await expect(page.getByText("Use the most recent link we sent you by email, or call us at 416-555-0150")).toBeVisible();
      await expect(page.getByRole("link", { name: "Call 416-555-0150" })).toHaveAttribute("href", "tel:4165550150");
      await expect(page.getByRole("main").getByRole("link", { name: "Sign in to my account" })).toHaveAttribute("href", "/login");
    }
    await expectNoAxeViolations(page);
  });

  test("the appointment page offers the booked window and the others @static", async ({ page }) => {
    await page.goto(`/confirmation/order/${TOKENS.confirmation}`);
    await expect(page).toHaveURL(/\/confirmation\/order$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm your installation");
    const radios = page.getByRole("radio");
    expect(await radios.count()).toBeGreaterThanOrEqual(3);
    await expect(page.getByRole("radio", { checked: true })).toHaveCount(1);
    await expectNoAxeViolations(page);
    await page.goto("/confirmation/order?lng=fr");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirmer votre installation");
  });

  test("the hand-over shows the next step, continues to the agreement, and has the provider's social links", async ({ page }) => {
    await page.goto(`/handoff/order/900001?token=${TOKENS.handoff}`);
    await expect(page).toHaveURL(/\/handoff\/order\/900001$/);
    await expect(page.getByTestId("next-step")).toHaveText("Read and accept your service agreement.");
    await expect(page.getByText("Daniel Okafor")).toBeVisible();
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "Facebook" })).toHaveAttribute("href", "https://www.facebook.com/LakeshoreFibre");
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/agreement\/view$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Service agreement");
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "YouTube" })).toBeVisible();
  });

  test("the hand-over without a token needs the order's customer signed in @static", async ({ page }) => {
    await page.goto("/handoff/order/900002");
    await expect(page).toHaveURL(/\/login\?came_from=%2Fhandoff%2Forder%2F900002$/);
    await signIn(page, "resi@example.com", { cameFrom: "/handoff/order/900002" });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your order");
    await expect(page.getByTestId("next-step")).toHaveText("There is nothing more for you to do. We will email you if anything changes.");
    // Another customer's order reads as unknown.
    const other = await page.goto("/handoff/order/900001");
    expect(other?.status()).toBe(404);
    await expect(page.getByText(NOT_FOUND_TEXT)).toBeVisible();
  });

  test("the agreement in French asks for the box to be ticked", async ({ page }) => {
    await page.goto(`/agreement/view/${TOKENS.agreement}?lng=fr`);
    await expect(page).toHaveURL(/\/agreement\/view\?lng=fr$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Entente de service");
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Accepter l’entente" }).click();
    await expect(page.getByText("Cochez la case pour accepter les conditions.").first()).toBeVisible();
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the order, appointment, agreement and forgot-password pages fit a 390 px screen @static", async ({ page }) => {
    for (const path of [
      `/order-summary/${TOKENS.summary}`,
      `/confirmation/order/${TOKENS.confirmation}`,
      `/agreement/view/${TOKENS.agreement}`,
      "/forgot-password",
    ]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(390);
    }
    await expectNoAxeViolations(page);
  });
});

test.describe("links that are used up @once", () => {
  test("reset resi's password through forgot-password and the link, then sign in with it @once", async ({ page }) => {
    const newPassword = "Lakeshore-Reset-2027";
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot your password?" }).first().click();
    await page.getByLabel("Email or username").fill("resi@example.com");
    await page.getByRole("button", { name: "Send me a link" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your email");
    // The link of the e-mail (the demo's fixed token).
    await page.goto(`/recover-password/${TOKENS.recoverResi}`);
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirm the new password").fill(newPassword);
    await page.getByRole("button", { name: "Save my new password" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText("Your password is changed. Sign in with your new password.")).toBeVisible();
    try {
      await page.getByLabel("Email or username").fill("resi@example.com");
      await page.getByLabel(/^Password$/).fill(newPassword);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL((url) => url.pathname !== "/login");
      // The link works once.
      await page.goto(`/recover-password/${TOKENS.recoverResi}`);
      await expect(page.getByText(NOT_FOUND_TEXT)).toBeVisible();
    } finally {
      // Back to the demo password, for every other test.
      const token = await apiToken(page.request, "resi@example.com", newPassword);
      const restored = await page.request.put("/api/v1/profile-settings/password", {
        headers: { Authorization: `Bearer ${token}` },
        data: { current_password: newPassword, new_password: PASSWORD, confirm_password: PASSWORD },
      });
      expect(restored.status()).toBe(200);
    }
  });

  test("activate Olivia's account and land on the welcome page signed in @once", async ({ page }) => {
    await page.goto(`/activate-account/${TOKENS.activateOlivia}`);
    await page.getByLabel("I have read and accept the terms of use").check();
    await page.getByLabel("New password", { exact: true }).fill("Olivia-Tremblay-1");
    await page.getByLabel("Confirm the new password").fill("Olivia-Tremblay-1");
    await page.getByRole("button", { name: "Activate my account" }).click();
    await expect(page).toHaveURL(/\/welcome$/);
    await expect(page.getByText("Your account is active. Welcome!")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Go to my dashboard" }).click();
    await expect(page).toHaveURL(/\/dashboard\/100401$/);
  });

  test("activate Arjun as a contact of 100101, then sign in as him @once", async ({ page }) => {
    await page.goto(ARJUN_LINK);
    await page.getByLabel("Password", { exact: true }).fill("Arjun-Singh-2026");
    await page.getByLabel("Confirm the password").fill("Arjun-Singh-2026");
    await page.getByRole("button", { name: "Activate my access" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText("Your access is active. Sign in with arjun.singh@example.com and your new password.")).toBeVisible();
    await page.getByLabel("Email or username").fill("arjun.singh@example.com");
    await page.getByLabel(/^Password$/).fill("Arjun-Singh-2026");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/dashboard\/100101$/);
    await page.goto(ARJUN_LINK);
    await expect(page.getByText(NOT_FOUND_TEXT)).toBeVisible();
  });

  test("order summary, confirm the installation window, accept the agreement, welcome @once", async ({ page }) => {
    await page.goto(`/order-summary/${TOKENS.summary}`);
    await expect(page.getByText("Not confirmed yet")).toBeVisible();
    await page.goto(`/confirmation/order/${TOKENS.confirmation}`);
    const booked = page.getByRole("radio", { checked: true });
    const bookedLabel = (await page.locator(`label[for="${await booked.getAttribute("id")}"]`).innerText()).split("\n")[0];
    await page.getByRole("button", { name: "Confirm this window" }).click();
    await expect(page).toHaveURL(/\/order-confirmed$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your installation is booked");
    await expect(page.getByTestId("confirmed-window")).toContainText(bookedLabel.split(",").slice(0, 2).join(","));
    await expectNoAxeViolations(page);
    await page.goto(`/agreement/view/${TOKENS.agreement}`);
    await page.getByLabel("I have read and accept the service agreement").check();
    await page.getByRole("button", { name: "Accept the agreement" }).click();
    await expect(page).toHaveURL(/\/welcome$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome to myLakeshore");
    await expect(page.getByRole("link", { name: "Sign in to my account" })).toBeVisible();
    // Accepted: the agreement page says so.
    await page.goto(`/agreement/view/${TOKENS.agreement}`);
    await expect(page.getByText(/You accepted this agreement on/)).toBeVisible();
  });
});
