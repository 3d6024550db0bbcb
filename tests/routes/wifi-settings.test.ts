/**
 * The WiFi settings page's loader in isolation (msw answers as the API): the plan and address of its
 * heading come with the WiFi's own call; an API that leaves them out is asked for the internet service.
 */
import { describe, expect, it } from "vitest";
import { requireUserMiddleware } from "../../app/lib/auth.server.ts";
import * as wifi from "../../app/routes/wifi/settings.tsx";
import { on, reply } from "../mocks/contract.ts";
import { internetSettings, wifiSettings } from "../mocks/services.ts";
import { pageCalls, recordApiCalls } from "../support/api-calls.ts";
import { server } from "../support/msw.ts";
import { callRoute, signedInCookie } from "../support/route.ts";

type Handler = (args: any) => unknown;
const open = async () =>
  callRoute<any>(wifi.loader as Handler, {
    url: "/wifi/5001",
    params: { packageId: "5001" },
    cookie: await signedInCookie(),
    middleware: [requireUserMiddleware],
  });

describe("the WiFi settings page's calls", () => {
  it("takes the plan and address from the WiFi's answer, asking nothing more", async () => {
    const calls = recordApiCalls();
    const result = await open();
    expect(result.status).toBe(200);
    expect(result.data).toMatchObject({ plan: "Fibre 1 Gbps", address: "245 Carlaw Avenue", serviceId: 7001 });
    expect(pageCalls(calls).map((c) => c.path)).toEqual(["/wifi/5001"]);
  });

  it("asks for the internet service when the API leaves the plan and address out", async () => {
    const { plan: _plan, service_address: _address, ...bare } = wifiSettings.wifi_settings;
    server.use(
      on("GET /wifi/{packageId}", () => reply("GET /wifi/{packageId}", { wifi_settings: bare })),
      on("GET /residential-internet/{packageId}", () =>
        reply("GET /residential-internet/{packageId}", {
          internet_settings: {
            ...internetSettings.internet_settings,
            plan: { ...internetSettings.internet_settings.plan, name: "Fibre 3 Gbps" },
            service_address: { ...internetSettings.internet_settings.service_address, line1: "12 Queen Street East" },
          },
        }),
      ),
    );
    const calls = recordApiCalls();
    const result = await open();
    expect(result.data).toMatchObject({ plan: "Fibre 3 Gbps", address: "12 Queen Street East" });
    expect(pageCalls(calls).map((c) => c.path)).toEqual(["/wifi/5001", "/residential-internet/5001"]);
  });
});
