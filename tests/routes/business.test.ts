/**
 * The commercial service pages: the network endpoint (layout, details, monitoring settings, IP blocks,
 * alert history, bandwidth and its CSV) and cabinet power (page and CSV), their loaders and action
 * called with msw answering the API.
 */
import { describe, expect, it } from "vitest";
import { requireUserMiddleware } from "../../app/lib/auth.server.ts";
import { messageParts } from "../../app/lib/form-messages.ts";
import { chartValues } from "../../app/components/business/business.ts";
import { percentile95 } from "#common/charts";
import { loader as csvLoader } from "../../app/routes/business/bandwidth-csv.ts";
import { loader as cabinetLoader } from "../../app/routes/business/cabinet.tsx";
import { loader as alertsLoader } from "../../app/routes/business/endpoint-alerts.tsx";
import { loader as bandwidthLoader } from "../../app/routes/business/endpoint-bandwidth.tsx";
import { loader as detailsLoader } from "../../app/routes/business/endpoint-details.tsx";
import { loader as ipBlocksLoader } from "../../app/routes/business/endpoint-ip-blocks.tsx";
import { action as settingsAction, loader as settingsLoader } from "../../app/routes/business/endpoint-settings.tsx";
import { loader as layoutLoader } from "../../app/routes/business/endpoint.tsx";
import { loader as appLoader } from "../../app/routes/_app.tsx";
import { loader as powerCsvLoader } from "../../app/routes/business/power-csv.ts";
import { endpointIncludes } from "../../app/routes/business/business.server.ts";
import { alerts, allocations, bandwidthFor, chartsAnswered, endpoint, endpointIncluding } from "../mocks/business.ts";
import { on, refuse, reply } from "../mocks/contract.ts";
import { dashboard } from "../mocks/fixtures.ts";
import { maintenance, outage } from "../mocks/status.ts";
import { pageCalls, recordApiCalls } from "../support/api-calls.ts";
import { server } from "../support/msw.ts";
import { callRoute, signedInCookie, type RouteCall } from "../support/route.ts";

type Handler = (args: any) => unknown;

const call = async (handler: Handler, url: string, params: Record<string, string | undefined>, extra: Partial<RouteCall> = {}) =>
  callRoute<any>(handler, { url, params, cookie: await signedInCookie(), middleware: [requireUserMiddleware], ...extra });

const today = () => new Date().toISOString().slice(0, 10);
const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** The calls of the page itself, without the account list's (the user's revision and GET /dashboard). */
/** The user's accounts with 200305 added, where they only have the billing and notify roles. */
const withBillingOnlyAccount = () =>
  server.use(
    on("GET /dashboard", () =>
      reply("GET /dashboard", {
        ...dashboard,
        customers: [
          ...dashboard.customers,
          {
            customer_id: 200305,
            contract_name: "Danforth Bakery Co-op",
            isResidential: false,
            isBillingAuthoritative: true,
            credit_card_allowed: true,
            roles: ["billing", "notify"],
          },
        ],
      }),
    ),
    on("GET /internet/{id}/endpoint", () =>
      reply("GET /internet/{id}/endpoint", { endpoint_details: { ...endpoint, service_id: 8016, customer_id: 200305 } }),
    ),
  );

/** Records the multipart fields the portal sent to PUT /internet/{id}/endpoint. */
function captureSettings(
  answer: () => Response = () => reply("PUT /internet/{id}/endpoint", { success: true, endpoint_details: endpoint }),
) {
  const seen: { type: string; form: FormData | null }[] = [];
  server.use(
    on("PUT /internet/{id}/endpoint", async ({ request }) => {
      const type = request.headers.get("Content-Type") ?? "";
      seen.push({ type, form: type.includes("multipart") ? await request.formData() : null });
      return answer();
    }),
  );
  return seen;
}

const settingsForm = (fields: Record<string, string> = {}) => ({
  label: "Head office primary",
  description: "Core switch in room 3.14",
  alert_emails: "noc@harbourfront.example, ops@harbourfront.example",
  notification_contact_id: "32",
  ...fields,
});
const postSettings = (extra: Partial<RouteCall>, serviceId = "8001") =>
  call(settingsAction as Handler, `/internet/view/${serviceId}/settings`, { serviceId }, extra);

