/**
 * The network overview (/wifi/{packageId}/network) rendered as the server renders it: its moments (the
 * overview's time, each device's last sighting) are written as on every other page of the portal
 * (formatDateTime: a comma between the date and the time), in English and in French.
 */
import { createElement as h, type ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { requireUserMiddleware } from "../../app/lib/auth.server.ts";
import { formatDateTime, type Language } from "../../app/lib/i18n.ts";
import NetworkOverview, { loader } from "../../app/routes/wifi/network.tsx";
import { networkOverview } from "../mocks/services.ts";
import { renderWords } from "../support/render-page.ts";
import { callRoute, signedInCookie } from "../support/route.ts";

type Handler = (args: any) => unknown;

const page = async (query = "") => {
  const result = await callRoute<any>(loader as Handler, {
    url: `/wifi/5001/network${query}`,
    params: { packageId: "5001" },
    cookie: await signedInCookie(),
    middleware: [requireUserMiddleware],
  });
  expect(result.status).toBe(200);
  return result.data;
};

const words = (loaderData: unknown, language: Language) =>
  renderWords(() => h(NetworkOverview as (props: { loaderData: unknown }) => ReactNode, { loaderData }), language);

const { generated_at } = networkOverview.network_overview;
const lastSeen = networkOverview.network_overview.access_points[0].devices[0].last_seen_at;

describe("the network overview's dates and times", () => {
  it("writes them as the rest of the portal does, in English", async () => {
    const text = words(await page(), "en");
    // 18:05 and 18:00 UTC on November 22 are 1:05 and 1:00 p.m. in Toronto.
    expect(text).toContain("The last 48 hours, as of Nov 22, 2026, 1:05\u00a0p.m.");
    expect(text).toContain("Nov 22, 2026, 1:00\u00a0p.m.");
    expect(text).toContain(formatDateTime(generated_at, "en"));
    expect(text).toContain(formatDateTime(lastSeen, "en"));
    expect(text).not.toMatch(/2026 \d/);
  });

  it("writes them as the rest of the portal does, in French", async () => {
    const text = words(await page("?lng=fr"), "fr");
    expect(text).toContain("en date du 22 nov. 2026, 13\u00a0h\u00a005");
    expect(text).toContain("22 nov. 2026, 13\u00a0h\u00a000");
    expect(text).toContain(formatDateTime(generated_at, "fr"));
    expect(text).toContain(formatDateTime(lastSeen, "fr"));
    expect(text).not.toMatch(/2026 \d/);
  });
});
