/**
 * The router, as customers use it: with JavaScript disabled ("no-js") and enabled ("js"), in English
 * and French. Changes happen on resi@example.com's router (service 7001) and are undone by the same
 * test: each project uses its own device, addresses, protocol and rule description, so the two runs
 * never meet. family@example.com's home router (7101) is offline: its statistics answer an error.
 */
import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations, hasJs, signIn } from "./support";

const ROUTER = "/internet/router/7001";
const project = () => test.info().project.name;
const notice = (page: Page) => page.locator('[data-notification="success"]');

// Flows of many pages, each checked with axe, on a machine the suites share.
test.describe.configure({ timeout: 120_000 });

/** With JavaScript the notice floats over the top of the page: dismiss it, as a customer would, before going on. */
async function dismissNotice(page: Page) {
  if (hasJs()) await page.getByRole("button", { name: "Dismiss notification" }).click();
}

/** Opens the LAN settings: a dialog with JavaScript, the page's ?dialog=lan address without. */
async function openLanSettings(page: Page) {
  await page.getByRole("link", { name: "Change LAN settings" }).click();
  if (hasJs()) await expect(page.getByRole("dialog", { name: "Change LAN settings" })).toBeVisible();
  else await expect(page).toHaveURL(/\?dialog=lan$/);
}

async function setLeaseTime(page: Page, label: string) {
  await openLanSettings(page);
  await page.getByLabel("Lease time").selectOption({ label });
  await page.getByRole("button", { name: "Save LAN settings" }).click();
  await expect(notice(page)).toContainText("Your LAN settings are saved.");
  await expect(page.getByRole("region", { name: "LAN settings", exact: true })).toContainText(label);
  await dismissNotice(page);
}

test("the router page shows the router, its LAN, devices, rules and statistics, and the dashboard leads to it", async ({ page }) => {
  await signIn(page, "resi@example.com", { cameFrom: "/dashboard/100101" });
  await page.getByRole("link", { name: "Router settings" }).click();
  await expect(page).toHaveURL(ROUTER);
  await expect(page).toHaveTitle("Router settings | myLakeshore");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Router settings");
  await expect(page.getByText("Fibre 1 Gbps · Maya Singh · Customer ID 100101")).toBeVisible();
  await expect(page.getByRole("region", { name: "Your router", exact: true })).toContainText("Nordlink HomeHub 6E");
  await expect(page.getByRole("region", { name: "LAN settings", exact: true })).toContainText("192.168.1.100 to 192.168.1.199");
  const leases = page.getByRole("table", { name: "Devices that have an address from your router" });
  await expect(leases.getByRole("row", { name: /nas 00:11:32:AB:CD:10 192\.168\.1\.10 .* Reserved/ })).toBeVisible();
  await expect(page.getByRole("table", { name: "Port forwarding rules" })).toContainText("NAS remote access");
  await expect(page.getByRole("table", { name: /Traffic per connection/ })).toContainText("Internet");
  await expectNoAxeViolations(page);
});