describe("/internet/view/{serviceId} (the endpoint layout)", () => {
  it("loads the endpoint and the account it belongs to; a contact with every role may edit", async () => {
    const result = await call(layoutLoader, "/internet/view/8001", { serviceId: "8001" });
    expect(result.status).toBe(200);
    expect(result.data.endpoint).toEqual(endpoint);
    expect(result.data.customer).toEqual({ customer_id: 200301, contract_name: "Harbourfront Logistics Inc." });
    expect(result.data.canEdit).toBe(true);
  });

  it("takes the service's incidents from the details call when the API includes them, asking nothing more", async () => {
    server.use(endpointIncluding({ incidents: [outage] }));
    const calls = recordApiCalls();
    for (const page of ["", "/settings", "/bandwidth"]) {
      calls.length = 0;
      const result = await call(layoutLoader, `/internet/view/8001${page}`, { serviceId: "8001" });
      expect(result.status).toBe(200);
      expect(result.data.endpoint).toEqual(endpoint);
      expect(result.data.incidents).toEqual([outage]);
      expect(pageCalls(calls).map((c) => c.path)).toEqual(["/internet/8001/endpoint"]);
      expect(pageCalls(calls)[0].query.get("include")!.split(",")).toContain("incidents");
    }
  });

  it("asks the endpoint with the part its page shows: the alerts, the IP blocks, the bandwidth, or nothing more", () => {
    const includes = (path: string) => endpointIncludes(new Request(`http://portal.test${path}`));
    expect(includes("/internet/view/8001")).toBe("incidents,alerts");
    expect(includes("/internet/view/8001.data")).toBe("incidents,alerts");
    expect(includes("/internet/view/8001/alerts?status=down&page=2")).toBe("incidents,alerts");
    expect(includes("/internet/view/8001/alerts.data?_routes=routes%2Fbusiness%2Fendpoint-alerts")).toBe("incidents,alerts");
    expect(includes("/internet/view/8001/ip-blocks")).toBe("incidents,allocations");
    expect(includes("/internet/view/8001/settings")).toBe("incidents");
    expect(includes("/internet/view/8001/bandwidth?from_date=2026-11-01")).toBe("incidents,bandwidth");
  });

  it("asks for the incidents apart when the API leaves them out of the details", async () => {
    server.use(on("GET /status/services/{serviceId}", () => reply("GET /status/services/{serviceId}", { incidents: [maintenance] })));
    const calls = recordApiCalls();
    const result = await call(layoutLoader, "/internet/view/8001", { serviceId: "8001" });
    expect(result.data.incidents).toEqual([maintenance]);
    expect(pageCalls(calls).map((c) => c.path)).toEqual(["/internet/8001/endpoint", "/status/services/8001"]);
  });

  it("is read-only for a contact with only the billing and notify roles", async () => {
    withBillingOnlyAccount();
    const result = await call(layoutLoader, "/internet/view/8016", { serviceId: "8016" });
    expect(result.data.customer.customer_id).toBe(200305);
    expect(result.data.canEdit).toBe(false);
  });

  it("answers 404 for a malformed id without asking the API", async () => {
    const calls = recordApiCalls();
    for (const serviceId of ["abc", "8001x", "-1"]) {
      const result = await call(layoutLoader, `/internet/view/${serviceId}`, { serviceId });
      expect(result.status).toBe(404);
    }
    expect(pageCalls(calls)).toEqual([]);
  });

  it("passes the API's 404 (not dedicated internet) and 403 (someone else's) on as error pages", async () => {
    expect((await call(layoutLoader, "/internet/view/8002", { serviceId: "8002" })).status).toBe(404);
    server.use(on("GET /internet/{id}/endpoint", () => refuse(403)));
    expect((await call(layoutLoader, "/internet/view/9999", { serviceId: "9999" })).status).toBe(403);
  });

  it("answers 403 when the service's account is not among the user's", async () => {
    server.use(
      on("GET /internet/{id}/endpoint", () =>
        reply("GET /internet/{id}/endpoint", { endpoint_details: { ...endpoint, customer_id: 200399 } }),
      ),
    );
    expect((await call(layoutLoader, "/internet/view/8001", { serviceId: "8001" })).status).toBe(403);
  });

  it("without an id, goes to the active account's services", async () => {
    const result = await call(layoutLoader, "/internet/view", { serviceId: undefined });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/dashboard/100101");
  });

  it("shows an unavailable API as 503", async () => {
    server.use(on("GET /internet/{id}/endpoint", () => Response.error()));
    expect((await call(layoutLoader, "/internet/view/8001", { serviceId: "8001" })).status).toBe(503);
  });
});

