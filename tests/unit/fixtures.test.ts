/**
 * The msw fixtures are what the API promises: each parses with its contract schema, and every answer
 * of the msw handlers matches the contract endpoint it stands for. A fixture cannot drift from the API.
 */
import { decodeJwt } from "jose";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { endpoints } from "#contract/index";
import { AccessTokenAnswer } from "#contract/auth";
import { ErrorAnswer } from "#contract/common";
import {
  CommercialDashboardAnswer,
  Customer,
  DashboardAnswer,
  ResidentialBillingDetailsAnswer,
  ResidentialDashboardAnswer,
  RevisionAnswer,
} from "#contract/dashboard";
import * as fixtures from "../mocks/fixtures.ts";
import { API, handlers } from "../mocks/handlers.ts";

/** Every data fixture and the schema it must satisfy. A new fixture must be added here. */
const schemaOf: Record<string, z.ZodType> = {
  residentialCustomer: Customer,
  commercialCustomer: Customer,
  dashboard: DashboardAnswer,
  revision: RevisionAnswer,
  residentialDashboard: ResidentialDashboardAnswer,
  residentialBilling: ResidentialBillingDetailsAnswer,
  commercialDashboard: CommercialDashboardAnswer,
};

/** Exports that are not answers: token makers and the refresh token. */
const notAnswers = new Set(["accessToken", "tokenAnswer", "REFRESH_TOKEN"]);

describe("msw fixtures", () => {
  it("every exported fixture has a contract schema in this test", () => {
    const exported = Object.keys(fixtures).filter((name) => !notAnswers.has(name));
    expect(exported.filter((name) => !(name in schemaOf))).toEqual([]);
  });

  it.each(Object.entries(schemaOf))("%s parses with its contract schema", (name, schema) => {
    const result = schema.safeParse(fixtures[name as keyof typeof fixtures]);
    expect(result.success ? [] : result.error.issues).toEqual([]);
  });

  it("tokenAnswer parses as an access-token answer carrying a JWT with sub and a future exp", async () => {
    const answer = AccessTokenAnswer.parse(await fixtures.tokenAnswer());
    const claims = decodeJwt(answer.token);
    expect(claims.sub).toBe("1");
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
    expect(answer.refresh_token).toBe(fixtures.REFRESH_TOKEN);
  });

  it("accessToken can make an expired token (exp in the past)", async () => {
    const claims = decodeJwt(await fixtures.accessToken(-60));
    expect(claims.exp).toBeLessThan(Date.now() / 1000);
  });

  it("the fixtures describe one residential and one commercial account of the dashboard", () => {
    expect(fixtures.dashboard.customers).toEqual([fixtures.residentialCustomer, fixtures.commercialCustomer]);
    expect(fixtures.residentialDashboard.account_details.customer_id).toBe(fixtures.residentialCustomer.customer_id);
    expect(fixtures.commercialDashboard.customerId).toBe(fixtures.commercialCustomer.customer_id);
  });
});

describe("msw handlers answer as the contract says", () => {
  const server = setupServer(...handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  afterAll(() => server.close());

  /** The contract endpoint of a method and concrete path (/residential-dashboard/100101). */
  const endpointFor = (method: string, path: string) =>
    endpoints.find((e) => e.method === method && new RegExp(`^${e.path.replace(/\{\w+\}/g, "[^/]+")}$`).test(path));

  const calls: { method: "get" | "post"; path: string; body?: unknown; status: number }[] = [
    { method: "post", path: "/auth/access-token", body: { username: "resi@example.com", password: "Demo-Pass-2026" }, status: 200 },
    { method: "post", path: "/auth/access-token", body: { refresh_token: fixtures.REFRESH_TOKEN }, status: 200 },
    { method: "post", path: "/auth/access-token", body: { username: "resi@example.com", password: "wrong" }, status: 401 },
    { method: "post", path: "/auth/access-token", body: { refresh_token: "some-other-refresh-token-0123456789" }, status: 401 },
    { method: "get", path: "/auth/logout", status: 200 },
    { method: "get", path: "/dashboard", status: 200 },
    { method: "get", path: "/residential-dashboard/100101", status: 200 },
    { method: "get", path: "/residential-dashboard/100101/billing-details", status: 200 },
    { method: "get", path: "/commercial-dashboard/200301", status: 200 },
  ];

  it.each(calls)("$method $path answers $status with the contract's shape", async ({ method, path, body, status }) => {
    const endpoint = endpointFor(method, path);
    expect(endpoint, `no contract endpoint for ${method} ${path}`).toBeDefined();
    if (body !== undefined && endpoint!.body) expect(endpoint!.body.safeParse(body).success).toBe(true);
    const response = await fetch(API + path, {
      method: method.toUpperCase(),
      headers: body ? { "Content-Type": "application/json" } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
    expect(response.status).toBe(status);
    const answer = await response.json();
    const schema = status === 200 ? endpoint!.answer : ErrorAnswer;
    const result = schema.safeParse(answer);
    expect(result.success ? [] : result.error.issues).toEqual([]);
  });
});
