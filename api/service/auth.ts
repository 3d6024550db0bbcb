/** /auth: sign in with credentials or a refresh token, sign out. */
import { Router } from "express";
import { AccessTokenRequest } from "../contract/auth.ts";
import type { ServiceContext } from "./context.ts";
import { ApiError } from "./errors.ts";
import { parseInput, route } from "./http.ts";
import { verifyPassword } from "./passwords.ts";

export function authRoutes(ctx: ServiceContext): Router {
  const router = Router();

  router.post(
    "/auth/access-token",
    route(async (req, res) => {
      const input = parseInput(AccessTokenRequest, req.body ?? {});
      if ("refresh_token" in input) {
        const pair = await ctx.tokens.refresh(input.refresh_token);
        if (!pair) throw new ApiError(401, "The refresh token is not valid");
        res.json(pair);
        return;
      }
      const user = await ctx.db.one<{ id: number; password_hash: string | null }>(
        "SELECT id, password_hash FROM users WHERE username = $1",
        [input.username.trim().toLowerCase()],
      );
      const ok = await verifyPassword(input.password, user?.password_hash);
      if (!user || !ok) throw new ApiError(401, "Invalid username or password");
      res.json(await ctx.tokens.issue(user.id));
    }),
  );

  // Signing out is idempotent: an unknown or expired token still answers success.
  router.get(
    "/auth/logout",
    route(async (req, res) => {
      const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "");
      const claims = match ? await ctx.tokens.verify(match[1]) : null;
      if (claims) await ctx.tokens.revoke(claims.sessionId);
      res.json({ success: true });
    }),
  );

  return router;
}