describe("the signed-in layout on a service page", () => {
  it("shows the service's account in the navigation and switcher, asking for the endpoint once per request", async () => {
    const calls = recordApiCalls();
    const result = await call(appLoader, "/internet/view/8001/alerts", { serviceId: "8001" });
    expect(result.data.active.customer_id).toBe(200301);
    expect(pageCalls(calls).map((c) => c.path)).toEqual(["/internet/8001/endpoint"]);
  });

  it("does the same for a cabinet, sharing the page's one call for its range", async () => {
    const calls = recordApiCalls();
    const from = addDays(today(), -6);
    // The layout's loader and the page's, in one request as React Router runs them.
    const both = (args: unknown) => Promise.all([appLoader(args as never), cabinetLoader(args as never)]);
    const result = await call(both, `/cabinet-spaces/8005?from_date=${from}&to_date=${today()}`, { serviceId: "8005" });
    const [layout, page] = result.data as unknown as [{ active: { customer_id: number } }, { circuits: unknown[] }];
    expect(layout.active.customer_id).toBe(200301);
    expect(page.circuits).toHaveLength(2);
    expect(pageCalls(calls).map((c) => `${c.path}?${c.query}`)).toEqual([
      `/cabinet-spaces/8005/power-usage?from_date=${from}&to_date=${today()}&points=480`,
    ]);
  });

  it("names a cabinet's account even when its dates are wrong (the page explains them)", async () => {
    const calls = recordApiCalls();
    const result = await call(appLoader, "/cabinet-spaces/8005?from_date=2026-02-30", { serviceId: "8005" });
    expect(result.data.active.customer_id).toBe(200301);
    expect(pageCalls(calls).map((c) => c.path)).toEqual(["/cabinet-spaces/8005/power-usage"]);
  });

  it("falls back to the active account when the API refuses (the page shows why)", async () => {
    server.use(on("GET /internet/{id}/endpoint", () => refuse(403)));
    const result = await call(appLoader, "/internet/view/9999", { serviceId: "9999" });
    expect(result.status).toBe(200);
    expect(result.data.active.customer_id).toBe(100101);
  });
});

