/**
 * Reads never write: the screens show what time changed (a pause that began or ended) as it stands on the
 * service's day, and the settling job that the API process runs makes it durable.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DashboardAnswer, ResidentialBillingDetailsAnswer, ResidentialDashboardAnswer } from "#contract/dashboard";
import { ServicesAnswer } from "#contract/accounts";
import { createTestApi, type TestApi } from "./support/api.ts";
import { NOW } from "./support/constants.ts";

let api: TestApi;

beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const CONDO = 100202;

/** What the family sees of the condo: the calls of one dashboard view, and the services screen. */
async function views(token: string) {
  const [list, dashboard, billing, services] = await Promise.all([
    api.call("GET", "/dashboard", { token }),
    api.call("GET", `/residential-dashboard/${CONDO}`, { token }),
    api.call("GET", `/residential-dashboard/${CONDO}/billing-details`, { token }),
    api.call("GET", `/services/${CONDO}`, { token }),
  ]);
  for (const answer of [list, dashboard, billing, services]) expect(answer.status).toBe(200);
  return {
    list: DashboardAnswer.parse(list.body),
    dashboard: ResidentialDashboardAnswer.parse(dashboard.body),
    billing: ResidentialBillingDetailsAnswer.parse(billing.body),
    services: ServicesAnswer.parse(services.body),
  };
}

/** The stored state of the condo's pause, package and services. */
const stored = async () => ({
  pause: await api.db.one<{ status: string }>("SELECT status FROM service_pauses WHERE customer_id = $1 AND starts_on = '2026-12-01'", [
    CONDO,
  ]),
  packages: await api.db.query<{ status: string }>("SELECT status FROM packages WHERE customer_id = $1 ORDER BY id", [CONDO]),
  services: await api.db.query<{ status: string }>("SELECT status FROM services WHERE customer_id = $1 ORDER BY id", [CONDO]),
});

/**
 * The next transaction id: only a transaction that writes takes one (PGlite only: a PostgreSQL server's
 * ids also move for other test files). The write-ahead log is no measure: reads may prune pages.
 */
const nextXid = async () =>
  api.db.kind === "pglite" ? (await api.db.one<{ xid: string }>("SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS xid"))!.xid : null;

describe("a read never writes", () => {
  it("shows a pause that began as active without writing, and the job makes it durable", async () => {
    api.clock.now = new Date("2026-12-05T15:00:00Z");
    try {
      const token = await api.signIn("family@example.com");
      const before = await stored();
      expect(before.pause?.status).toBe("scheduled");
      const xid = await nextXid();

      const seen = await views(token);
      const bundle = seen.dashboard.bundled_services[0];
      expect(bundle.status).toBe("paused");
      expect(bundle.scheduled_pause).toMatchObject({ status: "active", from_date: "2026-12-01", until_date: "2027-03-01" });
      expect(seen.dashboard.services.internet.map((s) => s.status)).toEqual(["paused"]);
      expect(seen.services.bundles[0]).toMatchObject({ status: "paused", scheduled_pauses: [{ status: "active" }] });

      // Nothing was written: the rows are as stored, and no transaction took an id to write.
      expect(await stored()).toEqual(before);
      expect(await nextXid()).toBe(xid);

      // (Other accounts' pending payments and PAD agreements came due by then too.)
      expect(await api.service.settle()).toMatchObject({ pauses: 1 });
      const after = await stored();
      expect(after.pause?.status).toBe("active");
      expect(after.packages.map((p) => p.status)).toEqual(["paused"]);
      expect(after.services.every((s) => s.status === "paused")).toBe(true);
      // The customer sees the same before and after the job.
      expect(await views(token)).toEqual(seen);
      // Nothing is left to do: a second run writes nothing.
      expect(await api.service.settle()).toEqual({ pauses: 0, billing: 0, autopay: 0, activityPurged: 0 });

      // Past its end date the pause ends: shown at once, stored by the job.
      api.clock.now = new Date("2027-03-02T15:00:00Z");
      const later = await views(await api.signIn("family@example.com"));
      expect(later.dashboard.bundled_services[0]).toMatchObject({ status: "active", scheduled_pause: null });
      expect(later.dashboard.services.internet.map((s) => s.status)).toEqual(["connected"]);
      expect((await stored()).pause?.status).toBe("active");
      expect(await api.service.settle()).toEqual({ pauses: 1, billing: 0, autopay: 0, activityPurged: 0 });
      const ended = await stored();
      expect(ended.pause?.status).toBe("ended");
      expect(ended.packages.map((p) => p.status)).toEqual(["active"]);
      expect(ended.services.every((s) => s.status === "connected")).toBe(true);
    } finally {
      api.clock.now = new Date(NOW);
    }
  });

  it("settles pending payments past their settlement period in the job", async () => {
    const paidAt = new Date(NOW.getTime() - 3 * 86_400_000);
    await api.db.query(
      `INSERT INTO payments (customer_id, paid_at, amount_cents, method, type, status, transaction_id)
       VALUES ($1, $2, 1000, 'bank', 'one_time', 'pending', 'TX-SETTLE-TEST'), ($1, $3, 1000, 'bank', 'one_time', 'pending', 'TX-SETTLE-NEW')`,
      [CONDO, paidAt, NOW],
    );
    const status = async (transactionId: string) =>
      (await api.db.one<{ status: string }>("SELECT status FROM payments WHERE transaction_id = $1", [transactionId]))?.status;
    expect(await api.service.settle()).toEqual({ pauses: 0, billing: 1, autopay: 0, activityPurged: 0 });
    expect(await status("TX-SETTLE-TEST")).toBe("successful");
    // Paid today: its 48 hours have not passed.
    expect(await status("TX-SETTLE-NEW")).toBe("pending");
    expect(await api.service.settle()).toEqual({ pauses: 0, billing: 0, autopay: 0, activityPurged: 0 });
  });
});
