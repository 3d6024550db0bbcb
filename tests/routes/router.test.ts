/**
 * The router screens' loaders and actions in isolation (msw answers as the API): the router page and
 * its sections failing on their own, refreshing the lease table, LAN settings (page and dialog), DHCP
 * reservations, port forwarding rules, and the live diagnostics address.
 */
import { delay } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { requireUserMiddleware } from "../../app/lib/auth.server.ts";
import { loader as rootLoader } from "../../app/root.tsx";
import * as diagnostics from "../../app/routes/router/diagnostics.ts";
import * as first from "../../app/routes/router/first.tsx";
import * as lan from "../../app/routes/router/lan.tsx";
import * as removeReservation from "../../app/routes/router/reservation-remove.tsx";
import * as reservation from "../../app/routes/router/reservation.tsx";
import * as routerPage from "../../app/routes/router/router.tsx";
import * as editRule from "../../app/routes/router/rule-edit.tsx";
import * as newRule from "../../app/routes/router/rule-new.tsx";
import * as removeRule from "../../app/routes/router/rule-remove.tsx";
import * as restart from "../../app/routes/router/restart.tsx";
import * as restartStatus from "../../app/routes/router/restart-status.tsx";
import * as upnp from "../../app/routes/router/upnp.tsx";
import { on, refuse, reply } from "../mocks/contract.ts";
import { commercialCustomer, dashboard, residentialCustomer, residentialDashboard } from "../mocks/fixtures.ts";
import { cpeInfo, includingCpeInfo, leases, networkSettings, routerPageAnswer, rules, statisticsOffline } from "../mocks/router.ts";
import { recordApiCalls } from "../support/api-calls.ts";
import { ROUTER_PAGE_INCLUDES } from "#contract/router-page";
import { useEnv } from "../support/config.ts";
import { server } from "../support/msw.ts";
import { callRoute, nextCookie, signedInCookie, type RouteCall, type RouteResult } from "../support/route.ts";

type Handler = (args: any) => unknown;

const call = async (handler: Handler, url: string, params: Record<string, string> = {}, extra: Partial<RouteCall> = {}) =>
  callRoute<any>(handler, {
    url,
    params: { serviceId: "7001", ...params },
    cookie: await signedInCookie(),
    middleware: [requireUserMiddleware],
    ...extra,
  });

const quiet = () => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
};
afterEach(() => vi.restoreAllMocks());

/** The signed-in contact's roles on the fixture account. */
function rolesAre(roles: (typeof residentialCustomer)["roles"]) {
  server.use(
    on("GET /dashboard", () =>
      reply("GET /dashboard", { ...dashboard, customers: [{ ...residentialCustomer, roles }, commercialCustomer] }),
    ),
  );
}

/** The notifications the next page shows after an answer (read through the root loader with its cookie). */
async function notificationsAfter(result: RouteResult<any>) {
  const cookie = nextCookie(await signedInCookie(), result.setCookies);
  const next = await callRoute<any>(rootLoader as Handler, { url: "/internet/router/7001", cookie });
  return next.data.notifications.map((n: { key: string; type: string; values?: object }) => ({
    key: n.key,
    type: n.type,
    values: n.values,
  }));
}

/** Records the multipart fields (and the query) of the API calls to one endpoint. */
function capture(key: Parameters<typeof on>[0], answer: () => Response) {
  const seen: { form: FormData | null; url: URL }[] = [];
  server.use(
    on(key, async ({ request }) => {
      const type = request.headers.get("Content-Type") ?? "";
      seen.push({ form: type.includes("multipart") ? await request.formData() : null, url: new URL(request.url) });
      return answer();
    }),
  );
  return seen;
}

