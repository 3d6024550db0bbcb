/**
 * Referrals of residential accounts (portal feature flag FEATURE_REFERRALS): the customer's personal
 * referral code and link, the reward, and the friends referred so far.
 */
import { z } from "zod";
import { IsoDate, Money } from "./common.ts";
import { endpoint } from "./endpoint.ts";

/** What a referral earns: a bill credit for the customer and one for the friend, once the friend's service has been active long enough. */
export const ReferralReward = z.object({
  referrer_credit: Money,
  friend_credit: Money,
  /** Days the friend's service must stay active before both credits apply. */
  qualifying_days: z.number().int().positive(),
});

/** GET /referrals/{customerId}/code */
export const ReferralCodeAnswer = z.object({
  referral_code: z.object({
    code: z.string(),
    /** The page of the provider's public site where a friend signs up with the code. */
    share_url: z.url(),
  }),
  reward: ReferralReward,
});
export type ReferralCodeAnswer = z.infer<typeof ReferralCodeAnswer>;

export const ReferralStatus = z.enum(["pending", "credited"]);

export const Referral = z.object({
  referral_id: z.number().int(),
  /** The friend's first name and last initial ("Priya R."): nothing more is shown to the referrer. */
  friend_name: z.string(),
  referred_on: IsoDate,
  status: ReferralStatus,
  /** The day the credit was applied (credited referrals). */
  credited_on: IsoDate.nullable(),
  /** The credit the customer received (credited referrals). */
  credit: Money.nullable(),
});
export type Referral = z.infer<typeof Referral>;

/** GET /referrals/{customerId} */
export const ReferralsAnswer = z.object({
  referrals: z.array(Referral),
  /** Sum of the credits received. */
  total_credited: Money,
});
export type ReferralsAnswer = z.infer<typeof ReferralsAnswer>;

export const referralsEndpoints = [
  endpoint({
    method: "get",
    path: "/referrals/{customerId}/code",
    tag: "referrals",
    summary: "The residential account's personal referral code and link (created on first ask), and the reward (404 for a commercial one)",
    auth: "bearer",
    answer: ReferralCodeAnswer,
    errors: [404],
  }),
  endpoint({
    method: "get",
    path: "/referrals/{customerId}",
    tag: "referrals",
    summary: "The friends the residential account referred, newest first, pending or credited (404 for a commercial one)",
    auth: "bearer",
    answer: ReferralsAnswer,
    errors: [404],
  }),
];
