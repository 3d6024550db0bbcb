/** /auth: sign in with credentials or a refresh token (or the second step: two-step.ts), sign out. */
import { Router } from "express";
import { AccessTokenRequest } from "../contract/auth.ts";
import { COUNTED_HEADER } from "#common/sign-in-limits";
import type { ServiceContext } from "./context.ts";
import { ApiError } from "./errors.ts";
import { clientAddress, clientOf, parseInput, route } from "./http.ts";
import { bearerOf } from "./tokens.ts";
import { verifyPassword } from "./passwords.ts";
import { twoStepRequired } from "./two-step.ts";

const TOO_MANY = { success: false, message: "Too many sign-in attempts; try again later" };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function authRoutes(ctx: ServiceContext): Router {
  const router = Router();

  /**
   * Credentials are limited by the portal's sign-in model (common/sign-in-limits.ts), the same counters
   * as the portal's sign-in page: failures per address and per username and address, a growing wait for
   * a username guessed from many addresses, a high ceiling of attempts per address. The portal's own
   * request, which it counted and delayed already, carries the model's key from a trusted peer and is
   * not counted again. Refresh-token requests are not limited: they carry a 256-bit secret.
   */
  router.post(
    "/auth/access-token",
    route(async (req, res) => {
      const input = parseInput(AccessTokenRequest, req.body ?? {});
      if ("refresh_token" in input) {
        const pair = await ctx.tokens.refresh(input.refresh_token, clientOf(req, ctx.trustForwardedFrom));
        if (!pair) throw new ApiError(401, "The refresh token is not valid");
        res.json(pair);
        return;
      }
      const peer = req.socket.remoteAddress ?? "";
      const counted = ctx.trustForwardedFrom.includes(peer) && ctx.signIn.countedByPortal(req.get(COUNTED_HEADER));
      const address = clientAddress(req, ctx.trustForwardedFrom);
      if (!counted) {
        const verdict = await ctx.signIn.attempt(input.username, address);
        if (verdict.blockedUntil) {
          const seconds = Math.max(1, Math.ceil((verdict.blockedUntil.getTime() - Date.now()) / 1000));
          res.status(429).set("Retry-After", String(seconds)).json(TOO_MANY);
          return;
        }
        if (verdict.delayMs) await sleep(verdict.delayMs);
      }
      const user = await ctx.db.one<{ id: number; password_hash: string | null; two_step_sealed: string | null }>(
        `SELECT u.id, u.password_hash, t.secret_sealed AS two_step_sealed
           FROM users u LEFT JOIN two_step_secrets t ON t.user_id = u.id AND t.enabled_at IS NOT NULL
          WHERE u.username = $1`,
        [input.username.trim().toLowerCase()],
      );
      const ok = await verifyPassword(input.password, user?.password_hash);
      if (!user || !ok) {
        if (!counted) await ctx.signIn.failed(input.username, address);
        throw new ApiError(401, "Invalid username or password");
      }
      if (!counted) await ctx.signIn.succeeded(input.username, address);
      // Two-step verification on: no session until a code of the user's app (two-step.ts).
      if (user.two_step_sealed) {
        res.json(await twoStepRequired(ctx, user.id, user.password_hash, user.two_step_sealed));
        return;
      }
      res.json(await ctx.tokens.issue(user.id, clientOf(req, ctx.trustForwardedFrom)));
    }),
  );

  // Signing out is idempotent: an unknown or expired token still answers success.
  router.get(
    "/auth/logout",
    route(async (req, res) => {
      const bearer = bearerOf(req);
      const claims = bearer ? await ctx.tokens.verify(bearer) : null;
      if (claims) await ctx.tokens.revoke(claims.sessionId);
      res.json({ success: true });
    }),
  );

  return router;
}
