import { expect, test, type Page } from "@playwright/test";
import { countReactCommits, expectNoAxeViolations, hasJs, hydrated, PASSWORD, signIn } from "./support";

test("a notification is shown after a redirect; with JavaScript it leaves after 4 seconds", async ({ page }) => {
  await signIn(page, "family@example.com");
  // Choosing an account that is not one's own (a tampered form) is refused with a notification.
  await page.request.post("/switch-account", { form: { customerId: "100101" }, maxRedirects: 0 });
  await page.goto("/");
  const notification = page.getByRole("alert").filter({ hasText: "That account is not available to you." });
  await expect(notification).toBeVisible();
  if (hasJs()) {
    await expect(notification).toBeHidden({ timeout: 6_000 });
  } else {
    // Nothing on the page can take it away but the customer: no script runs, the page does not refresh
    // itself, and no animation or transition is under way (one that hid it would be listed, delayed or not).
    await expect(page.locator('meta[http-equiv="refresh" i]')).toHaveCount(0);
    expect(await page.evaluate(() => document.getAnimations().length)).toBe(0);
    await expect(notification.locator("details[open]")).toHaveCount(1);
    await expect(notification).toBeVisible();
  }
});

/** Queues one notification per refused switch (an account that is not the user's, as a tampered form would ask). */
async function queueRefusedSwitches(page: Page, count: number) {
  for (let i = 0; i < count; i++) await page.request.post("/switch-account", { form: { customerId: "100101" }, maxRedirects: 0 });
}

test("two notifications shown together each leave 4 seconds after they appeared, the oldest first @needs-js", async ({ page }) => {
  await signIn(page, "family@example.com");
  await queueRefusedSwitches(page, 2);
  // The page's clock is the test's to move on (it also runs as time passes).
  await page.clock.install();
  await page.goto("/");
  const shown = page.locator("[data-notification]");
  // Hydrated: each has its button, and their time runs.
  await expect(shown.getByRole("button", { name: "Dismiss notification" })).toHaveCount(2);
  await page.clock.runFor(2_500);
  await expect(shown).toHaveCount(2);
  // Both are gone 4 s after they appeared (the second one stayed 8 s).
  await page.clock.runFor(1_700);
  await expect(shown).toHaveCount(0);
});

test("a notification has a place of its own: in the page without JavaScript, over it with; either way it can be dismissed", async ({
  page,
}) => {
  // A sign-in, a page and an accessibility check on a machine the suites share.
  test.slow();
  await signIn(page, "family@example.com");
  await queueRefusedSwitches(page, 1);
  await page.goto("/");
  const notification = page.getByRole("alert").filter({ hasText: "That account is not available to you." });
  await expect(notification).toBeVisible();
  const box = (await notification.boundingBox())!;
  const header = (await page.getByRole("banner").boundingBox())!;
  if (hasJs()) {
    await expect(page.getByTestId("notifications")).toHaveCSS("position", "fixed");
    await notification.getByRole("button", { name: "Dismiss notification" }).click();
  } else {
    // In the page's flow above the header: it covers nothing, and a control without script removes it.
    await expect(page.getByTestId("notifications")).toHaveCSS("position", "static");
    expect(box.y + box.height).toBeLessThanOrEqual(header.y);
    await expectNoAxeViolations(page);
    await notification.locator("summary").click();
  }
  await expect(notification).toBeHidden();
  await expect(page.getByRole("banner")).toBeVisible();
});

/** The paths of the documents the browser loads from now on (a reload, a page loaded anew). */
function documentLoads(page: Page): string[] {
  const loads: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") loads.push(new URL(request.url()).pathname);
  });
  return loads;
}

