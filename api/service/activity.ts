/**
 * The activity log of an account: who did what and when. `recordActivity` is called with the
 * transaction of the change it describes (a payment, a contact's roles…), so the event lands exactly
 * when the change does. GET /customers/{customerId}/activity reads it: the account's authoritative contacts
 * see every event, its other contacts their own. Events older than two years are purged by the
 * settling job (settle.ts, `purgeActivity`).
 */
import { Router } from "express";
import { ActivityQuery, type ActivityAnswer, type ActivityDetails, type ActivityEvent, type ActivityKind } from "../contract/activity.ts";
import type { ServiceContext } from "./context.ts";
import { unprocessable } from "./errors.ts";
import { currentUser, parseInput, requireCustomer, route } from "./http.ts";

export { purgeActivity, recordActivity } from "./activity-log.ts";

/** Events per page unless asked otherwise. */
const DEFAULT_PAGE_SIZE = 50;

interface EventRow {
  id: string;
  kind: ActivityKind;
  created_at: Date;
  actor_user_id: number | null;
  first_name: string | null;
  last_name: string | null;
  details: ActivityDetails | string;
  total: string;
}

/** The day after a YYYY-MM-DD date, at midnight UTC (the service's days are UTC dates). */
const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000);

export function activityRoutes(ctx: ServiceContext): Router {
  const router = Router();

  router.get(
    "/customers/:customerId/activity",
    route(async (req, res) => {
      const access = await requireCustomer(ctx.db, req, req.params.customerId);
      const { userId } = currentUser(req);
      const query = parseInput(ActivityQuery, req.query);
      if (query.from_date && query.to_date && query.to_date < query.from_date) {
        throw unprocessable({ to_date: ["to_date.before_from_date"] }, "The end date is before the start date");
      }
      const everything = access.roles.includes("authoritative");
      const page = query.page ?? 1;
      const pageSize = query.page_size ?? DEFAULT_PAGE_SIZE;
      const rows = await ctx.db.query<EventRow>(
        // The page first, then each of its events' author by the key: a join before the limit would meet every
        // matching event (the count needs them all) and, at a provider's size, read the users table whole.
        `SELECT e.*,
                (SELECT u.first_name FROM users u WHERE u.id = e.actor_user_id) AS first_name,
                (SELECT u.last_name FROM users u WHERE u.id = e.actor_user_id) AS last_name
           FROM (SELECT a.id, a.kind, a.created_at, a.actor_user_id, a.details, count(*) OVER () AS total
                   FROM activity_log a
                  WHERE a.customer_id = $1
                    AND ($2::integer IS NULL OR a.actor_user_id = $2)
                    AND ($3::text IS NULL OR a.kind = $3)
                    AND ($4::timestamptz IS NULL OR a.created_at >= $4)
                    AND ($5::timestamptz IS NULL OR a.created_at < $5)
                  ORDER BY a.created_at DESC, a.id DESC
                  LIMIT $6 OFFSET $7) e
          ORDER BY e.created_at DESC, e.id DESC`,
        [
          access.customerId,
          everything ? null : userId,
          query.kind ?? null,
          query.from_date ? new Date(`${query.from_date}T00:00:00Z`) : null,
          query.to_date ? dayAfter(query.to_date) : null,
          pageSize,
          (page - 1) * pageSize,
        ],
      );
      let total = rows.length ? Number(rows[0].total) : 0;
      if (!rows.length && page > 1) {
        // Past the last page: the count still says how many there are.
        const counted = await ctx.db.one<{ n: string }>(
          `SELECT count(*) AS n FROM activity_log
            WHERE customer_id = $1 AND ($2::integer IS NULL OR actor_user_id = $2) AND ($3::text IS NULL OR kind = $3)
              AND ($4::timestamptz IS NULL OR created_at >= $4) AND ($5::timestamptz IS NULL OR created_at < $5)`,
          [
            access.customerId,
            everything ? null : userId,
            query.kind ?? null,
            query.from_date ? new Date(`${query.from_date}T00:00:00Z`) : null,
            query.to_date ? dayAfter(query.to_date) : null,
          ],
        );
        total = Number(counted?.n ?? 0);
      }
      const events: ActivityEvent[] = rows.map((row) => ({
        id: Number(row.id),
        kind: row.kind,
        at: new Date(row.created_at).toISOString(),
        actor:
          row.actor_user_id === null
            ? null
            : { user_id: row.actor_user_id, name: [row.first_name, row.last_name].filter(Boolean).join(" ").trim() },
        own: row.actor_user_id === userId,
        details: typeof row.details === "string" ? (JSON.parse(row.details) as ActivityDetails) : row.details,
      }));
      const answer: ActivityAnswer = { events, scope: everything ? "account" : "own", page, page_size: pageSize, total };
      res.json(answer);
    }),
  );

  return router;
}
