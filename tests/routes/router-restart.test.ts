/**
 * Restarting the router: the confirmation page and its action (POST /router/{serviceId}/restart), the
 * status page that follows the restart, who may restart, and the router page while it restarts (msw
 * answers as the API).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { requireUserMiddleware } from "../../app/lib/auth.server.ts";
import * as restartStatus from "../../app/routes/router/restart-status.tsx";
import * as restart from "../../app/routes/router/restart.tsx";
import * as routerPage from "../../app/routes/router/router.tsx";
import { on, refuse, reply } from "../mocks/contract.ts";
import { commercialCustomer, dashboard, residentialCustomer } from "../mocks/fixtures.ts";
import { backOnline, cpeInfo, restarting } from "../mocks/router.ts";
import { server } from "../support/msw.ts";
import { callRoute, signedInCookie, type RouteCall } from "../support/route.ts";

type Handler = (args: any) => unknown;

const call = async (handler: Handler, url: string, extra: Partial<RouteCall> = {}) =>
  callRoute<any>(handler, {
    url,
    params: { serviceId: "7001" },
    cookie: await signedInCookie(),
    middleware: [requireUserMiddleware],
    ...extra,
  });
const CONFIRM = "/internet/router/7001/restart";
const STATUS = "/internet/router/7001/restart/status";

afterEach(() => vi.restoreAllMocks());

/** The signed-in contact's roles on the fixture account. */
function rolesAre(roles: (typeof residentialCustomer)["roles"]) {
  server.use(
    on("GET /dashboard", () =>
      reply("GET /dashboard", { ...dashboard, customers: [{ ...residentialCustomer, roles }, commercialCustomer] }),
    ),
  );
}

/** Counts the restarts asked of the API. */
function restartsAsked(answer = () => reply("POST /router/{serviceId}/restart", { success: true, restart: restarting })) {
  const asked: string[] = [];
  server.use(
    on("POST /router/{serviceId}/restart", ({ params }) => {
      asked.push(String(params.serviceId));
      return answer();
    }),
  );
  return asked;
}

const restartIs = (value: typeof restarting | null) =>
  server.use(on("GET /router/{serviceId}/restart", () => reply("GET /router/{serviceId}/restart", { restart: value })));

describe("the confirmation page", () => {
  it("shows the router's service and no restart under way", async () => {
    const result = await call(restart.loader as Handler, CONFIRM);
    expect(result.status).toBe(200);
    expect(result.data.service).toMatchObject({ service_id: 7001, name: "Fibre 1 Gbps" });
    expect(result.data.restart).toBeNull();
  });

  it("says a restart is under way instead of offering another, and ignores one that is over", async () => {
    restartIs(restarting);
    expect((await call(restart.loader as Handler, CONFIRM)).data.restart).toEqual(restarting);
    restartIs(backOnline);
    expect((await call(restart.loader as Handler, CONFIRM)).data.restart).toBeNull();
  });

  it("answers 403 to a contact without the authoritative or support role, on the page and its post, asking nothing", async () => {
    rolesAre(["billing"]);
    const asked = restartsAsked();
    expect((await call(restart.loader as Handler, CONFIRM)).status).toBe(403);
    expect((await call(restart.action as Handler, CONFIRM, { form: {} })).status).toBe(403);
    expect(asked).toEqual([]);
  });

  it("answers 403 for a service on none of the user's accounts and 404 for an id that is not a number", async () => {
    expect((await call(restart.loader as Handler, "/internet/router/9999/restart", { params: { serviceId: "9999" } })).status).toBe(403);
    expect((await call(restart.loader as Handler, "/internet/router/abc/restart", { params: { serviceId: "abc" } })).status).toBe(404);
  });
});

describe("restart now", () => {
  it("asks the API to restart this router, then follows the restart on the status page", async () => {
    const asked = restartsAsked();
    const result = await call(restart.action as Handler, CONFIRM, { form: {} });
    expect(result.status).toBe(302);
    expect(result.location).toBe(STATUS);
    expect(asked).toEqual(["7001"]);
  });

  it.each([
    ["_form.restart_in_progress", "api:_form.restart_in_progress"],
    ["_form.router_offline", "api:_form.router_offline"],
  ])("keeps the page with its message when the API refuses (%s)", async (code, message) => {
    restartsAsked(() => refuse(422, { _form: [code] }));
    const result = await call(restart.action as Handler, CONFIRM, { form: {} });
    expect(result.status).toBe(422);
    expect(result.data.result.error[""]).toEqual([message]);
  });

  it.each([
    [503, 503, "router:restart.unavailable"],
    [500, 502, "router:restart.failed"],
    [403, 403, "router:failed.forbidden"],
  ])("keeps the page with the restart error when the API answers %i", async (status, answered, message) => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(console, "error").mockImplementation(() => {});
    restartsAsked(() => refuse(status));
    const result = await call(restart.action as Handler, CONFIRM, { form: {} });
    expect(result.status).toBe(answered);
    expect(result.data.result.error[""]).toEqual([message]);
  });

  it("answers 415 for a JSON post without asking the API", async () => {
    const asked = restartsAsked();
    const result = await call(restart.action as Handler, CONFIRM, { body: "{}", headers: { "Content-Type": "application/json" } });
    expect(result.status).toBe(415);
    expect(asked).toEqual([]);
  });
});

describe("the status page", () => {
  it("follows a restart under way", async () => {
    restartIs(restarting);
    const result = await call(restartStatus.loader as Handler, STATUS);
    expect(result.status).toBe(200);
    expect(result.data.restart).toEqual(restarting);
    // The fixture's restart is not today's: its times carry their date.
    expect(result.data.sameDay).toBe(false);
  });

  it("shows the restart over, and a router never restarted from here", async () => {
    restartIs(backOnline);
    expect((await call(restartStatus.loader as Handler, STATUS)).data.restart).toEqual(backOnline);
    restartIs(null);
    expect((await call(restartStatus.loader as Handler, STATUS)).data.restart).toBeNull();
  });

  it("reads a restart of today with times alone", async () => {
    const now = Date.now();
    restartIs({
      status: "restarting",
      started_at: new Date(now - 1000).toISOString(),
      back_online_at: new Date(now).toISOString(),
      seconds_left: 0,
    });
    expect((await call(restartStatus.loader as Handler, STATUS)).data.sameDay).toBe(true);
  });

  it("is open to every contact of the account, the ones who may not restart too", async () => {
    rolesAre(["billing"]);
    restartIs(restarting);
    expect((await call(restartStatus.loader as Handler, STATUS)).status).toBe(200);
  });
});

describe("the router page while the router restarts", () => {
  it("takes cpe-info's restarting state (the page's notice and status badge read it)", async () => {
    server.use(
      on("GET /router/{serviceId}/cpe-info", () =>
        reply("GET /router/{serviceId}/cpe-info", { data: { data: { ...cpeInfo.data.data, status: "restarting", uptime_seconds: null } } }),
      ),
    );
    const result = await call(routerPage.loader as Handler, "/internet/router/7001");
    expect(result.data.cpe.status).toBe("restarting");
  });
});
