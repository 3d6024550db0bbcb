/**
 * Pausing a device's internet: the router page's lease list data (each paused device in words, English
 * 12-hour and French 24-hour times), the …/devices/{mac}/pause page and its action (pause now, resume, a
 * bedtime schedule, removing it), who may use it, and the refusals that change nothing (msw answers as the API).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { requireUserMiddleware } from "../../app/lib/auth.server.ts";
import * as routerPage from "../../app/routes/router/router.tsx";
import * as pausePage from "../../app/routes/router/pause.tsx";
import { on, refuse, reply } from "../mocks/contract.ts";
import { commercialCustomer, dashboard, residentialCustomer } from "../mocks/fixtures.ts";
import { bedtime, includingCpeInfo, leases, pausedNow, routerPageAnswer } from "../mocks/router.ts";
import { recordApiCalls } from "../support/api-calls.ts";
import { server } from "../support/msw.ts";
import { callRoute, signedInCookie, type RouteCall } from "../support/route.ts";

type Handler = (args: any) => unknown;

const MAC = "F0:99:B6:12:34:01";
const PAGE = `/internet/router/7001/devices/${encodeURIComponent(MAC)}/pause`;
const call = async (handler: Handler, url: string, extra: Partial<RouteCall> = {}) =>
  callRoute<any>(handler, {
    url,
    params: { serviceId: "7001", mac: MAC },
    cookie: await signedInCookie(),
    middleware: [requireUserMiddleware],
    ...extra,
  });
/** A schedule posted as a browser posts it: one `days` field per ticked box. */
const schedulePost = (body: string): Partial<RouteCall> => ({
  body,
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
});

afterEach(() => vi.restoreAllMocks());

function rolesAre(roles: (typeof residentialCustomer)["roles"]) {
  server.use(
    on("GET /dashboard", () =>
      reply("GET /dashboard", { ...dashboard, customers: [{ ...residentialCustomer, roles }, commercialCustomer] }),
    ),
  );
}

function pausesAre(...device_pauses: (typeof pausedNow)[]) {
  server.use(on("GET /router/{serviceId}/device-pauses", () => reply("GET /router/{serviceId}/device-pauses", { device_pauses })));
}

/** The network overview lists one device, by this MAC and name. */
function overviewLists(mac: string, name: string) {
  server.use(
    on("GET /wifi/{packageId}/network-overview", async () => {
      const { networkOverview } = await import("../mocks/services.ts");
      const ap = networkOverview.network_overview.access_points[0]!;
      const device = { ...ap.devices[0]!, mac_address: mac, name };
      return reply("GET /wifi/{packageId}/network-overview", {
        ...networkOverview,
        network_overview: { ...networkOverview.network_overview, access_points: [{ ...ap, devices: [device] }] },
      });
    }),
  );
}

/** Records the changes asked of the API: method, path and body. */
function changesAsked(status?: number, errors?: Record<string, string[]>) {
  const asked: { method: string; path: string; form?: Record<string, FormDataEntryValue> }[] = [];
  const record = async ({ request }: { request: Request }) => {
    const path = new URL(request.url).pathname.replace(/^.*\/router\//, "");
    const form = request.headers.get("Content-Type")?.includes("form") ? Object.fromEntries(await request.formData()) : undefined;
    asked.push({ method: request.method, path, ...(form ? { form } : {}) });
  };
  const answer = (key: Parameters<typeof reply>[0], device_pause: typeof pausedNow | null) =>
    status ? refuse(status, errors) : reply(key as never, { success: true, device_pause } as never);
  server.use(
    on("PUT /router/{serviceId}/device-pauses/{macAddress}/paused", async (args) => {
      await record(args);
      return answer("PUT /router/{serviceId}/device-pauses/{macAddress}/paused", pausedNow);
    }),
    on("DELETE /router/{serviceId}/device-pauses/{macAddress}/paused", async (args) => {
      await record(args);
      return answer("DELETE /router/{serviceId}/device-pauses/{macAddress}/paused", null);
    }),
    on("PUT /router/{serviceId}/device-pauses/{macAddress}/schedule", async (args) => {
      await record(args);
      return answer("PUT /router/{serviceId}/device-pauses/{macAddress}/schedule", bedtime);
    }),
    on("DELETE /router/{serviceId}/device-pauses/{macAddress}/schedule", async (args) => {
      await record(args);
      return answer("DELETE /router/{serviceId}/device-pauses/{macAddress}/schedule", null);
    }),
  );
  return asked;
}

describe("the router page's lease list", () => {
  it("says which devices are paused, and whether a schedule is in effect now", async () => {
    pausesAre(pausedNow, { ...bedtime, mac_address: "7C:ED:8D:44:19:E0", schedule_in_effect: false, in_effect: false });
    const result = await call(routerPage.loader as Handler, "/internet/router/7001");
    const words = Object.fromEntries(
      result.data.leases.dhcp_data.map((l: { mac_address: string; pause?: string }) => [l.mac_address, l.pause]),
    );
    expect(words).toEqual({
      "00:11:32:AB:CD:10": undefined,
      [MAC]: "Paused.",
      "E2:4B:9A:00:13:7F": undefined,
      "7C:ED:8D:44:19:E0": "Paused on schedule (Mon–Fri 9:00\u00a0p.m.–7:00\u00a0a.m.): not in effect now.",
      "6A:1F:0C:93:D2:44": undefined,
    });
  });

  it("writes the schedule in French with 24-hour times", async () => {
    pausesAre({ ...bedtime, schedule: { ...bedtime.schedule!, days: ["mon", "wed", "sat", "sun"], to: "06:30" } });
    const result = await call(routerPage.loader as Handler, "/internet/router/7001?lng=fr");
    expect(result.data.leases.dhcp_data[1].pause).toBe(
      "Suspendu selon l’horaire (lun., mer., sam., dim. 21\u00a0h–6\u00a0h\u00a030)\u00a0: en vigueur maintenant.",
    );
  });

  it("keeps the page when the pauses cannot be read", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(console, "error").mockImplementation(() => {});
    server.use(on("GET /router/{serviceId}/device-pauses", () => refuse(500)));
    const result = await call(routerPage.loader as Handler, "/internet/router/7001");
    expect(result.status).toBe(200);
    expect(result.data.leases.dhcp_data.length).toBeGreaterThan(0);
    expect(result.data.leases.dhcp_data.filter((l: { pause?: string }) => l.pause)).toEqual([]);
  });
});

