/**
 * The service status in the portal, in isolation (msw answers as the API): the notice of the residential
 * dashboard, the internet page and the business endpoint (present, absent, and the page unharmed when
 * the status call fails or the operator's API has no such endpoint), and the public /status page.
 */
import { HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { requireUserMiddleware } from "../../app/lib/auth.server.ts";
import { isPublicPath } from "../../app/lib/public-paths.ts";
import { loader as dashboardLoader } from "../../app/routes/dashboard.tsx";
import { loader as endpointLoader } from "../../app/routes/business/endpoint.tsx";
import { loader as internetLoader } from "../../app/routes/services/internet.tsx";
import { loader as routerLoader } from "../../app/routes/router/router.tsx";
import * as statusPage from "../../app/routes/status/status.tsx";
import { on, refuse, reply } from "../mocks/contract.ts";
import { maintenance, outage, publicIncidents } from "../mocks/status.ts";
import { recordApiCalls } from "../support/api-calls.ts";
import { catchLog } from "../support/log-lines.ts";
import { server } from "../support/msw.ts";
import { callRoute, signedInCookie, type RouteCall } from "../support/route.ts";

type Handler = (args: any) => unknown;

const signedIn = async (handler: Handler, url: string, params: Record<string, string>, extra: Partial<RouteCall> = {}) =>
  callRoute<any>(handler, { url, params, cookie: await signedInCookie(), middleware: [requireUserMiddleware], ...extra });

const dashboard = () => signedIn(dashboardLoader, "/dashboard/100101", { customerId: "100101" });

/** The account's status answers this (a refusal, no answer at all, or a body). */
const accountStatus = (answer: () => Response) => server.use(on("GET /status/{customerId}", answer));
const serviceStatus = (answer: () => Response) => server.use(on("GET /status/services/{serviceId}", answer));

afterEach(() => vi.restoreAllMocks());

describe("the residential dashboard's notice", () => {
  it("carries the incidents touching the account, asked with the page's other calls", async () => {
    accountStatus(() => reply("GET /status/{customerId}", { incidents: [outage] }));
    const calls = recordApiCalls();
    const result = await dashboard();
    expect(result.status).toBe(200);
    expect(result.data.incidents).toEqual([outage]);
    expect(result.data.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const status = calls.find((c) => c.path === "/status/100101")!;
    expect(status.authorization).toMatch(/^Bearer ey/);
  });

  it("carries none when nothing touches the account", async () => {
    const result = await dashboard();
    expect(result.status).toBe(200);
    expect(result.data.incidents).toEqual([]);
    expect(result.data.dashboard.account_details.customer_id).toBe(100101);
  });

  it("leaves the notice out, and says nothing in the log, for an API without the endpoint (404)", async () => {
    const log = catchLog();
    try {
      accountStatus(() => refuse(404));
      const result = await dashboard();
      expect(result.status).toBe(200);
      expect(result.data.incidents).toEqual([]);
      expect(result.data.dashboard.account_details.customer_id).toBe(100101);
      expect(log.lines().filter((line) => String(line.event ?? "").startsWith("api."))).toEqual([]);
    } finally {
      log.stop();
    }
  });

  it.each([
    ["a 500", () => refuse(500)],
    ["a 403", () => refuse(403)],
    ["no answer", () => HttpResponse.error()],
    ["an answer that breaks the contract", () => HttpResponse.json({ incidents: [{ incident_id: "one" }] })],
  ])("renders the dashboard without the notice when the status call gets %s", async (_, answer) => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    accountStatus(answer);
    const result = await dashboard();
    expect(result.status).toBe(200);
    expect(result.thrown).toBe(false);
    expect(result.data.kind).toBe("residential");
    expect(result.data.incidents).toEqual([]);
  });

  it("still sends a customer whose session the API ended to sign in", async () => {
    accountStatus(() => refuse(401));
    const result = await dashboard();
    expect(result.status).toBe(302);
    expect(result.location).toBe("/login?came_from=%2Fdashboard%2F100101");
  });
});

describe("the internet page's notice", () => {
  it("asks for the incidents of the package's internet service", async () => {
    serviceStatus(() => reply("GET /status/services/{serviceId}", { incidents: [outage] }));
    const calls = recordApiCalls();
    const result = await signedIn(internetLoader, "/resi-internet/5001", { packageId: "5001" });
    expect(result.status).toBe(200);
    expect(result.data.incidents).toEqual([outage]);
    expect(calls.map((c) => c.path)).toContain(`/status/services/${result.data.internet.service_id}`);
  });

  it("shows the page without it when the status call fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    serviceStatus(() => refuse(502));
    const result = await signedIn(internetLoader, "/resi-internet/5001", { packageId: "5001" });
    expect(result.status).toBe(200);
    expect(result.data.incidents).toEqual([]);
    expect(result.data.internet.plan.name).toBe("Fibre 1 Gbps");
  });
});

