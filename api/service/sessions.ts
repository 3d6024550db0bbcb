/**
 * /profile-settings/sessions: where the signed-in user is signed in, and signing out of one other
 * session or of every other. A session signed out here is refused on its next request (the session
 * check of every request, tokens.ts `principal`) and its refresh token no longer renews.
 */
import { Router } from "express";
import type { SessionsAnswer, SignedOutOthersAnswer } from "../contract/activity.ts";
import type { ServiceContext } from "./context.ts";
import { notFound, unprocessable } from "./errors.ts";
import { currentUser, route } from "./http.ts";

interface SessionRow {
  id: string;
  user_agent: string | null;
  network: string | null;
  created_at: Date;
  last_seen_at: Date | null;
}

export function sessionsRoutes(ctx: ServiceContext): Router {
  const router = Router();

  router.get(
    "/profile-settings/sessions",
    route(async (req, res) => {
      const { userId, sessionId } = currentUser(req);
      const rows = await ctx.db.query<SessionRow>(
        `SELECT id, user_agent, network, created_at, last_seen_at FROM auth_sessions
          WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > $2
          ORDER BY (id = $3) DESC, coalesce(last_seen_at, created_at) DESC, id`,
        [userId, ctx.now(), sessionId],
      );
      const answer: SessionsAnswer = {
        sessions: rows.map((row) => ({
          id: row.id,
          current: row.id === sessionId,
          user_agent: row.user_agent,
          network: row.network,
          created_at: new Date(row.created_at).toISOString(),
          last_seen_at: new Date(row.last_seen_at ?? row.created_at).toISOString(),
        })),
      };
      res.json(answer);
    }),
  );

  router.delete(
    "/profile-settings/sessions/:sessionId",
    route(async (req, res) => {
      const { userId, sessionId } = currentUser(req);
      const target = String(req.params.sessionId);
      if (target === sessionId) throw unprocessable({ _form: ["_form.current"] }, "This is the current session: sign out instead");
      const ended = await ctx.db.one(
        `UPDATE auth_sessions SET revoked_at = $3
          WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL AND expires_at > $3 RETURNING id`,
        [target, userId, ctx.now()],
      );
      if (!ended) throw notFound("Session");
      res.json({ success: true });
    }),
  );

  router.post(
    "/profile-settings/sessions/sign-out-others",
    route(async (req, res) => {
      const { userId, sessionId } = currentUser(req);
      const ended = await ctx.db.query(
        `UPDATE auth_sessions SET revoked_at = $3
          WHERE user_id = $1 AND id <> $2 AND revoked_at IS NULL AND expires_at > $3 RETURNING id`,
        [userId, sessionId, ctx.now()],
      );
      const answer: SignedOutOthersAnswer = { success: true, ended: ended.length };
      res.json(answer);
    }),
  );

  return router;
}