describe("endpoint pages in one call", () => {
  it("take the alerts and IP blocks from the endpoint's call when the API includes them, asking nothing more", async () => {
    server.use(endpointIncluding());
    const cases = [
      [detailsLoader, "/internet/view/8001", "incidents,alerts"],
      [alertsLoader, "/internet/view/8001/alerts?status=down", "incidents,alerts"],
      [ipBlocksLoader, "/internet/view/8001/ip-blocks", "incidents,allocations"],
    ] as const;
    const calls = recordApiCalls();
    for (const [loader, path, include] of cases) {
      calls.length = 0;
      const result = await call(loader, path, { serviceId: "8001" });
      expect(result.status, path).toBe(200);
      expect(pageCalls(calls).map((c) => `${c.path} ${c.query.get("include")}`)).toEqual([`/internet/8001/endpoint ${include}`]);
    }
    expect((await call(detailsLoader, "/internet/view/8001", { serviceId: "8001" })).data.latestAlert).toEqual(alerts.alerts[0]);
    expect((await call(alertsLoader, "/internet/view/8001/alerts?status=down", { serviceId: "8001" })).data).toMatchObject({ total: 23 });
    expect((await call(ipBlocksLoader, "/internet/view/8001/ip-blocks", { serviceId: "8001" })).data.allocations).toEqual(
      allocations.allocations,
    );
  });

  it("ask for the alerts and IP blocks apart when the API leaves them out of the endpoint", async () => {
    const calls = recordApiCalls();
    for (const [loader, path, own] of [
      [detailsLoader, "/internet/view/8001", "/internet/8001/alerts"],
      [ipBlocksLoader, "/internet/view/8001/ip-blocks", "/internet/8001/allocations"],
    ] as const) {
      calls.length = 0;
      expect((await call(loader, path, { serviceId: "8001" })).status).toBe(200);
      expect(pageCalls(calls).map((c) => c.path)).toEqual(["/internet/8001/endpoint", own]);
    }
  });

  it("say there is no alert yet from an empty list the endpoint's call includes", async () => {
    server.use(endpointIncluding({ alerts: [] }));
    const result = await call(detailsLoader, "/internet/view/8001", { serviceId: "8001" });
    expect(result.data).toMatchObject({ latestAlert: null, alertCount: 0 });
  });

  it("show the endpoint's failure as the layout does (404 not dedicated internet, 403 someone else's)", async () => {
    server.use(on("GET /internet/{id}/endpoint", () => refuse(404)));
    expect((await call(alertsLoader, "/internet/view/8002/alerts", { serviceId: "8002" })).status).toBe(404);
    server.use(on("GET /internet/{id}/endpoint", () => refuse(403)));
    expect((await call(ipBlocksLoader, "/internet/view/9999/ip-blocks", { serviceId: "9999" })).status).toBe(403);
  });
});

describe("endpoint details", () => {
  it("loads the latest alert", async () => {
    const result = await call(detailsLoader, "/internet/view/8001", { serviceId: "8001" });
    expect(result.data.latestAlert).toEqual(alerts.alerts[0]);
    expect(result.data.alertCount).toBe(45);
  });

  it("says when there is no alert yet", async () => {
    server.use(on("GET /internet/{id}/alerts", () => reply("GET /internet/{id}/alerts", { alerts: [] })));
    const result = await call(detailsLoader, "/internet/view/8001", { serviceId: "8001" });
    expect(result.data.latestAlert).toBeNull();
  });
});

