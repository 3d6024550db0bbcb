/**
 * GET /revision: what lets the portal answer "304 Not Modified" for a page whose data has not changed.
 * Counters per user, per account and for the catalogue are raised by triggers on every table a page
 * can show (migration 0011); the answer adds what changes with time alone: the service's calendar day,
 * the pending payments that have matured (they settle on the next read) and the latest start of an open
 * incident (a maintenance window that opens turns from upcoming to current: api/service/status.ts).
 * One query, no write: the route checks its bearer itself, the session's liveness in that same query
 * (a portal asks this before every signed-in page: one statement, not the session check's and its own).
 *
 * On PGlite the row is kept until the next write and for at most a second (../db/kept-reads.ts): a portal
 * asks this before every signed-in page, and most of those pages have not changed since the last view.
 */
import { Router } from "express";
import { KeptReads } from "../db/kept-reads.ts";
import { MATURED_PAYMENT } from "./billing.ts";
import { RevisionQuery, type RevisionAnswer } from "../contract/dashboard.ts";
import { todayOf, type ServiceContext } from "./context.ts";
import { forbidden, unauthorized } from "./errors.ts";
import { route } from "./http.ts";
import { bearerOf, liveSession } from "./tokens.ts";

interface RevisionRow {
  global: string;
  user: string;
  customer: string;
  matured: string;
  started: string;
  allowed: boolean;
  live: boolean;
  [key: string]: unknown;
}

// The user's accounts, or the one asked for (when it is theirs): every counter below is over these.
const ACCOUNTS = `SELECT customer_id FROM contacts
                   WHERE user_id = $1 AND status = 'activated' AND ($2::integer IS NULL OR customer_id = $2::integer)`;

const REVISION_QUERY = `
  SELECT coalesce((SELECT revision FROM revisions WHERE scope = 'global' AND id = 0), 0)::text AS global,
         coalesce((SELECT revision FROM revisions WHERE scope = 'user' AND id = $1), 0)::text AS user,
         coalesce((SELECT sum(r.revision) FROM revisions r WHERE r.scope = 'customer' AND r.id IN (${ACCOUNTS})), 0)::text AS customer,
         (SELECT count(*) FROM payments
           WHERE customer_id IN (${ACCOUNTS}) AND ${MATURED_PAYMENT.replaceAll("$2", "$3")})::text AS matured,
         coalesce((SELECT extract(epoch FROM max(starts_at))::bigint FROM incidents
                    WHERE resolved_at IS NULL AND starts_at <= $3), 0)::text AS started,
         ($2::integer IS NULL OR EXISTS (${ACCOUNTS})) AS allowed,
         ${liveSession("$4", "$1", "$3")} AS live`;

/** GET /revision, before the bearer check of the other routes: it makes its own (401, as they do). */
export function revisionRoutes(ctx: ServiceContext): Router {
  const kept = new KeptReads<RevisionRow | undefined>(ctx.db, ctx.now);

  const router = Router();
  router.get(
    "/revision",
    route(async (req, res) => {
      const bearer = bearerOf(req);
      const claims = bearer ? await ctx.tokens.claims(bearer) : null;
      if (!claims) throw unauthorized();
      req.user = claims;
      const parsed = RevisionQuery.safeParse(req.query);
      const customerId = parsed.success ? (parsed.data.customer_id ?? null) : null;
      const row = await kept.read(`${claims.sessionId}:${claims.userId}:${customerId ?? ""}`, () =>
        ctx.db.one<RevisionRow>(REVISION_QUERY, [claims.userId, customerId, ctx.now(), claims.sessionId]),
      );
      if (!row?.live) throw unauthorized();
      // Unknown and foreign ids answer 403 alike, so ids cannot be probed.
      if (!parsed.success || !row.allowed) throw forbidden();
      const answer: RevisionAnswer = {
        revision: `${row.global}.${row.user}.${row.customer}.${todayOf(ctx)}.${row.matured}.${row.started}`,
        user: Number(row.user),
        customer: Number(row.customer),
      };
      res.json(answer);
    }),
  );
  return router;
}
