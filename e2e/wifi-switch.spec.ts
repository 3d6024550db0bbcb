/**
 * Each WiFi network on or off from the WiFi settings page, with JavaScript off and on. Without JavaScript
 * the guest network of resi@'s package 5001 is turned on for 4 hours (the time left shown), then off again;
 * with it, the 5 GHz network is turned off and on. Each project changes its own network and puts it back.
 */
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, hasJs, signIn } from "./support";

test("turn a WiFi network off and on, the guest network with a time limit", async ({ page }) => {
  await signIn(page, "resi@example.com", { cameFrom: "/wifi/5001" });
  if (!hasJs()) {
    const guest = page.getByRole("region", { name: /Guest/ });
    await expect(guest).toContainText("Guests get the internet only: they cannot see or reach");
    await guest.getByLabel("Turn off after").selectOption({ label: "4 hours" });
    await guest.getByRole("button", { name: "Turn on the guest network" }).click();
    await expect(page).toHaveURL("/wifi/5001#band-guest");
    await expect(guest).toContainText(/Turns itself off at .+ \((3\sh\s59|4\sh\s0)\smin left\)\./);
    await expectNoAxeViolations(page);
    await guest.getByRole("button", { name: "Turn off the guest network" }).click();
    await expect(guest.getByRole("button", { name: "Turn on the guest network" })).toBeVisible();
    await expect(guest).not.toContainText("Turns itself off at");
  } else {
    const fast = page.getByRole("region", { name: "5 GHz network" });
    await fast.getByRole("button", { name: "Turn off the 5 GHz network" }).click();
    await expect(page.locator('[data-notification="success"]')).toContainText("is off.");
    await expect(fast.getByRole("button", { name: "Turn on the 5 GHz network" })).toBeVisible();
    await expectNoAxeViolations(page);
    await fast.getByRole("button", { name: "Turn on the 5 GHz network" }).click();
    await expect(fast.getByRole("button", { name: "Turn off the 5 GHz network" })).toBeVisible();
  }
});
