/** msw: signing in (passwords and refresh tokens) and out. */
import { http, HttpResponse } from "msw";
import { API } from "./contract.ts";
import * as fixtures from "./fixtures.ts";

export const authHandlers = [
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
];