describe("the router page's notice", () => {
  it("asks for the incidents of the router's internet service, with the router's own calls", async () => {
    serviceStatus(() => reply("GET /status/services/{serviceId}", { incidents: [outage] }));
    const calls = recordApiCalls();
    const result = await signedIn(routerLoader, "/internet/router/7001", { serviceId: "7001" });
    expect(result.status).toBe(200);
    expect(result.data.incidents).toEqual([outage]);
    expect(result.data.cpe).not.toBeNull();
    expect(calls.map((c) => c.path)).toContain("/status/services/7001");
  });

  it("shows the router without it when the status call fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    serviceStatus(() => refuse(502));
    const result = await signedIn(routerLoader, "/internet/router/7001", { serviceId: "7001" });
    expect(result.status).toBe(200);
    expect(result.data.incidents).toEqual([]);
    expect(result.data.settings).not.toBeNull();
  });
});

describe("the business endpoint's maintenance windows", () => {
  it("carries the windows ahead of the endpoint's service", async () => {
    serviceStatus(() => reply("GET /status/services/{serviceId}", { incidents: [maintenance] }));
    const calls = recordApiCalls();
    const result = await signedIn(endpointLoader, "/internet/view/8001", { serviceId: "8001" });
    expect(result.status).toBe(200);
    expect(result.data.incidents).toEqual([maintenance]);
    expect(calls.map((c) => c.path)).toContain("/status/services/8001");
  });

  it("shows the endpoint without them for an API without the endpoint (404)", async () => {
    serviceStatus(() => refuse(404));
    const result = await signedIn(endpointLoader, "/internet/view/8001", { serviceId: "8001" });
    expect(result.status).toBe(200);
    expect(result.data.incidents).toEqual([]);
  });
});

describe("/status, the public page", () => {
  it("is a page for visitors", () => {
    expect(isPublicPath("/status")).toBe(true);
  });

  it("lists current, upcoming and resolved incidents apart, asked without a token even when signed in", async () => {
    const calls = recordApiCalls();
    const result = await callRoute<any>(statusPage.loader, { url: "/status?lng=fr", cookie: await signedInCookie() });
    expect(result.status).toBe(200);
    expect(result.data).toEqual({
      current: [publicIncidents.incidents[0]],
      upcoming: [],
      resolved: [publicIncidents.incidents[1]],
      asOf: publicIncidents.as_of,
      resolvedDays: 7,
    });
    const asked = calls.find((c) => c.path === "/status/incidents")!;
    expect(asked.authorization).toBeNull();
    expect(asked.language).toBe("fr");
  });

  it("answers the not-found page for an API without the endpoint, and 503 when the API does not answer", async () => {
    server.use(on("GET /status/incidents", () => refuse(404)));
    const missing = await callRoute<any>(statusPage.loader, { url: "/status" });
    expect(missing.status).toBe(404);
    expect(missing.data).toEqual({ kind: "not-found" });

    vi.spyOn(console, "error").mockImplementation(() => {});
    server.use(on("GET /status/incidents", () => HttpResponse.error()));
    expect((await callRoute<any>(statusPage.loader, { url: "/status" })).status).toBe(503);
  });

  it("is never kept: what it shows changes with time alone", () => {
    expect(statusPage.handle.cache).toBe("live");
  });
});
