/**
 * /services/{customerId}: the packages (bundles) of a residential account with their pauses, requests
 * and what may be done with each; the pause page's detail; suspending and reinstating packages now.
 * Pauses are scheduled in services-pauses.ts, requests to support made in services-requests.ts; what
 * they share is services-packages.ts.
 */
import { Router } from "express";
import {
  MAX_DAYS_AHEAD,
  PackageIdsRequest,
  PAUSE_MAX_MONTHS,
  PAUSE_MIN_MONTHS,
  ServicesQuery,
  type Pause,
  type PauseOptions,
  type ScheduledPauseDetailAnswer,
  type ServicesAnswer,
} from "../contract/accounts.ts";
import { addDays } from "#common/calendar";
import { accountDetails } from "./account-details.ts";
import { addressOf, dollars, todayOf, type ServiceContext } from "./context.ts";
import { unprocessable } from "./errors.ts";
import { parseInput, route } from "./http.ts";
import { restorePackages, setPackageStatus } from "./packages.ts";
import {
  actionsOf,
  changePackages,
  loadPackages,
  loadPackagesAndBalance,
  type Loaded,
  requireOwnPackages,
  residentialAccess,
  suspensionOf,
  toPause,
  toRequest,
} from "./services-packages.ts";

/** A package's ended pauses, latest first. */
const pastPauses = (loaded: Loaded, packageId: number, canManage: boolean): Pause[] =>
  loaded.pauses
    .filter((x) => x.package_id === packageId && x.status === "ended")
    .reverse()
    .map((x) => toPause(x, canManage));

/** The months and start dates a pause scheduled today may have. */
const pauseOptions = (today: string): PauseOptions => ({
  months: Array.from({ length: PAUSE_MAX_MONTHS - PAUSE_MIN_MONTHS + 1 }, (_, i) => PAUSE_MIN_MONTHS + i),
  min_months: PAUSE_MIN_MONTHS,
  max_months: PAUSE_MAX_MONTHS,
  earliest_start_date: addDays(today, 1),
  latest_start_date: addDays(today, MAX_DAYS_AHEAD),
});