describe("router page", () => {
  it("names each device as the home network does, its hostname beside it when that says something else", async () => {
    const networkNames: Record<string, string | null> = {
      "00:11:32:AB:CD:10": "Home NAS",
      "F0:99:B6:12:34:01": "Maya's iPhone",
      "7C:ED:8D:44:19:E0": "Xbox",
      "E2:4B:9A:00:13:7F": null,
    };
    server.use(
      on("GET /router/{serviceId}/dhcp-leases", () =>
        reply("GET /router/{serviceId}/dhcp-leases", {
          ...leases,
          dhcp_data: leases.dhcp_data.map((l) => (l.mac_address in networkNames ? { ...l, device_name: networkNames[l.mac_address] } : l)),
        }),
      ),
    );
    const rows = (await call(routerPage.loader as Handler, "/internet/router/7001")).data.leases.dhcp_data;
    expect(rows.map((l: { name: string; host?: string }) => [l.name, l.host])).toEqual([
      ["Home NAS", "nas"],
      ["Maya's iPhone", "Mayas-iPhone"],
      // Neither a name nor a hostname; then the same name but for its case; then an API that names nothing.
      ["Unnamed device", undefined],
      ["Xbox", undefined],
      ["Galaxy-S23", undefined],
    ]);
    const french = (await call(routerPage.loader as Handler, "/internet/router/7001?lng=fr")).data.leases.dhcp_data;
    expect(french[2].name).toBe("Appareil sans nom");

    // The removal of a reservation names the device as the list that links to it.
    const remove = await call(removeReservation.loader as Handler, "/internet/router/7001/reservations/00:11:32:AB:CD:10/remove", {
      mac: "00:11:32:AB:CD:10",
    });
    expect(remove.data.name).toBe("Home NAS");
    // And the reservation form's choice of device.
    const reserve = await call(reservation.loader as Handler, "/internet/router/7001/reservations/new");
    expect(reserve.data.devices.map((d: { name: string }) => d.name).slice(0, 2)).toEqual(["Home NAS", "Maya's iPhone"]);
  });

  it("shows every section of the router, for a contact who may change it", async () => {
    const result = await call(routerPage.loader as Handler, "/internet/router/7001");
    expect(result.status).toBe(200);
    const data = result.data;
    expect(data.customer).toEqual({ customer_id: 100101, contract_name: "Maya Singh" });
    expect(data.service).toMatchObject({ service_id: 7001, name: "Fibre 1 Gbps" });
    expect(data.address).toBe("245 Carlaw Avenue, Unit 4, Toronto");
    expect(data.canManage).toBe(true);
    expect(data.cpe.model).toBe("HomeHub 6E");
    expect(data.settings.lease_time_seconds).toBe(86_400);
    expect(data.leases.dhcp_data.map((l: { type: string }) => l.type)).toEqual(["reserved", "dynamic", "pending", "dynamic", "expired"]);
    expect(data.leases.upnp_table).toHaveLength(1);
    expect(data.rules.map((r: { description: string }) => r.description)).toEqual(["NAS remote access", "Camera streams"]);
    expect(data.upnp).toHaveLength(1);
    expect(data.statistics.connected_devices).toBe(6);
    expect(data.statisticsError).toBeNull();
    expect(data.settingsDialog).toBe(true);
  });

  it("loads every section in one call from an API that includes them", async () => {
    const before = (await call(routerPage.loader as Handler, "/internet/router/7001")).data;
    server.use(
      on("GET /router/{serviceId}/cpe-info", ({ request }) =>
        new URL(request.url).searchParams.get("include") === ROUTER_PAGE_INCLUDES.filter((name) => name !== "restart").join(",")
          ? reply("GET /router/{serviceId}/cpe-info", routerPageAnswer)
          : refuse(422, { include: ["include.invalid"] }),
      ),
    );
    const calls = recordApiCalls();
    const result = await call(routerPage.loader as Handler, "/internet/router/7001");
    expect(result.status).toBe(200);
    // The same page as from the calls apart (the fixtures answer alike).
    expect(result.data).toEqual(before);
    // The user's accounts (with the revision they are read with) and the router page: nothing else.
    expect(calls.map((c) => `${c.method} ${c.path}`).sort()).toEqual(["GET /dashboard", "GET /revision", "GET /router/7001/cpe-info"]);
  });

  it("asks apart only for the parts an API leaves out, and finds the account itself when the answer names none", async () => {
    const { service: _service, network_settings: _settings, ...rest } = routerPageAnswer;
    server.use(on("GET /router/{serviceId}/cpe-info", () => reply("GET /router/{serviceId}/cpe-info", rest)));
    const calls = recordApiCalls();
    const result = await call(routerPage.loader as Handler, "/internet/router/7001");
    expect(result.data.settings).toEqual(networkSettings.network_settings);
    expect(result.data.customer).toEqual({ customer_id: 100101, contract_name: "Maya Singh" });
    expect(calls.map((c) => `${c.method} ${c.path}`).sort()).toEqual(
      [
        "GET /dashboard",
        "GET /residential-dashboard/100101",
        "GET /revision",
        "GET /router/7001/cpe-info",
        "GET /router/7001/network-settings",
      ].sort(),
    );
  });

  it("answers 403 when the API names a service of an account the user does not hold", async () => {
    server.use(
      on("GET /router/{serviceId}/cpe-info", () =>
        reply("GET /router/{serviceId}/cpe-info", { ...routerPageAnswer, service: { ...routerPageAnswer.service!, customer_id: 100999 } }),
      ),
      on("GET /residential-dashboard/{customerId}", () =>
        reply("GET /residential-dashboard/{customerId}", {
          ...residentialDashboard,
          services: { ...residentialDashboard.services, internet: [] },
        }),
      ),
    );
    expect((await call(routerPage.loader as Handler, "/internet/router/7001")).status).toBe(403);
  });

  it("asks the parts an API leaves out in parallel", async () => {
    let inFlight = 0;
    let most = 0;
    const slow = (key: Parameters<typeof on>[0], body: unknown) =>
      on(key, async () => {
        most = Math.max(most, ++inFlight);
        await delay(100);
        inFlight--;
        return reply(key, body as never);
      });
    server.use(
      slow("GET /router/{serviceId}/cpe-info", cpeInfo),
      slow("GET /router/{serviceId}/network-settings", networkSettings),
      slow("GET /router/{serviceId}/dhcp-leases", leases),
      slow("GET /router/{serviceId}/port-forwarding-rules", { port_forwarding_rules: rules }),
    );
    const result = await call(routerPage.loader as Handler, "/internet/router/7001");
    expect(result.status).toBe(200);
    // The router first (its answer says what it left out), then the three others together.
    expect(most).toBe(3);
  });

  it("shows statistics as failed when the router answers an error, and every other section still", async () => {
    server.use(on("GET /router/{serviceId}/statistics", () => reply("GET /router/{serviceId}/statistics", statisticsOffline)));
    const result = await call(routerPage.loader as Handler, "/internet/router/7001");
    expect(result.status).toBe(200);
    expect(result.data.statistics).toBeNull();
    expect(result.data.statisticsError).toMatchObject({ code: "router_offline", last_seen_at: "2026-11-19T15:00:00Z" });
    expect(result.data.settings).not.toBeNull();
    expect(result.data.rules).toHaveLength(2);
    expect(result.data.leases).not.toBeNull();
  });

  it.each([
    ["GET /router/{serviceId}/network-settings", "settings", 503],
    ["GET /router/{serviceId}/port-forwarding-rules", "rules", 500],
    ["GET /router/{serviceId}/upnp-port-forwarding-rules", "upnp", 404],
    ["GET /router/{serviceId}/statistics", "statistics", 502],
    ["GET /router/{serviceId}/dhcp-leases", "leases", 500],
    ["GET /router/{serviceId}/cpe-info", "cpe", 503],
  ] as const)("keeps the page when %s fails: only its section is empty", async (key, field, status) => {
    server.use(on(key, () => refuse(status)));
    quiet();
    const result = await call(routerPage.loader as Handler, "/internet/router/7001");
    expect(result.status).toBe(200);
    expect(result.data[field]).toBeNull();
    const others = ["settings", "rules", "upnp", "statistics", "leases", "cpe"].filter((f) => f !== field);
    for (const other of others) expect(result.data[other], other).not.toBeNull();
  });

  it("keeps a broken answer to its section", async () => {
    server.use(on("GET /router/{serviceId}/port-forwarding-rules", () => Response.json({ rules: "nope" })));
    quiet();
    const result = await call(routerPage.loader as Handler, "/internet/router/7001");
    expect(result.status).toBe(200);
    expect(result.data.rules).toBeNull();
  });

  it("is read-only for a contact without the authoritative or support role", async () => {
    rolesAre(["billing"]);
    const result = await call(routerPage.loader as Handler, "/internet/router/7001");
    expect(result.data.canManage).toBe(false);
    expect(result.data.settings).not.toBeNull();
  });

  it("opens the older router type's settings on their own page, and the newer one's in a dialog only with the feature on", async () => {
    server.use(
      on("GET /router/{serviceId}/cpe-info", () =>
        reply("GET /router/{serviceId}/cpe-info", { data: { data: { ...cpeInfo.data.data, generation: "legacy" } } }),
      ),
    );
    expect((await call(routerPage.loader as Handler, "/internet/router/7001")).data.settingsDialog).toBe(false);
    server.resetHandlers();
    useEnv({ FEATURE_ROUTER_VENDOR: "off" });
    expect((await call(routerPage.loader as Handler, "/internet/router/7001")).data.settingsDialog).toBe(false);
  });

  it("answers 403 for a service on none of the user's accounts, and 404 for an id that is not a number", async () => {
    expect((await call(routerPage.loader as Handler, "/internet/router/9999", { serviceId: "9999" })).status).toBe(403);
    expect((await call(routerPage.loader as Handler, "/internet/router/abc", { serviceId: "abc" })).status).toBe(404);
  });

  it("finds the service on another of the user's accounts than the active one", async () => {
    const other = { ...residentialCustomer, customer_id: 100202, contract_name: "Condo" };
    server.use(
      on("GET /dashboard", () => reply("GET /dashboard", { ...dashboard, customers: [residentialCustomer, other] })),
      on("GET /residential-dashboard/{customerId}", ({ params }) =>
        reply(
          "GET /residential-dashboard/{customerId}",
          params.customerId === "100202"
            ? residentialDashboard
            : { ...residentialDashboard, services: { ...residentialDashboard.services, internet: [] } },
        ),
      ),
    );
    const result = await call(routerPage.loader as Handler, "/internet/router/7001");
    expect(result.data.customer).toEqual({ customer_id: 100202, contract_name: "Condo" });
  });

  it("sends the customer to sign in when the session is gone", async () => {
    const result = await callRoute<any>(routerPage.loader as Handler, {
      url: "/internet/router/7001",
      params: { serviceId: "7001" },
      middleware: [requireUserMiddleware],
    });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/login?came_from=%2Finternet%2Frouter%2F7001");
  });
});

