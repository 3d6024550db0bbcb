/**
 * msw: the commercial network of the fixture account 200301 (Harbourfront Logistics, every role):
 * dedicated internet endpoint 8001 with two IP blocks, 45 alerts (newest down), hourly bandwidth for
 * whatever range is asked (the default when none: the last 7 days), and colocation cabinet 8005 with
 * an A feed near its limit. Tests change an answer with server.use(on(...)).
 */
import type { AlertsAnswer, AllocationsAnswer, EndpointDetails, PowerUsageAnswer } from "#contract/business-network";
import type { AccountIncident } from "#contract/status";
import { bandwidthDays, chartSlots, dailyPeaks } from "#common/charts";
import { on, refuse, reply } from "./contract.ts";

export const endpoint: EndpointDetails = {
  service_id: 8001,
  customer_id: 200301,
  name: "Dedicated Internet 1 Gbps",
  platform_id: "DIA-301-001",
  circuit_id: "LF-TOR-DIA-08001",
  service_address: "100 Queens Quay East\nFloor 3\nToronto ON M5E 1V3",
  access_device: "tor1-agg-02",
  port: "xe-0/0/12",
  handoff: "1000BASE-LX (single-mode fibre, LC)",
  speed_mbps: 1000,
  vlan_id: null,
  status: "up",
  label: "Head office primary",
  description: null,
  alert_emails: ["noc@harbourfront.example"],
  notification_contact: { contact_id: 31, first_name: "Priya", last_name: "Raman", email: "business@example.com" },
  notification_contact_options: [
    { contact_id: 31, first_name: "Priya", last_name: "Raman", email: "business@example.com" },
    { contact_id: 32, first_name: "Noah", last_name: "Williams", email: "noah.williams@harbourfront.example" },
  ],
  updated_at: null,
};

export const allocations: AllocationsAnswer = {
  allocations: [
    {
      block_id: 1,
      family: 4,
      cidr: "203.0.113.8/29",
      network: "203.0.113.8",
      prefix_length: 29,
      subnet_mask: "255.255.255.248",
      gateway: "203.0.113.9",
      usable: { first: "203.0.113.9", last: "203.0.113.14", count: "6" },
      description: "Office servers",
      assigned_on: "2025-11-01",
    },
    {
      block_id: 2,
      family: 6,
      cidr: "2001:db8:1200::/48",
      network: "2001:db8:1200::",
      prefix_length: 48,
      subnet_mask: "ffff:ffff:ffff::",
      gateway: "2001:db8:1200::1",
      usable: { first: "2001:db8:1200::1", last: "2001:db8:1200:ffff:ffff:ffff:ffff:ffff", count: String(2n ** 80n - 1n) },
      description: null,
      assigned_on: "2025-11-01",
    },
  ],
};

/** 45 alerts, newest first, an hour apart: down, up, down… (so 23 down and 22 up). */
export const alerts: AlertsAnswer = {
  alerts: Array.from({ length: 45 }, (_, i) => ({
    alert_id: 1000 - i,
    time: new Date(Date.UTC(2026, 10, 14, 22, 17) - i * 3_600_000).toISOString(),
    access_device: "tor1-agg-02",
    port: "xe-0/0/12",
    event: i % 2 === 0 ? "Interface down" : "Interface up",
    status: i % 2 === 0 ? ("down" as const) : ("up" as const),
  })),
};

/** A deterministic hourly rate: busy afternoons, a burst every 50 hours. */
export const rateAt = (hour: number, base: number) =>
  Math.round((base * (1 + Math.sin(hour / 3.8)) + (hour % 50 === 7 ? base * 4 : 0)) * 100) / 100;

const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const today = () => new Date().toISOString().slice(0, 10);

/** Hourly samples over [from, to] (UTC days), and what the API says of them. */
export function bandwidthFor(from: string, to: string) {
  const start = Date.parse(`${from}T00:00:00Z`);
  const hours = Math.round((Date.parse(`${addDays(to, 1)}T00:00:00Z`) - start) / 3_600_000);
  const samples = Array.from({ length: hours }, (_, h) => ({
    time: new Date(start + h * 3_600_000).toISOString(),
    download_mbps: rateAt(h, 120),
    upload_mbps: rateAt(h + 5, 40),
  }));
  const summary = (rates: number[]) => {
    const sorted = [...rates].sort((a, b) => a - b);
    const bytes = Math.round(rates.reduce((sum, r) => sum + (r * 1e6 * 3600) / 8, 0));
    return {
      percentile_95_mbps: sorted[Math.ceil(sorted.length * 0.95) - 1] ?? null,
      peak_mbps: sorted.length ? sorted[sorted.length - 1] : null,
      average_mbps: rates.length ? Math.round((rates.reduce((a, b) => a + b, 0) / rates.length) * 100) / 100 : null,
      volume_bytes: bytes,
      volume_gb: Math.round((bytes / 1e9) * 100) / 100,
    };
  };
  return {
    bandwidth: {
      service_id: 8001,
      from_date: from,
      to_date: to,
      speed_mbps: 1000,
      interval_seconds: 3600,
      download: summary(samples.map((s) => s.download_mbps)),
      upload: summary(samples.map((s) => s.upload_mbps)),
      samples,
    },
  };
}

