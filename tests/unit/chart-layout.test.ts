/**
 * The layout arithmetic of the server-drawn charts (app/components/business/chart-layout.ts, app/components/wifi/network-map-layout.ts):
 * labels fit inside the chart in the page's language and number format, day labels do not run into each
 * other, marker values stay off the lines and apart, and the network map's lines never cross a name.
 */
import { describe, expect, it } from "vitest";
import {
  fitText,
  spreadLabels,
  textWidth,
  timeChartLayout,
  TIME_CHART_SIZES,
  type TimeChartSize,
} from "../../app/components/business/chart-layout.ts";
import { formatDayMonth, formatNumber, type Language } from "../../app/lib/i18n.ts";
import {
  MAP_COLUMN,
  MAP_STACKED_WIDTH,
  networkMapLayout,
  type MapAccessPoint,
  type MapText,
} from "../../app/components/wifi/network-map-layout.ts";

describe("textWidth and fitText", () => {
  it("measures longer and bolder texts wider, and French thousands as wide as English ones", () => {
    expect(textWidth("12,500", 12)).toBeGreaterThan(textWidth("500", 12));
    expect(textWidth("Mbps", 12, 600)).toBeGreaterThan(textWidth("Mbps", 12));
    expect(textWidth("12\u202f500", 12)).toBeGreaterThanOrEqual(textWidth("12,500", 12));
    // DejaVu Sans draws digits 0.636 em wide: the estimate is never below that.
    expect(textWidth("0000000000", 10)).toBeGreaterThanOrEqual(63.6);
  });

  it("cuts a text to its room with an ellipsis, and leaves one that fits", () => {
    expect(fitText("Home NAS", 200, 13)).toBe("Home NAS");
    const cut = fitText("A device with a really rather long name indeed", 100, 13);
    expect(cut.endsWith("…")).toBe(true);
    expect(textWidth(cut, 13)).toBeLessThanOrEqual(100);
  });
});

describe("spreadLabels", () => {
  it("leaves labels that are apart where they are", () => {
    expect(spreadLabels([50, 100], 14, 0, 200)).toEqual([50, 100]);
  });

  it("moves close labels apart, keeps their order and the bounds", () => {
    const placed = spreadLabels([100, 96, 98], 14, 0, 200);
    const sorted = [...placed].sort((a, b) => a - b);
    expect(sorted[1] - sorted[0]).toBeGreaterThanOrEqual(14);
    expect(sorted[2] - sorted[1]).toBeGreaterThanOrEqual(14);
    expect(placed[1]).toBeLessThan(placed[2]); // 96 stays above 98
    expect(placed[2]).toBeLessThan(placed[0]);
    // Near the bottom edge they move up instead of out.
    const low = spreadLabels([199, 200], 14, 0, 200);
    expect(Math.max(...low)).toBeLessThanOrEqual(200);
    expect(Math.abs(low[1] - low[0])).toBeGreaterThanOrEqual(14);
  });
});

describe("timeChartLayout", () => {
  /** The labels of the bandwidth chart of a 10 Gbps link over a month, as the page writes them. */
  function labels(language: Language) {
    const ticks = [0, 2500, 5000, 7500, 10000, 12500];
    const dayLabels = Array.from({ length: 30 }, (_, d) => formatDayMonth(`2026-11-${String(d + 1).padStart(2, "0")}`, language));
    return {
      yLabels: ticks.map((v) => formatNumber(v, language, 0)),
      unit: language === "fr" ? "Mbit/s" : "Mbps",
      markerLabels: [formatNumber(2771.4, language, 0), formatNumber(2766, language, 0)],
      dayLabels,
    };
  }

  for (const size of Object.keys(TIME_CHART_SIZES) as TimeChartSize[]) {
    for (const language of ["en", "fr"] as const) {
      it(`${size}, ${language}: every label fits inside the chart, beside the drawing area`, () => {
        const input = labels(language);
        const layout = timeChartLayout(size, input);
        const { fontSize, width, plot } = layout;
        // Axis labels end left of the drawing area and start inside the chart ("12 500", not "500").
        for (const label of input.yLabels) {
          expect(layout.yLabelX).toBeLessThan(plot.left);
          expect(layout.yLabelX - textWidth(label, fontSize)).toBeGreaterThanOrEqual(0);
        }
        expect(layout.unit.x + textWidth(input.unit, fontSize)).toBeLessThanOrEqual(width);
        // Marker values sit right of the drawing area, off its lines, and inside the chart.
        expect(layout.markerX).toBeGreaterThan(plot.right);
        for (const label of input.markerLabels) expect(layout.markerX + textWidth(label, fontSize, 600)).toBeLessThanOrEqual(width);
        // Day labels inside the chart and clear of each other.
        expect(layout.dayTicks.length).toBeGreaterThan(1);
        const boxes = layout.dayTicks.map(({ day, x }) => {
          const half = textWidth(input.dayLabels[day], fontSize) / 2;
          return [x - half, x + half];
        });
        for (const [left, right] of boxes) {
          expect(left).toBeGreaterThanOrEqual(0);
          expect(right).toBeLessThanOrEqual(width);
        }
        for (let i = 1; i < boxes.length; i++) expect(boxes[i][0]).toBeGreaterThan(boxes[i - 1][1]);
        expect(layout.dayLabelY).toBeLessThanOrEqual(layout.height);
        expect(plot.bottom).toBeLessThan(layout.dayLabelY - fontSize);
      });
    }
  }

  it("makes room for longer axis labels: the drawing area starts further right", () => {
    const short = timeChartLayout("wide", { yLabels: ["0", "10", "20"], unit: "A", markerLabels: ["24"], dayLabels: ["Nov 1"] });
    const long = timeChartLayout("wide", {
      yLabels: ["0", "10\u202f000", "12\u202f500"],
      unit: "Mbit/s",
      markerLabels: ["24"],
      dayLabels: ["Nov 1"],
    });
    expect(long.plot.left).toBeGreaterThan(short.plot.left);
    expect(long.plot.left).toBeGreaterThanOrEqual(textWidth("12\u202f500", 12) + 6);
  });
});

