/**
 * Restarting the router, as a customer does it: from the router page to the confirmation, then the status
 * page until the router is back online; without JavaScript by its "Check again" link, with it by itself.
 * The end-to-end server's restarts take ROUTER_RESTART_SECONDS (playwright.config.ts). Each project
 * restarts its own router of family@example.com's parents' account (7301 without JavaScript, 7303 with
 * it), which no other test reads, so that a restart never meets another test's router page.
 */
import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations, hasJs, signIn } from "./support";

// Flows of several pages, each checked with axe, that wait for a restart to end.
test.describe.configure({ timeout: 120_000 });

/** A time of day as the portal writes it in English ("3:10 p.m."). */
const TIME = /\d{1,2}:\d{2}\s[ap]\.m\./;

const liveStatus = (page: Page) => page.getByRole("status").filter({ hasText: /Restarting|back online/ });

test("restart the router: confirmation, restarting, check again, back online", async ({ page }) => {
  const router = hasJs() ? "/internet/router/7303" : "/internet/router/7301";
  await signIn(page, "family@example.com", { cameFrom: router });
  await page.getByRole("region", { name: "Your router", exact: true }).getByRole("link", { name: "Restart the router" }).click();

  // The confirmation says what happens, with a way back.
  await expect(page).toHaveURL(`${router}/restart`);
  await expect(page).toHaveTitle("Restart the router | myLakeshore");
  await expect(page.getByText("Your WiFi and home phone stop for about two minutes")).toBeVisible();
  await expect(page.getByText("Your devices reconnect by themselves")).toBeVisible();
  await expect(page.getByRole("link", { name: "Keep it running" })).toHaveAttribute("href", router);
  await expectNoAxeViolations(page);
  // The same confirmation in a second tab, answered once the first has started the restart.
  const second = await page.context().newPage();
  await second.goto(`${router}/restart`);
  await page.getByRole("button", { name: "Restart now" }).click();

  // The status page follows the restart.
  await expect(page).toHaveURL(`${router}/restart/status`);
  await expect(page).toHaveTitle("Router restart | myLakeshore");
  await expect(liveStatus(page)).toContainText("Restarting… started at");
  await expect(liveStatus(page)).toContainText(TIME);
  await expect(page.getByRole("progressbar", { name: "Restart progress" })).toBeVisible();
  if (!hasJs()) await expectNoAxeViolations(page);

  // The second tab's button is refused: its page says a restart is under way and leads to it.
  await second.getByRole("button", { name: "Restart now" }).click();
  await expect(second.getByText(/Your router is already restarting: it started at/)).toBeVisible();
  await expect(second.getByRole("button", { name: "Restart now" })).toHaveCount(0);
  await expect(second.getByRole("link", { name: "Follow the restart" })).toHaveAttribute("href", `${router}/restart/status`);
  await second.close();

  // Meanwhile the router page says so, and another restart is not offered.
  await page.getByRole("link", { name: "Back to your router" }).click();
  await expect(page.getByText("Your router is restarting", { exact: true })).toBeVisible();
  const overview = page.getByRole("region", { name: "Your router", exact: true });
  await expect(overview).toContainText("Restarting");
  await expect(overview.getByRole("link", { name: "Restart the router" })).toHaveCount(0);
  // What the router must take at once waits, and says so: UPnP and a device's pause.
  const upnp = page.getByRole("region", { name: "Ports opened by devices (UPnP)" });
  await expect(upnp.getByRole("button", { name: /Turn UPnP/ })).toHaveCount(0);
  await expect(upnp).toContainText("You can turn UPnP on or off once your router is back online.");
  const devices = page.getByRole("region", { name: "Devices and addresses (DHCP leases)" });
  await expect(devices).toContainText("Devices can be paused once your router is back online.");
  await expect(devices.getByRole("link", { name: /^Pause / })).toHaveCount(0);
  await expect(devices.getByRole("link", { name: /^(Reserve address|Change reservation) / }).first()).toBeVisible();
  await page.goto(`${router}/restart`);
  await expect(page.getByText(/Your router is already restarting: it started at/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Restart now" })).toHaveCount(0);
  await page.getByRole("link", { name: "Follow the restart" }).click();
  await expect(page).toHaveURL(`${router}/restart/status`);

  if (hasJs()) {
    // Live: the page reads the restart again by itself, and its live region says when the router is back.
    await expect(liveStatus(page)).toContainText("Your router is back online", { timeout: 45_000 });
  } else {
    // A plain link reads the page again, until the router is back.
    await expect(async () => {
      await page.getByRole("link", { name: "Check again" }).click();
      await expect(liveStatus(page)).toContainText("Your router is back online", { timeout: 500 });
    }).toPass({ timeout: 45_000, intervals: [1_000] });
  }
  await expect(liveStatus(page)).toContainText(TIME);
  await expect(page.getByRole("link", { name: "Check again" })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Back on the router page, online, and the restart is offered again.
  await page.getByRole("link", { name: "Back to your router" }).click();
  await expect(page).toHaveURL(router);
  await expect(overview).toContainText("Online");
  await expect(overview.getByRole("link", { name: "Restart the router" })).toBeVisible();
  await expect(upnp.getByRole("button", { name: /Turn UPnP/ })).toBeVisible();
  await expect(devices.getByRole("link", { name: /^Pause / }).first()).toBeVisible();
});

test("the restart confirmation in French @static", async ({ page }) => {
  await signIn(page, "resi@example.com", { cameFrom: "/internet/router/7001/restart?lng=fr" });
  await expect(page).toHaveTitle("Redémarrer le routeur | myLakeshore");
  await expect(page.getByText("Votre Wi-Fi et votre téléphone résidentiel sont coupés pendant environ deux minutes")).toBeVisible();
  await expect(page.getByRole("button", { name: "Redémarrer maintenant" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Le laisser en marche" })).toHaveAttribute("href", "/internet/router/7001");
  await expectNoAxeViolations(page);
});
