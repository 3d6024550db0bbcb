/** /referrals/{customerId}: only with FEATURE_REFERRALS, only for residential accounts; what the page loads. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { requireUserMiddleware } from "../../app/lib/auth.server.ts";
import { sideNavigation } from "../../app/lib/navigation.ts";
import { loader } from "../../app/routes/referrals/referrals.tsx";
import { loader as layoutLoader } from "../../app/routes/_app.tsx";
import { on, refuse, reply } from "../mocks/contract.ts";
import { referralCode, referrals } from "../mocks/referrals.ts";
import { pageCalls, recordApiCalls } from "../support/api-calls.ts";
import { useEnv } from "../support/config.ts";
import { server } from "../support/msw.ts";
import { callRoute, signedInCookie } from "../support/route.ts";

const page = async (customerId: string, query = "") =>
  callRoute<any>(loader, {
    url: `/referrals/${customerId}${query}`,
    params: { customerId },
    cookie: await signedInCookie(),
    middleware: [requireUserMiddleware],
  });

/** Calls that reached the API other than the account list. */
/** The calls of the page itself, without the account list's (the user's revision and GET /dashboard). */
afterEach(() => {
  vi.restoreAllMocks();
});

describe("with the referrals feature off (the default)", () => {
  it("the page does not exist (404) and nothing is asked of the API", async () => {
    useEnv({ FEATURE_REFERRALS: undefined });
    const calls = recordApiCalls();
    const result = await page("100101");
    expect(result.status).toBe(404);
    expect(result.data).toEqual({ kind: "unmatched" });
    expect(calls).toEqual([]);
  });

  it("the layout tells the screens it is off, and a residential account has no navigation entry", async () => {
    useEnv({ FEATURE_REFERRALS: "false" });
    const result = await callRoute<any>(layoutLoader, {
      url: "/dashboard/100101",
      params: { customerId: "100101" },
      cookie: await signedInCookie(),
      middleware: [requireUserMiddleware],
    });
    expect(result.data.features.referrals).toBe(false);
    expect(sideNavigation(result.data.active, result.data.features)).toEqual([]);
  });
});

describe("with FEATURE_REFERRALS=true", () => {
  it("loads the account's code and its referrals together, in the customer's language", async () => {
    useEnv({ FEATURE_REFERRALS: "true" });
    const calls = recordApiCalls();
    const result = await page("100101", "?lng=fr");
    expect(result.status).toBe(200);
    expect(result.data).toEqual({
      customer: { customer_id: 100101, contract_name: "Maya Singh" },
      code: referralCode.referral_code,
      reward: referralCode.reward,
      referrals: referrals.referrals,
      totalCredited: 100,
    });
    expect(
      pageCalls(calls)
        .map((c) => `${c.method} ${c.path}`)
        .sort(),
    ).toEqual(["GET /referrals/100101", "GET /referrals/100101/code"]);
    for (const call of pageCalls(calls)) {
      expect(call.authorization).toMatch(/^Bearer ey/);
      expect(call.language).toBe("fr");
    }
  });

  it("shows an account that referred nobody yet with an empty list", async () => {
    useEnv({ FEATURE_REFERRALS: "true" });
    server.use(on("GET /referrals/{customerId}", () => reply("GET /referrals/{customerId}", { referrals: [], total_credited: 0 })));
    const result = await page("100101");
    expect(result.data.referrals).toEqual([]);
    expect(result.data.totalCredited).toBe(0);
  });

  it("answers 404 for a commercial account and for a malformed id, 403 for another's account, without asking the API", async () => {
    useEnv({ FEATURE_REFERRALS: "true" });
    const calls = recordApiCalls();
    expect((await page("200301")).status).toBe(404);
    expect((await page("abc")).status).toBe(404);
    const other = await page("999999");
    expect(other.status).toBe(403);
    expect(other.data).toEqual({ kind: "forbidden" });
    expect(pageCalls(calls)).toEqual([]);
  });

  it("a failing API gives the error page of its status (503 when it does not answer)", async () => {
    useEnv({ FEATURE_REFERRALS: "true" });
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(console, "error").mockImplementation(() => {});
    server.use(on("GET /referrals/{customerId}/code", () => refuse(503)));
    const result = await page("100101");
    expect(result.status).toBe(503);
  });

  it("a residential account gets a Refer a friend navigation entry; business accounts do not", () => {
    const resi = { customer_id: 100101, isResidential: true, isBillingAuthoritative: true, credit_card_allowed: true };
    expect(sideNavigation(resi, { autopayBilling: true, referrals: true })).toEqual([
      { kind: "link", key: "referrals", label: "nav.referrals", to: "/referrals/100101" },
    ]);
    const business = { ...resi, customer_id: 200301, isResidential: false };
    const links = JSON.stringify(sideNavigation(business, { autopayBilling: true, referrals: true }));
    expect(links).not.toContain("referrals");
  });
});
