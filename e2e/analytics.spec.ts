/**
 * Product analytics (docs/analytics.md). Without ANALYTICS_KEY (the main test server) the pages carry no
 * analytics code at all. With it (the features server, FEATURES_URL), nothing is loaded or sent before
 * the visitor agrees in the banner; then page views (never on /login) and submit events only, with
 * route patterns instead of addresses and nothing typed; Decline and Global Privacy Control send nothing;
 * pages without JavaScript send nothing. The analytics host is intercepted in the browser.
 */
import { gunzipSync } from "node:zlib";
import { expect, test, type Page, type Request } from "@playwright/test";
import { ANALYTICS_TEST_HOST, ANALYTICS_TEST_KEY, BASE_URL, FEATURES_URL } from "../playwright.config";
import { PASSWORD, cookieValue, countReactCommits, expectNoAxeViolations, hasJs, hydrated, signOut } from "./support";

interface SentEvent {
  event: string;
  properties: Record<string, unknown>;
}

/** Every request to the analytics host, answered here (it never leaves the machine), and the events in them. */
async function watchAnalytics(page: Page) {
  const requests: Request[] = [];
  const bodies: string[] = [];
  const events: SentEvent[] = [];
  const chunks: string[] = [];
  page.on("request", (request) => {
    if (request.url().startsWith(ANALYTICS_TEST_HOST)) requests.push(request);
    if (/\/assets\/(Analytics|analytics\.client)[-.]/.test(request.url())) chunks.push(request.url());
  });
  await page.route(`${ANALYTICS_TEST_HOST}/**`, async (route) => {
    const request = route.request();
    const raw = request.postDataBuffer();
    if (raw) {
      const url = new URL(request.url());
      const gzipped = url.searchParams.get("compression") === "gzip-js" || (raw[0] === 0x1f && raw[1] === 0x8b);
      let text = gzipped ? gunzipSync(raw).toString("utf8") : raw.toString("utf8");
      if (text.startsWith("data=")) text = Buffer.from(decodeURIComponent(text.slice(5)), "base64").toString("utf8");
      bodies.push(text);
      try {
        const parsed = JSON.parse(text) as SentEvent | SentEvent[] | { batch: SentEvent[] };
        events.push(...(Array.isArray(parsed) ? parsed : "batch" in parsed ? parsed.batch : [parsed]));
      } catch {
        // Not an event payload.
      }
    }
    await route.fulfill({ status: 200, contentType: "application/json", body: '{"status":1}' });
  });
  return { requests, bodies, events, chunks };
}

type Sent = Awaited<ReturnType<typeof watchAnalytics>>;

/** What the browser had asked of the analytics host, and whether it had fetched the analytics client. */
interface SentSoFar {
  requests: string[];
  client: string[];
}

const sentSoFar = (sent: Sent): SentSoFar => ({
  requests: sent.requests.map((request) => request.url()),
  client: sent.chunks.filter((url) => url.includes("analytics.client")),
});

/**
 * What had been sent when the browser made its next request that `isNext` matches (a later step of the
 * flow): the browser reports its requests in the order it makes them, so whatever the page did before that
 * step is counted. Call it before the step.
 */
function sentBefore(page: Page, sent: Sent, isNext: (request: Request) => boolean): Promise<SentSoFar> {
  return new Promise((resolve) => {
    const onRequest = (request: Request) => {
      if (!isNext(request)) return;
      page.off("request", onRequest);
      resolve(sentSoFar(sent));
    };
    page.on("request", onRequest);
  });
}

/** The post of an analytics choice (the banner's or the privacy page's form), as a page or by the router. */
const isChoicePost = (request: Request) => request.method() === "POST" && /^\/privacy(\.data)?$/.test(new URL(request.url()).pathname);

/**
 * What the page shown has sent once its scripts have done what they do on arrival: with JavaScript, once
 * it is hydrated, counted at a request the page makes after that (the last of its requests the test sees);
 * without, what its load has asked for (no script runs).
 */
async function sentByThisPage(page: Page, sent: Sent): Promise<SentSoFar> {
  if (!hasJs()) return sentSoFar(sent);
  await hydrated(page);
  const counted = sentBefore(page, sent, (request) => request.url().endsWith("/healthz?after-scripts"));
  await page.evaluate(() => fetch("/healthz?after-scripts"));
  return counted;
}

const banner = (page: Page) => page.getByRole("region", { name: /Help us improve myLakeshore|Aidez-nous à améliorer myLakeshore/ });