describe("monitoring settings", () => {
  it("loads the current settings and the contacts that may be notified", async () => {
    const result = await call(settingsLoader, "/internet/view/8001/settings", { serviceId: "8001" });
    expect(result.status).toBe(200);
    expect(result.data.current).toEqual({
      label: "Head office primary",
      description: "",
      alert_emails: "noc@harbourfront.example",
      notification_contact_id: "31",
    });
    expect(result.data.options.map((o: { contact_id: number }) => o.contact_id)).toEqual([31, 32]);
  });

  it("answers 403 to a contact without the authoritative or support role", async () => {
    withBillingOnlyAccount();
    const result = await call(settingsLoader, "/internet/view/8016/settings", { serviceId: "8016" });
    expect(result.status).toBe(403);
  });

  it("sends every setting as multipart and says 'Successfully Updated endpoint details'", async () => {
    const seen = captureSettings();
    const result = await postSettings({ multipart: settingsForm() });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/internet/view/8001");
    expect(seen).toHaveLength(1);
    expect(seen[0].type).toMatch(/^multipart\/form-data/);
    expect(Object.fromEntries(seen[0].form!.entries())).toEqual(settingsForm());
    expect(result.setCookies.join()).toMatch(/__session=/);
  });

  it("takes a urlencoded post too, and sends emptied fields as empty (the API clears them)", async () => {
    const seen = captureSettings();
    const result = await postSettings({ form: { label: "", description: "", alert_emails: "", notification_contact_id: "" } });
    expect(result.data?.result?.error).toBeUndefined();
    expect(result.status).toBe(302);
    expect(Object.fromEntries(seen[0].form!.entries())).toEqual({
      label: "",
      description: "",
      alert_emails: "",
      notification_contact_id: "",
    });
  });

  it("refuses invalid addresses, more than five and a long name without calling the API", async () => {
    const seen = captureSettings();
    const bad = await postSettings({ form: settingsForm({ alert_emails: "noc@harbourfront.example, not-an-address" }) });
    expect(bad.status).toBe(400);
    // As the support form's CC: the message names the address refused, and the limit with how many were entered.
    expect(bad.data.result.error.alert_emails.map(messageParts)).toEqual([
      ["business:settings.alertEmailsInvalid", { emails: "not-an-address", count: 1 }],
    ]);
    const many = await postSettings({
      form: settingsForm({ alert_emails: "a@x.example b@x.example c@x.example d@x.example e@x.example f@x.example" }),
    });
    expect(many.data.result.error.alert_emails.map(messageParts)).toEqual([["business:settings.alertEmailsTooMany", { max: 5, count: 6 }]]);
    const long = await postSettings({ form: settingsForm({ label: "x".repeat(81) }) });
    expect(long.data.result.error.label).toEqual(["api:label.too_long"]);
    expect(long.data.result.initialValue.description).toBe("Core switch in room 3.14");
    const contact = await postSettings({ form: settingsForm({ notification_contact_id: "Priya" }) });
    expect(contact.data.result.error.notification_contact_id).toEqual(["api:notification_contact_id.invalid"]);
    expect(seen).toEqual([]);
  });

  it("puts the API's 422 on its field", async () => {
    captureSettings(() => refuse(422, { notification_contact_id: ["notification_contact_id.not_notify"] }));
    const result = await postSettings({ form: settingsForm() });
    expect(result.status).toBe(422);
    expect(result.data.result.error.notification_contact_id).toEqual(["api:notification_contact_id.not_notify"]);
  });

  it("keeps the form with a message when the API refuses (403) or is down (503)", async () => {
    captureSettings(() => refuse(403));
    const forbidden = await postSettings({ form: settingsForm() });
    expect(forbidden.status).toBe(403);
    expect(forbidden.data.result.error[""]).toEqual(["common:formErrors.forbidden"]);
    expect(forbidden.data.result.initialValue.label).toBe("Head office primary");
    captureSettings(() => Response.error());
    expect((await postSettings({ form: settingsForm() })).status).toBe(503);
  });

  it("answers 415 to a body that is not a form, and 413 to a huge one, without calling the API", async () => {
    const seen = captureSettings();
    const json = await postSettings({ body: JSON.stringify(settingsForm()), headers: { "Content-Type": "application/json" } });
    expect(json.status).toBe(415);
    const huge = await postSettings({ form: settingsForm({ description: "x".repeat(70_000) }) });
    expect(huge.status).toBe(413);
    expect(seen).toEqual([]);
  });

  it("answers 404 for a malformed service id", async () => {
    expect((await postSettings({ form: settingsForm() }, "abc")).status).toBe(404);
  });
});

describe("IP blocks", () => {
  it("loads the blocks", async () => {
    const result = await call(ipBlocksLoader, "/internet/view/8001/ip-blocks", { serviceId: "8001" });
    expect(result.data.allocations).toEqual(allocations.allocations);
  });
});

describe("alert history", () => {
  const page = (query = "") => call(alertsLoader, `/internet/view/8001/alerts${query}`, { serviceId: "8001" });

  it("shows the newest 20 first, and the next page", async () => {
    const first = await page();
    expect(first.data).toMatchObject({ filter: "all", page: 1, pages: 3, total: 45 });
    expect(first.data.alerts.map((a: { alert_id: number }) => a.alert_id)).toEqual(alerts.alerts.slice(0, 20).map((a) => a.alert_id));
    const last = await page("?page=3");
    expect(last.data.alerts).toHaveLength(5);
  });

  it("filters by state, and keeps a page number in range", async () => {
    const down = await page("?status=down");
    expect(down.data).toMatchObject({ filter: "down", total: 23, pages: 2 });
    expect(down.data.alerts.every((a: { status: string }) => a.status === "down")).toBe(true);
    expect((await page("?status=up&page=99")).data).toMatchObject({ filter: "up", page: 2 });
    expect((await page("?status=sideways&page=-3")).data).toMatchObject({ filter: "all", page: 1 });
  });
});

