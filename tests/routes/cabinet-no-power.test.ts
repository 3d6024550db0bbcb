/**
 * The cabinet page for a range in which no power was measured (/cabinet-spaces/8005?from_date=1900-01-01&…):
 * as the bandwidth page for such a range, it says so ("No power was measured in these dates.") instead of
 * drawing empty charts and tables of "—". The loader's data, then the page rendered as the server renders
 * it, in English and in French, for an API that answers the samples and one that answers ?points=.
 */
import { createElement as h, type ReactNode } from "react";
import { renderHtml } from "../support/render-page.ts";
import { describe, expect, it } from "vitest";
import { chartSlots } from "#common/charts";
import { requireUserMiddleware } from "../../app/lib/auth.server.ts";
import type { Language } from "../../app/lib/i18n.ts";
import Cabinet, { loader as cabinetLoader } from "../../app/routes/business/cabinet.tsx";
import { powerFor } from "../mocks/business.ts";
import { on, reply } from "../mocks/contract.ts";
import { server } from "../support/msw.ts";
import { callRoute, signedInCookie } from "../support/route.ts";

type Handler = (args: any) => unknown;

const EMPTY = "?from_date=1900-01-01&to_date=1900-01-02";
const page = async (query: string) =>
  callRoute<any>(cabinetLoader as Handler, {
    url: `/cabinet-spaces/8005${query}`,
    params: { serviceId: "8005" },
    cookie: await signedInCookie(),
    middleware: [requireUserMiddleware],
  });

/**
 * The cabinet's answer for days before its circuits were metered: no samples at all, as an API that answers
 * the samples whatever is asked, or (`charts`) as the reference API answers ?points=: empty slots, no days.
 */
function nothingMeasured(charts = false) {
  server.use(
    on("GET /cabinet-spaces/{serviceId}/power-usage", ({ request }) => {
      const query = new URL(request.url).searchParams;
      const { data } = powerFor(query.get("from_date")!, query.get("to_date")!);
      const points = charts ? Number(query.get("points")) : 0;
      const circuits = data.circuits.map((circuit) => ({
        ...circuit,
        peak_amps: null,
        average_amps: null,
        peak_utilization_percent: null,
        energy_kwh: 0,
        ...(points ? { samples: undefined, chart: chartSlots([], { amps: () => 0 }, data, points), days: [] } : { samples: [] }),
      }));
      return reply("GET /cabinet-spaces/{serviceId}/power-usage", { data: { ...data, circuits } });
    }),
  );
}

/** The page's words and markup, rendered inside a router with every text of a language. */
const render = (loaderData: unknown, language: Language = "en") =>
  renderHtml(() => h(Cabinet as (props: { loaderData: unknown }) => ReactNode, { loaderData }), language);

describe("the cabinet page for a range with no power measured", () => {
  it("says no power was measured, and draws no chart and no table", async () => {
    nothingMeasured();
    const result = await page(EMPTY);
    expect(result.status).toBe(200);
    expect(result.data.circuits).toHaveLength(2);
    expect(result.data.days).toEqual([]);
    const html = render(result.data);
    expect(html).toMatch(/<p[^>]*data-testid="power-none"[^>]*>No power was measured in these dates\.<\/p>/);
    expect(html).not.toContain("<svg");
    expect(html).not.toContain("<table");
    expect(html).not.toContain("—");
    // The cabinet, the range and its (empty) CSV are still there.
    expect(html).toContain("TOR1-C6-R04-K12");
    expect(html).toContain('data-testid="power-range"');
    expect(html).toContain('data-testid="power-csv"');
    expect(render(result.data, "fr")).toContain("Aucune consommation électrique n’a été mesurée pendant ces dates.");
  });

  it("says the same for an API that answers the chart and the days (?points=)", async () => {
    nothingMeasured(true);
    const result = await page(EMPTY);
    expect(result.data.circuits[0].chart.series.amps.length).toBeGreaterThan(0);
    expect(result.data.days).toEqual([]);
    const html = render(result.data);
    expect(html).toContain("No power was measured in these dates.");
    expect(html).not.toContain("<svg");
    expect(html).not.toContain("<table");
  });

  it("draws the circuits, their charts and the day peaks when power was measured, without that sentence", async () => {
    const day = new Date().toISOString().slice(0, 10);
    const result = await page(`?from_date=${day}&to_date=${day}`);
    const html = render(result.data);
    expect(html).not.toContain("No power was measured");
    expect(html).not.toContain('data-testid="power-none"');
    expect(html).toContain('data-testid="circuits"');
    expect(html).toContain('data-testid="power-days"');
    expect(html).toContain("<svg");
  });
});