export function servicesRoutes(ctx: ServiceContext): Router {
  const router = Router();

  router.get(
    "/services/:customerId",
    route(async (req, res) => {
      const access = await residentialAccess(ctx, req, false);
      const include = new Set(parseInput(ServicesQuery, req.query).include?.split(","));
      const today = todayOf(ctx);
      const [{ loaded, balance }, account] = await Promise.all([
        loadPackagesAndBalance(ctx.db, access.customerId, today),
        include.has("account_details") ? accountDetails(ctx, access) : undefined,
      ]);
      const canManage = access.roles.includes("authoritative");
      const fr = req.lang === "fr";
      const balanceCents = Math.round(balance * 100);
      const answer: ServicesAnswer = {
        bundles: loaded.packages.map((p) => ({
          package_id: p.id,
          name: fr ? p.name_fr : p.name,
          status: p.status,
          monthly_price: dollars(p.monthly_price_cents),
          service_address: addressOf(p),
          services: loaded.services
            .filter((s) => s.package_id === p.id)
            .map((s) => ({ service_id: s.id, category: s.category, name: fr ? s.name_fr : s.name, status: s.status })),
          suspension: suspensionOf(p, loaded),
          scheduled_pauses: loaded.pauses
            .filter((x) => x.package_id === p.id && (x.status === "scheduled" || x.status === "active"))
            .map((x) => toPause(x, canManage)),
          pending_requests: loaded.requests.filter((r) => r.package_id === p.id).map(toRequest),
          ...(include.has("past_pauses") && { past_pauses: pastPauses(loaded, p.id, canManage) }),
          actions: actionsOf(p, loaded, canManage, balanceCents),
        })),
        balance_owing: balance,
        suspended_for_nonpayment: loaded.suspendedForNonpayment,
        can_manage: canManage,
        ...(include.has("pause_options") && { pause_options: pauseOptions(today) }),
        ...(account && { account_details: account }),
      };
      res.json(answer);
    }),
  );

  router.get(
    "/services/:customerId/scheduled-pause-detail",
    route(async (req, res) => {
      const access = await residentialAccess(ctx, req, false);
      const raw = req.query.package_ids;
      const ids = raw === undefined || raw === "" ? null : parseInput(PackageIdsRequest, { package_ids: raw }).package_ids;
      const today = todayOf(ctx);
      const { loaded, balance } = await loadPackagesAndBalance(ctx.db, access.customerId, today);
      const packages = ids ? requireOwnPackages(ids, loaded) : loaded.packages;
      const canManage = access.roles.includes("authoritative");
      const fr = req.lang === "fr";
      const answer: ScheduledPauseDetailAnswer = {
        packages: packages.map((p) => {
          const pauses = loaded.pauses.filter((x) => x.package_id === p.id);
          return {
            package_id: p.id,
            name: fr ? p.name_fr : p.name,
            status: p.status,
            service_address: addressOf(p),
            scheduled_pauses: pauses.filter((x) => x.status === "scheduled" || x.status === "active").map((x) => toPause(x, canManage)),
            past_pauses: pastPauses(loaded, p.id, canManage),
            can_pause: actionsOf(p, loaded, canManage, Math.round(balance * 100)).can_pause,
          };
        }),
        pause_options: pauseOptions(today),
        balance_owing: balance,
      };
      res.json(answer);
    }),
  );

  router.put(
    "/services/:customerId/suspend",
    route(async (req, res) => {
      const access = await residentialAccess(ctx, req, true);
      const input = parseInput(PackageIdsRequest, req.body ?? {});
      await changePackages(ctx, access.customerId, async (tx) => {
        const loaded = await loadPackages(tx, access.customerId);
        const packages = requireOwnPackages(input.package_ids, loaded);
        if (packages.some((p) => p.status !== "active"))
          throw unprocessable({ package_ids: ["package_ids.not_active"] }, "Only active packages can be suspended");
        const ids = packages.map((p) => p.id);
        // A suspension ended elsewhere (billing lifts one for non-payment once paid) may still be open here.
        await tx.query("UPDATE package_suspensions SET ended_at = $2 WHERE package_id = ANY($1::int[]) AND ended_at IS NULL", [
          ids,
          ctx.now(),
        ]);
        await tx.query(
          `INSERT INTO package_suspensions (customer_id, package_id, reason, started_at, requested_by)
           SELECT $1, id, 'customer_request', $3, $4 FROM unnest($2::int[]) AS id`,
          [access.customerId, ids, ctx.now(), req.user!.userId],
        );
        await setPackageStatus(tx, ids, "suspended");
      });
      res.json({ success: true });
    }),
  );

  router.put(
    "/services/:customerId/reinstate",
    route(async (req, res) => {
      const access = await residentialAccess(ctx, req, true);
      const input = parseInput(PackageIdsRequest, req.body ?? {});
      await changePackages(ctx, access.customerId, async (tx) => {
        const loaded = await loadPackages(tx, access.customerId);
        const packages = requireOwnPackages(input.package_ids, loaded);
        if (packages.some((p) => p.status !== "suspended")) {
          throw unprocessable({ package_ids: ["package_ids.not_suspended"] }, "Only suspended packages can be reinstated");
        }
        if (packages.some((p) => suspensionOf(p, loaded)?.reason !== "customer_request")) {
          throw unprocessable(
            { package_ids: ["package_ids.suspended_for_nonpayment"] },
            "A suspension for non-payment ends when the balance is paid",
          );
        }
        const ids = packages.map((p) => p.id);
        await tx.query(
          "UPDATE package_suspensions SET ended_at = $2, ended_by = $3 WHERE package_id = ANY($1::int[]) AND ended_at IS NULL",
          [ids, ctx.now(), req.user!.userId],
        );
        await restorePackages(tx, ids);
      });
      res.json({ success: true });
    }),
  );

  return router;
}