describe("bandwidth", () => {
  const page = (query = "") => call(bandwidthLoader, `/internet/view/8001/bandwidth${query}`, { serviceId: "8001" });

  it("shows the current month by default", async () => {
    const calls = recordApiCalls();
    const result = await page();
    expect(result.status).toBe(200);
    // The endpoint's call (which this API answers without the bandwidth), then the bandwidth's own, for the month.
    const [endpointCall, asked] = pageCalls(calls);
    expect(endpointCall.path).toBe("/internet/8001/endpoint");
    expect(asked.path).toBe("/internet/8001/bandwidth");
    for (const one of [endpointCall, asked]) {
      expect(one.query.get("from_date")).toBe(`${today().slice(0, 8)}01`);
      expect(one.query.get("to_date")).toBe(today());
      expect(one.query.get("points")).toBe("480");
    }
    expect(result.data.filter).toEqual({ from_date: `${today().slice(0, 8)}01`, to_date: today() });
  });

  it("takes the bandwidth from the endpoint's call when the API includes it, asking nothing more", async () => {
    const query = `?from_date=${addDays(today(), -20)}&to_date=${today()}`;
    server.use(...chartsAnswered());
    const apart = await page(query);
    server.use(endpointIncluding());
    const calls = recordApiCalls();
    const included = await page(query);
    expect(pageCalls(calls).map((c) => `${c.path}?${c.query}`)).toEqual([
      `/internet/8001/endpoint?include=incidents%2Cbandwidth&from_date=${addDays(today(), -20)}&to_date=${today()}&points=480`,
    ]);
    expect(included.data).toEqual(apart.data);
    expect(included.data.bandwidth.days).toHaveLength(21);
  });

  it("leaves the bandwidth to its own call when the API refuses the range it includes, and shows why", async () => {
    server.use(
      on("GET /internet/{id}/endpoint", ({ request }) =>
        new URL(request.url).searchParams.get("include")?.includes("bandwidth")
          ? refuse(422, { to_date: ["to_date.in_future"] })
          : reply("GET /internet/{id}/endpoint", { endpoint_details: endpoint, incidents: [] }),
      ),
      on("GET /internet/{id}/bandwidth", () => refuse(422, { to_date: ["to_date.in_future"] })),
    );
    const calls = recordApiCalls();
    // The layout's loader and the page's, in one request as React Router runs them.
    const both = (args: unknown) => Promise.all([layoutLoader(args as never), bandwidthLoader(args as never)]);
    const result = await call(both, "/internet/view/8001/bandwidth", { serviceId: "8001" });
    type Refused = { data: { errors: unknown; bandwidth: unknown }; init: { status: number } };
    const [layout, shown] = result.data as unknown as [{ endpoint: { service_id: number } }, Refused];
    expect(layout.endpoint.service_id).toBe(8001);
    expect(shown.init.status).toBe(400);
    expect(shown.data.errors).toEqual({ to_date: ["api:to_date.in_future"] });
    expect(shown.data.bandwidth).toBeNull();
    expect(pageCalls(calls).map((c) => `${c.path} ${c.query.get("include") ?? ""}`)).toEqual([
      "/internet/8001/endpoint incidents,bandwidth",
      "/internet/8001/endpoint incidents",
      "/internet/8001/bandwidth ",
    ]);
  });

  it("sends a chart of at most 480 points a line, the days and the summary, not the hourly samples", async () => {
    const from = addDays(today(), -59);
    const result = await page(`?from_date=${from}&to_date=${today()}`);
    const { bandwidth } = result.data;
    expect(bandwidth.samples).toBeUndefined();
    expect(bandwidth.chart.slotSeconds).toBe(3 * 3600);
    const download = chartValues(bandwidth.chart.series.download);
    expect(download).toHaveLength(480);
    // Each slot keeps the highest sample, so the peak is on the chart.
    expect(Math.max(...download.map((value) => value ?? 0))).toBe(bandwidth.download.peak_mbps);
    expect(bandwidth.days).toHaveLength(60);
    expect(bandwidth.days[0].day).toBe(from);
    expect(bandwidth.csv).toBe(`/internet/view/8001/bandwidth.csv?from_date=${from}&to_date=${today()}`);
  });

  it("asks the API for the chart and the days (?points=), and shows the same page as from the samples", async () => {
    const query = `?from_date=${addDays(today(), -40)}&to_date=${today()}`;
    const calls = recordApiCalls();
    const fromSamples = await page(query);
    server.use(...chartsAnswered());
    const fromChart = await page(query);
    const asked = pageCalls(calls).map((c) => `${c.path} ${c.query.get("points")}`);
    expect(asked).toEqual(Array(2).fill(["/internet/8001/endpoint 480", "/internet/8001/bandwidth 480"]).flat());
    expect(fromChart.data).toEqual(fromSamples.data);
    expect(chartValues(fromChart.data.bandwidth.chart.series.upload)).toHaveLength((41 * 24) / 3);
    expect(fromChart.data.bandwidth.days).toHaveLength(41);
  });

  it("says a range without samples has none, from the chart's answer too", async () => {
    server.use(
      on("GET /internet/{id}/bandwidth", ({ request }) => {
        const { bandwidth } = bandwidthFor(today(), today());
        const empty = { ...bandwidth, samples: [] };
        const points = Number(new URL(request.url).searchParams.get("points"));
        return reply("GET /internet/{id}/bandwidth", {
          bandwidth: points ? { ...bandwidth, chart: { slot_seconds: 3600, series: { download: [], upload: [] } }, days: [] } : empty,
        });
      }),
    );
    const result = await page(`?from_date=${today()}&to_date=${today()}`);
    expect(result.data.bandwidth.days).toEqual([]);
  });

  it("explains wrong dates next to the form without asking the API", async () => {
    const calls = recordApiCalls();
    const cases: [string, Record<string, string[]>][] = [
      ["?from_date=2026-13-40", { from_date: ["api:from_date.invalid"] }],
      [
        `?from_date=${addDays(today(), 1)}&to_date=${addDays(today(), 2)}`,
        { from_date: ["api:from_date.in_future"], to_date: ["api:to_date.in_future"] },
      ],
      [`?from_date=${addDays(today(), -3)}&to_date=${addDays(today(), -5)}`, { to_date: ["api:to_date.before_from"] }],
      [`?from_date=${addDays(today(), -60)}&to_date=${today()}`, { to_date: ["api:to_date.range_too_long"] }],
    ];
    for (const [query, errors] of cases) {
      const result = await page(query);
      expect(result.status, query).toBe(400);
      expect(result.data.errors, query).toEqual(errors);
      expect(result.data.bandwidth).toBeNull();
    }
    expect(pageCalls(calls)).toEqual([]);
  });

  it("shows the API's 422 the same way", async () => {
    server.use(on("GET /internet/{id}/bandwidth", () => refuse(422, { to_date: ["to_date.range_too_long"] })));
    const result = await page();
    expect(result.status).toBe(400);
    expect(result.data.errors).toEqual({ to_date: ["api:to_date.range_too_long"] });
  });
});