test("the router page in French @static", async ({ page }) => {
  await signIn(page, "resi@example.com", { cameFrom: `${ROUTER}?lng=fr` });
  await expect(page).toHaveTitle("Paramètres du routeur | myLakeshore");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Paramètres du routeur");
  await expect(page.getByRole("heading", { name: "Redirection de ports" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Paramètres du réseau local", exact: true })).toContainText(
    "De 192.168.1.100 à 192.168.1.199",
  );
  await expect(page.getByRole("link", { name: "Ajouter une règle" })).toBeVisible();
  // Each device's links say which device, after the words they show (a voice command of those words works).
  const nas = page.getByRole("row", { name: /Home NAS/ });
  await expect(nas.getByRole("link", { name: "Modifier la réservation de l’appareil Home NAS", exact: true })).toHaveText(
    "Modifier la réservation",
  );
  await expect(nas.getByRole("link", { name: "Suspendre l’appareil Home NAS", exact: true })).toHaveText("Suspendre");
  await expectNoAxeViolations(page);
});

test("the rule form in French: an empty rule is refused with French messages on its fields", async ({ page }) => {
  await signIn(page, "resi@example.com", { cameFrom: `${ROUTER}/port-forwarding/new?lng=fr` });
  await expect(page).toHaveTitle("Ajouter une règle de redirection de ports | myLakeshore");
  await page.getByRole("button", { name: "Ajouter la règle" }).click();
  const summary = page.getByTestId("error-summary");
  await expect(summary).toContainText("Entrez une description.");
  await expect(summary).toContainText("Entrez l’adresse de l’appareil.");
  await expect(page.getByLabel("Description")).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);
});

test("an offline router: statistics say the server could not provide them, and every other section still works", async ({ page }) => {
  await signIn(page, "family@example.com", { cameFrom: "/internet/router/7101" });
  const statistics = page.getByRole("region", { name: "Statistics", exact: true });
  await expect(statistics).toContainText("Server could not provide network statistics");
  await expect(page.getByText("Your router is offline", { exact: true })).toBeVisible();
  await expect(page.getByText(/^Changes to its LAN settings, address reservations and port forwarding rules are kept/)).toBeVisible();
  // What the router must take at once waits, and says so: UPnP and a device's pause.
  const upnp = page.getByRole("region", { name: "Ports opened by devices (UPnP)" });
  await expect(upnp).toContainText("You can turn UPnP on or off once your router is back online.");
  await expect(upnp.getByRole("button", { name: /Turn UPnP/ })).toHaveCount(0);
  const devices = page.getByRole("region", { name: "Devices and addresses (DHCP leases)" });
  await expect(devices).toContainText("Devices can be paused once your router is back online.");
  await expect(devices.getByRole("link", { name: /^Pause / })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "LAN settings", exact: true })).toContainText("192.168.1.50 to 192.168.1.250");
  await expect(page.getByRole("table", { name: "Port forwarding rules" })).toContainText("Home camera");
  await expect(page.getByRole("table", { name: "Devices that have an address from your router" })).toContainText("Jordans-iPhone");
  // The older router type changes its LAN settings on a page of its own.
  await expect(page.getByRole("link", { name: "Change LAN settings" })).toHaveAttribute("href", "/internet/router/7101/lan");
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Change LAN settings" }).click();
  await expect(page).toHaveTitle("Change LAN settings | myLakeshore");
  await expect(page.getByLabel("Router address")).toHaveValue("192.168.1.1");
  await expectNoAxeViolations(page);
});

