/** The pure helpers of the commercial screens: grouping services, chart slots, the 95th percentile, CSV. */
import { describe, expect, it } from "vitest";
import type { CommercialDashboardAnswer } from "#contract/dashboard";
import { percentile95 } from "#common/charts";
import {
  groupServices,
  groupingOf,
  niceScale,
  serviceLink,
  chartValues,
  toChartData,
  toCsv,
} from "../../app/components/business/business.ts";

const service = (service_id: number, name: string, platform_id: string | null, address: string, status: "up" | "down" | null = null) => ({
  service_id,
  name,
  platform_id,
  address,
  status,
});
const HQ = "1 Leaside Park Drive\nToronto ON M4H 1R1";
const DC = "151 Front Street West\nSuite 605\nToronto ON M5J 2N1";
const serviceData: CommercialDashboardAnswer["serviceData"] = [
  {
    category: "dedicated_internet",
    categoryName: "Dedicated Internet",
    hasStatus: true,
    services: [service(8012, "DIA 10G", "DIA-304-012", HQ, "up")],
  },
  {
    category: "voice",
    categoryName: "Voice",
    hasStatus: true,
    services: [
      service(8010, "SIP 23", "SIP-304-010", HQ, "down"),
      service(8013, "SIP 23", "SIP-304-013", "41 Adelaide Street East\nToronto ON M5C 1H4", "up"),
    ],
  },
  {
    category: "colocation",
    categoryName: "Colocation",
    hasStatus: false,
    services: [service(8011, "Cabinet", null, DC), service(8014, "Cabinet", "COL-304-014", DC)],
  },
];

describe("grouping the commercial dashboard", () => {
  it("reads ?group=, by category otherwise", () => {
    expect(groupingOf("address")).toBe("address");
    expect(groupingOf("platform")).toBe("platform");
    expect(groupingOf("nonsense")).toBe("category");
    expect(groupingOf(null)).toBe("category");
  });

  it("by category keeps the API's groups and their status column", () => {
    const groups = groupServices(serviceData, "category");
    expect(groups.map((g) => [g.title, g.hasStatus, g.services.length])).toEqual([
      ["Dedicated Internet", true, 1],
      ["Voice", true, 2],
      ["Colocation", false, 2],
    ]);
    expect(groups[2].services[0].status).toBeNull();
  });

  it("by address puts each address's services together, in order of first appearance", () => {
    const groups = groupServices(serviceData, "address");
    expect(groups.map((g) => g.title)).toEqual([HQ, "41 Adelaide Street East\nToronto ON M5C 1H4", DC]);
    expect(groups[0].services.map((s) => s.service_id)).toEqual([8012, 8010]);
    expect(groups[0].hasStatus).toBe(true);
    expect(groups[2]).toMatchObject({ hasStatus: false });
    expect(groups[2].services.map((s) => s.categoryName)).toEqual(["Colocation", "Colocation"]);
  });

  it("by platform id is one list sorted by platform id, services without one last", () => {
    const [list, ...rest] = groupServices(serviceData, "platform");
    expect(rest).toEqual([]);
    expect(list.services.map((s) => s.platform_id)).toEqual(["COL-304-014", "DIA-304-012", "SIP-304-010", "SIP-304-013", null]);
    expect(groupServices([], "platform")).toEqual([]);
  });

  it("links the services that have a page of their own, and only those", () => {
    expect(serviceLink("dedicated_internet", 8012)).toBe("/internet/view/8012");
    expect(serviceLink("colocation", 8011)).toBe("/cabinet-spaces/8011");
    for (const category of ["wavelength", "voice", "dark_fibre"]) expect(serviceLink(category, 1)).toBeNull();
  });
});

describe("chart data", () => {
  const hourly = (from: string, hours: number, value: (h: number) => number) =>
    Array.from({ length: hours }, (_, h) => ({
      time: new Date(Date.parse(`${from}T00:00:00Z`) + h * 3_600_000).toISOString(),
      v: value(h),
    }));

  it("keeps one hourly point per slot for a week", () => {
    const data = toChartData(
      hourly("2026-11-01", 7 * 24, (h) => h),
      { v: (s) => s.v },
      { from_date: "2026-11-01", to_date: "2026-11-07", interval_seconds: 3600 },
    );
    expect(data.slotSeconds).toBe(3600);
    const values = chartValues(data.series.v);
    expect(values).toHaveLength(168);
    expect(values[5]).toBe(5);
  });

  it("reduces 60 days to 480 slots of 3 hours, each its highest sample, and leaves gaps empty", () => {
    const samples = hourly("2026-09-25", 60 * 24, (h) => (h === 100 ? 999 : h % 3)).filter((_, h) => h < 30 || h >= 36);
    const data = toChartData(samples, { v: (s) => s.v }, { from_date: "2026-09-25", to_date: "2026-11-23", interval_seconds: 3600 });
    expect(data.slotSeconds).toBe(3 * 3600);
    const values = chartValues(data.series.v);
    expect(values).toHaveLength(480);
    expect(values[0]).toBe(2);
    expect(values[33]).toBe(999);
    expect(values[10]).toBeNull();
    expect(values[11]).toBeNull();
  });

  it("writes each series as one string that reads back exactly, gaps included", () => {
    const samples = [
      { time: "2026-11-01T00:00:00.000Z", v: 0.1 + 0.2 },
      { time: "2026-11-01T02:00:00.000Z", v: -1.5e-7 },
      { time: "2026-11-01T03:00:00.000Z", v: 1234567.891 },
    ];
    const data = toChartData(samples, { v: (s) => s.v }, { from_date: "2026-11-01", to_date: "2026-11-01", interval_seconds: 3600 });
    expect(typeof data.series.v).toBe("string");
    expect(chartValues(data.series.v).slice(0, 5)).toEqual([0.1 + 0.2, null, -1.5e-7, 1234567.891, null]);
    expect(chartValues(data.series.v)).toHaveLength(24);
    expect(chartValues(undefined)).toEqual([]);
  });
});

describe("numbers", () => {
  it("computes the 95th percentile as transit is billed (the top 5% set aside)", () => {
    expect(percentile95([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 100])).toBe(19);
    expect(percentile95([])).toBeNull();
  });

  it("finds round axis bounds", () => {
    expect(niceScale(616)).toEqual({ max: 800, step: 200 });
    expect(niceScale(22.8)).toEqual({ max: 25, step: 5 });
    expect(niceScale(0)).toEqual({ max: 1, step: 0.25 });
  });

  it("writes CSV with quoted fields and CRLF line ends", () => {
    expect(
      toCsv([
        ["a", "b,c"],
        [1, 'say "hi"'],
      ]),
    ).toBe('a,"b,c"\r\n1,"say ""hi"""\r\n');
  });
});