describe("refresh the lease table", () => {
  it("reads the table from the router now, then back to the leases with a notice", async () => {
    const seen = capture("GET /router/{serviceId}/dhcp-leases", () => reply("GET /router/{serviceId}/dhcp-leases", leases));
    const result = await call(routerPage.action as Handler, "/internet/router/7001", {}, { form: { intent: "refresh" } });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/internet/router/7001#dhcp-leases");
    expect(seen[0].url.searchParams.get("forceRefresh")).toBe("true");
    expect(await notificationsAfter(result)).toEqual([{ key: "router:leases.refreshed", type: "success", values: undefined }]);
  });

  it("says when the router is offline and the table is its last one", async () => {
    server.use(
      on("GET /router/{serviceId}/dhcp-leases", () => reply("GET /router/{serviceId}/dhcp-leases", { ...leases, router_online: false })),
    );
    const result = await call(routerPage.action as Handler, "/internet/router/7001", {}, { form: { intent: "refresh" } });
    expect(await notificationsAfter(result)).toEqual([{ key: "router:leases.offline", type: "warning", values: undefined }]);
  });

  it("keeps the page with a message when the router does not answer", async () => {
    server.use(on("GET /router/{serviceId}/dhcp-leases", () => refuse(503)));
    quiet();
    const result = await call(routerPage.action as Handler, "/internet/router/7001", {}, { form: { intent: "refresh" } });
    expect(result.status).toBe(503);
    expect(result.data.result.error[""]).toEqual(["router:leases.refreshFailed"]);
  });

  it("refuses a post that is not the refresh form", async () => {
    const result = await call(routerPage.action as Handler, "/internet/router/7001", {}, { form: { intent: "reboot" } });
    expect(result.status).toBe(400);
  });
});

