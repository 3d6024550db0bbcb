/**
 * The settling job: what time alone changes (pauses that start or end, pending payments that settle,
 * PAD agreements that become active or removed, automatic charges whose date came) is written by the API
 * process on a schedule, not by the requests that read it. Reads show these states as they stand on the service's day (the residential
 * dashboard and /services compute them from the stored rows and the clock); the job makes them durable.
 *
 * Each run finds the accounts with something due through partial indexes (migration 0012), then settles
 * each one in its own transaction with the functions requests use before a change (settlePauses,
 * settleBilling): idempotent, and safe when several processes share one PostgreSQL (the account's row is
 * locked and every UPDATE names the state it leaves).
 */
import type { Db } from "../db/client.ts";
import { purgeActivity } from "./activity.ts";
import type { LinkSigner } from "./notify-links.ts";
import { chargeDueAutopay } from "./autopay-charges.ts";
import { DUE_BILLING, settleBilling } from "./billing.ts";
import { settlePauses } from "./services-packages.ts";
import { logEvent } from "#common/logger";

/** How often the API process settles what came due (ms). */
export const SETTLE_INTERVAL_MS = 60_000;

export interface SettleResult {
  /** Accounts whose pauses were brought up to the day. */
  pauses: number;
  /** Accounts whose payments or PAD agreements moved on. */
  billing: number;
  /** Automatic charges made (card or PAD), once a day (autopay-charges.ts). */
  autopay: number;
  /** Activity log events deleted for being older than two years (activity.ts). */
  activityPurged: number;
}

/** Settles every account with something due at `now`. */
export async function settleDue(db: Db, links: LinkSigner, now: Date): Promise<SettleResult> {
  const today = now.toISOString().slice(0, 10);
  const [pauses, billing] = await Promise.all([
    db.query<{ customer_id: number }>(
      `SELECT DISTINCT customer_id FROM service_pauses
        WHERE (status = 'scheduled' AND starts_on <= $1) OR (status IN ('scheduled', 'active') AND ends_on <= $1)`,
      [today],
    ),
    db.query<{ customer_id: number }>(
      `SELECT customer_id FROM payments WHERE ${DUE_BILLING.payments}
       UNION
       SELECT customer_id FROM autopay_pads WHERE ${DUE_BILLING.pads.replaceAll("$2", "$1")}`,
      [today, now],
    ),
  ]);
  const result: SettleResult = { pauses: 0, billing: 0, autopay: 0, activityPurged: 0 };
  for (const { customer_id } of pauses) {
    await settlePauses(db, customer_id, now);
    result.pauses++;
  }
  for (const { customer_id } of billing) {
    if (await settleBilling(db, links, customer_id, now)) result.billing++;
  }
  // After the payments that matured settled: a charge counts what is still pending, not what already is paid.
  result.autopay = await chargeDueAutopay(db, links, now);
  result.activityPurged = await purgeActivity(db, now);
  return result;
}

/**
 * Runs settleDue once now and then every `intervalMs` (an unref'd timer: it never keeps the process
 * alive). A run that fails is logged and the next one tries again; runs never overlap.
 */
export function startSettling(db: Db, links: LinkSigner, now: () => Date, intervalMs = SETTLE_INTERVAL_MS) {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const run = () => {
    if (busy) return running;
    busy = true;
    running = settleDue(db, links, now())
      .catch((error: unknown) => logEvent("api.settle-failed", { reason: error instanceof Error ? error.message : String(error) }))
      .finally(() => {
        busy = false;
      });
    return running;
  };
  const first = run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    /** The first run (start-up waits for it). */
    first,
    /** Runs it now (tests), or waits for the run under way. */
    run,
    /** Stops the schedule and waits for a run under way. */
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