test("a page whose code does not download reloads at most once a minute, then says so @needs-js", async ({ page }) => {
  test.slow();
  await signIn(page, "resi@example.com");
  // The billing summary's code cannot be downloaded (a new version deployed meanwhile, a network that drops it).
  await page.route(/\/assets\/summary-[\w-]+\.js$/, (route) => route.abort());
  const loads = documentLoads(page);
  const toSummary = page.getByRole("main").getByRole("link", { name: "Billing summary" });
  const hydrated = () => page.waitForFunction(() => "__reactRouterDataRouter" in window);

  // The first failure loads the page asked for anew: the server's page, which works without that code.
  await hydrated();
  await toSummary.click();
  await expect(page).toHaveURL(/\/billing\/100101$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Billing summary");
  expect(loads).toEqual(["/billing/100101"]);
  const first = await page.evaluate(() => sessionStorage.getItem("chunk-reload-at"));
  expect(Number(first)).toBeGreaterThan(0);

  // Within the minute: no reload, twice over; the page says its code could not be loaded.
  await page.goto("/dashboard/100101");
  await hydrated();
  loads.length = 0;
  for (let i = 0; i < 2; i++) {
    await toSummary.click();
    await expect(page.getByTestId("code-unavailable")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This page could not be loaded");
    await expect(page).toHaveURL(/\/billing\/100101$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/dashboard\/100101$/);
  }
  expect(loads).toEqual([]);
  expect(await page.evaluate(() => sessionStorage.getItem("chunk-reload-at"))).toBe(first);

  // A minute after the last reload (its time is what the tab remembers), a failure reloads again.
  await page.evaluate(() => sessionStorage.setItem("chunk-reload-at", String(Date.now() - 61_000)));
  await toSummary.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Billing summary");
  expect(loads).toEqual(["/billing/100101"]);
});

test("an account switcher whose code does not download leaves its native form, which works @needs-js", async ({ page }) => {
  await page.route(/\/assets\/AccountSwitcherWidgets-[\w-]+\.js$/, (route) => route.abort());
  const failed = page.waitForEvent("requestfailed", (request) => /AccountSwitcherWidgets/.test(request.url()));
  await signIn(page, "family@example.com");
  await failed;
  const loads = documentLoads(page);
  await expect(page.getByRole("heading", { name: "An error occurred" })).toHaveCount(0);
  await page.getByRole("combobox", { name: "Account" }).selectOption("100203");
  await page.getByRole("button", { name: "Switch" }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/100203$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hello, Jordan");
  // Switched by the page's scripts, without a reload.
  expect(loads).toEqual([]);
});

test("a slow navigation shows the progress bar with JavaScript; without, none is left on the page", async ({ page }) => {
  // family@ prefers French: the sign-in helper switches back to English (one page more), then a 3 s navigation and an accessibility check.
  test.slow();
  await signIn(page, "family@example.com");
  if (!hasJs()) {
    // The browser shows its own loading state; the server never renders a bar that nothing would hide.
    await page.getByRole("combobox", { name: "Account" }).selectOption("100203");
    await page.getByRole("button", { name: "Switch" }).first().click();
    await expect(page).toHaveURL(/\/dashboard\/100203$/);
    await expect(page.getByRole("progressbar")).toHaveCount(0);
    return;
  }
  await page.route(/\.data(\?|$)/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await route.continue();
  });
  await page.getByRole("button", { name: /Account: / }).click();
  await page.getByRole("menuitem").filter({ hasText: "(100203)" }).click();
  await expect(page.getByRole("progressbar", { name: "Loading page" })).toBeVisible();
  // Announced politely, and inside a region: axe finds nothing while it shows.
  await expect(page.getByTestId("progress-region")).toHaveAttribute("aria-live", "polite");
  await expectNoAxeViolations(page);
  await expect(page).toHaveURL(/\/dashboard\/100203$/);
  await expect(page.getByRole("progressbar")).toHaveCount(0);
});

test("a field's check on leaving it never posts the form as a page, even from a form React no longer handles @needs-js", async ({
  page,
}) => {
  await countReactCommits(page.context());
  await page.goto("/forgot-password");
  // The page's scripts run (the route modules are named a moment before the entry that guards submits runs).
  await hydrated(page);
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  // What the browser does when a page replaces its form while a field has the focus: the form's
  // "validate" intent submitted where no React handler answers it (a copy of the form, as React left it).
  // The submit event is dispatched at once, to every listener; a post would follow only if none cancelled it.
  const cancelled = await page.evaluate(() => {
    const form = document.querySelector("main form")!.cloneNode(true) as HTMLFormElement;
    form.removeAttribute("id");
    document.body.append(form);
    const intent = document.createElement("button");
    intent.name = "__intent__";
    intent.value = JSON.stringify({ type: "validate", payload: { name: "username" } });
    form.append(intent);
    let submitted: Event | undefined;
    form.addEventListener("submit", (event) => (submitted = event));
    form.requestSubmit(intent);
    return submitted?.defaultPrevented;
  });
  expect(cancelled).toBe(true);
  expect(posts).toEqual([]);
  await expect(page).toHaveURL(/\/forgot-password$/);
});

/**
 * Holds back the chunk that brings zod (the forms' checks load after hydration) until the test lets it
 * go; `held` once the page has asked for it, `delivered` once it has it. `stop()` ends the interception: a script still
 * passing through it when the test ends (the next page's) would otherwise fail the test with "Response has
 * been disposed" (CI emulation of stop 20).
 */
async function holdValidation(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const stop = async () => {
    release();
    await page.unrouteAll({ behavior: "ignoreErrors" });
  };
  const state = { held: false, delivered: false, release, stop };
  await page.route(/\/assets\/[^/]+\.js(\?|$)/, async (route) => {
    try {
      const response = await route.fetch();
      const body = await response.text();
      if (body.includes("ZodError")) {
        state.held = true;
        await released;
      }
      await route.fulfill({ response, body });
      if (state.held) state.delivered = true;
    } catch (error) {
      // The page moved on (a sign-in landing on the dashboard) while a script was passing through.
      if (!/disposed|closed/i.test(String(error))) throw error;
    }
  });
  return state;
}

test("a field left before the form's checks have loaded posts nothing; its check shows once they arrive @needs-js", async ({ page }) => {
  const validation = await holdValidation(page);
  await page.goto("/login");
  const username = page.getByLabel("Email or username");
  // The checks load at the customer's first move on the live page: a focus asks for them (once the
  // page has come to life, which the poll waits for).
  await expect
    .poll(async () => {
      await page.getByLabel("Password").focus();
      await username.focus();
      return validation.held;
    })
    .toBe(true);
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await username.focus();
  await page.getByLabel("Password").focus();
  await expect(username).not.toHaveAttribute("aria-invalid", "true");
  validation.release();
  // The check of the field left shows once the checks arrive: leaving it was handled in the page, and
  // whatever it could have posted would have been asked for before now.
  await expect(page.getByText("Enter your email or username.")).toBeVisible();
  await expect(username).toHaveAttribute("aria-invalid", "true");
  expect(posts).toEqual([]);
  await validation.stop();
});

test("signing in at once, before the form's checks have loaded, posts the form once and lands on the dashboard @needs-js", async ({
  page,
}) => {
  const validation = await holdValidation(page);
  await page.goto("/login");
  // The checks load at the customer's first move on the live page: a focus asks for them (once the
  // page has come to life, which the poll waits for).
  await expect
    .poll(async () => {
      await page.getByLabel("Password").focus();
      await page.getByLabel("Email or username").focus();
      return validation.held;
    })
    .toBe(true);
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
  });
  await page.getByLabel("Email or username").fill("resi@example.com");
  await page.getByLabel("Password").fill(PASSWORD);
  const signInButton = page.getByRole("button", { name: "Sign in" });
  await expect(signInButton).toBeEnabled();
  await signInButton.click();
  await expect(page).toHaveURL(/\/dashboard\/100101$/);
  expect(posts).toEqual(["/login.data"]);
  await validation.stop();
});