/** Cabinet 8005: an A feed peaking at 95% of its 24 A limit, a B feed at half. */
export function powerFor(from: string, to: string): PowerUsageAnswer {
  const start = Date.parse(`${from}T00:00:00Z`);
  const hours = Math.round((Date.parse(`${addDays(to, 1)}T00:00:00Z`) - start) / 3_600_000);
  const circuit = (circuit_id: number, name: string, peak: number) => {
    const samples = Array.from({ length: hours }, (_, h) => ({
      time: new Date(start + h * 3_600_000).toISOString(),
      amps: h % 24 === 18 ? peak : Math.round(peak * 0.85 * 100) / 100,
    }));
    const average = samples.length ? Math.round((samples.reduce((s, x) => s + x.amps, 0) / samples.length) * 100) / 100 : null;
    return {
      circuit_id,
      name,
      voltage: 208,
      breaker_amps: 30,
      max_continuous_amps: 24,
      peak_amps: samples.length ? peak : null,
      average_amps: average,
      peak_utilization_percent: samples.length ? Math.round((peak / 24) * 10000) / 100 : null,
      energy_kwh: Math.round(((208 * samples.reduce((s, x) => s + x.amps, 0)) / 1000) * 100) / 100,
      samples,
    };
  };
  return {
    data: {
      service_id: 8005,
      customer_id: 200301,
      name: "Cabinet 42U",
      cabinet: {
        cabinet_ref: "TOR1-C6-R04-K12",
        facility: "TOR1 – 151 Front Street West",
        cage: "Cage 6",
        rack_units: 42,
        address: "151 Front Street West\nSuite 605\nToronto ON M5J 2N1",
      },
      from_date: from,
      to_date: to,
      interval_seconds: 3600,
      circuits: [circuit(1, "A feed", 22.8), circuit(2, "B feed", 12)],
    },
  };
}

/** The range a query asks for, with the API's defaults (the last 7 days). */
const rangeOf = (url: string) => {
  const query = new URL(url).searchParams;
  const to = query.get("to_date") || today();
  return { from: query.get("from_date") || addDays(to, -6), to };
};

/**
 * GET /internet/{id}/endpoint as an API that includes what it is asked (?include=): endpoint 8001 with
 * the fixtures above (the bandwidth for the query's range and points) (and `incidents`, none by default). The default handler below ignores include, as
 * an operator's API may.
 */
export const endpointIncluding = (parts: { incidents?: AccountIncident[]; alerts?: AlertsAnswer["alerts"] } = {}) =>
  on("GET /internet/{id}/endpoint", ({ request }) => {
    const asked = new URL(request.url).searchParams.get("include")?.split(",") ?? [];
    return reply("GET /internet/{id}/endpoint", {
      endpoint_details: endpoint,
      ...(asked.includes("incidents") && { incidents: parts.incidents ?? [] }),
      ...(asked.includes("alerts") && { alerts: parts.alerts ?? alerts.alerts }),
      ...(asked.includes("allocations") && { allocations: allocations.allocations }),
      ...(asked.includes("bandwidth") && { bandwidth: bandwidthAnswering(request.url) }),
    });
  });

/**
 * GET /internet/{id}/bandwidth's answer to `url` as the reference API makes it: with ?points=N the chart and
 * the days instead of the samples (common/charts.ts, as the API makes them).
 */
function bandwidthAnswering(url: string) {
  const { from, to } = rangeOf(url);
  const points = Number(new URL(url).searchParams.get("points"));
  const { samples, ...bandwidth } = bandwidthFor(from, to).bandwidth;
  if (!points) return { ...bandwidth, samples };
  const chart = chartSlots(samples, { download: (s) => s.download_mbps, upload: (s) => s.upload_mbps }, bandwidth, points);
  return { ...bandwidth, chart, days: bandwidthDays(samples, 3600) };
}

/**
 * GET /internet/{id}/bandwidth and GET /cabinet-spaces/{serviceId}/power-usage as the reference API answers
 * ?points=N. The default handlers below answer the samples whatever is asked, as an operator's API may.
 */
export const chartsAnswered = () => [
  on("GET /internet/{id}/bandwidth", ({ request }) =>
    reply("GET /internet/{id}/bandwidth", { bandwidth: bandwidthAnswering(request.url) }),
  ),
  on("GET /cabinet-spaces/{serviceId}/power-usage", ({ request }) => {
    const { from, to } = rangeOf(request.url);
    const points = Number(new URL(request.url).searchParams.get("points"));
    const { data } = powerFor(from, to);
    if (!points) return reply("GET /cabinet-spaces/{serviceId}/power-usage", { data });
    const circuits = data.circuits.map(({ samples = [], ...circuit }) => ({
      ...circuit,
      chart: chartSlots(samples, { amps: (s) => s.amps }, data, points),
      days: dailyPeaks(samples, (s) => s.amps).map(({ day, peak }) => ({ day, peak_amps: peak })),
    }));
    return reply("GET /cabinet-spaces/{serviceId}/power-usage", { data: { ...data, circuits } });
  }),
];

export const businessHandlers = [
  on("GET /internet/{id}/endpoint", ({ params }) =>
    params.id === "8001" ? reply("GET /internet/{id}/endpoint", { endpoint_details: endpoint }) : refuse(404),
  ),
  on("PUT /internet/{id}/endpoint", () => reply("PUT /internet/{id}/endpoint", { success: true, endpoint_details: endpoint })),
  on("GET /internet/{id}/allocations", () => reply("GET /internet/{id}/allocations", allocations)),
  on("GET /internet/{id}/alerts", () => reply("GET /internet/{id}/alerts", alerts)),
  on("GET /internet/{id}/bandwidth", ({ request }) => {
    const { from, to } = rangeOf(request.url);
    return reply("GET /internet/{id}/bandwidth", bandwidthFor(from, to));
  }),
  on("GET /cabinet-spaces/{serviceId}/power-usage", ({ request }) => {
    const { from, to } = rangeOf(request.url);
    return reply("GET /cabinet-spaces/{serviceId}/power-usage", powerFor(from, to));
  }),
];