async function signInHere(page: Page, username: string) {
  await page.getByLabel("Email or username").fill(username);
  await page.getByLabel(/^Password$/).fill(PASSWORD);
  await page.getByRole("button", { name: /^Sign in$/ }).click();
  await page.waitForURL((url) => url.pathname !== "/login");
}

/** Script and module files a page's HTML loads before hydration, with the HTML itself. */
async function firstLoad(page: Page, path: string): Promise<{ html: string; scripts: Record<string, string> }> {
  const response = await page.request.get(path);
  expect(response.status()).toBe(200);
  const html = await response.text();
  const urls = new Set<string>();
  // Every script the page names: in its elements, and in the script that loads them after the first paint.
  for (const m of html.matchAll(/\/assets\/[\w./-]+?\.js\b/g)) urls.add(m[0]);
  expect(urls.size).toBeGreaterThan(2);
  const scripts: Record<string, string> = {};
  for (const url of urls) scripts[url] = await (await page.request.get(url)).text();
  return { html, scripts };
}

test.describe("without ANALYTICS_KEY", () => {
  test.use({ baseURL: BASE_URL });

  test("the sign-in page and the dashboard carry no analytics code, no banner and no analytics host in the CSP", async ({ page }) => {
    const loaded: string[] = [];
    page.on("request", (r) => loaded.push(r.url()));
    await page.goto("/login");
    await expect(banner(page)).toHaveCount(0);
    await page.getByLabel("Email or username").fill("resi@example.com");
    await page.getByLabel(/^Password$/).fill(PASSWORD);
    await page.getByRole("button", { name: /^Sign in$/ }).click();
    await page.waitForURL(/\/dashboard\/100101$/);
    for (const path of ["/login", "/dashboard/100101", "/privacy"]) {
      const { html, scripts } = await firstLoad(page, path);
      expect(html).not.toMatch(/posthog|analytics_consent|consent-banner/i);
      for (const [url, source] of Object.entries(scripts)) {
        expect(source, url).not.toMatch(/posthog|i\.posthog\.com/i);
      }
    }
    const csp = (await page.request.get("/login")).headers()["content-security-policy"];
    expect(csp).toContain("connect-src 'self';");
    // Nothing of analytics was fetched by the browser, with or without JavaScript.
    expect(loaded.filter((url) => /analytics|posthog/i.test(url))).toEqual([]);
    await page.goto("/privacy");
    await expect(page.getByTestId("privacy-status")).toHaveText(
      "This portal does not use product analytics: nothing about your visits is measured.",
    );
    await expect(page.getByRole("radio")).toHaveCount(0);
  });
});

