import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ReferralCodeAnswer, ReferralsAnswer } from "#contract/referrals";
import { openApi } from "#contract/index";
import { newReferralCode } from "../../api/service/referrals.ts";
import { createTestApi, type TestApi } from "./support/api.ts";

let api: TestApi;
let resi: string;
let family: string;
let business: string;

beforeAll(async () => {
  api = await createTestApi();
  [resi, family, business] = await api.signInAll("resi@example.com", "family@example.com", "business@example.com");
});
afterAll(() => api.close());

describe("GET /referrals/{customerId}/code", () => {
  it("answers the account's personal code, its link and the reward", async () => {
    const { status, body } = await api.call("GET", "/referrals/100101/code", { token: resi });
    expect(status).toBe(200);
    expect(ReferralCodeAnswer.parse(body)).toEqual({
      referral_code: { code: "MAYA-7K4Q", share_url: "https://lakeshore-fibre.example/refer/MAYA-7K4Q" },
      reward: { referrer_credit: 50, friend_credit: 50, qualifying_days: 60 },
    });
  });

  it("creates a code on first ask and answers the same one afterwards, one per account", async () => {
    const first = ReferralCodeAnswer.parse((await api.call("GET", "/referrals/100203/code", { token: family })).body);
    expect(first.referral_code.code).toMatch(/^JORDAN-[A-Z2-9]{4}$/);
    const again = ReferralCodeAnswer.parse((await api.call("GET", "/referrals/100203/code", { token: family })).body);
    expect(again.referral_code.code).toBe(first.referral_code.code);
    const other = ReferralCodeAnswer.parse((await api.call("GET", "/referrals/100202/code", { token: family })).body);
    expect(other.referral_code.code).not.toBe(first.referral_code.code);
    const rows = await api.db.query<{ n: number }>("SELECT count(*)::int AS n FROM referral_codes WHERE customer_id = 100203");
    expect(rows[0].n).toBe(1);
  });

  it("answers 403 for another user's account or an unknown one, and 404 for a commercial account", async () => {
    expect((await api.call("GET", "/referrals/100101/code", { token: family })).status).toBe(403);
    expect((await api.call("GET", "/referrals/999999/code", { token: resi })).status).toBe(403);
    const commercial = await api.call("GET", "/referrals/200301/code", { token: business });
    expect(commercial.status).toBe(404);
    expect(commercial.body.success).toBe(false);
    expect((await api.call("GET", "/referrals/100101/code")).status).toBe(401);
  });
});

describe("GET /referrals/{customerId}", () => {
  it("lists the friends referred, newest first, with the credits received", async () => {
    const { status, body } = await api.call("GET", "/referrals/100101", { token: resi });
    expect(status).toBe(200);
    const answer = ReferralsAnswer.parse(body);
    expect(answer.referrals.map((r) => [r.friend_name, r.status, r.credit])).toEqual([
      ["Tom B.", "pending", null],
      ["Élise M.", "credited", 50],
      ["Priya R.", "credited", 50],
    ]);
    expect(answer.referrals[0].credited_on).toBeNull();
    expect(answer.referrals[1].credited_on! > answer.referrals[1].referred_on).toBe(true);
    expect(answer.total_credited).toBe(100);
  });

  it("answers an empty list for an account that referred nobody", async () => {
    const answer = ReferralsAnswer.parse((await api.call("GET", "/referrals/100202", { token: family })).body);
    expect(answer).toEqual({ referrals: [], total_credited: 0 });
  });

  it("refuses other users' accounts (403) and commercial ones (404)", async () => {
    expect((await api.call("GET", "/referrals/100101", { token: business })).status).toBe(403);
    expect((await api.call("GET", "/referrals/200302", { token: business })).status).toBe(404);
  });
});

describe("referral codes", () => {
  it("take the first name's letters without accents, and four characters that cannot be misread", () => {
    const picks = [0, 1, 2, 30];
    expect(newReferralCode("Élise-Anne Tremblay", () => picks.shift()!)).toBe("ELISEANN-ABC9");
    expect(newReferralCode("  ", () => 0)).toBe("FRIEND-AAAA");
    for (let i = 0; i < 50; i++) expect(newReferralCode("Zoë")).toMatch(/^ZOE-[A-HJKMNP-Z2-9]{4}$/);
  });

  it("are in the OpenAPI document", () => {
    const paths = openApi().paths as Record<string, unknown>;
    expect(paths["/referrals/{customerId}/code"]).toHaveProperty("get");
    expect(paths["/referrals/{customerId}"]).toHaveProperty("get");
  });
});