test("a field refused by the server before the form's checks have loaded stays refused once they arrive @needs-js", async ({ page }) => {
  // The parents' package moves on the first of the month after next: a pause from the first of next
  // month for two months includes that day, which only the server knows.
  const validation = await holdValidation(page);
  await signIn(page, "family@example.com", { cameFrom: "/account-details/100203/packages/5301/pause" });
  const now = new Date();
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
  const startDate = page.getByLabel("First day of the pause");
  await expect
    .poll(async () => {
      await startDate.focus();
      return validation.held;
    })
    .toBe(true);
  await startDate.fill(start);
  // Leaving the date asks for its check, which waits for the schema.
  await page.getByLabel("Number of months").fill("2");
  await page.getByRole("button", { name: "Schedule the pause" }).click();
  const summary = page.getByTestId("error-summary");
  await expect(summary).toContainText("This service moves on a day this pause would include.");
  // What the summary says from now on, each time the page changes.
  await page.evaluate(() => {
    const seen: (string | null)[] = [];
    (window as unknown as { summaries: typeof seen }).summaries = seen;
    const read = () => document.querySelector('[data-testid="error-summary"]')?.textContent ?? null;
    seen.push(read());
    new MutationObserver(() => {
      const text = read();
      if (text !== seen.at(-1)) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  validation.release();
  await expect.poll(() => validation.delivered).toBe(true);
  // The checks arrive after the server's answer. The date's check that waited for them is no longer
  // asked for (the post checked every field): the server's refusal stays until the customer changes
  // something, here the months, which the checks now refuse in the page.
  await page.getByLabel("Number of months").fill("");
  await expect(summary).toContainText("Enter the number of months.");
  const summaries = await page.evaluate(() => (window as unknown as { summaries: (string | null)[] }).summaries);
  const beforeTheChange = summaries.slice(
    0,
    summaries.findIndex((text) => text?.includes("Enter the number of months.")),
  );
  expect(beforeTheChange.length).toBeGreaterThan(0);
  for (const text of beforeTheChange) expect(text).toContain("This service moves on a day this pause would include.");
  await validation.stop();
});

test("a page loads the sections of its texts it shows; a page reached next finds all of its own @needs-js", async ({ page: signedIn }) => {
  await signIn(signedIn, "business@example.com");
  // A tab of its own: the sign-in page's requests may still be on their way.
  const page = await signedIn.context().newPage();
  const parts: string[] = [];
  page.on("request", (request) => {
    const match = /\/assets\/locales-[\w]+\/en\/(.+)\.js$/.exec(new URL(request.url()).pathname);
    if (match) parts.push(match[1]);
  });
  await page.goto("/billing/200305/pay");
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Make a payment");
  expect(parts).toEqual(expect.arrayContaining(["billing/_", "billing/pay"]));
  // Never the whole billing namespace on top of its sections: the rest comes section by section.
  await expect.poll(() => parts.filter((part) => part.startsWith("billing/")).length).toBeGreaterThan(5);
  expect(parts).not.toContain("billing");

  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Auto payments" }).click();
  await expect(page).toHaveURL(/\/billing\/200305\/autopay$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Automatic payments");
  await expect(page.getByRole("main")).not.toContainText(/\b(autopay|pay|summary)\.[a-z]\w*/);
});

test("a page is painted before its scripts are fetched, then comes to life: the sign-in form checks a field @needs-js", async ({
  page,
}) => {
  // When the browser starts rendering its first frame (this runs before any script of the page).
  await page.addInitScript(() => {
    requestAnimationFrame(() => ((window as unknown as { firstFrameAt: number }).firstFrameAt = performance.now()));
  });
  await page.goto("/login");
  // The document names no script to fetch while it is parsed: they are asked for once the first frame is drawn.
  const scriptsAsked = () =>
    page.evaluate(
      () =>
        performance
          .getEntriesByType("resource")
          .filter((entry) => new URL(entry.name).pathname.startsWith("/assets/") && entry.name.endsWith(".js")).length,
    );
  await expect.poll(scriptsAsked, { timeout: 15_000 }).toBeGreaterThan(2);
  const timing = await page.evaluate(async () => {
    const scripts = performance
      .getEntriesByType("resource")
      .filter((entry) => new URL(entry.name).pathname.startsWith("/assets/") && entry.name.endsWith(".js"))
      .map((entry) => entry.startTime);
    return {
      firstFrameAt: (window as unknown as { firstFrameAt?: number }).firstFrameAt,
      firstScript: Math.min(...scripts),
      scripts: scripts.length,
    };
  });
  expect(timing.firstFrameAt).toBeDefined();
  expect(timing.scripts).toBeGreaterThan(2);
  expect(timing.firstScript).toBeGreaterThan(timing.firstFrameAt!);
  // Then hydrated: leaving the username empty shows the field's message, without a post.
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await expect(async () => {
    await page.getByLabel("Email or username").focus();
    await page.getByLabel("Password").focus();
    await expect(page.getByText("Enter your email or username.")).toBeVisible({ timeout: 500 });
  }).toPass();
  expect(posts).toEqual([]);
  await expect(page).toHaveURL(/\/login$/);
});
