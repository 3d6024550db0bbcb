/** "/": the dashboard of the active account, or the commercial application for a commercial one. */
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { requireUserMiddleware } from "../../app/lib/auth.server.ts";
import { loader } from "../../app/routes/_index.tsx";
import { API } from "../mocks/handlers.ts";
import { COMMERCIAL_APP, useEnv } from "../support/config.ts";
import { server } from "../support/msw.ts";
import { callRoute, signedInCookie } from "../support/route.ts";

const home = async (extraCookie = "") =>
  callRoute(loader, { url: "/", cookie: `${await signedInCookie()}${extraCookie}`, middleware: [requireUserMiddleware] });

describe("/ (index)", () => {
  it("redirects to the dashboard of the first account", async () => {
    const result = await home();
    expect(result.status).toBe(302);
    expect(result.location).toBe("/dashboard/100101");
  });

  it("redirects to the account the activeCustomerId cookie names", async () => {
    const result = await home("; activeCustomerId=200301");
    expect(result.location).toBe("/dashboard/200301");
  });

  it.each(["999999", "abc", "", "100101x"])("ignores a cookie naming %j, which is not one of the user's accounts", async (value) => {
    const result = await home(`; activeCustomerId=${value}`);
    expect(result.location).toBe("/dashboard/100101");
  });

  it("sends an active commercial account to the commercial application when one is configured", async () => {
    useEnv({ COMMERCIAL_APP_URL: COMMERCIAL_APP });
    const result = await home("; activeCustomerId=200301");
    expect(result.location).toBe(`${COMMERCIAL_APP}/service-categories/view/200301`);
  });

  it("keeps an active residential account in the portal when a commercial application is configured", async () => {
    useEnv({ COMMERCIAL_APP_URL: COMMERCIAL_APP });
    expect((await home("; activeCustomerId=100101")).location).toBe("/dashboard/100101");
  });

  it("renders the no-accounts page, with the support number to call, for a sign-in without accounts", async () => {
    useEnv({ SUPPORT_PHONE: "416-555-0199" });
    server.use(http.get(`${API}/dashboard`, () => HttpResponse.json({ customers: [], username: "new@example.com" })));
    const result = await home();
    expect(result.status).toBe(200);
    expect(result.thrown).toBe(false);
    expect(result.location).toBeNull();
    expect(result.data).toEqual({ supportPhone: "416-555-0199" });
  });

  it("sends a stranger to sign in", async () => {
    const result = await callRoute(loader, { url: "/", middleware: [requireUserMiddleware] });
    expect(result.location).toBe("/login");
  });
});
