/**
 * Pausing a device's internet from the router page's lease list, as a customer does it, with JavaScript
 * off and on: a bedtime schedule (Monday to Friday, 9 p.m. to 7 a.m.) shows in the router's data on the
 * next page and through the API, then a pause by hand, which the network overview marks, and back. Each
 * project changes its own router (resi@'s 7001 and Maya's iPhone without JavaScript, family@'s condo 7201
 * and Jordan's iPhone with it) and leaves it as it was; family@'s offline 7101 is only refused.
 */
import { expect, test, type Page } from "@playwright/test";
import { expectFitsWidth } from "./phone";
import { expectNoAxeViolations, hasJs, signIn } from "./support";

/** This project's router and device. */
const device = () => {
  const [user, service, packageId, mac, name, host] = hasJs()
    ? ["family@example.com", 7201, 5201, "F4:0F:24:77:10:3C", "Jordan's iPhone", "Jordans-iPhone"]
    : ["resi@example.com", 7001, 5001, "F0:99:B6:12:34:01", "Maya's iPhone", "Mayas-iPhone"];
  return { user, service, packageId, mac, name, host, router: `/internet/router/${service}` } as const;
};

const leaseRow = (page: Page, host: string) =>
  page.getByRole("region", { name: "Devices and addresses (DHCP leases)" }).getByRole("row", { name: host });

/** The device's pause as the API answers it. */
async function pauseFromApi(page: Page, { user, service, mac }: ReturnType<typeof device>) {
  const token = await page.request.post("/api/v1/auth/access-token", { data: { username: user, password: "Demo-Pass-2026" } });
  const answer = await page.request.get(`/api/v1/router/${service}/device-pauses`, {
    headers: { Authorization: `Bearer ${((await token.json()) as { token: string }).token}` },
  });
  expect(answer.status()).toBe(200);
  const { device_pauses } = (await answer.json()) as { device_pauses: { mac_address: string }[] };
  return device_pauses.find((p) => p.mac_address === mac) ?? null;
}

test("pause a device at bedtime and now, then resume it", async ({ page }) => {
  const d = device();
  const { router: ROUTER, name: NAME, mac: MAC } = d;
  const row = () => leaseRow(page, d.host);
  await signIn(page, d.user, { cameFrom: ROUTER });
  // The lease list names the device as the home network does, its hostname under the name.
  await expect(row().getByRole("rowheader")).toContainText(`${NAME}${d.host}`);
  await row().getByRole("link", { name: "Pause" }).click();
  await expect(page).toHaveURL(`${ROUTER}/devices/${encodeURIComponent(MAC)}/pause`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Pause the internet: ${NAME}`);
  await expect(page.getByTestId("pause-state")).toHaveText("This device is not paused.");
  await expectNoAxeViolations(page);
  await expectFitsWidth(page, 390);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Bedtime: the form starts at Monday to Friday, 9 p.m. to 7 a.m.
  const schedule = page.getByRole("region", { name: "Bedtime schedule" });
  for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]) await expect(schedule.getByLabel(day)).toBeChecked();
  await expect(schedule.getByLabel("Saturday")).not.toBeChecked();
  await schedule.getByLabel("From").fill("21:00");
  await schedule.getByLabel("To", { exact: true }).fill("07:00");
  await schedule.getByRole("button", { name: "Save the schedule" }).click();
  await expect(page).toHaveURL(`${ROUTER}#dhcp-leases`);
  await expect(page.getByText(`The bedtime schedule of ${NAME} is saved.`)).toBeVisible();
  await expect(row()).toContainText("Paused on schedule (Mon–Fri 9:00\u00a0p.m.–7:00\u00a0a.m.)");
  expect(await pauseFromApi(page, d)).toMatchObject({
    paused: false,
    schedule: { days: ["mon", "tue", "wed", "thu", "fri"], from: "21:00", to: "07:00", time_zone: "America/Toronto" },
  });

  // Paused by hand: the network overview says so too.
  await row().getByRole("link", { name: "Pause" }).click();
  await page.getByRole("button", { name: "Pause now" }).click();
  await expect(page).toHaveURL(`${ROUTER}#dhcp-leases`);
  await expect(row()).toContainText("Paused.");
  expect(await pauseFromApi(page, d)).toMatchObject({ paused: true, in_effect: true });
  await page.goto(`/wifi/${d.packageId}/network`);
  await expect(page.getByRole("row", { name: new RegExp(NAME) })).toContainText("Internet paused");

  // Resumed, and the schedule removed: as it was.
  await page.goto(ROUTER);
  await row().getByRole("link", { name: "Pause" }).click();
  await page.getByRole("button", { name: "Resume" }).click();
  await expect(page).toHaveURL(`${ROUTER}#dhcp-leases`);
  await expect(row()).not.toContainText("Paused.");
  await row().getByRole("link", { name: "Pause" }).click();
  await page.getByRole("button", { name: "Remove the schedule" }).click();
  await expect(page).toHaveURL(`${ROUTER}#dhcp-leases`);
  await expect(row()).not.toContainText("Paused");
  expect(await pauseFromApi(page, d)).toBeNull();
});

test("an offline router: pausing waits, and a pause page opened before refuses, with its message, and pauses nothing", async ({ page }) => {
  await signIn(page, "family@example.com", { cameFrom: "/internet/router/7101" });
  const devices = page.getByRole("region", { name: "Devices and addresses (DHCP leases)" });
  await expect(devices).toContainText("Devices can be paused once your router is back online.");
  await expect(devices.getByRole("link", { name: /^Pause / })).toHaveCount(0);
  // A device's pause page, as a tab opened before the router went offline shows it.
  const reserve = await devices
    .getByRole("link", { name: /^(Reserve address|Change reservation) for / })
    .first()
    .getAttribute("href");
  const mac = new URLSearchParams(reserve!.split("?")[1]).get("mac")!;
  await page.goto(`/internet/router/7101/devices/${encodeURIComponent(mac)}/pause`);
  await page.getByRole("button", { name: "Pause now" }).click();
  await expect(
    page.getByText("Your router cannot be reached right now (it is offline or restarting), so nothing was changed."),
  ).toBeVisible();
  await expect(page.getByTestId("pause-state")).toHaveText("This device is not paused.");
  await expectNoAxeViolations(page);
});

test("the pause page in French @static", async ({ page }) => {
  await signIn(page, "resi@example.com", {
    cameFrom: `/internet/router/7001/devices/${encodeURIComponent("A4:83:E7:5C:21:0B")}/pause?lng=fr`,
  });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Suspendre Internet\u00a0: Maya's MacBook");
  await expect(page.getByRole("group", { name: "Commence le" }).getByLabel("lundi")).toBeChecked();
  await expectNoAxeViolations(page);
});