const LAN = {
  lan_ip: "192.168.1.1",
  subnet_mask: "255.255.255.0",
  dhcp_start: "192.168.1.100",
  dhcp_end: "192.168.1.199",
  lease_time_seconds: "43200",
  dns_primary: "",
  dns_secondary: "",
};

describe("LAN settings", () => {
  const updated = () =>
    reply("PUT /router/{serviceId}/network-settings", {
      success: true,
      status: "success",
      network_settings: { ...networkSettings.network_settings, lease_time_seconds: 43_200 },
    });

  it("saves from the dialog of the router page: PUT network-settings, then the router page with a notice", async () => {
    const seen = capture("PUT /router/{serviceId}/network-settings", updated);
    const result = await call(routerPage.action as Handler, "/internet/router/7001?dialog=lan", {}, { form: LAN });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/internet/router/7001");
    expect(seen[0].form?.get("lease_time_seconds")).toBe("43200");
    expect(seen[0].form?.get("lan_ip")).toBe("192.168.1.1");
    expect(seen[0].form?.get("dns_primary")).toBe("");
    expect(await notificationsAfter(result)).toEqual([{ key: "router:lan.saved", type: "success", values: undefined }]);
  });

  it("saves from the LAN settings page the same way", async () => {
    const seen = capture("PUT /router/{serviceId}/network-settings", updated);
    const result = await call(lan.action as Handler, "/internet/router/7001/lan", {}, { form: { ...LAN, dns_primary: " 1.1.1.1 " } });
    expect(result.location).toBe("/internet/router/7001");
    expect(seen[0].form?.get("dns_primary")).toBe("1.1.1.1");
  });

  it("the page shows the current settings, and answers 403 to a contact who may not change them", async () => {
    const page = await call(lan.loader as Handler, "/internet/router/7001/lan");
    expect(page.data.settings.lan_ip).toBe("192.168.1.1");
    rolesAre(["billing"]);
    expect((await call(lan.loader as Handler, "/internet/router/7001/lan")).status).toBe(403);
  });

  it("the page names the service from cpe-info?include=service, without reading the account's dashboard", async () => {
    server.use(
      on("GET /router/{serviceId}/cpe-info", ({ request }) =>
        new URL(request.url).searchParams.get("include")?.split(",").includes("service")
          ? reply("GET /router/{serviceId}/cpe-info", { ...cpeInfo, service: routerPageAnswer.service })
          : refuse(422, { include: ["include.invalid"] }),
      ),
    );
    const calls = recordApiCalls();
    const page = await call(lan.loader as Handler, "/internet/router/7001/lan");
    expect(page.data).toMatchObject({ customer: { customer_id: 100101 }, address: "245 Carlaw Avenue, Unit 4, Toronto", canManage: true });
    const paths = calls.map((c) => `${c.method} ${c.path}`);
    expect(paths).toContain("GET /router/7001/cpe-info");
    expect(paths).not.toContain("GET /residential-dashboard/100101");
    // A contact without the role is refused on the answer's account as on the dashboard's.
    rolesAre(["billing"]);
    expect((await call(lan.loader as Handler, "/internet/router/7001/lan")).status).toBe(403);
  });

  it("refuses values the rules forbid before asking the API, each on its field", async () => {
    const seen = capture("PUT /router/{serviceId}/network-settings", updated);
    const result = await call(
      routerPage.action as Handler,
      "/internet/router/7001?dialog=lan",
      {},
      { form: { ...LAN, lan_ip: "8.8.8.8", dhcp_end: "192.168.1.50", lease_time_seconds: "60", dns_secondary: "dns.example" } },
    );
    expect(result.status).toBe(400);
    expect(result.data.result.error).toMatchObject({
      lan_ip: ["api:lan_ip.not_private"],
      dhcp_end: ["api:dhcp_end.before_start"],
      lease_time_seconds: ["api:lease_time_seconds.too_short"],
      dns_secondary: ["api:dns_secondary.invalid"],
    });
    expect(result.data.result.initialValue.dhcp_end).toBe("192.168.1.50");
    expect(seen).toHaveLength(0);
  });

  it("shows the API's field error on the field", async () => {
    server.use(on("PUT /router/{serviceId}/network-settings", () => refuse(422, { lan_ip: ["lan_ip.reservations_outside_subnet"] })));
    const result = await call(routerPage.action as Handler, "/internet/router/7001?dialog=lan", {}, { form: LAN });
    expect(result.status).toBe(422);
    expect(result.data.result.error).toEqual({ lan_ip: ["api:lan_ip.reservations_outside_subnet"] });
  });

  it.each([
    [503, 503, "router:failed.unavailable"],
    [500, 502, "router:failed.server"],
    [403, 403, "router:failed.forbidden"],
  ])("keeps the form with the save error when the API answers %i", async (status, answered, message) => {
    server.use(on("PUT /router/{serviceId}/network-settings", () => refuse(status)));
    quiet();
    const result = await call(routerPage.action as Handler, "/internet/router/7001?dialog=lan", {}, { form: LAN });
    expect(result.status).toBe(answered);
    expect(result.data.result.error[""]).toEqual([message]);
    expect(result.data.result.initialValue.lease_time_seconds).toBe("43200");
  });

  it("answers 415 for a JSON post and 413 for an oversized form, without calling the API", async () => {
    const seen = capture("PUT /router/{serviceId}/network-settings", updated);
    const json = await call(
      lan.action as Handler,
      "/internet/router/7001/lan",
      {},
      { body: JSON.stringify(LAN), headers: { "Content-Type": "application/json" } },
    );
    expect(json.status).toBe(415);
    const huge = await call(lan.action as Handler, "/internet/router/7001/lan", {}, { form: { ...LAN, lan_ip: "1".repeat(100_000) } });
    expect(huge.status).toBe(413);
    const control = await call(lan.action as Handler, "/internet/router/7001/lan", {}, { form: { ...LAN, lan_ip: "192.168.1.1\u0000" } });
    expect(control.status).toBe(400);
    // Said on its field, with everything typed given back without the character no one types.
    expect(control.data.result.error).toEqual({ lan_ip: ["common:formErrors.controlCharacters"] });
    expect(control.data.result.initialValue).toMatchObject({
      lan_ip: "192.168.1.1",
      subnet_mask: LAN.subnet_mask,
      dhcp_start: LAN.dhcp_start,
    });
    // Every field that held one is marked, not only the first.
    const two = await call(
      lan.action as Handler,
      "/internet/router/7001/lan",
      {},
      {
        form: { ...LAN, lan_ip: "192.168.1.1\u0000", dhcp_end: `${LAN.dhcp_end}\u001b` },
      },
    );
    expect(two.status).toBe(400);
    expect(two.data.result.error).toEqual({
      lan_ip: ["common:formErrors.controlCharacters"],
      dhcp_end: ["common:formErrors.controlCharacters"],
    });
    expect(two.data.result.initialValue).toMatchObject({ lan_ip: "192.168.1.1", dhcp_end: LAN.dhcp_end });
    // A field the form does not show: said above the form.
    const stray = await call(lan.action as Handler, "/internet/router/7001/lan", {}, { form: { ...LAN, note: "a\u0007b" } });
    expect(stray.status).toBe(400);
    expect(stray.data.result.error).toEqual({ "": ["common:formErrors.controlCharacters"] });
    expect(seen).toHaveLength(0);
  });
});