test("change the DHCP lease time; a refused value shows on its field", async ({ page }) => {
  await signIn(page, "resi@example.com", { cameFrom: ROUTER });
  await openLanSettings(page);
  await expectNoAxeViolations(page);
  await page.getByLabel("Router address").fill("8.8.8.8");
  await page.getByRole("button", { name: "Save LAN settings" }).click();
  await expect(page.getByTestId("error-summary")).toContainText("There is a problem");
  await expect(page.getByLabel("Router address")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Enter a private address: 10.x.x.x, 172.16.x.x to 172.31.x.x, or 192.168.x.x.").first()).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto(ROUTER);
  const label = project() === "js" ? "2 hours" : "12 hours";
  await setLeaseTime(page, label);
  // Put it back as seeded.
  await setLeaseTime(page, "1 day");
});

test("the LAN settings dialog works with the keyboard alone", async ({ page }) => {
  await signIn(page, "resi@example.com", { cameFrom: ROUTER });
  const open = page.getByRole("link", { name: "Change LAN settings" });
  await open.focus();
  await page.keyboard.press("Enter");
  const field = page.getByLabel("Router address");
  if (hasJs()) {
    const dialog = page.getByRole("dialog", { name: "Change LAN settings" });
    await expect(dialog).toBeVisible();
    // Focus is inside the dialog and stays there, whatever the number of Tabs.
    await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    for (let i = 0; i < 15; i++) await page.keyboard.press("Tab");
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    for (let i = 0; i < 3; i++) await page.keyboard.press("Shift+Tab");
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(ROUTER);
    // Focus goes back to where it was.
    await expect(open).toBeFocused();
  } else {
    await expect(page).toHaveURL(`${ROUTER}?dialog=lan`);
    await expect(page.getByRole("heading", { name: "Change LAN settings", level: 2 })).toBeVisible();
    // The page's first field after the skip link and header: Tab until the Router address field.
    for (let i = 0; i < 30 && !(await field.evaluate((f) => f === document.activeElement)); i++) await page.keyboard.press("Tab");
    await expect(field).toBeFocused();
    const cancel = page.getByRole("region", { name: "Change LAN settings", exact: true }).getByRole("link", { name: "Cancel" });
    for (let i = 0; i < 15 && !(await cancel.evaluate((f) => f === document.activeElement)); i++) await page.keyboard.press("Tab");
    await expect(cancel).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(ROUTER);
  }
});

test("reserve an address for a device: outside the subnet and in use are refused, then remove it", async ({ page }) => {
  // Each device by its name on the home network, as the lease list and its links name it.
  const [device, address] = project() === "js" ? ["Front Door Camera", "192.168.1.62"] : ["Thermostat", "192.168.1.61"];
  await signIn(page, "resi@example.com", { cameFrom: ROUTER });
  await page.getByRole("link", { name: `Reserve address for ${device}` }).click();
  await expect(page).toHaveTitle("Reserve an address | myLakeshore");
  await expect(page.getByLabel("Device")).toHaveValue(/^[0-9A-F:]{17}$/);
  await expectNoAxeViolations(page);
  const ip = page.getByLabel("Address to reserve");
  const submit = page.getByRole("button", { name: "Reserve this address" });

  await ip.fill("10.0.0.5");
  await submit.click();
  await expect(page.getByText("This address is outside your network. Enter an address inside the router's subnet.").first()).toBeVisible();
  await expect(ip).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);

  await ip.fill("192.168.1.10");
  await submit.click();
  await expect(
    page.getByText("This address is already used by the router or another device. Choose another address.").first(),
  ).toBeVisible();
  await expect(ip).toHaveAttribute("aria-invalid", "true");

  await ip.fill(address);
  await submit.click();
  await expect(page).toHaveURL(`${ROUTER}#dhcp-leases`);
  await expect(notice(page)).toContainText("Successfully updated DHCP lease.");
  const table = page.getByRole("table", { name: "Devices that have an address from your router" });
  await expect(table.getByRole("row", { name: new RegExp(`^${device} .* ${address.replace(/\./g, "\\.")} .*Reserved`) })).toBeVisible();
  await dismissNotice(page);

  await page.getByRole("link", { name: `Remove reservation for ${device}` }).click();
  await expect(page).toHaveTitle("Remove a reservation | myLakeshore");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Remove the reservation" }).click();
  await expect(notice(page)).toContainText(`The reservation of ${address} is removed.`);
  await expect(table).not.toContainText(address);
});

