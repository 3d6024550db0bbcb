import { chromium } from "@playwright/test";
const [user, ...paths] = process.argv.slice(2);
const js = process.env.JS !== "0";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const page = await browser.newPage({ javaScriptEnabled: js, viewport: { width: 1280, height: 900 } });
const base = "http://localhost:3309";
await page.goto(base + "/login");
await page.getByLabel(/Email or username/).fill(user);
await page.getByLabel(/^Password$/).fill("Demo-Pass-2026");
await page.getByRole("button", { name: "Sign in" }).click();
await page.waitForURL((u) => !u.pathname.startsWith("/login"));
for (const p of paths) {
  const r = await page.goto(base + p);
  const h1 = await page.locator("h1").first().textContent().catch(() => "?");
  console.log(r.status(), p, "|", h1);
  const name = p.replace(/[^a-z0-9]+/gi, "_");
  await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: true });
}
await browser.close();
