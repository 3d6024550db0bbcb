/**
 * Pure helpers of the commercial screens (docs/business.md), shared by loaders and components:
 * grouping the commercial dashboard's services, reducing time series to what a chart can draw, and
 * summing samples by day for the tables that go with the charts.
 */
import type { CommercialDashboardAnswer } from "#contract/dashboard";
import { chartSlots, type ChartRange, type ChartSlots } from "#common/charts";

// ---------------------------------------------------------------------------------------------------
// Commercial dashboard

export const GROUPINGS = ["category", "address", "platform"] as const;
export type Grouping = (typeof GROUPINGS)[number];

/** The grouping a `?group=` value asks for; anything else is by category. */
export const groupingOf = (value: string | null | undefined): Grouping =>
  (GROUPINGS as readonly string[]).includes(value ?? "") ? (value as Grouping) : "category";

export interface ListedService {
  service_id: number;
  name: string;
  platform_id: string | null;
  address: string;
  category: string;
  categoryName: string;
  /** null when the service's category does not report up/down. */
  status: string | null;
}

export interface ServiceGroup {
  /** Stable id for headings (category code, address or "platform"). */
  key: string;
  /** The heading: a category name, an address (lines separated by "\n"), or null for the single list. */
  title: string | null;
  hasStatus: boolean;
  services: ListedService[];
}

/** Where a service's own page is, for the categories the portal has one for; null otherwise. */
export function serviceLink(category: string, serviceId: number): `/${string}` | null {
  if (category === "dedicated_internet") return `/internet/view/${serviceId}`;
  if (category === "colocation") return `/cabinet-spaces/${serviceId}`;
  return null;
}

/**
 * The dashboard's services grouped by category (the API's order), by address (in order of first
 * appearance, an address's services by category), or as one list sorted by platform id (services
 * without one last).
 */
export function groupServices(serviceData: CommercialDashboardAnswer["serviceData"], by: Grouping): ServiceGroup[] {
  const all: ListedService[] = serviceData.flatMap((group) =>
    group.services.map((s) => ({
      service_id: s.service_id,
      name: s.name,
      platform_id: s.platform_id,
      address: s.address,
      category: group.category,
      categoryName: group.categoryName,
      status: group.hasStatus ? (s.status ?? "unknown") : null,
    })),
  );
  if (by === "category") {
    return serviceData.map((group) => ({
      key: group.category,
      title: group.categoryName,
      hasStatus: group.hasStatus,
      services: all.filter((s) => s.category === group.category),
    }));
  }
  if (by === "address") {
    const groups = new Map<string, ServiceGroup>();
    for (const service of all) {
      const key = service.address.trim().toLowerCase().replace(/\s+/g, " ");
      let group = groups.get(key);
      if (!group) {
        group = { key: `address-${groups.size + 1}`, title: service.address, hasStatus: false, services: [] };
        groups.set(key, group);
      }
      group.services.push(service);
      group.hasStatus ||= service.status !== null;
    }
    return [...groups.values()];
  }
  const sorted = [...all].sort((a, b) => {
    if (a.platform_id === null || b.platform_id === null) return a.platform_id === b.platform_id ? 0 : a.platform_id === null ? 1 : -1;
    return a.platform_id.localeCompare(b.platform_id, "en", { numeric: true });
  });
  return sorted.length ? [{ key: "platform", title: null, hasStatus: sorted.some((s) => s.status !== null), services: sorted }] : [];
}

// ---------------------------------------------------------------------------------------------------
// Time series

/** What a chart draws: the range split into equal slots, each holding the highest sample in it. */
export interface ChartData {
  from_date: string;
  to_date: string;
  /** Length of one slot. */
  slotSeconds: number;
  /**
   * One value per slot and series, oldest first, written as numbers separated by commas, nothing where
   * no sample fell (`chartValues` reads them back): one string in the page's data instead of hundreds of
   * values that React Router's serializer would each handle on its own.
   */
  series: Record<string, string>;
}

/** The values of a series of `ChartData`, null where no sample fell; none for a series it lacks. */
export function chartValues(written: string | undefined): (number | null)[] {
  return written === undefined ? [] : written.split(",").map((value) => (value === "" ? null : Number(value)));
}

/**
 * A series' line in slots and values ("M0 12.5L1 13.2", as the page's data writes them): it moves over
 * gaps (no sample), so missing data is not drawn as zero. Each drawing of the chart
 * places it with a transform (TimeChart).
 */
export function linePath(written: string | undefined): string {
  if (!written) return "";
  let d = "";
  let pen = false;
  let slot = 0;
  for (const value of written.split(",")) {
    if (value === "") pen = false;
    else {
      d += `${pen ? "L" : "M"}${slot} ${value}`;
      pen = true;
    }
    slot++;
  }
  return d;
}

/** At most this many points a line: about one per pixel column of the chart. */
export const MAX_CHART_POINTS = 480;

/** A chart's slots (common/charts.ts: from the API's `?points=` answer or from samples) as the page's data. */
export function chartData(slots: ChartSlots, range: { from_date: string; to_date: string }): ChartData {
  const series: ChartData["series"] = {};
  for (const [key, values] of Object.entries(slots.series)) {
    series[key] = values.map((value) => (value === null ? "" : String(value))).join(",");
  }
  return { from_date: range.from_date, to_date: range.to_date, slotSeconds: slots.slot_seconds, series };
}

/**
 * Reduces samples to at most `maxPoints` slots over [from_date, to_date] (UTC days, both included),
 * keeping each slot's highest value so that peaks stay visible. Slots are whole multiples of the
 * sample interval.
 */
export function toChartData<T extends { time: string }>(
  samples: T[],
  pick: Record<string, (sample: T) => number>,
  range: ChartRange,
  maxPoints = MAX_CHART_POINTS,
): ChartData {
  return chartData(chartSlots(samples, pick, range, maxPoints), range);
}

/** A round upper bound and tick step for an axis from 0 to at least `max` (about `ticks` steps). */
export function niceScale(max: number, ticks = 5): { max: number; step: number } {
  if (!(max > 0)) return { max: 1, step: 0.25 };
  const rough = max / ticks;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  return { max: Math.ceil(max / step - 1e-9) * step, step };
}

// ---------------------------------------------------------------------------------------------------
// CSV

/** One CSV field, quoted when it holds a comma, quote or line break (RFC 4180). */
export const csvField = (value: string | number) => {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** Rows as CSV text with CRLF line ends (RFC 4180). */
export const toCsv = (rows: (string | number)[][]) => rows.map((row) => row.map(csvField).join(",")).join("\r\n") + "\r\n";
