/**
 * WiFi settings, network overview, profile settings, change password and the end of the intro tour,
 * in isolation (msw answers as the API).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { requireUserMiddleware } from "../../app/lib/auth.server.ts";
import * as endTour from "../../app/routes/profile/end-tour.tsx";
import * as password from "../../app/routes/profile/password.tsx";
import * as profile from "../../app/routes/profile/settings.tsx";
import * as network from "../../app/routes/wifi/network.tsx";
import * as wifi from "../../app/routes/wifi/settings.tsx";
import { on, refuse, reply } from "../mocks/contract.ts";
import { networkOverview, wifiSettings } from "../mocks/services.ts";
import { server } from "../support/msw.ts";
import { callRoute, notificationsAfter, signedInCookie, type RouteCall } from "../support/route.ts";
import { messageParts } from "../../app/lib/form-messages.ts";

type Handler = (args: any) => unknown;

const call = async (handler: Handler, url: string, params: Record<string, string>, extra: Partial<RouteCall> = {}) =>
  callRoute<any>(handler, { url, params, cookie: await signedInCookie(), middleware: [requireUserMiddleware], ...extra });

afterEach(() => vi.restoreAllMocks());
const quiet = () => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
};

function capture(key: Parameters<typeof on>[0], answer: () => Response) {
  const seen: FormData[] = [];
  server.use(
    on(key, async ({ request }) => {
      seen.push(await request.formData());
      return answer();
    }),
  );
  return seen;
}

const W = { packageId: "5001" };

describe("WiFi settings", () => {
  it("lists the networks without their passwords, and shows one only when asked", async () => {
    const hidden = await call(wifi.loader as Handler, "/wifi/5001", W);
    expect(hidden.data.networks[0]).toMatchObject({ name: "Singh-Home-5G", suffix: "5ghz", password: null });
    expect(JSON.stringify(hidden.data)).not.toContain("Secret-Pass-5");
    const shown = await call(wifi.loader as Handler, "/wifi/5001?show=5ghz", W);
    expect(shown.data.networks[0].password).toBe("Secret-Pass-5");
  });

  it("changes a band's name, keeping the password when none is typed", async () => {
    const seen = capture("PUT /wifi/{packageId}", () =>
      reply("PUT /wifi/{packageId}", { success: true, wifi_names: { "5001": [{ band: "5GHz", name: "Singh-Cottage", enabled: true }] } }),
    );
    const done = await call(wifi.action as Handler, "/wifi/5001", W, {
      form: { band: "5ghz", name_5ghz: "Singh-Cottage", password_5ghz: "" },
    });
    expect(done.location).toBe("/wifi/5001");
    expect(seen[0].get("name_5ghz")).toBe("Singh-Cottage");
    expect(seen[0].has("password_5ghz")).toBe(false);
  });

  it("does not undo a rename made in another tab: a name left as shown is not sent, a clash is said", async () => {
    // The page showed "Singh-Home-5G"; another tab has renamed it "Singh-Home-5G-QA" since.
    server.use(
      on("GET /wifi/{packageId}", () =>
        reply("GET /wifi/{packageId}", {
          ...wifiSettings,
          wifi_settings: {
            ...wifiSettings.wifi_settings,
            networks: wifiSettings.wifi_settings.networks.map((n) => (n.band === "5GHz" ? { ...n, name: "Singh-Home-5G-QA" } : n)),
          },
        }),
      ),
    );
    const seen = capture("PUT /wifi/{packageId}", () =>
      reply("PUT /wifi/{packageId}", {
        success: true,
        wifi_names: { "5001": [{ band: "5GHz", name: "Singh-Home-5G-QA", enabled: true }] },
      }),
    );
    // Only a new password typed: the password alone is sent, and the notice names the network as it is now.
    const password = await call(wifi.action as Handler, "/wifi/5001", W, {
      form: { band: "5ghz", shown_name: "Singh-Home-5G", name_5ghz: "Singh-Home-5G", password_5ghz: "New-Pass-2026" },
    });
    expect(password.location).toBe("/wifi/5001");
    expect([...seen[0].keys()]).toEqual(["password_5ghz"]);
    const [notice] = await notificationsAfter(password);
    expect(notice).toMatchObject({ key: "wifi:notifyNameAndPassword", values: { name: "Singh-Home-5G-QA" } });
    // A rename of its own: refused, saying what the name is now, nothing sent.
    const clash = await call(wifi.action as Handler, "/wifi/5001", W, {
      form: { band: "5ghz", shown_name: "Singh-Home-5G", name_5ghz: "Singh-Cottage", password_5ghz: "" },
    });
    expect(clash.status).toBe(422);
    expect(clash.data.result.error.name_5ghz.map(messageParts)).toEqual([["wifi:renamedMeanwhile", { name: "Singh-Home-5G-QA" }]]);
    expect(clash.data.result.initialValue.name_5ghz).toBe("Singh-Cottage");
    expect(seen).toHaveLength(1);
    // Shown as it is now: the rename goes through.
    await call(wifi.action as Handler, "/wifi/5001", W, {
      form: { band: "5ghz", shown_name: "Singh-Home-5G-QA", name_5ghz: "Singh-Cottage", password_5ghz: "" },
    });
    expect(seen[1].get("name_5ghz")).toBe("Singh-Cottage");
  });

  it("refuses accented letters, surrounding spaces and short passwords before asking the API", async () => {
    const seen = capture("PUT /wifi/{packageId}", () => refuse(500));
    const accent = await call(wifi.action as Handler, "/wifi/5001", W, { form: { band: "5ghz", name_5ghz: "Café" } });
    expect(accent.status).toBe(400);
    expect(accent.data.result.error).toEqual({ name_5ghz: ["api:name_5ghz.invalid_characters"] });
    const space = await call(wifi.action as Handler, "/wifi/5001", W, {
      form: { band: "5ghz", name_5ghz: "Home ", password_5ghz: "short" },
    });
    expect(space.data.result.error).toEqual({
      name_5ghz: ["api:name_5ghz.surrounding_spaces"],
      password_5ghz: ["api:password_5ghz.too_short"],
    });
    // A refused password is never sent back to the browser.
    expect(space.data.result.initialValue.password_5ghz).toBeUndefined();
    expect(seen).toHaveLength(0);
  });

  it("puts the API's refusal on the field, and keeps the form on a 403", async () => {
    quiet();
    server.use(on("PUT /wifi/{packageId}", () => refuse(422, { name_guest: ["name_guest.same_as_main"] })));
    const same = await call(wifi.action as Handler, "/wifi/5001", W, { form: { band: "guest", name_guest: "Singh-Home-5G" } });
    expect(same.data.result.error).toEqual({ name_guest: ["api:name_guest.same_as_main"] });
    server.use(on("PUT /wifi/{packageId}", () => refuse(403)));
    const forbidden = await call(wifi.action as Handler, "/wifi/5001", W, { form: { band: "5ghz", name_5ghz: "Ok-Name" } });
    expect(forbidden.status).toBe(403);
  });

  it("answers 400 for an unknown band", async () => {
    const result = await call(wifi.action as Handler, "/wifi/5001", W, { form: { band: "60ghz", name_5ghz: "x" } });
    expect(result.status).toBe(400);
  });
});

describe("network overview", () => {
  it("shows the list by default and the map when asked", async () => {
    expect((await call(network.loader as Handler, "/wifi/5001/network", W)).data.view).toBe("list");
    const map = await call(network.loader as Handler, "/wifi/5001/network?view=map", W);
    expect(map.data.view).toBe("map");
    expect(map.data.overview.access_points[0].devices).toHaveLength(1);
  });

  it("passes an empty network on, for the page to explain the 15 minutes", async () => {
    server.use(
      on("GET /wifi/{packageId}/network-overview", () =>
        reply("GET /wifi/{packageId}/network-overview", {
          ...networkOverview,
          network_overview: { ...networkOverview.network_overview, access_points: [] },
        }),
      ),
    );
    expect((await call(network.loader as Handler, "/wifi/5001/network", W)).data.overview.access_points).toEqual([]);
  });
});

describe("profile settings", () => {
  const form = { first_name: "Maya", last_name: "Singh", phone: "(416) 555-0199", preferred_language: "en" };

  it("shows the signed-in user", async () => {
    expect((await call(profile.loader as Handler, "/profile-settings", {})).data.user.username).toBe("resi@example.com");
  });

  it("saves the details and stays in the same language", async () => {
    const seen = capture("PUT /profile-settings", () => reply("PUT /profile-settings", { success: true }));
    const done = await call(profile.action as Handler, "/profile-settings", {}, { form });
    expect(done.location).toBe("/profile-settings");
    expect(done.headers.get("X-Remix-Reload-Document")).toBeNull();
    expect(seen[0].get("phone")).toBe("(416) 555-0199");
  });

  it("switches the portal to the newly preferred language", async () => {
    const done = await call(profile.action as Handler, "/profile-settings", {}, { form: { ...form, preferred_language: "fr" } });
    expect(done.location).toBe("/profile-settings?lng=fr");
    // A new document, also with JavaScript: the page's language is loaded with the document.
    expect(done.headers.get("X-Remix-Reload-Document")).toBe("true");
  });

  it("refuses an empty name and a phone number that is not North American", async () => {
    const result = await call(profile.action as Handler, "/profile-settings", {}, { form: { ...form, first_name: " ", phone: "12" } });
    expect(result.status).toBe(400);
    expect(result.data.result.error).toEqual({ first_name: ["api:first_name.required"], phone: ["api:phone.invalid_format"] });
  });
});

describe("change password", () => {
  const form = { current_password: "Demo-Pass-2026", new_password: "Better-Pass-2027", confirm_password: "Better-Pass-2027" };

  it("changes it and goes back to profile settings, saying other sessions ended", async () => {
    const seen = capture("PUT /profile-settings/password", () => reply("PUT /profile-settings/password", { success: true }));
    const done = await call(password.action as Handler, "/profile-settings/password", {}, { form });
    expect(done.location).toBe("/profile-settings");
    expect(seen[0].get("new_password")).toBe("Better-Pass-2027");
  });

  it("refuses a weak one, a mismatched confirmation and a reused one, each with its own message", async () => {
    const weak = await call(
      password.action as Handler,
      "/profile-settings/password",
      {},
      {
        form: { ...form, new_password: "short", confirm_password: "short" },
      },
    );
    expect(weak.data.result.error).toEqual({ new_password: ["api:new_password.too_short", "api:new_password.missing_uppercase"] });
    const mismatch = await call(
      password.action as Handler,
      "/profile-settings/password",
      {},
      { form: { ...form, confirm_password: "Other-Pass-2027" } },
    );
    expect(mismatch.data.result.error).toEqual({ confirm_password: ["api:confirm_password.mismatch"] });
    const reused = await call(
      password.action as Handler,
      "/profile-settings/password",
      {},
      {
        form: { ...form, new_password: "Demo-Pass-2026", confirm_password: "Demo-Pass-2026" },
      },
    );
    expect(reused.data.result.error).toEqual({ new_password: ["api:new_password.same_as_current"] });
    // Passwords are never sent back.
    expect(reused.data.result.initialValue.current_password).toBeUndefined();
  });

  it("puts a wrong current password on its field", async () => {
    quiet();
    server.use(on("PUT /profile-settings/password", () => refuse(422, { current_password: ["current_password.incorrect"] })));
    const result = await call(password.action as Handler, "/profile-settings/password", {}, { form });
    expect(result.status).toBe(422);
    expect(result.data.result.error).toEqual({ current_password: ["api:current_password.incorrect"] });
  });
});

describe("intro tour", () => {
  it("ends the tour, skipped or finished, and goes back to the dashboard", async () => {
    const seen = capture("PUT /residential-dashboard/endTour", () => reply("PUT /residential-dashboard/endTour", { success: true }));
    const skipped = await call(
      endTour.action as Handler,
      "/dashboard/100101/tour",
      { customerId: "100101" },
      { form: { skipped: "true" } },
    );
    expect(skipped.location).toBe("/dashboard/100101");
    await call(endTour.action as Handler, "/dashboard/100101/tour", { customerId: "100101" }, { form: { skipped: "false" } });
    expect(seen.map((f) => f.get("skipped"))).toEqual(["true", "false"]);
  });

  it("refuses a post without the choice, and sends a visit of the address to the dashboard", async () => {
    const refused = await call(endTour.action as Handler, "/dashboard/100101/tour", { customerId: "100101" }, { form: {} });
    expect(refused.status).toBe(400);
    expect((await call(endTour.loader as Handler, "/dashboard/100101/tour", { customerId: "100101" })).location).toBe("/dashboard/100101");
  });
});