describe("DHCP reservation", () => {
  const saved = () =>
    reply("PUT /router/{serviceId}/dhcp-reservation", {
      success: true,
      status: "success",
      reservation: { mac_address: "F0:99:B6:12:34:01", ip_address: "192.168.1.60", hostname: "Mayas-iPhone" },
    });

  it("takes the LAN and the lease table with the service from an API that includes them", async () => {
    const apart = (await call(reservation.loader as Handler, "/internet/router/7001/reservations/new?mac=f0-99-b6-12-34-01")).data;
    server.use(includingCpeInfo());
    const calls = recordApiCalls();
    const result = await call(reservation.loader as Handler, "/internet/router/7001/reservations/new?mac=f0-99-b6-12-34-01");
    expect(result.data).toEqual(apart);
    expect(calls.map((c) => `${c.method} ${c.path}`).sort()).toEqual(["GET /dashboard", "GET /revision", "GET /router/7001/cpe-info"]);
  });

  it("offers the devices of the lease table, the one of the link chosen", async () => {
    const result = await call(reservation.loader as Handler, "/internet/router/7001/reservations/new?mac=f0-99-b6-12-34-01");
    expect(result.status).toBe(200);
    expect(result.data.device).toMatchObject({ mac_address: "F0:99:B6:12:34:01", ip_address: "192.168.1.101" });
    expect(result.data.devices).toHaveLength(5);
    // Named as the lease list names them: the hostname here (the mock's leases carry no network name).
    expect(result.data.devices.map((d: { name: string }) => d.name)).toEqual([
      "nas",
      "Mayas-iPhone",
      "Unnamed device",
      "XBOX",
      "Galaxy-S23",
    ]);
    expect(result.data.check.inUse).toContainEqual(["192.168.1.10", "00:11:32:AB:CD:10"]);
    // An expired lease holds no address.
    expect(result.data.check.inUse).not.toContainEqual(["192.168.1.150", "6A:1F:0C:93:D2:44"]);
  });

  it("reserves the address, then back to the leases with the spec's notice", async () => {
    const seen = capture("PUT /router/{serviceId}/dhcp-reservation", saved);
    const result = await call(
      reservation.action as Handler,
      "/internet/router/7001/reservations/new",
      {},
      { form: { mac_address: "F0:99:B6:12:34:01", ip_address: "192.168.1.60", hostname: "" } },
    );
    expect(result.status).toBe(302);
    expect(result.location).toBe("/internet/router/7001#dhcp-leases");
    expect(seen[0].form?.get("ip_address")).toBe("192.168.1.60");
    expect(seen[0].form?.get("mac_address")).toBe("F0:99:B6:12:34:01");
    expect(seen[0].form?.has("hostname")).toBe(false);
    expect(await notificationsAfter(result)).toEqual([{ key: "router:reservation.saved", type: "success", values: undefined }]);
  });

  it.each([
    ["10.0.0.5", "api:ip_address.outside_subnet"],
    ["192.168.1.255", "api:ip_address.outside_subnet"],
    ["192.168.1.10", "api:ip_address.in_use"],
    ["192.168.1.1", "api:ip_address.in_use"],
    ["192.168.1", "api:ip_address.invalid"],
  ])("refuses %s on the address field without asking the API", async (ip, message) => {
    const seen = capture("PUT /router/{serviceId}/dhcp-reservation", saved);
    const result = await call(
      reservation.action as Handler,
      "/internet/router/7001/reservations/new",
      {},
      { form: { mac_address: "F0:99:B6:12:34:01", ip_address: ip } },
    );
    expect(result.status).toBe(400);
    expect(result.data.result.error).toEqual({ ip_address: [message] });
    expect(seen).toHaveLength(0);
  });

  it("lets a device keep the address it holds now", async () => {
    capture("PUT /router/{serviceId}/dhcp-reservation", saved);
    const result = await call(
      reservation.action as Handler,
      "/internet/router/7001/reservations/new",
      {},
      { form: { mac_address: "F0:99:B6:12:34:01", ip_address: "192.168.1.101" } },
    );
    expect(result.status).toBe(302);
  });

  it("shows the API's refusal (an address taken meanwhile) on the field", async () => {
    server.use(on("PUT /router/{serviceId}/dhcp-reservation", () => refuse(422, { ip_address: ["ip_address.in_use"] })));
    const result = await call(
      reservation.action as Handler,
      "/internet/router/7001/reservations/new",
      {},
      { form: { mac_address: "F0:99:B6:12:34:01", ip_address: "192.168.1.61" } },
    );
    expect(result.status).toBe(422);
    expect(result.data.result.error).toEqual({ ip_address: ["api:ip_address.in_use"] });
  });

  it("asks for a device, and answers 403 to a contact who may not change the router", async () => {
    const missing = await call(
      reservation.action as Handler,
      "/internet/router/7001/reservations/new",
      {},
      { form: { ip_address: "192.168.1.60" } },
    );
    expect(missing.data.result.error).toEqual({ mac_address: ["api:mac_address.required"] });
    rolesAre(["billing"]);
    expect((await call(reservation.loader as Handler, "/internet/router/7001/reservations/new")).status).toBe(403);
    expect(
      (
        await call(
          reservation.action as Handler,
          "/internet/router/7001/reservations/new",
          {},
          { form: { mac_address: "x", ip_address: "y" } },
        )
      ).status,
    ).toBe(403);
  });

  it("removes a reservation after its confirmation page", async () => {
    const page = await call(removeReservation.loader as Handler, "/internet/router/7001/reservations/00:11:32:AB:CD:10/remove", {
      mac: "00:11:32:AB:CD:10",
    });
    expect(page.data.lease).toMatchObject({ hostname: "nas", ip_address: "192.168.1.10" });
    const seen = capture("DELETE /router/{serviceId}/dhcp-reservation/{macAddress}", () =>
      reply("DELETE /router/{serviceId}/dhcp-reservation/{macAddress}", { success: true, status: "success" }),
    );
    const result = await call(
      removeReservation.action as Handler,
      "/internet/router/7001/reservations/00:11:32:AB:CD:10/remove",
      { mac: "00:11:32:AB:CD:10" },
      { form: {} },
    );
    expect(result.status).toBe(302);
    expect(seen[0].url.pathname).toMatch(/\/dhcp-reservation\/00%3A11%3A32%3AAB%3ACD%3A10$/);
    expect(await notificationsAfter(result)).toEqual([
      { key: "router:reservation.removed", type: "success", values: { address: "192.168.1.10" } },
    ]);
  });

  it("sends back to the router's devices, saying so, for a device that has no reservation (any more)", async () => {
    const result = await call(removeReservation.loader as Handler, "/internet/router/7001/reservations/F0:99:B6:12:34:01/remove", {
      mac: "F0:99:B6:12:34:01",
    });
    expect(result.location).toBe("/internet/router/7001#dhcp-leases");
    expect(await notificationsAfter(result)).toEqual([{ key: "router:reservation.gone", type: "info" }]);
  });
});