test.describe("with ANALYTICS_KEY", () => {
  // The analytics client drops the events of browsers that look automated (a headless user agent or
  // client hint brand, navigator.webdriver): these tests look like the browser a customer uses.
  test.use({
    baseURL: FEATURES_URL,
    userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36",
  });
  test.beforeEach(async ({ context }) => {
    await context.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, "webdriver", { get: () => false });
      // Debian's headless shell names itself "HeadlessChrome" in navigator.userAgentData too.
      const hints = (navigator as Navigator & { userAgentData?: { brands: { brand: string; version: string }[] } }).userAgentData;
      if (hints) {
        const brands = hints.brands.map(({ brand, version }) => ({ brand: brand.replace("HeadlessChrome", "Google Chrome"), version }));
        Object.defineProperty(Object.getPrototypeOf(hints), "brands", { get: () => brands });
      }
    });
    await countReactCommits(context);
  });

  test("nothing before consent; after Accept, page views with route patterns (none on /login) and submit events only, nothing typed", async ({
    page,
  }) => {
    test.slow();
    const sent = await watchAnalytics(page);
    const response = await page.goto("/login");
    expect(response!.headers()["content-security-policy"]).toContain(`connect-src 'self' ${ANALYTICS_TEST_HOST}`);
    await expect(banner(page)).toBeVisible();
    await expect(banner(page).getByRole("button", { name: "Accept" })).toBeVisible();
    await expect(banner(page).getByRole("button", { name: "Decline" })).toBeVisible();
    await expectNoAxeViolations(page);
    // Typed before any choice, on the live page: nothing leaves the browser until the Accept is posted.
    // The banner's own small chunk loads; the analytics client does not.
    await page.getByLabel("Email or username").fill("resi@example.com");
    await hydrated(page);
    const beforeConsent = sentBefore(page, sent, isChoicePost);
    await banner(page).getByRole("button", { name: "Accept" }).click();
    expect(await beforeConsent).toEqual({ requests: [], client: [] });
    await expect(banner(page)).toHaveCount(0);
    expect(await cookieValue(page, "analytics_consent")).toBe("granted");
    await expect(page).toHaveURL(/\/login$/);
    if (hasJs()) {
      // The client starts on the sign-in page (which sends no page view): it keeps its anonymous id in this
      // browser's storage. The sign-in form's submission is then sent.
      const idStored = () => page.evaluate((key) => localStorage.getItem(key) !== null, `ph_${ANALYTICS_TEST_KEY}_posthog`);
      await expect.poll(idStored, { timeout: 15_000 }).toBe(true);
    }

    await signInHere(page, "resi@example.com");
    await expect(page).toHaveURL(/\/dashboard\/100101$/);
    if (hasJs()) {
      // The client loads after hydration: let it send the dashboard's page view before the next document.
      await expect.poll(() => sent.events.some((e) => e.event === "$pageview"), { timeout: 15_000 }).toBe(true);
    }
    await page.goto("/billing/100101");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    if (!hasJs()) {
      // Without JavaScript nothing is ever loaded or sent: each page load (goto waits for its load event)
      // asked for all it asks for, and no script runs to ask for more.
      expect(sentSoFar(sent)).toEqual({ requests: [], client: [] });
      return;
    }
    await expect
      .poll(() => sent.events.filter((e) => e.event === "$pageview").map((e) => e.properties.$pathname))
      .toEqual(expect.arrayContaining(["/dashboard/:customerId", "/billing/:customerId"]));
    // The sign-in form was submitted while the client ran (the menu's sign-out is no form submission).
    await signOut(page);
    await expect.poll(() => sent.events.some((e) => e.event === "$autocapture")).toBe(true);

    expect(sent.events.filter((e) => e.event === "$pageview" && /\/login/.test(String(e.properties.$current_url)))).toEqual([]);
    for (const e of sent.events) {
      expect(["$pageview", "$autocapture"]).toContain(e.event);
      if (e.event === "$autocapture") expect(e.properties.$event_type).toBe("submit");
      expect(String(e.properties.$current_url)).toMatch(new RegExp(`^${FEATURES_URL}(/login|/[a-z-]+/:customerId)$`));
    }
    for (const body of sent.bodies) {
      expect(body).not.toContain(PASSWORD);
      expect(body).not.toContain("resi@example.com");
      expect(body).not.toContain("100101");
      expect(body).not.toContain("Maya");
    }
    // Every request went to the configured host, none to a script.
    expect(sent.requests.every((r) => r.resourceType() !== "script")).toBe(true);
  });

  test("Decline sends nothing, and the choice can be changed on the privacy page", async ({ page }) => {
    test.slow();
    const sent = await watchAnalytics(page);
    await page.goto("/login");
    await banner(page).getByRole("button", { name: "Decline" }).click();
    await expect(banner(page)).toHaveCount(0);
    expect(await cookieValue(page, "analytics_consent")).toBe("denied");
    await signInHere(page, "resi@example.com");
    await page.goto("/billing/100101");
    await page.goto("/privacy");
    await expect(page.getByTestId("privacy-status")).toHaveText("You do not allow product analytics in this browser: nothing is measured.");
    await expect(page.getByRole("radio", { name: "Do not allow product analytics" })).toBeChecked();
    await expectNoAxeViolations(page);
    // Declined, on the live page: nothing is loaded or sent until the new choice is posted.
    await hydrated(page);
    const beforeAllowed = sentBefore(page, sent, isChoicePost);

    // Changed on the privacy page: analytics starts (with JavaScript) from the next page on.
    await page.getByRole("radio", { name: "Allow product analytics", exact: true }).check();
    await page.getByRole("button", { name: "Save my choice" }).click();
    expect(await beforeAllowed).toEqual({ requests: [], client: [] });
    await expect(page.getByText("Your privacy choice is saved.")).toBeVisible();
    await expect(page.getByTestId("privacy-status")).toHaveText("You allow product analytics in this browser.");
    expect(await cookieValue(page, "analytics_consent")).toBe("granted");
    if (hasJs()) {
      await page.goto("/dashboard/100101");
      await expect.poll(() => sent.events.map((e) => e.properties.$pathname)).toContain("/dashboard/:customerId");
    }

    // And withdrawn again: nothing more is sent. The privacy page is shown while analytics is still allowed,
    // so its own page view is sent (with JavaScript); it is awaited, as it may arrive after the withdrawal.
    const privacyViews = () => sent.events.filter((e) => e.event === "$pageview" && e.properties.$pathname === "/privacy").length;
    const privacyViewsBefore = privacyViews();
    await page.goto("/privacy");
    if (hasJs()) await expect.poll(privacyViews).toBeGreaterThan(privacyViewsBefore);
    await page.getByRole("radio", { name: "Do not allow product analytics" }).check();
    await page.getByRole("button", { name: "Save my choice" }).click();
    await expect(page.getByTestId("privacy-status")).toHaveText("You do not allow product analytics in this browser: nothing is measured.");
    if (hasJs()) {
      // The anonymous id the client kept in this browser is gone with the consent.
      const stored = () => page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("ph_")));
      await expect.poll(stored).toEqual([]);
    }
    const before = { events: sent.events.length, requests: sent.requests.length };
    await page.goto("/billing/100101");
    const after = await sentByThisPage(page, sent);
    expect(after.requests.slice(before.requests)).toEqual([]);
    expect(sent.events.slice(before.events).map((e) => `${e.event} ${String(e.properties.$pathname)}`)).toEqual([]);
  });

  test("consent withdrawn while the analytics client is still loading: the page view it waited for is never sent @needs-js", async ({
    page,
  }) => {
    test.slow();
    const sent = await watchAnalytics(page);
    await page.goto("/login");
    await banner(page).getByRole("button", { name: "Accept" }).click();
    await expect(banner(page)).toHaveCount(0);
    await signInHere(page, "resi@example.com");
    await expect.poll(() => sent.events.map((e) => e.properties.$pathname)).toContain("/dashboard/:customerId");
    const before = { events: sent.events.length, requests: sent.requests.length, chunks: sent.chunks.length };
    // A slow connection: the analytics client arrives two seconds after the page.
    await page.route(/\/assets\/analytics\.client[-.]/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await route.continue();
    });
    const clientArrived = page.waitForEvent("requestfinished", { predicate: (r) => r.url().includes("analytics.client"), timeout: 30_000 });
    await page.goto("/privacy");
    // The client is on its way (held two seconds) when the customer withdraws consent.
    await expect
      .poll(() => sent.chunks.slice(before.chunks).some((url) => url.includes("analytics.client")), { timeout: 20_000 })
      .toBe(true);
    await page.getByRole("radio", { name: "Do not allow product analytics" }).check();
    await page.getByRole("button", { name: "Save my choice" }).click();
    await expect(page.getByTestId("privacy-status")).toHaveText("You do not allow product analytics in this browser: nothing is measured.");
    // Then it arrives, and the page runs it (the module's importers have had their turn once it is imported
    // here too): the page view it was fetched for would leave now.
    const client = await clientArrived;
    await page.evaluate((url) => import(url).then(() => undefined), client.url());
    const after = await sentByThisPage(page, sent);
    expect(after.requests.slice(before.requests)).toEqual([]);
    expect(sent.events.slice(before.events).map((e) => `${e.event} ${String(e.properties.$pathname)}`)).toEqual([]);
  });

  test("the privacy page asks again when nothing is chosen, in English and French", async ({ page }) => {
    await page.goto("/privacy?lng=fr");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confidentialité et mesure d’utilisation");
    await expect(banner(page)).toBeVisible();
    await page.getByRole("button", { name: "Enregistrer mon choix" }).click();
    await expect(page.getByText("Indiquez si vous permettez la mesure d’utilisation").first()).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto("/privacy?lng=en");
  });

  test.describe("with Global Privacy Control", () => {
    test.use({ extraHTTPHeaders: { "Sec-GPC": "1" } });

    test("no banner, nothing loaded or sent, even with a stored Accept", async ({ page, context }) => {
      await context.addInitScript(() => Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true }));
      await context.addCookies([{ name: "analytics_consent", value: "granted", url: FEATURES_URL }]);
      const sent = await watchAnalytics(page);
      await page.goto("/login");
      await expect(page.getByLabel("Email or username")).toBeVisible();
      await expect(banner(page)).toHaveCount(0);
      await signInHere(page, "resi@example.com");
      await page.goto("/billing/100101");
      await page.goto("/privacy");
      await expect(page.getByTestId("privacy-status")).toContainText("Global Privacy Control");
      await expect(page.getByRole("radio")).toHaveCount(0);
      expect(await sentByThisPage(page, sent)).toEqual({ requests: [], client: [] });
    });
  });
});