describe("the pause page", () => {
  it("shows the device by its name on the network, and its pause in words", async () => {
    pausesAre(bedtime);
    overviewLists(MAC, "Maya's iPhone");
    const result = await call(pausePage.loader as Handler, PAGE);
    expect(result.status).toBe(200);
    expect(result.data).toMatchObject({ mac: MAC, name: "Maya's iPhone", pause: bedtime });
    expect(result.data.words).toBe("Paused on schedule (Mon–Fri 9:00\u00a0p.m.–7:00\u00a0a.m.): in effect now.");
  });

  it("names a device the overview does not list by its hostname; a device the router does not know is 404", async () => {
    const page = (await call(pausePage.loader as Handler, PAGE)).data;
    expect(page).toMatchObject({ name: "Mayas-iPhone", pause: null, words: null });
    // The schedule's days to tick, Monday first, named in the page's language.
    expect(page.days.map((d: { label: string }) => d.label)).toEqual([
      "Monday",
      "Tuesday",
      "Wednesday",
      "Thursday",
      "Friday",
      "Saturday",
      "Sunday",
    ]);
    const french = (await call(pausePage.loader as Handler, `${PAGE}?lng=fr`)).data;
    expect(french.days.map((d: { value: string; label: string }) => `${d.value}:${d.label}`)).toEqual([
      "mon:lundi",
      "tue:mardi",
      "wed:mercredi",
      "thu:jeudi",
      "fri:vendredi",
      "sat:samedi",
      "sun:dimanche",
    ]);
    const unknown = await call(pausePage.loader as Handler, "/internet/router/7001/devices/00:00:5E:00:53:01/pause", {
      params: { serviceId: "7001", mac: "00:00:5E:00:53:01" },
    });
    expect(unknown.status).toBe(404);
  });

  it("takes the lease table and the pauses with the service from an API that includes them", async () => {
    // The pauses the API includes: bedtime on this device.
    server.use(includingCpeInfo({ device_pauses: [{ ...bedtime, mac_address: MAC }] }));
    const calls = recordApiCalls();
    const result = await call(pausePage.loader as Handler, PAGE);
    expect(result.data).toMatchObject({ mac: MAC, name: "Mayas-iPhone", pause: { ...bedtime, mac_address: MAC } });
    expect(result.data.customer).toEqual({ customer_id: routerPageAnswer.service!.customer_id, contract_name: "Maya Singh" });
    const paths = calls.map((c) => `${c.method} ${c.path}`);
    expect(paths).toContain("GET /router/7001/cpe-info");
    expect(paths).not.toContain("GET /router/7001/dhcp-leases");
    expect(paths).not.toContain("GET /router/7001/device-pauses");
    expect(paths).not.toContain("GET /residential-dashboard/100101");
  });

  it("names the device as its lease does, asking nothing more: not the network overview", async () => {
    const named = (name: string | null) => ({
      ...leases,
      dhcp_data: leases.dhcp_data.map((l) => ({ ...l, device_name: l.mac_address === MAC ? name : null })),
    });
    server.use(includingCpeInfo({ dhcp_leases: named("Maya's iPhone"), device_pauses: [] }));
    const calls = recordApiCalls();
    let result = await call(pausePage.loader as Handler, PAGE);
    expect(result.data).toMatchObject({ mac: MAC, name: "Maya's iPhone", pause: null });
    expect(calls.map((c) => `${c.method} ${c.path}`).filter((p) => !/\/(dashboard|revision)$/.test(p))).toEqual([
      "GET /router/7001/cpe-info",
    ]);

    // null: the network has not seen the device; its hostname names it, still in one call.
    server.use(includingCpeInfo({ dhcp_leases: named(null), device_pauses: [] }));
    const before = calls.length;
    result = await call(pausePage.loader as Handler, PAGE);
    expect(result.data).toMatchObject({ mac: MAC, name: "Mayas-iPhone" });
    expect(calls.slice(before).map((c) => c.path)).not.toContain("/wifi/5001/network-overview");
  });

  it("finds a device without a lease in the network overview", async () => {
    const other = "3C:22:FB:00:00:99";
    overviewLists(other, "Printer");
    const result = await call(pausePage.loader as Handler, `/internet/router/7001/devices/${encodeURIComponent(other)}/pause`, {
      params: { serviceId: "7001", mac: other },
    });
    expect(result.status).toBe(200);
    expect(result.data).toMatchObject({ mac: other, name: "Printer" });
  });

  it("answers 403 to a contact without the authoritative or support role, on the page and its posts, asking nothing", async () => {
    rolesAre(["billing"]);
    const asked = changesAsked();
    expect((await call(pausePage.loader as Handler, PAGE)).status).toBe(403);
    expect((await call(pausePage.action as Handler, PAGE, { form: { intent: "pause" } })).status).toBe(403);
    expect((await call(pausePage.action as Handler, `${PAGE}?schedule`, schedulePost("days=mon&from=21:00&to=07:00"))).status).toBe(403);
    expect(asked).toEqual([]);
  });
});