const RULE = {
  description: "Game server",
  protocol: "TCP",
  start_port: "8080",
  end_port: "8090",
  destination_address: "192.168.1.101",
  destination_port: "",
  enabled: "on",
};

describe("port forwarding rules", () => {
  const answer =
    (key: "POST /router/{serviceId}/port-forwarding-rules" | "PUT /router/{serviceId}/port-forwarding-rules/{ruleId}") => () => {
      const rule = {
        ...rules[0],
        id: 43,
        description: "Game server",
        start_port: 8080,
        end_port: 8090,
        destination_address: "192.168.1.101",
      };
      return reply(key, { success: true, rule, port_forwarding_rules: [...rules, rule] });
    };

  it("adds a rule for a range of ports: POST with every field, then back with a notice", async () => {
    const seen = capture("POST /router/{serviceId}/port-forwarding-rules", answer("POST /router/{serviceId}/port-forwarding-rules"));
    const result = await call(newRule.action as Handler, "/internet/router/7001/port-forwarding/new", {}, { form: RULE });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/internet/router/7001#port-forwarding");
    const form = seen[0].form!;
    expect(Object.fromEntries(form)).toEqual({
      description: "Game server",
      protocol: "TCP",
      start_port: "8080",
      end_port: "8090",
      destination_address: "192.168.1.101",
      destination_port: "",
      enabled: "true",
    });
    expect(await notificationsAfter(result)).toEqual([{ key: "router:rules.added", type: "success", values: { name: "Game server" } }]);
  });

  it("sends a rule left off as off", async () => {
    const seen = capture("POST /router/{serviceId}/port-forwarding-rules", answer("POST /router/{serviceId}/port-forwarding-rules"));
    const { enabled: _enabled, ...off } = RULE;
    await call(newRule.action as Handler, "/internet/router/7001/port-forwarding/new", {}, { form: off });
    expect(seen[0].form?.get("enabled")).toBe("false");
  });

  it("refuses a description another rule has (any case), and ports and addresses the rules forbid, before the API", async () => {
    const seen = capture("POST /router/{serviceId}/port-forwarding-rules", answer("POST /router/{serviceId}/port-forwarding-rules"));
    const result = await call(
      newRule.action as Handler,
      "/internet/router/7001/port-forwarding/new",
      {},
      { form: { ...RULE, description: "nas remote ACCESS", end_port: "8000", destination_address: "10.1.1.1" } },
    );
    expect(result.status).toBe(400);
    expect(result.data.result.error).toEqual({
      description: ["api:description.taken"],
      end_port: ["api:end_port.before_start"],
      destination_address: ["api:destination_address.outside_subnet"],
    });
    const ports = await call(
      newRule.action as Handler,
      "/internet/router/7001/port-forwarding/new",
      {},
      { form: { ...RULE, start_port: "70000", end_port: "x", destination_address: "192.168.1.1", protocol: "ICMP" } },
    );
    expect(ports.data.result.error).toEqual({
      start_port: ["api:start_port.out_of_range"],
      end_port: ["api:end_port.invalid"],
      destination_address: ["api:destination_address.router_address"],
      protocol: ["api:protocol.invalid"],
    });
    expect(seen).toHaveLength(0);
  });

  it("shows the API's refusals on their fields (overlap, a description taken meanwhile) and the rule limit above the form", async () => {
    server.use(
      on("POST /router/{serviceId}/port-forwarding-rules", () =>
        refuse(422, { start_port: ["start_port.overlaps"], description: ["description.taken"], _form: ["_form.too_many_rules"] }),
      ),
    );
    const result = await call(newRule.action as Handler, "/internet/router/7001/port-forwarding/new", {}, { form: RULE });
    expect(result.status).toBe(422);
    expect(result.data.result.error).toEqual({
      start_port: ["api:start_port.overlaps"],
      description: ["api:description.taken"],
      "": ["api:_form.too_many_rules"],
    });
  });

  it("edits a rule: its own description is allowed, PUT with the rule's id", async () => {
    const page = await call(editRule.loader as Handler, "/internet/router/7001/port-forwarding/41", { ruleId: "41" });
    expect(page.data.rule.description).toBe("NAS remote access");
    expect(page.data.check.otherDescriptions).toEqual(["Camera streams"]);
    const seen = capture(
      "PUT /router/{serviceId}/port-forwarding-rules/{ruleId}",
      answer("PUT /router/{serviceId}/port-forwarding-rules/{ruleId}"),
    );
    const result = await call(
      editRule.action as Handler,
      "/internet/router/7001/port-forwarding/41",
      { ruleId: "41" },
      { form: { ...RULE, description: "NAS remote access", end_port: "" } },
    );
    expect(result.status).toBe(302);
    expect(seen[0].url.pathname).toMatch(/\/port-forwarding-rules\/41$/);
    expect(seen[0].form?.get("end_port")).toBe("");
    expect(await notificationsAfter(result)).toEqual([{ key: "router:rules.saved", type: "success", values: { name: "Game server" } }]);
  });

  it("does not overwrite unseen a rule changed in another tab since its page was shown", async () => {
    const page = await call(editRule.loader as Handler, "/internet/router/7001/port-forwarding/41", { ruleId: "41" });
    const seen = capture(
      "PUT /router/{serviceId}/port-forwarding-rules/{ruleId}",
      answer("PUT /router/{serviceId}/port-forwarding-rules/{ruleId}"),
    );
    const edit = (shown_rule: string) =>
      call(
        editRule.action as Handler,
        "/internet/router/7001/port-forwarding/41",
        { ruleId: "41" },
        { form: { ...RULE, description: "NAS remote access", shown_rule } },
      );
    // Shown as it is: saved.
    expect((await edit(page.data.shown)).status).toBe(302);
    expect(seen).toHaveLength(1);
    // Shown before another tab changed its start port: refused, what was typed kept, nothing sent.
    const stale = await edit(page.data.shown.replace(/,(\d+),/, (_: string, port: string) => `,${Number(port) + 2},`));
    expect(stale.status).toBe(422);
    expect(stale.data.result.error[""]).toEqual(["router:failed.ruleChanged"]);
    expect(stale.data.result.initialValue).toMatchObject({ description: "NAS remote access", start_port: RULE.start_port });
    expect(seen).toHaveLength(1);
  });

  it("after a rule was removed, its pages lead to the router's rules with a notice; a malformed id is 404", async () => {
    // Back to the edit or remove page of a rule removed meanwhile, or a second press of Remove.
    for (const handler of [editRule.loader, removeRule.loader, removeRule.action]) {
      const gone = await call(handler as Handler, "/internet/router/7001/port-forwarding/99", { ruleId: "99" }, { form: {} });
      expect(gone.location).toBe("/internet/router/7001#port-forwarding");
      expect(await notificationsAfter(gone)).toEqual([{ key: "router:rules.gone", type: "info" }]);
    }
    expect((await call(removeRule.loader as Handler, "/internet/router/7001/port-forwarding/x/remove", { ruleId: "x" })).status).toBe(404);
  });

  it("removes a rule after its confirmation page", async () => {
    const page = await call(removeRule.loader as Handler, "/internet/router/7001/port-forwarding/42/remove", { ruleId: "42" });
    expect(page.data.rule.description).toBe("Camera streams");
    const seen = capture("DELETE /router/{serviceId}/port-forwarding-rules/{ruleId}", () =>
      reply("DELETE /router/{serviceId}/port-forwarding-rules/{ruleId}", { success: true, port_forwarding_rules: [rules[0]] }),
    );
    const result = await call(
      removeRule.action as Handler,
      "/internet/router/7001/port-forwarding/42/remove",
      { ruleId: "42" },
      { form: {} },
    );
    expect(result.status).toBe(302);
    expect(seen[0].url.pathname).toMatch(/\/port-forwarding-rules\/42$/);
    expect(await notificationsAfter(result)).toEqual([
      { key: "router:rules.removed", type: "success", values: { name: "Camera streams" } },
    ]);
  });

  it.each([
    [403, 403, "router:failed.forbidden"],
    [503, 503, "router:failed.unavailable"],
  ])("keeps the removal page with a message when the API answers %i", async (status, answered, message) => {
    server.use(on("DELETE /router/{serviceId}/port-forwarding-rules/{ruleId}", () => refuse(status)));
    quiet();
    const result = await call(
      removeRule.action as Handler,
      "/internet/router/7001/port-forwarding/42/remove",
      { ruleId: "42" },
      { form: {} },
    );
    expect(result.status).toBe(answered);
    expect(result.data.result.error[""]).toEqual([message]);
  });

  it("answers 403 to the rule pages for a contact who may not change the router", async () => {
    rolesAre(["billing"]);
    expect((await call(newRule.loader as Handler, "/internet/router/7001/port-forwarding/new")).status).toBe(403);
    expect((await call(newRule.action as Handler, "/internet/router/7001/port-forwarding/new", {}, { form: RULE })).status).toBe(403);
    expect((await call(removeRule.loader as Handler, "/internet/router/7001/port-forwarding/42/remove", { ruleId: "42" })).status).toBe(
      403,
    );
  });
});

