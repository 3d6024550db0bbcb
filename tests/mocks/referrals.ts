/** msw: referrals of the residential fixture account 100101 (code MAYA-7K4Q, two credited, one pending). */
import type { ReferralCodeAnswer, ReferralsAnswer } from "#contract/referrals";
import { on, reply } from "./contract.ts";

export const referralCode: ReferralCodeAnswer = {
  referral_code: { code: "MAYA-7K4Q", share_url: "https://lakeshore-fibre.example/refer/MAYA-7K4Q" },
  reward: { referrer_credit: 50, friend_credit: 50, qualifying_days: 60 },
};

export const referrals: ReferralsAnswer = {
  referrals: [
    { referral_id: 3, friend_name: "Tom B.", referred_on: "2026-11-13", status: "pending", credited_on: null, credit: null },
    { referral_id: 2, friend_name: "Élise M.", referred_on: "2026-09-08", status: "credited", credited_on: "2026-11-10", credit: 50 },
    { referral_id: 1, friend_name: "Priya R.", referred_on: "2026-06-15", status: "credited", credited_on: "2026-08-19", credit: 50 },
  ],
  total_credited: 100,
};

export const referralHandlers = [
  on("GET /referrals/{customerId}/code", () => reply("GET /referrals/{customerId}/code", referralCode)),
  on("GET /referrals/{customerId}", () => reply("GET /referrals/{customerId}", referrals)),
];