describe("networkMapLayout", () => {
  const device = (name: string, connected = true) => ({ key: name, name, detail: "WiFi 2,4\u00a0GHz · Déconnecté", connected });
  const accessPoints: MapAccessPoint[] = [
    {
      key: "router",
      name: "HomeHub 6E",
      detail: "Routeur · en ligne",
      role: "router",
      uplink: null,
      online: true,
      devices: ["Home NAS", "Living Room TV Box", "Maya's MacBook", "A printer with an exceedingly long name"].map((n) => device(n)),
    },
    {
      key: "basement",
      name: "Basement Extender",
      detail: "Répéteur · en ligne",
      role: "extender",
      uplink: "ethernet",
      online: true,
      devices: [device("Xbox"), device("Guest Phone", false)],
    },
    {
      key: "office",
      name: "Office Mesh Point",
      detail: "Répéteur · en ligne",
      role: "extender",
      uplink: "wifi",
      online: true,
      devices: [device("Work Laptop")],
    },
  ];

  /** A text's box: its advance width, the font's ascent and descent around the baseline. */
  const box = (t: MapText) => {
    const width = textWidth(t.text, t.fontSize, t.weight);
    const left = t.anchor === "middle" ? t.x - width / 2 : t.x;
    return { left, right: left + width, top: t.y - t.fontSize * 0.93, bottom: t.y + t.fontSize * 0.24 };
  };

  /** Whether a horizontal or vertical segment crosses a box. */
  const crosses = ([x1, y1]: [number, number], [x2, y2]: [number, number], b: ReturnType<typeof box>) =>
    Math.max(x1, x2) > b.left && Math.min(x1, x2) < b.right && Math.max(y1, y2) > b.top && Math.min(y1, y2) < b.bottom;

  for (const arrangement of ["columns", "stacked"] as const) {
    it(`${arrangement}: no line crosses a name, every text is inside the map, and none overlaps another`, () => {
      const layout = networkMapLayout(accessPoints, arrangement);
      expect(layout.width).toBe(arrangement === "columns" ? 3 * MAP_COLUMN : MAP_STACKED_WIDTH);
      const texts = [...layout.boxes.flatMap((b) => [b.name, b.detail]), ...layout.devices.flatMap((d) => [d.name, d.detail])];
      const boxes = texts.map((t) => ({ text: t.text, ...box(t) }));
      for (const b of boxes) {
        expect(b.left, b.text).toBeGreaterThanOrEqual(0);
        expect(b.right, b.text).toBeLessThanOrEqual(layout.width);
        expect(b.top, b.text).toBeGreaterThanOrEqual(0);
        expect(b.bottom, b.text).toBeLessThanOrEqual(layout.height);
      }
      for (const link of layout.links) {
        for (let i = 1; i < link.points.length; i++) {
          const [a, c] = [link.points[i - 1], link.points[i]];
          expect(a[0] === c[0] || a[1] === c[1], `${link.key} runs straight`).toBe(true);
          for (const b of boxes) expect(crosses(a, c, b), `${link.key} crosses "${b.text}"`).toBe(false);
        }
      }
      for (let i = 0; i < boxes.length; i++) {
        for (let j = i + 1; j < boxes.length; j++) {
          const [a, b] = [boxes[i], boxes[j]];
          const overlap = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
          expect(overlap, `"${a.text}" and "${b.text}"`).toBe(false);
        }
      }
      // The long name is cut to its room; both extenders are joined to the router, the WiFi one dashed.
      expect(layout.devices.find((d) => d.key.startsWith("A printer"))!.name.text).toMatch(/…$/);
      expect(layout.links.filter((l) => l.kind === "uplink").map((l) => [l.key, l.dashed])).toEqual([
        ["uplink-basement", false],
        ["uplink-office", true],
      ]);
    });
  }
});
