/**
 * The "done when": signed in as each demo user, every GET of the contract answers 200 for the
 * ids that fit it, each answer parses with its schema, another user's customer answers 403, and
 * openapi.json lists every path.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkBackend, checkable, conformanceFailures, type ConformanceReport } from "#contract/conformance";
import { endpoints } from "#contract/index";
import { createTestApi, type TestApi } from "./support/api.ts";
import { DEMO_PASSWORD } from "./support/constants.ts";

let api: TestApi;
let base: string;
const reports: ConformanceReport[] = [];

beforeAll(async () => {
  api = await createTestApi();
  base = api.baseUrl;
  for (const username of ["resi@example.com", "family@example.com", "business@example.com"]) {
    reports.push(await checkBackend({ baseUrl: base, username, password: DEMO_PASSWORD }));
  }
}, 120_000);
afterAll(() => api.close());

describe("every GET of the contract, as each demo user", () => {
  it("answers 200 for some id, and every 200 answer matches its schema", () => {
    expect(conformanceFailures(reports)).toEqual([]);
  });

  it("is checked for every GET a signed-in user can reach (only token links and OAuth clients left out)", () => {
    const checked = new Set(reports[0].endpoints.map((e) => e.path));
    const gets = endpoints.filter((e) => e.method === "get");
    expect(gets.filter((e) => !checked.has(e.path)).map((e) => e.path)).toEqual(gets.filter((e) => !checkable(e)).map((e) => e.path));
    expect(gets.filter((e) => !checkable(e)).every((e) => e.auth === "public" || e.path.startsWith("/oauth2/"))).toBe(true);
    expect(checked.size).toBeGreaterThanOrEqual(35);
  });

  it("matches the contract in French too", async () => {
    const french: ConformanceReport[] = [];
    for (const username of ["resi@example.com", "family@example.com", "business@example.com"]) {
      french.push(await checkBackend({ baseUrl: base, username, password: DEMO_PASSWORD, language: "fr" }));
    }
    expect(conformanceFailures(french)).toEqual([]);
  }, 60_000);
});

describe("the checker", () => {
  it("says so when the user it is given has two-step verification on", async () => {
    await expect(checkBackend({ baseUrl: base, username: "louise.gagnon@example.com", password: DEMO_PASSWORD })).rejects.toThrow(
      "louise.gagnon@example.com has two-step verification on: check the API as a user without it",
    );
  });

  it("reports an answer that drifts from the contract", async () => {
    // A backend whose billing summary lost a field the portal needs.
    const drifting: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (!String(input).endsWith("/summary")) return response;
      const body = await response.json();
      delete body.balanceDetails;
      return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
    };
    const report = await checkBackend({ baseUrl: base, username: "resi@example.com", password: DEMO_PASSWORD, fetch: drifting });
    const failures = conformanceFailures([report]);
    expect(failures).toContain(
      "resi@example.com GET /billing/100101/summary: answer does not match the contract at balanceDetails: Invalid input: expected object, received undefined",
    );
    expect(failures.filter((f) => f.startsWith("resi@example.com"))).toHaveLength(1);
  });
});

describe("another user's customer", () => {
  it("answers 403 on every customer, package and service endpoint", async () => {
    const resi = await api.signIn("resi@example.com");
    const family = reports[1];
    const refusals: string[] = [];
    const isPublic = (path: string) => endpoints.some((e) => e.method === "get" && e.path === path && e.auth === "public");
    for (const entry of family.endpoints) {
      // Public ones answer anyone (the service status by area).
      if (isPublic(entry.path)) continue;
      for (const call of entry.calls.filter((c) => c.status === 200)) {
        // The user's own: their accounts, profile, links, and the revision over all their accounts.
        if (call.path === "/profile-settings" || call.path.startsWith("/profile-settings/")) continue;
        if (["/dashboard", "/external_links/beanmachine", "/revision"].includes(call.path)) continue;
        const { status } = await api.call("GET", call.path, { token: resi });
        if (status !== 403) refusals.push(`${call.path}: ${status}`);
      }
    }
    expect(refusals).toEqual([]);
  });
});