describe("the router's other pages in one call", () => {
  it.each([
    ["LAN settings", lan.loader, "/internet/router/7001/lan", {}],
    ["a new rule", newRule.loader, "/internet/router/7001/port-forwarding/new", {}],
    ["a rule", editRule.loader, "/internet/router/7001/port-forwarding/42", { ruleId: "42" }],
    ["a rule's removal", removeRule.loader, "/internet/router/7001/port-forwarding/42/remove", { ruleId: "42" }],
    ["UPnP", upnp.loader, "/internet/router/7001/upnp", {}],
    ["the restart", restart.loader, "/internet/router/7001/restart", {}],
    ["the restart's progress", restartStatus.loader, "/internet/router/7001/restart/status", {}],
    [
      "a reservation's removal",
      removeReservation.loader,
      "/internet/router/7001/reservations/00:11:32:AB:CD:10/remove",
      { mac: "00:11:32:AB:CD:10" },
    ],
  ])("takes what %s shows with the service from an API that includes it", async (_name, loader, url, params: Record<string, string>) => {
    const apart = await call(loader as Handler, url, params);
    expect(apart.status).toBe(200);
    server.use(includingCpeInfo());
    const calls = recordApiCalls();
    const together = await call(loader as Handler, url, params);
    expect(together.data).toEqual(apart.data);
    expect(calls.map((c) => `${c.method} ${c.path}`).sort()).toEqual(["GET /dashboard", "GET /revision", "GET /router/7001/cpe-info"]);
  });
});

describe("live diagnostics", () => {
  it("gives the diagnostics service's address for the user's own service only", async () => {
    const result = await call(diagnostics.loader as Handler, "/internet/router/7001/diagnostics");
    expect(result.data).toEqual({ wsUrl: "wss://diagnostics.test/ws" });
    expect((await call(diagnostics.loader as Handler, "/internet/router/9999/diagnostics", { serviceId: "9999" })).status).toBe(403);
  });
});

describe("router without a service id", () => {
  it("goes to the router of the active account's first internet service", async () => {
    const result = await call(first.loader as Handler, "/internet/router");
    expect(result.status).toBe(302);
    expect(result.location).toBe("/internet/router/7001");
  });

  it("answers 404 when the account has no internet service", async () => {
    server.use(
      on("GET /residential-dashboard/{customerId}", () =>
        reply("GET /residential-dashboard/{customerId}", {
          ...residentialDashboard,
          services: { ...residentialDashboard.services, internet: [] },
        }),
      ),
    );
    expect((await call(first.loader as Handler, "/internet/router")).status).toBe(404);
  });
});
