/** /auth: sign in with credentials or a refresh token, sign out. */
import { Router, type Request, type RequestHandler, type Response } from "express";
import { ipKeyGenerator, rateLimit } from "express-rate-limit";
import { counterStore } from "../../server/counters.ts";
import { AccessTokenRequest } from "../contract/auth.ts";
import type { ServiceContext } from "./context.ts";
import { ApiError } from "./errors.ts";
import { parseInput, route } from "./http.ts";
import { verifyPassword } from "./passwords.ts";

/** The client's address: X-Forwarded-For's last entry when the peer is trusted to set it (the portal). */
export function clientAddress(req: Request, trusted: string[]): string {
  const peer = req.socket.remoteAddress ?? "unknown";
  const forwarded = String(req.headers["x-forwarded-for"] ?? "")
    .split(",")
    .pop()
    ?.trim();
  return trusted.includes(peer) && forwarded ? forwarded : peer;
}

const TOO_MANY = { success: false, message: "Too many sign-in attempts; try again later" };

/**
 * Sign-in with credentials is limited per client address (every attempt) and per username (failures,
 * from every address). Refresh-token requests are not: they carry a 256-bit secret.
 */
function tokenLimits(ctx: ServiceContext): RequestHandler[] {
  const { perAddress, perUsername, windowMs, redisUrl, trustForwardedFrom } = ctx.limits;
  const credentials = (req: Request) => typeof req.body?.username === "string";
  const common = {
    windowMs,
    standardHeaders: "draft-8" as const,
    legacyHeaders: false,
    handler: (_req: Request, res: Response) => void res.status(429).json(TOO_MANY),
    validate: { xForwardedForHeader: false, trustProxy: false },
  };
  return [
    rateLimit({
      ...common,
      limit: perAddress,
      store: counterStore({ prefix: "api-token:address", windowMs, redisUrl }),
      skip: (req) => !credentials(req),
      keyGenerator: (req) => ipKeyGenerator(clientAddress(req, trustForwardedFrom)),
    }),
    rateLimit({
      ...common,
      limit: perUsername,
      store: counterStore({ prefix: "api-token:username", windowMs, redisUrl }),
      skip: (req) => !credentials(req),
      skipSuccessfulRequests: true,
      keyGenerator: (req) => String(req.body.username).trim().toLowerCase().slice(0, 200),
      // The username limit does not advertise itself: only the address limit sends RateLimit headers.
      standardHeaders: false,
    }),
  ];
}

export function authRoutes(ctx: ServiceContext): Router {
  const router = Router();

  router.post(
    "/auth/access-token",
    ...tokenLimits(ctx),
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
