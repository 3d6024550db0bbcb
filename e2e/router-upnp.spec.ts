/**
 * UPnP on or off from the router page, as a customer does it, with JavaScript off and on: the section's
 * button turns it off (its rules are no longer listed), then on again; an offline router refuses with its
 * message. Each project changes its own router (resi@'s 7001 without JavaScript, family@'s condo 7201 with
 * it) and puts UPnP back on; family@'s offline 7101 is only refused.
 */
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, hasJs, signIn } from "./support";

test("turn UPnP off, then on again, from the router page", async ({ page }) => {
  const [user, router] = hasJs() ? ["family@example.com", "/internet/router/7201"] : ["resi@example.com", "/internet/router/7001"];
  await signIn(page, user, { cameFrom: router });
  const upnp = page.getByRole("region", { name: "Ports opened by devices (UPnP)" });
  await expect(upnp).toContainText("UPnP lets devices such as game consoles open ports");
  await expect(upnp).toContainText("UPnP is on.");
  if (!hasJs()) await expect(upnp.getByRole("table", { name: "Ports opened by devices through UPnP" })).toBeVisible();

  await upnp.getByRole("button", { name: "Turn UPnP off" }).click();
  await expect(page).toHaveURL(`${router}#upnp`);
  await expect(upnp).toContainText("UPnP is off: devices cannot open ports on your router by themselves.");
  await expect(upnp.getByRole("table")).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Read again from the API on a new page, still off.
  await page.goto(`${router}/upnp`);
  await expect(page).toHaveTitle("UPnP | myLakeshore");
  await expect(page.getByText("UPnP is off:")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Turn UPnP on" }).click();
  await expect(page).toHaveURL(`${router}#upnp`);
  await expect(upnp).toContainText("UPnP is on.");
  await expect(upnp.getByRole("button", { name: "Turn UPnP off" })).toBeVisible();
});

test("an offline router: the switch waits, and a page opened before refuses, with its message, and keeps UPnP as it was", async ({
  page,
}) => {
  await signIn(page, "family@example.com", { cameFrom: "/internet/router/7101" });
  const upnp = page.getByRole("region", { name: "Ports opened by devices (UPnP)" });
  await expect(upnp).toContainText("You can turn UPnP on or off once your router is back online.");
  await expect(upnp.getByRole("button", { name: /Turn UPnP/ })).toHaveCount(0);
  // The switch's own page, as a tab opened before the router went offline shows it.
  await page.goto("/internet/router/7101/upnp");
  await page.getByRole("button", { name: "Turn UPnP off" }).click();
  await expect(page).toHaveURL("/internet/router/7101/upnp");
  await expect(
    page.getByText("Your router cannot be reached right now (it is offline or restarting), so nothing was changed."),
  ).toBeVisible();
  await expect(page.getByText("UPnP is on.")).toBeVisible();
  await expectNoAxeViolations(page);
});

test("the UPnP switch in French @static", async ({ page }) => {
  await signIn(page, "resi@example.com", { cameFrom: "/internet/router/7001/upnp?lng=fr" });
  await expect(page.getByText("UPnP permet à des appareils comme les consoles de jeu")).toBeVisible();
  await expect(page.getByRole("link", { name: "Annuler" })).toHaveAttribute("href", "/internet/router/7001");
  await expectNoAxeViolations(page);
});
