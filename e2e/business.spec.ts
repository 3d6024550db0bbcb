/**
 * Business customers (business@example.com): the commercial dashboard grouped three ways, a dedicated
 * internet endpoint (details, IP blocks, alerts, bandwidth with its CSV, monitoring settings), a cabinet's
 * power, the down service 8024 and a read-only contact. Runs with JavaScript off and on.
 *
 * Data changed: the monitoring settings of endpoint 8008 (account 200303, without JavaScript) and 8003
 * (200302, with it); each run writes its own values, and nothing else reads them.
 */
import { expect, test, type Page } from "@playwright/test";
import { expectFitsWidth, PHONE_WIDTHS, settled } from "./phone";
import { expectNoAxeViolations, hasJs, signIn } from "./support";

// Several screens, each checked by axe, per test: well over the default 30 s on a busy machine (up to 85 s seen).
test.describe.configure({ timeout: 180_000 });

/** The calendar days (UTC) of last month. */
function lastMonth() {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10), days: last.getUTCDate() };
}

/** The 95th percentile as the provider bills it. */
function percentile95(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil((sorted.length * 95) / 100) - 1];
}

/** Every link in the page's main content answers something other than 404. */
async function expectNoDeadLinks(page: Page) {
  const hrefs = await page.locator("main a[href^='/']").evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute("href")!))]);
  for (const href of hrefs) {
    const response = await page.request.get(href, { maxRedirects: 0 });
    expect(response.status(), href).not.toBe(404);
  }
}

test("the commercial dashboard groups services by category, address or platform id", async ({ page }) => {
  await signIn(page, "business@example.com", { cameFrom: "/dashboard/200304" });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Don Valley Manufacturing Ltd.");
  const grouping = page.getByRole("navigation", { name: "Group services by" });
  await expect(grouping.getByRole("link", { name: "Category" })).toHaveAttribute("aria-current", "true");
  await expect(page.getByRole("heading", { name: "Voice", level: 3 })).toBeVisible();
  const voice = page.getByRole("table", { name: "Voice services" });
  await expect(voice.getByRole("row").filter({ hasText: "SIP-304-010" })).toContainText("Down");
  // A cabinet is a link to its page; a voice trunk has no page of its own.
  await expect(page.getByRole("link", { name: "Cabinet 42U" }).first()).toHaveAttribute("href", "/cabinet-spaces/8011");
  await expect(voice.getByRole("link")).toHaveCount(0);
  await expectNoAxeViolations(page);

  await grouping.getByRole("link", { name: "Address" }).click();
  await expect(page).toHaveURL(/\/dashboard\/200304\?group=address$/);
  await expect(grouping.getByRole("link", { name: "Address" })).toHaveAttribute("aria-current", "true");
  const atDataCentre = page.getByRole("table", { name: "Services at 151 Front Street West, Suite 605, Toronto ON M5J 2N1" });
  await expect(atDataCentre.getByRole("rowheader")).toHaveText(["Cabinet 42U", "Cabinet 42U"], { useInnerText: true });
  // The address heading has its parts on lines of their own.
  await expect(page.getByRole("heading", { level: 3 }).filter({ hasText: "151 Front Street West" }).locator("br")).toHaveCount(2);
  const head = page.getByRole("table", { name: "Services at 1 Leaside Park Drive, Toronto ON M4H 1R1" });
  await expect(head.getByRole("rowheader")).toHaveText(["Dedicated Internet 10 Gbps", "SIP Trunk 23 channels"], { useInnerText: true });
  await expectNoAxeViolations(page);

  await grouping.getByRole("link", { name: "Platform ID" }).click();
  await expect(page).toHaveURL(/\?group=platform$/);
  const list = page.getByRole("table", { name: "Services by platform ID" });
  await expect(list.getByRole("rowheader")).toHaveText(["COL-304-011", "COL-304-014", "DIA-304-012", "SIP-304-010", "SIP-304-013"], {
    useInnerText: true,
  });
  await expectNoDeadLinks(page);
  await expectNoAxeViolations(page);

  // The grouping is in the address: a reload keeps it.
  await page.reload();
  await expect(grouping.getByRole("link", { name: "Platform ID" })).toHaveAttribute("aria-current", "true");
});