test("add a port forwarding rule for 8080–8090, refuse the same description twice, edit it, remove it", async ({ page }) => {
  const description = `Game server ${project()}`;
  // Each run its own protocol, so the two runs' ranges never overlap.
  const protocol = project() === "js" ? "UDP" : "TCP";
  await signIn(page, "resi@example.com", { cameFrom: ROUTER });

  const add = async () => {
    await page.getByRole("link", { name: "Add a rule" }).click();
    await expect(page).toHaveTitle("Add a port forwarding rule | myLakeshore");
    await page.getByLabel(protocol, { exact: true }).check();
    await page.getByLabel("Port (or first port)").fill("8080");
    await page.getByLabel("Last port (optional)").fill("8090");
    await page.getByLabel("Device address").fill("192.168.1.106");
    // Last: with JavaScript a taken description is flagged as soon as the field is left.
    await page.getByLabel("Description").fill(description);
    await page.getByRole("button", { name: "Add the rule" }).click();
  };
  await add();
  await expect(notice(page)).toContainText(`The rule “${description}” is added.`);
  const rules = page.getByRole("table", { name: "Port forwarding rules" });
  await expect(rules.getByRole("row", { name: new RegExp(`${description} ${protocol} 8080–8090 192\\.168\\.1\\.106 On`) })).toBeVisible();

  await dismissNotice(page);
  await add();
  await expect(page.getByLabel("Description")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Another rule already has this description. Choose a different one.").first()).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Cancel" }).click();

  await page.getByRole("link", { name: `Change the rule ${description}` }).click();
  await expect(page).toHaveTitle("Change a port forwarding rule | myLakeshore");
  await expect(page.getByLabel("Last port (optional)")).toHaveValue("8090");
  await page.getByLabel("Last port (optional)").fill("8095");
  await page.getByLabel("Device port (optional)").fill("9080");
  await page.getByRole("button", { name: "Save the rule" }).click();
  await expect(notice(page)).toContainText(`The rule “${description}” is saved.`);
  await dismissNotice(page);
  await expect(
    rules.getByRole("row", { name: new RegExp(`${description} ${protocol} 8080–8095 192\\.168\\.1\\.106:9080–9095`) }),
  ).toBeVisible();

  await page.getByRole("link", { name: `Remove the rule ${description}` }).click();
  await expect(page).toHaveTitle("Remove a port forwarding rule | myLakeshore");
  await expect(page.getByText(`The rule “${description}” (ports 8080–8095 to 192.168.1.106) will be removed.`)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Remove the rule" }).click();
  await expect(notice(page)).toContainText(`The rule “${description}” is removed.`);
  await expect(rules).not.toContainText(description);

  // Back to the removal page: the rule is gone, so the router's rules, saying so (not "404 Not Found").
  await dismissNotice(page);
  await page.goBack();
  await expect(page.locator('[data-notification="info"]')).toContainText(
    "That port forwarding rule was removed. Here are the router’s rules.",
  );
  await expect(page).toHaveURL(new RegExp(`${ROUTER}(#port-forwarding)?$`));
  await expect(page.getByRole("heading", { level: 1, name: "404 Not Found" })).toHaveCount(0);
  await expect(rules).toBeVisible();
});

test("refresh the lease table from the router", async ({ page }) => {
  await signIn(page, "resi@example.com", { cameFrom: ROUTER });
  await page.getByRole("button", { name: "Refresh from the router" }).click();
  await expect(page).toHaveURL(`${ROUTER}#dhcp-leases`);
  await expect(notice(page)).toContainText("The table was read from your router just now.");
  await expect(page.getByText(/^Last read from your router: /)).toBeVisible();
  await expect(page.getByRole("table", { name: "Devices that have an address from your router" })).toContainText("Thermostat");
});

test("live diagnostics exist only with JavaScript, and say plainly when they cannot connect", async ({ page }) => {
  await signIn(page, "resi@example.com", { cameFrom: ROUTER });
  const panel = page.getByRole("region", { name: "Live diagnostics", exact: true });
  if (!hasJs()) {
    await expect(page.getByRole("region", { name: "Statistics", exact: true })).toBeVisible();
    await expect(panel).toHaveCount(0);
    return;
  }
  await panel.getByRole("button", { name: "Start live diagnostics" }).click();
  await expect(panel.getByRole("status")).toContainText("We could not connect to live diagnostics.", { timeout: 15_000 });
  await expect(panel.getByRole("button", { name: "Try again" })).toBeVisible();
  await expectNoAxeViolations(page);
});
