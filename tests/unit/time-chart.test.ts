/**
 * The time chart of the bandwidth and power screens, rendered as the server renders it: each series'
 * line written once and shown by both drawings (compact and wide), each placing it on its own axes.
 */
import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TimeChart } from "../../app/components/business/TimeChart.tsx";
import { linePath } from "../../app/components/business/business.ts";
import { resources } from "../../app/lib/i18n.server.ts";
import { TextsContext, completeTexts } from "../../app/lib/translate.ts";

function render(series: Record<string, string>): string {
  const chart = h(TimeChart, {
    id: "bw",
    title: "Rates",
    description: "Download and upload",
    data: { from_date: "2026-11-01", to_date: "2026-11-01", slotSeconds: 3600, series },
    lines: [
      { key: "download", label: "Download", colour: "#17693a" },
      { key: "upload", label: "Upload", colour: "#1f5a96", dashed: true },
    ],
    markers: [{ label: "95th percentile", value: 30, colour: "#b3261e" }],
    unit: (value: string) => `${value} Mbps`,
    unitLabel: "Mbps",
  });
  return renderToString(h(TextsContext.Provider, { value: completeTexts("en", resources.en, new Set()) }, chart));
}

/** A drawing of the chart by its test id, and where its transform puts a point (slot, value). */
function drawing(html: string, testId: string) {
  const svg = html.match(new RegExp(`<svg[^>]*data-testid="${testId}"[\\s\\S]*?</svg>`))?.[0] ?? "";
  const use = (key: string) => svg.match(new RegExp(`<use[^>]*data-series="${key}"[^>]*>`))?.[0] ?? "";
  const transform = use("download").match(/transform="translate\(([-\d.e]+) ([-\d.e]+)\) scale\(([-\d.e]+) ([-\d.e]+)\)"/);
  const [tx, ty, sx, sy] = (transform?.slice(1) ?? []).map(Number);
  const lines = [...svg.matchAll(/<line x1="([-\d.]+)" x2="([-\d.]+)" y1="([-\d.]+)" y2="([-\d.]+)" stroke="#e5e7eb"/g)].map((m) =>
    m.slice(1).map(Number),
  );
  return { svg, use, at: (slot: number, value: number) => [tx + slot * sx, ty + value * sy], grid: lines };
}

describe("TimeChart", () => {
  it("writes each line once, gaps left open, and both drawings show it", () => {
    const html = render({ download: "10,20,,5", upload: "1,2,3,4" });
    expect(html.match(/<path[^>]*id="bw-line-download"[^>]*>/g)).toEqual([expect.stringContaining('d="M0 10L1 20M3 5"')]);
    expect(html.match(/<path[^>]*id="bw-line-upload"[^>]*>/g)).toEqual([expect.stringContaining('d="M0 1L1 2L2 3L3 4"')]);
    // Screen pixels for the stroke, so that neither drawing's scale thickens or stretches it.
    expect(html).toMatch(/<path[^>]*id="bw-line-upload"[^>]*stroke-dasharray="5 3"[^>]*vector-effect="non-scaling-stroke"/);
    for (const testId of ["bw-compact-svg", "bw-svg"]) {
      const { use } = drawing(html, testId);
      expect(use("download")).toContain('href="#bw-line-download"');
      expect(use("upload")).toContain('href="#bw-line-upload"');
    }
    // The lines' own drawing is not a picture of its own: no name, hidden from assistive technology.
    expect(html).toMatch(/<svg width="0" height="0"[^>]*aria-hidden="true"/);
  });

  it("places the line on each drawing's axes: the first slot at the left at 0, the last at the right", () => {
    const html = render({ download: "10,20,,45", upload: "1,2,3,4" });
    for (const testId of ["bw-compact-svg", "bw-svg"]) {
      const { at, grid } = drawing(html, testId);
      // The grid lines run across the drawing area, from the axis's 0 (lowest) to its top value (highest).
      const bottom = Math.max(...grid.map((l) => l[2]));
      const top = Math.min(...grid.map((l) => l[2]));
      const [left, right] = grid[0];
      // The axis's values, written right-aligned left of the area: the highest is the top grid line's.
      const { svg } = drawing(html, testId);
      const topValue = Math.max(...[...svg.matchAll(/text-anchor="end">([\d,.]+)<\/text>/g)].map((m) => Number(m[1].replace(/,/g, ""))));
      expect(topValue).toBeGreaterThanOrEqual(45);
      expect(at(0, 0)).toEqual([left, bottom]);
      const [x, y] = at(3, topValue);
      expect(x).toBeCloseTo(right, 6);
      expect(y).toBeCloseTo(top, 6);
    }
  });

  it("draws nothing for a series without values", () => {
    expect(linePath(undefined)).toBe("");
    expect(linePath(",,")).toBe("");
    expect(linePath("0.30000000000000004,,-1.5e-7")).toBe("M0 0.30000000000000004M2 -1.5e-7");
  });
});
