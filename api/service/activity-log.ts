/**
 * Writing and purging the activity log (activity.ts reads it): in a module that needs nothing of the HTTP layer,
 * so that sign-in (tokens.ts) records a new device without an import circle.
 */
import { ACTIVITY_KEPT_DAYS, type ActivityDetails, type ActivityKind } from "../contract/activity.ts";
import type { Db } from "../db/client.ts";

/**
 * Records one event of an account at `at` (the service's clock), by a user (null: the provider). Call it
 * with the transaction of the change it describes:
 * `await recordActivity(tx, ctx.now(), customerId, userId, "wifi_changed", { setting: "wifi" })`.
 */
export async function recordActivity(
  db: Db,
  at: Date,
  customerId: number,
  actorUserId: number | null,
  kind: ActivityKind,
  details: ActivityDetails = {},
): Promise<void> {
  await db.query("INSERT INTO activity_log (customer_id, actor_user_id, kind, details, created_at) VALUES ($1, $2, $3, $4, $5)", [
    customerId,
    actorUserId,
    kind,
    JSON.stringify(details),
    at,
  ]);
}

/** Deletes the events older than two years at `now`; answers how many. */
export async function purgeActivity(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - ACTIVITY_KEPT_DAYS * 86_400_000);
  const rows = await db.query<{ id: string }>("DELETE FROM activity_log WHERE created_at < $1 RETURNING id", [before]);
  return rows.length;
}