describe("pausing, resuming and scheduling", () => {
  const macPath = `7001/device-pauses/${encodeURIComponent(MAC)}`;

  it.each([
    ["pause", "PUT", "paused"],
    ["resume", "DELETE", "paused"],
    ["unschedule", "DELETE", "schedule"],
  ])("%s: asks the API, then back to the router's lease list", async (intent, method, part) => {
    const asked = changesAsked();
    const result = await call(pausePage.action as Handler, PAGE, { form: { intent } });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/internet/router/7001#dhcp-leases");
    expect(asked.map(({ method, path }) => ({ method, path }))).toEqual([{ method, path: `${macPath}/${part}` }]);
  });

  it("sends the bedtime schedule ticked: its days, from and to", async () => {
    const asked = changesAsked();
    const result = await call(
      pausePage.action as Handler,
      `${PAGE}?schedule`,
      schedulePost("days=mon&days=tue&days=wed&days=thu&days=fri&from=21:00&to=07:00"),
    );
    expect(result.status).toBe(302);
    expect(asked).toEqual([
      { method: "PUT", path: `${macPath}/schedule`, form: { days: "mon,tue,wed,thu,fri", from: "21:00", to: "07:00" } },
    ]);
  });

  it.each([
    ["from=21:00&to=07:00", { days: ["api:days.required"] }],
    ["days=mon&days=someday&from=21:00&to=07:00", { "days[1]": ["api:days.invalid"] }],
    ["days=sat&from=9pm&to=07:00", { from: ["api:from.invalid"] }],
    ["days=sat&from=21:00&to=21:00", { to: ["api:to.same_as_from"] }],
  ])("answers 400 with translated messages for %s, asking nothing", async (body, errors) => {
    const asked = changesAsked();
    const result = await call(pausePage.action as Handler, `${PAGE}?schedule`, schedulePost(body));
    expect(result.status).toBe(400);
    expect(result.data.result.error).toMatchObject(errors);
    expect(asked).toEqual([]);
  });

  it("answers 400 for a button that is none of the page's, asking nothing", async () => {
    const asked = changesAsked();
    const result = await call(pausePage.action as Handler, PAGE, { form: { intent: "reboot" } });
    expect(result.status).toBe(400);
    expect(asked).toEqual([]);
  });

  it("keeps the page with the router's message when the router cannot be reached", async () => {
    changesAsked(422, { _form: ["_form.router_unreachable"] });
    const paused = await call(pausePage.action as Handler, PAGE, { form: { intent: "pause" } });
    expect(paused.status).toBe(422);
    expect(paused.data.result.error[""]).toEqual(["api:_form.router_unreachable"]);
    const scheduled = await call(pausePage.action as Handler, `${PAGE}?schedule`, schedulePost("days=fri&from=21:00&to=07:00"));
    expect(scheduled.status).toBe(422);
    expect(scheduled.data.result.error[""]).toEqual(["api:_form.router_unreachable"]);
  });

  it.each([
    [503, 503, "router:failed.unavailable"],
    [500, 502, "router:failed.server"],
    [403, 403, "router:failed.forbidden"],
  ])("keeps the page with the router's error when the API answers %i", async (status, answered, message) => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(console, "error").mockImplementation(() => {});
    changesAsked(status);
    const result = await call(pausePage.action as Handler, PAGE, { form: { intent: "pause" } });
    expect(result.status).toBe(answered);
    expect(result.data.result.error[""]).toEqual([message]);
  });
});
