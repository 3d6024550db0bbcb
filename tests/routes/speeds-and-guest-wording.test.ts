/**
 * Internet speeds and the guest network in words, as the pages render them: a speed is a number as the
 * language writes it ("1,000 Mbps" / "1 000 Mbit/s", through formatNumber), download and upload read the
 * same on the dashboard and the Internet page ("téléchargement" / "téléversement", the OQLF's words), and
 * the French WiFi page names the guest network in sentence case ("Réseau invité", "réseau invité").
 */
import * as conform from "@conform-to/react";
import { createElement as h, type ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { requireUserMiddleware } from "../../app/lib/auth.server.ts";
import { resources } from "../../app/lib/i18n.server.ts";
import { provideConform } from "../../app/lib/conform.ts";
import type { Language } from "../../app/lib/i18n.ts";
import { ResidentialDashboard } from "../../app/components/dashboard/ResidentialDashboard.tsx";
import * as internet from "../../app/routes/services/internet.tsx";
import * as wifi from "../../app/routes/wifi/settings.tsx";
import { on, reply } from "../mocks/contract.ts";
import { residentialBilling, residentialDashboard } from "../mocks/fixtures.ts";
import { wifiSettings } from "../mocks/services.ts";
import { server } from "../support/msw.ts";
import { renderWords } from "../support/render-page.ts";
import { callRoute, signedInCookie } from "../support/route.ts";

type Handler = (args: any) => unknown;

// As on the server (entry.server.tsx): a form page renders at once, without waiting for conform.
provideConform(conform);

const load = async (handler: Handler, url: string, params: Record<string, string>) => {
  const result = await callRoute<any>(handler, { url, params, cookie: await signedInCookie(), middleware: [requireUserMiddleware] });
  expect(result.status).toBe(200);
  return result.data;
};

const page = (Page: unknown, loaderData: unknown, language: Language) =>
  renderWords(() => h(Page as (props: { loaderData: unknown; actionData?: unknown }) => ReactNode, { loaderData }), language);

const dashboardWords = (language: Language) =>
  renderWords(
    () => h(ResidentialDashboard, { dashboard: residentialDashboard, billing: residentialBilling.billing_details, managesBilling: true }),
    language,
  );

describe("internet speeds", () => {
  it("groups the digits of a speed as each language does, on the Internet page and the dashboard", async () => {
    const data = await load(internet.loader as Handler, "/resi-internet/5001", { packageId: "5001" });
    expect(page(internet.default, data, "en")).toContain("1,000\u00a0Mbps down, 1,000\u00a0Mbps up");
    expect(dashboardWords("en")).toContain("1,000\u00a0Mbps down, 1,000\u00a0Mbps up");
    const fr = "1\u00a0000\u00a0Mbit/s en téléchargement, 1\u00a0000\u00a0Mbit/s en téléversement";
    expect(page(internet.default, data, "fr")).toContain(fr);
    expect(dashboardWords("fr")).toContain(fr);
  });
});

describe("the guest network in French", () => {
  it("is « Réseau invité » and « réseau invité » on the WiFi page, never « Réseau Invités »", async () => {
    const [main] = wifiSettings.wifi_settings.networks;
    const guest = { ...main, band: "guest" as const, name: "Singh-Invites", channel: 6, channel_width_mhz: 20 };
    for (const enabled of [true, false]) {
      const networks = [main, { ...guest, enabled }];
      server.use(
        on("GET /wifi/{packageId}", () => reply("GET /wifi/{packageId}", { wifi_settings: { ...wifiSettings.wifi_settings, networks } })),
      );
      const data = await load(wifi.loader as Handler, "/wifi/5001?lng=fr", { packageId: "5001" });
      const text = page(wifi.default, data, "fr");
      expect(text).toContain("Réseau invité");
      expect(text).toContain("Modifier le réseau invité");
      expect(text).toContain("Enregistrer le réseau invité");
      expect(text).toContain(enabled ? "Désactiver le réseau invité" : "Activer le réseau invité");
      // "Les invités n’ont accès qu’à Internet" speaks of the guests themselves; the network is "invité".
      expect(text).not.toMatch(/Invités|réseau invités|\(invités\)/);
    }
  });

  it("is « réseau invité » in every French text, the API's refusals on that page included", () => {
    const texts: string[] = [];
    const walk = (value: unknown): void => {
      if (typeof value === "string") texts.push(value);
      else if (value && typeof value === "object") Object.values(value).forEach(walk);
    };
    walk(resources.fr);
    expect(texts.filter((text) => /réseau (Wi-Fi )?invités|Réseau Invités|Wi-Fi invités/i.test(text))).toEqual([]);
    expect(texts.filter((text) => /réseau invité/.test(text)).length).toBeGreaterThan(10);
  });
});