describe("bandwidth CSV", () => {
  const csv = (query = "") => call(csvLoader, `/internet/view/8001/bandwidth.csv${query}`, { serviceId: "8001" });

  it("answers every sample, from which the page's 95th percentile is found again", async () => {
    const from = addDays(today(), -29);
    const query = `?from_date=${from}&to_date=${today()}`;
    const result = await csv(query);
    expect(result.status).toBe(200);
    expect(result.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(result.headers.get("Content-Disposition")).toBe(`attachment; filename="bandwidth-8001-${from}-to-${today()}.csv"`);
    const text = result.data as string;
    const lines = text.trim().split("\r\n");
    expect(lines[0]).toBe("time_utc,download_mbps,upload_mbps");
    expect(lines).toHaveLength(1 + 30 * 24);
    const download = lines.slice(1).map((line) => Number(line.split(",")[1]));
    const pageData = (await call(bandwidthLoader, `/internet/view/8001/bandwidth${query}`, { serviceId: "8001" })).data;
    expect(percentile95(download)).toBe(pageData.bandwidth.download.percentile_95_mbps);
  });

  it("sends wrong dates back to the page, which explains them", async () => {
    const result = await csv("?from_date=soon");
    expect(result.status).toBe(302);
    expect(result.location).toBe("/internet/view/8001/bandwidth?from_date=soon");
  });
});

describe("/cabinet-spaces/{serviceId}", () => {
  const page = (query = "", serviceId: string | undefined = "8005") =>
    call(cabinetLoader, `/cabinet-spaces/${serviceId ?? ""}${query}`, { serviceId });

  it("shows each circuit with its limit, a chart and the day peaks; a circuit near its limit stands out", async () => {
    const result = await page(`?from_date=${addDays(today(), -6)}&to_date=${today()}`);
    expect(result.status).toBe(200);
    expect(result.data.customer).toEqual({ customer_id: 200301, contract_name: "Harbourfront Logistics Inc." });
    const [a, b] = result.data.circuits;
    expect(a).toMatchObject({ name: "A feed", max_continuous_amps: 24, peak_amps: 22.8, near: true, over: false });
    expect(b).toMatchObject({ name: "B feed", near: false });
    expect(a.samples).toBeUndefined();
    expect(chartValues(a.chart.series.amps)).toHaveLength(7 * 24);
    expect(result.data.days).toHaveLength(7);
    expect(result.data.days[0].peaks).toEqual({ 1: 22.8, 2: 12 });
  });

  it("asks the API for each circuit's chart and days (?points=), and shows the same page as from the samples", async () => {
    const query = `?from_date=${addDays(today(), -20)}&to_date=${today()}`;
    const calls = recordApiCalls();
    const fromSamples = await page(query);
    server.use(...chartsAnswered());
    const fromChart = await page(query);
    expect(pageCalls(calls).map((c) => c.query.get("points"))).toEqual(["480", "480"]);
    expect(fromChart.data).toEqual(fromSamples.data);
    expect(fromChart.data.days).toHaveLength(21);
    expect(fromChart.data.days.at(-1).peaks).toEqual({ 1: 22.8, 2: 12 });
  });

  it("asks for the current month by default", async () => {
    const calls = recordApiCalls();
    await page();
    expect(pageCalls(calls)[0].query.get("from_date")).toBe(`${today().slice(0, 8)}01`);
  });

  it("still names the cabinet when the dates are wrong, and explains them", async () => {
    const result = await page("?from_date=2026-02-30");
    expect(result.status).toBe(400);
    expect(result.data.errors).toEqual({ from_date: ["api:from_date.invalid"] });
    expect(result.data.cabinet.name).toBe("Cabinet 42U");
    expect(result.data.circuits).toBeNull();
  });

  it("passes the API's 404 (not colocation) and 403 on, and needs a numeric id", async () => {
    server.use(on("GET /cabinet-spaces/{serviceId}/power-usage", () => refuse(404)));
    expect((await page()).status).toBe(404);
    server.use(on("GET /cabinet-spaces/{serviceId}/power-usage", () => refuse(403)));
    expect((await page()).status).toBe(403);
    expect((await page("", "cab")).status).toBe(404);
  });

  it("without an id, goes to the active account's services", async () => {
    const result = await call(cabinetLoader, "/cabinet-spaces", { serviceId: undefined });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/dashboard/100101");
  });

  it("answers the samples as CSV, one row per circuit and hour", async () => {
    const from = addDays(today(), -1);
    const result = await call(powerCsvLoader, `/cabinet-spaces/8005/power-usage.csv?from_date=${from}&to_date=${today()}`, {
      serviceId: "8005",
    });
    expect(result.status).toBe(200);
    const lines = (result.data as string).trim().split("\r\n");
    expect(lines[0]).toBe("time_utc,circuit,voltage,breaker_amps,max_continuous_amps,amps");
    expect(lines).toHaveLength(1 + 2 * 2 * 24);
    expect(lines[1]).toMatch(new RegExp(`^${from}T00:00:00.000Z,A feed,208,30,24,`));
    const wrong = await call(powerCsvLoader, "/cabinet-spaces/8005/power-usage.csv?to_date=x", { serviceId: "8005" });
    expect(wrong.location).toBe("/cabinet-spaces/8005?to_date=x");
  });
});
