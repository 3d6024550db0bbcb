/** /referrals: a residential account's personal referral code, the reward, and the friends it referred. */
import { randomInt } from "node:crypto";
import { Router } from "express";
import type { ReferralCodeAnswer, ReferralsAnswer } from "../contract/referrals.ts";
import type { Db } from "../db/client.ts";
import { dollars, type ServiceContext } from "./context.ts";
import { notFound } from "./errors.ts";
import { requireCustomer, route } from "./http.ts";

/** The programme's terms: both get a bill credit once the friend's service has been active 60 days. */
export const REFERRAL_REWARD = { referrer_credit: 50, friend_credit: 50, qualifying_days: 60 } as const;
/** Where a friend signs up with a code (the provider's public site). */
export const REFERRAL_SHARE_BASE = "https://lakeshore-fibre.example/refer/";

// No 0/O, 1/I/L: codes are read aloud and typed from paper.
const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/** "Élise-Anne Tremblay" → "ELISEANN-7K4Q": the first name's letters without accents, and four random characters. */
export function newReferralCode(name: string, pick: (max: number) => number = randomInt): string {
  const letters =
    (name.trim().split(/\s+/)[0] ?? "")
      .normalize("NFD")
      .replace(/[^A-Za-z]/g, "")
      .toUpperCase()
      .slice(0, 8) || "FRIEND";
  let suffix = "";
  for (let i = 0; i < 4; i++) suffix += ALPHABET[pick(ALPHABET.length)];
  return `${letters}-${suffix}`;
}

/** The account's code, created on first ask (a taken code is drawn again). */
async function codeOf(db: Db, customerId: number, name: string): Promise<string> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const existing = await db.one<{ code: string }>("SELECT code FROM referral_codes WHERE customer_id = $1", [customerId]);
    if (existing) return existing.code;
    await db.query("INSERT INTO referral_codes (customer_id, code) VALUES ($1, $2) ON CONFLICT DO NOTHING", [
      customerId,
      newReferralCode(name),
    ]);
  }
  throw new Error("Could not draw a free referral code");
}

export function referralRoutes(ctx: ServiceContext): Router {
  const router = Router();

  router.get(
    "/referrals/:customerId/code",
    route(async (req, res) => {
      const access = await requireCustomer(ctx.db, req, req.params.customerId);
      if (!access.isResidential) throw notFound("Residential account");
      const user = await ctx.db.one<{ first_name: string }>(
        `SELECT u.first_name FROM contacts c JOIN users u ON u.id = c.user_id
          WHERE c.customer_id = $1 AND 'authoritative' = ANY(c.roles) ORDER BY c.id LIMIT 1`,
        [access.customerId],
      );
      const code = await codeOf(ctx.db, access.customerId, user?.first_name ?? "");
      const answer: ReferralCodeAnswer = {
        referral_code: { code, share_url: `${REFERRAL_SHARE_BASE}${encodeURIComponent(code)}` },
        reward: { ...REFERRAL_REWARD },
      };
      res.json(answer);
    }),
  );

  router.get(
    "/referrals/:customerId",
    route(async (req, res) => {
      const access = await requireCustomer(ctx.db, req, req.params.customerId);
      if (!access.isResidential) throw notFound("Residential account");
      const rows = await ctx.db.query<{
        id: number;
        friend_first_name: string;
        friend_last_initial: string;
        referred_on: string;
        status: "pending" | "credited";
        credited_on: string | null;
        credit_cents: number | null;
      }>(
        `SELECT id, friend_first_name, friend_last_initial, referred_on::text, status, credited_on::text, credit_cents
           FROM referrals WHERE referrer_customer_id = $1 ORDER BY referred_on DESC, id DESC`,
        [access.customerId],
      );
      const answer: ReferralsAnswer = {
        referrals: rows.map((r) => ({
          referral_id: r.id,
          friend_name: `${r.friend_first_name} ${r.friend_last_initial}.`,
          referred_on: r.referred_on,
          status: r.status,
          credited_on: r.credited_on,
          credit: r.credit_cents === null ? null : dollars(r.credit_cents),
        })),
        total_credited: dollars(rows.reduce((sum, r) => sum + (r.credit_cents ?? 0), 0)),
      };
      res.json(answer);
    }),
  );

  return router;
}
