/** msw handlers answering as the /api/v1 of tests/support/env.ts, with the fixtures. */
import { http, HttpResponse } from "msw";
import * as fixtures from "./fixtures.ts";

export const API = "http://api.test/api/v1";

export const handlers = [
  http.post(`${API}/auth/access-token`, async ({ request }) => {
    const body = (await request.json()) as Record<string, string>;
    if (body.refresh_token) {
      return body.refresh_token === fixtures.REFRESH_TOKEN
        ? HttpResponse.json(await fixtures.tokenAnswer())
        : HttpResponse.json({ success: false, message: "The refresh token is not valid" }, { status: 401 });
    }
    if (body.username === "resi@example.com" && body.password === "Demo-Pass-2026") {
      return HttpResponse.json(await fixtures.tokenAnswer());
    }
    return HttpResponse.json({ success: false, message: "Invalid username or password" }, { status: 401 });
  }),
  http.get(`${API}/auth/logout`, () => HttpResponse.json({ success: true })),
  http.get(`${API}/dashboard`, () => HttpResponse.json(fixtures.dashboard)),
  http.get(`${API}/residential-dashboard/:id`, () => HttpResponse.json(fixtures.residentialDashboard)),
  http.get(`${API}/residential-dashboard/:id/billing-details`, () => HttpResponse.json(fixtures.residentialBilling)),
  http.get(`${API}/commercial-dashboard/:id`, () => HttpResponse.json(fixtures.commercialDashboard)),
];
