/**
 * UPnP on or off: the router page's UPnP section data (its state beside the rules), the …/upnp page and
 * its action (PUT /router/{serviceId}/upnp), who may change it, and the refusals that change nothing
 * (msw answers as the API).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { requireUserMiddleware } from "../../app/lib/auth.server.ts";
import * as routerPage from "../../app/routes/router/router.tsx";
import * as upnpPage from "../../app/routes/router/upnp.tsx";
import { on, refuse, reply } from "../mocks/contract.ts";
import { commercialCustomer, dashboard, residentialCustomer } from "../mocks/fixtures.ts";
import { upnpOff, upnpOn } from "../mocks/router.ts";
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
const PAGE = "/internet/router/7001/upnp";

afterEach(() => vi.restoreAllMocks());

function rolesAre(roles: (typeof residentialCustomer)["roles"]) {
  server.use(
    on("GET /dashboard", () =>
      reply("GET /dashboard", { ...dashboard, customers: [{ ...residentialCustomer, roles }, commercialCustomer] }),
    ),
  );
}

/** Records the changes asked of the API. */
function changesAsked(answer = () => reply("PUT /router/{serviceId}/upnp", { success: true, upnp: upnpOff })) {
  const asked: unknown[] = [];
  server.use(
    on("PUT /router/{serviceId}/upnp", async ({ request, params }) => {
      asked.push({ serviceId: String(params.serviceId), enabled: (await request.formData()).get("enabled") });
      return answer();
    }),
  );
  return asked;
}

describe("the router page's UPnP section", () => {
  it("reads UPnP's state beside its rules", async () => {
    const result = await call(routerPage.loader as Handler, "/internet/router/7001");
    expect(result.data.upnpState).toEqual(upnpOn);
    expect(result.data.upnp.length).toBeGreaterThan(0);
  });

  it("shows UPnP turned off, and its state alone failing leaves the rest of the page", async () => {
    server.use(on("GET /router/{serviceId}/upnp", () => reply("GET /router/{serviceId}/upnp", { upnp: upnpOff })));
    expect((await call(routerPage.loader as Handler, "/internet/router/7001")).data.upnpState).toEqual(upnpOff);
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(console, "error").mockImplementation(() => {});
    server.use(on("GET /router/{serviceId}/upnp", () => refuse(500)));
    const failed = await call(routerPage.loader as Handler, "/internet/router/7001");
    expect(failed.status).toBe(200);
    expect(failed.data.upnpState).toBeNull();
    expect(failed.data.upnp.length).toBeGreaterThan(0);
  });
});

describe("the UPnP page", () => {
  it("shows the state to a contact who may change it", async () => {
    const result = await call(upnpPage.loader as Handler, PAGE);
    expect(result.status).toBe(200);
    expect(result.data.upnp).toEqual(upnpOn);
  });

  it("answers 403 to a contact without the authoritative or support role, on the page and its post, asking nothing", async () => {
    rolesAre(["billing"]);
    const asked = changesAsked();
    expect((await call(upnpPage.loader as Handler, PAGE)).status).toBe(403);
    expect((await call(upnpPage.action as Handler, PAGE, { form: { enabled: "false" } })).status).toBe(403);
    expect(asked).toEqual([]);
  });
});

describe("turning UPnP off or on", () => {
  it("asks the API for the state posted, then back to the router page's section with a notice", async () => {
    const asked = changesAsked();
    const result = await call(upnpPage.action as Handler, PAGE, { form: { enabled: "false" } });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/internet/router/7001#upnp");
    expect(asked).toEqual([{ serviceId: "7001", enabled: "false" }]);
  });

  it.each<Record<string, string>>([{}, { enabled: "maybe" }])(
    "answers 400 with a translated message for %j, asking nothing",
    async (form) => {
      const asked = changesAsked();
      const result = await call(upnpPage.action as Handler, PAGE, { form });
      expect(result.status).toBe(400);
      expect(Object.values(result.data.result.error).flat()).toEqual(["formErrors.unreadable"]);
      expect(asked).toEqual([]);
    },
  );

  it("keeps the page with the router's message when the router cannot be reached", async () => {
    changesAsked(() => refuse(422, { _form: ["_form.router_unreachable"] }));
    const result = await call(upnpPage.action as Handler, PAGE, { form: { enabled: "false" } });
    expect(result.status).toBe(422);
    expect(result.data.result.error[""]).toEqual(["api:_form.router_unreachable"]);
  });

  it.each([
    [503, 503, "router:failed.unavailable"],
    [500, 502, "router:failed.server"],
    [403, 403, "router:failed.forbidden"],
  ])("keeps the page with the router's error when the API answers %i", async (status, answered, message) => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(console, "error").mockImplementation(() => {});
    changesAsked(() => refuse(status));
    const result = await call(upnpPage.action as Handler, PAGE, { form: { enabled: "true" } });
    expect(result.status).toBe(answered);
    expect(result.data.result.error[""]).toEqual([message]);
  });
});
