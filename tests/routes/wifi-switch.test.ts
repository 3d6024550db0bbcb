/**
 * Each WiFi network on or off from the WiFi settings page (its switch form posted to ?switch): the state
 * asked of PUT /wifi/{packageId}, the guest network's time limit (one of the fixed choices, only when
 * turning it on), the time left read in the loader, and refusals that ask nothing (msw answers as the API).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { requireUserMiddleware } from "../../app/lib/auth.server.ts";
import * as wifi from "../../app/routes/wifi/settings.tsx";
import { on, refuse, reply } from "../mocks/contract.ts";
import { wifiSettings } from "../mocks/services.ts";
import { server } from "../support/msw.ts";
import { callRoute, signedInCookie, type RouteCall } from "../support/route.ts";

type Handler = (args: any) => unknown;
const W = { packageId: "5001" };
const call = async (handler: Handler, url: string, extra: Partial<RouteCall> = {}) =>
  callRoute<any>(handler, { url, params: W, cookie: await signedInCookie(), middleware: [requireUserMiddleware], ...extra });

afterEach(() => vi.restoreAllMocks());

function changesAsked(
  answer = () =>
    reply("PUT /wifi/{packageId}", { success: true, wifi_names: { "5001": [{ band: "guest", name: "Singh-Guest", enabled: true }] } }),
) {
  const seen: Record<string, string>[] = [];
  server.use(
    on("PUT /wifi/{packageId}", async ({ request }) => {
      seen.push(Object.fromEntries([...(await request.formData()).entries()].map(([k, v]) => [k, String(v)])));
      return answer();
    }),
  );
  return seen;
}

const guest = {
  ...wifiSettings.wifi_settings.networks[0],
  band: "guest" as const,
  name: "Singh-Guest",
  enabled: true,
};

describe("the guest network's time left", () => {
  it("is read against the clock in the loader, and absent without a limit", async () => {
    const offAt = new Date(Date.now() + (3 * 60 + 30) * 60_000 - 1000).toISOString();
    server.use(
      on("GET /wifi/{packageId}", () =>
        reply("GET /wifi/{packageId}", {
          wifi_settings: { ...wifiSettings.wifi_settings, networks: [...wifiSettings.wifi_settings.networks, { ...guest, off_at: offAt }] },
        }),
      ),
    );
    const result = await call(wifi.loader as Handler, "/wifi/5001");
    expect(result.data.networks.map((n: { suffix: string; minutesLeft: number | null }) => [n.suffix, n.minutesLeft])).toEqual([
      ["5ghz", null],
      ["guest", 210],
    ]);
  });
});

describe("turning a network on or off", () => {
  it("turns the guest network on for 4 hours, then back to its card with a notice", async () => {
    const seen = changesAsked();
    const result = await call(wifi.action as Handler, "/wifi/5001?switch", { form: { band: "guest", enabled: "true", guest_hours: "4" } });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/wifi/5001#band-guest");
    expect(seen).toEqual([{ enabled_guest: "true", guest_hours: "4" }]);
  });

  it("turns the 5 GHz network off with no limit sent", async () => {
    const seen = changesAsked();
    await call(wifi.action as Handler, "/wifi/5001?switch", { form: { band: "5ghz", enabled: "false", guest_hours: "" } });
    expect(seen).toEqual([{ enabled_5ghz: "false" }]);
  });

  it.each([
    [{ band: "guest", enabled: "true", guest_hours: "3" }, "api:guest_hours.invalid"],
    [{ band: "guest", enabled: "false", guest_hours: "4" }, "api:guest_hours.invalid"],
    [{ band: "5ghz", enabled: "true", guest_hours: "4" }, "api:guest_hours.invalid"],
    [{ band: "guest", enabled: "maybe" }, "formErrors.unreadable"],
  ])("answers 400 with a translated message for %j, asking nothing", async (form, message) => {
    const seen = changesAsked();
    const result = await call(wifi.action as Handler, "/wifi/5001?switch", { form });
    expect(result.status).toBe(400);
    expect(Object.values(result.data.result.error).flat()).toEqual([message]);
    expect(seen).toEqual([]);
  });

  it("keeps the page with the API's refusal on the time limit, and a 403 with its message", async () => {
    changesAsked(() => refuse(422, { guest_hours: ["guest_hours.invalid"] }));
    const refused = await call(wifi.action as Handler, "/wifi/5001?switch", { form: { band: "guest", enabled: "true", guest_hours: "8" } });
    expect(refused.status).toBe(422);
    expect(Object.values(refused.data.result.error).flat()).toEqual(["api:guest_hours.invalid"]);
    vi.spyOn(console, "warn").mockImplementation(() => {});
    changesAsked(() => refuse(403));
    expect((await call(wifi.action as Handler, "/wifi/5001?switch", { form: { band: "5ghz", enabled: "false" } })).status).toBe(403);
  });
});