test("in French, the dashboard groups and labels in French @static", async ({ page }) => {
  await signIn(page, "business@example.com", { cameFrom: "/dashboard/200304?group=address&lng=fr" });
  const grouping = page.getByRole("navigation", { name: "Regrouper les services par" });
  await expect(grouping.getByRole("link", { name: "Adresse" })).toHaveAttribute("aria-current", "true");
  await expect(page.getByRole("table", { name: "Services au 1 Leaside Park Drive, Toronto ON M4H 1R1" })).toContainText("Hors service");
  await expectNoAxeViolations(page);
});

test("a house account is marked @static", async ({ page }) => {
  await signIn(page, "business@example.com", { cameFrom: "/dashboard/200310" });
  await expect(page.getByTestId("house-account")).toHaveText("House account");
  await expect(page.getByRole("region", { name: "Account information" })).toContainText("House account");
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the service tables stack, so no column (Status included) is cut off @static", async ({ page }) => {
    await signIn(page, "business@example.com", { cameFrom: "/dashboard/200304" });
    const badge = page.getByRole("table", { name: "Voice services" }).getByText("Down");
    await expect(badge).toBeVisible();
    const box = (await badge.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);
  });
});

test("a dedicated internet endpoint: details, IP blocks and alert history", async ({ page }) => {
  await signIn(page, "business@example.com", { cameFrom: "/dashboard/200301" });
  await page.getByRole("link", { name: "Dedicated Internet 1 Gbps" }).click();
  await expect(page).toHaveURL(/\/internet\/view\/8001$/);
  await expect(page).toHaveTitle(/^Network endpoint – .+ \| myLakeshore$/);
  await expect(page.getByText("Harbourfront Logistics Inc. (customer ID 200301)")).toBeVisible();
  const connection = page.getByRole("region", { name: "Connection" });
  await expect(connection).toContainText("LF-TOR-DIA-08001");
  await expect(connection).toContainText("1,000 Mbps");
  await expect(page.getByRole("region", { name: "Latest alert" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Edit monitoring settings" })).toBeVisible();
  await expectNoDeadLinks(page);
  await expectNoAxeViolations(page);

  const tabs = page.getByRole("navigation", { name: "Endpoint pages" });
  await tabs.getByRole("link", { name: "IP blocks" }).click();
  await expect(tabs.getByRole("link", { name: "IP blocks" })).toHaveAttribute("aria-current", "page");
  const blocks = page.getByRole("table", { name: "IP blocks routed to this endpoint" });
  await expect(blocks.getByRole("columnheader")).toHaveText([
    "Block",
    "Gateway",
    "Subnet mask",
    "Usable addresses",
    "Number usable",
    "Description",
  ]);
  const v4 = blocks.getByRole("row").filter({ hasText: "IPv4" }).first();
  await expect(v4.getByRole("cell").nth(1)).toHaveText("255.255.255.248");
  await expect(v4.getByRole("cell").nth(3)).toHaveText("6");
  await expect(blocks.getByRole("row").filter({ hasText: "IPv6" }).first()).toBeVisible();
  await expectNoAxeViolations(page);

  await tabs.getByRole("link", { name: "Alert history" }).click();
  const table = page.getByRole("table", { name: "Alerts, newest first" });
  await expect(table.getByRole("columnheader")).toHaveText(["Time", "Access device", "Port", "Event", "Status"]);
  const rows = table.locator("tbody tr");
  await expect(rows.first()).toBeVisible();
  const shown = await rows.count();
  expect(shown).toBeLessThanOrEqual(20);
  await expect(page.getByTestId("alerts-count")).toHaveText(new RegExp(`^Alerts 1 to ${shown} of \\d+$`));
  await page.getByRole("navigation", { name: "Show alerts" }).getByRole("link", { name: "Down" }).click();
  await expect(page).toHaveURL(/\/alerts\?status=down$/);
  await expect(table.locator("tbody tr").filter({ hasText: "Up" })).toHaveCount(0);
  await expectNoAxeViolations(page);
  const older = page.getByRole("link", { name: "Older alerts →" });
  if (await older.count()) {
    await older.click();
    await expect(page).toHaveURL(/status=down&page=2$/);
    await expect(page.getByRole("link", { name: "← Newer alerts" })).toBeVisible();
  }
});

test("bandwidth for last month: chart, 95th percentile and the same 95th percentile from the CSV", async ({ page }) => {
  await signIn(page, "business@example.com", { cameFrom: "/internet/view/8001/bandwidth" });
  await expect(page).toHaveTitle(/^Bandwidth – .+ \| myLakeshore$/);
  // By default: the current month.
  const month = new Date().toISOString().slice(0, 8);
  await expect(page.getByLabel("From", { exact: true })).toHaveValue(`${month}01`);

  const { from, to, days } = lastMonth();
  await page.getByRole("navigation", { name: "Quick ranges" }).getByRole("link", { name: "Last month" }).click();
  await page.waitForURL((url) => url.searchParams.get("from_date") === from && url.searchParams.get("to_date") === to);
  await expect(page.getByLabel("From", { exact: true })).toHaveValue(from);

  const chart = page.getByRole("img", { name: /^Download and upload rates from .+ to .+/ });
  await expect(chart).toBeVisible();
  // The download line, written once for both sizes of the chart, is shown in this one.
  await expect(chart.locator("use[data-series='download']")).toHaveAttribute("href", "#bandwidth-chart-line-download");
  await expect(page.locator("#bandwidth-chart-line-download")).toHaveAttribute("d", /^M\d+ [\d.]+L\d+ [\d.]+/);
  if (hasJs()) {
    // Pointing at the chart tells the values there.
    await chart.hover({ position: { x: 200, y: 100 } });
    await expect(page.getByTestId("bandwidth-chart-hover")).toContainText(/Download: [\d,.]+\sMbps, Upload: [\d,.]+\sMbps/);
  }

  const summary = page.getByTestId("bandwidth-summary");
  const p95Text = (await summary.locator("[data-direction='download'] [data-row='p95'] dd").textContent())!;
  expect(p95Text).toMatch(/^[\d,]+(\.\d+)?\u00a0Mbps$/);
  const p95 = Number(p95Text.replace(/[^\d.]/g, ""));
  // The 95th percentile's line carries its value, rounded as the axis is, beside the drawing area and off
  // the lines; the legend names it with the value as the summary writes it.
  await expect(chart.locator("[data-marker='95th percentile, download'] text")).toHaveText(Math.round(p95).toLocaleString("en-CA"));
  expect(await page.locator("[data-legend-marker='95th percentile, download']").textContent()).toBe(
    `95th percentile, download: ${p95Text}`,
  );
  await expect(page.getByTestId("bandwidth-days").locator("tbody tr")).toHaveCount(days);

  const href = (await page.getByTestId("bandwidth-csv").getAttribute("href"))!;
  expect(href).toBe(`/internet/view/8001/bandwidth.csv?from_date=${from}&to_date=${to}`);
  const csv = await page.request.get(href);
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  const lines = (await csv.text()).trim().split("\r\n");
  expect(lines[0]).toBe("time_utc,download_mbps,upload_mbps");
  expect(lines).toHaveLength(1 + days * 24);
  expect(percentile95(lines.slice(1).map((line) => Number(line.split(",")[1])))).toBe(p95);
  await expectNoAxeViolations(page);

  // Wrong dates are explained next to the form.
  await page.goto("/internet/view/8001/bandwidth?from_date=2020-01-01&to_date=2020-12-31");
  await expect(page.getByText("Choose a range of 60 days or fewer.")).toBeVisible();
  await expect(page.getByLabel("To", { exact: true })).toHaveAttribute("aria-invalid", "true");
});

test("bandwidth in French: numbers and axis as written in French, every label inside the chart @static", async ({ page }) => {
  // 8024 is a 10 Gbps link: its axis runs into the thousands, the widest numbers of the demo. Last month,
  // whole whatever today is: weekday afternoons over 1 000 Mbit/s (its bursts move with the seed's day).
  const { from, to } = lastMonth();
  await signIn(page, "business@example.com", { cameFrom: `/internet/view/8024/bandwidth?lng=fr&from_date=${from}&to_date=${to}` });
  await expect(page.getByRole("heading", { name: "Bande passante", level: 2 })).toBeVisible();
  const p95 = (await page.getByTestId("bandwidth-summary").locator("[data-direction='download'] [data-row='p95'] dd").textContent())!;
  expect(p95).toMatch(/^[\d\u202f\u00a0]+(,\d+)?\u00a0Mbit\/s$/);
  const chart = page.getByRole("img", { name: /^Débits de téléchargement et de téléversement du / });
  await expect(chart.locator("[data-axis-unit]")).toHaveText("Mbit/s");
  // Thousands grouped with a narrow no-break space, as French writes them; no comma, no plain space.
  const axis = await chart.locator("text[text-anchor='end']").allTextContents();
  expect(axis.length).toBeGreaterThan(3);
  for (const label of axis) expect(label).toMatch(/^\d{1,3}([\u202f\u00a0]\d{3})*$/);
  expect(axis.some((label) => /^\d{1,3}[\u202f\u00a0]\d{3}$/.test(label))).toBe(true);
  // The legend names each 95th percentile with its value, a no-break space before the colon.
  expect(await page.locator("[data-legend-marker='95e centile, téléchargement']").textContent()).toBe(
    `95e centile, téléchargement\u00a0: ${p95}`,
  );
  for (const width of [1366, ...PHONE_WIDTHS]) await expectFitsWidth(page, width);
  await expectNoAxeViolations(page);
});

test("editing an endpoint's monitoring settings", async ({ page }) => {
  // Each run its own endpoint, so the two runs never read each other's values.
  const [serviceId, account] = hasJs() ? ["8003", "200302"] : ["8008", "200303"];
  const label = `Core link ${hasJs() ? "js" : "no-js"} ${Date.now() % 100000}`;
  await signIn(page, "business@example.com", { cameFrom: `/internet/view/${serviceId}` });
  await expect(page.getByText(`(customer ID ${account})`)).toBeVisible();
  await page.getByRole("link", { name: "Edit monitoring settings" }).click();
  await expect(page).toHaveURL(new RegExp(`/internet/view/${serviceId}/settings$`));
  await expect(page).toHaveTitle(/^Monitoring settings – .+ \| myLakeshore$/);

  await page.getByLabel("Name", { exact: true }).fill(label);
  // The refusal names the bad address, next to the field as in the summary (as the support form's CC does).
  await page.getByLabel("Alert email addresses").fill("noc@example.com, noc@@example");
  await page.getByRole("button", { name: "Save settings" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary).toBeVisible();
  const invalid = "noc@@example is not a valid email address. Correct it or remove it.";
  await expect(summary.getByRole("link", { name: invalid })).toBeVisible();
  await expect(page.getByLabel("Alert email addresses")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Alert email addresses")).toHaveAccessibleDescription(new RegExp(invalid.replace(/\./g, "\\.")));
  // Past the limit of five: the limit and how many were entered.
  await page
    .getByLabel("Alert email addresses")
    .fill("a@example.com b@example.com c@example.com d@example.com e@example.com f@example.com");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByLabel("Alert email addresses")).toHaveAccessibleDescription(/Enter at most 5 email addresses \(you entered 6\)\./);
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(label);
  await expectNoAxeViolations(page);

  await page.getByLabel("Alert email addresses").fill("noc@example.com, oncall@example.com");
  await page.getByLabel("Description").fill("Fibre into the server room");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page).toHaveURL(new RegExp(`/internet/view/${serviceId}$`));
  await expect(page.getByText("Successfully Updated endpoint details")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(label);
  const settings = page.getByRole("region", { name: "Monitoring settings" });
  await expect(settings).toContainText("noc@example.com");
  await expect(settings).toContainText("oncall@example.com");
  await expect(settings).toContainText("Fibre into the server room");
  await expectNoAxeViolations(page);
});

test("the endpoint in French: details, IP blocks, alerts and a refused settings form", async ({ page }) => {
  await signIn(page, "business@example.com", { cameFrom: "/internet/view/8024?lng=fr" });
  await expect(page).toHaveTitle(/^Point de terminaison réseau – .+ \| myLakeshore$/);
  await expect(page.getByTestId("endpoint-down")).toContainText("Ce service est en panne");
  await expect(page.getByRole("region", { name: "Connexion" })).toContainText("10\u00a0000\u00a0Mbit/s");
  await expectNoAxeViolations(page);
  const tabs = page.getByRole("navigation", { name: "Pages du point de terminaison" });
  await tabs.getByRole("link", { name: "Blocs IP" }).click();
  await expect(page.getByRole("table", { name: "Blocs IP acheminés vers ce point de terminaison" })).toContainText("Passerelle");
  await tabs.getByRole("link", { name: "Historique des alertes" }).click();
  await expect(page.getByRole("table", { name: "Alertes, de la plus récente à la plus ancienne" })).toContainText("Hors service");
  await expectNoAxeViolations(page);
  await page.goto("/internet/view/8024/settings");
  await settled(page);
  await page.getByLabel("Adresses courriel pour les alertes").fill("pas une adresse");
  await page.getByRole("button", { name: "Enregistrer les paramètres" }).click();
  // The message names the addresses refused (spaces separate addresses too).
  await expect(page.getByText(/Ces adresses courriel ne sont pas valides.*pas, une, adresse\./).first()).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a contact with only billing and notify roles sees the settings read-only @static", async ({ page }) => {
  await signIn(page, "business@example.com", { cameFrom: "/internet/view/8016" });
  await expect(page.getByTestId("settings-read-only")).toBeVisible();
  await expect(page.getByRole("link", { name: "Edit monitoring settings" })).toHaveCount(0);
  expect((await page.request.get("/internet/view/8016/settings")).status()).toBe(403);
  // Services that are not dedicated internet, and ids that are not numbers, have no endpoint page.
  expect((await page.request.get("/internet/view/8002")).status()).toBe(404);
  expect((await page.request.get("/internet/view/abc")).status()).toBe(404);
});

test("the down service of Etobicoke Cold Storage shows as down, with its alert", async ({ page }) => {
  await signIn(page, "business@example.com", { cameFrom: "/dashboard/200308" });
  const row = page.getByRole("row").filter({ hasText: "DIA-308-024" });
  await expect(row).toContainText("Down");
  await row.getByRole("link").click();
  await expect(page).toHaveURL(/\/internet\/view\/8024$/);
  const alert = page.getByTestId("endpoint-down");
  await expect(alert).toContainText("This service is down");
  await expect(alert).toContainText(/Down since .+: Interface down\./);
  await expect(page.getByRole("region", { name: "Latest alert" })).toContainText("Down");
  await expectNoAxeViolations(page);
});

test("a cabinet: power per circuit with its limit, the circuit near its limit standing out, and the CSV", async ({ page }) => {
  await signIn(page, "business@example.com", { cameFrom: "/dashboard/200302" });
  await page.getByRole("link", { name: "Cabinet 42U" }).click();
  await expect(page).toHaveURL(/\/cabinet-spaces\/8005$/);
  await expect(page).toHaveTitle("Cabinet space – Cabinet 42U | myLakeshore");
  await expect(page.getByTestId("near-limit")).toContainText("A feed peaked at");
  const circuits = page.getByRole("table", { name: "Power by circuit" });
  const a = circuits.getByRole("row").filter({ hasText: "A feed" });
  await expect(a).toContainText("24 A");
  await expect(a).toContainText("Near its limit");
  await expect(circuits.getByRole("row").filter({ hasText: "B feed" })).not.toContainText("Near its limit");
  const chart = page.getByRole("img", { name: "Current drawn on A feed" });
  await expect(chart.locator("[data-marker='Continuous limit'] text")).toHaveText("24");
  expect(await page.locator("[data-legend-marker='Continuous limit']").first().textContent()).toBe("Continuous limit: 24\u00a0A");
  await expect(page.getByTestId("power-days").locator("tbody tr").first()).toBeVisible();
  await expectNoDeadLinks(page);
  await expectNoAxeViolations(page);

  const { from, to, days } = lastMonth();
  await page.getByLabel("From", { exact: true }).fill(from);
  await page.getByLabel("To", { exact: true }).fill(to);
  await page.getByRole("button", { name: "Show" }).click();
  await page.waitForURL((url) => url.searchParams.get("from_date") === from);
  await expect(page.getByTestId("power-days").locator("tbody tr")).toHaveCount(days);
  const csv = await page.request.get((await page.getByTestId("power-csv").getAttribute("href"))!);
  const lines = (await csv.text()).trim().split("\r\n");
  expect(lines[0]).toBe("time_utc,circuit,voltage,breaker_amps,max_continuous_amps,amps");
  expect(lines).toHaveLength(1 + 2 * days * 24);
});

test("a cabinet in French @static", async ({ page }) => {
  await signIn(page, "business@example.com", { cameFrom: "/cabinet-spaces/8005?lng=fr" });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Espace d’armoire – Armoire 42U");
  await expect(page.getByRole("table", { name: "Puissance par circuit" })).toContainText("Près de sa limite");
  await expect(page.getByRole("img", { name: "Courant tiré sur A feed" })).toBeVisible();
  await expectNoAxeViolations(page);
});
