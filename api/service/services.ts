/**
 * /services/{customerId}: the packages (bundles) of a residential account and what may be done with
 * them: suspend and reinstate now, schedule, edit or remove a pause, and ask support to move, cancel
 * or reactivate a package. Reads need any activated contact; every change needs the authoritative role.
 *
 * Pauses follow the clock: scheduled pauses whose day came become active (the package and its services
 * show paused) and pauses past their end date end (the package is active again). Reads show that as it
 * stands on the service's day without writing; changes settle it first; the settling job (settle.ts)
 * makes it durable.
 */
import { Router, type Request } from "express";
import {
  CancelRequest,
  CreatePauseRequest,
  MAX_DAYS_AHEAD,
  MoveRequest,
  PackageIdsRequest,
  PAUSE_MAX_MONTHS,
  PAUSE_MIN_MONTHS,
  ReactivateRequest,
  UpdatePauseRequest,
  postalCodeOfOtherProvince,
  type Bundle,
  type Pause,
  type ScheduledPauseDetailAnswer,
  type ServiceRequest,
  type ServicesAnswer,
} from "../contract/accounts.ts";
import { IsoDate } from "../contract/common.ts";
import type { Db } from "../db/client.ts";
import { addDays, addMonths } from "#common/calendar";
import { accountBalance } from "./billing.ts";
import { addressOf, dollars, todayOf, type AddressColumns, type ServiceContext } from "./context.ts";
import { type FieldErrors, forbidden, notFound, unprocessable } from "./errors.ts";
import { requireCustomer, parseInput, parseWithRules, route, type CustomerAccess } from "./http.ts";
import { SERVICE_STATUS, restorePackages, setPackageStatus } from "./packages.ts";

type PackageStatus = "active" | "suspended" | "paused" | "cancelled";

interface PackageRow extends AddressColumns {
  id: number;
  name: string;
  name_fr: string;
  status: PackageStatus;
  monthly_price_cents: number;
}

interface PauseRow {
  id: number;
  package_id: number;
  starts_on: string;
  ends_on: string;
  status: "scheduled" | "active" | "ended" | "removed";
}

interface RequestRow extends AddressColumns {
  id: number;
  package_id: number;
  kind: "move" | "cancel" | "reactivate";
  status: "pending" | "completed" | "withdrawn" | "declined";
  effective_on: string | null;
  reason: ServiceRequest["reason"];
  comment: string | null;
  created_at: Date;
}

interface SuspensionRow {
  package_id: number;
  reason: "customer_request" | "non_payment";
  started_at: Date;
}

const AUTHORITATIVE = ["authoritative"] as const;

/** Access to a residential account's services: 403 for non-contacts (or without the role), 404 for a commercial account. */
async function residentialAccess(ctx: ServiceContext, req: Request, manage: boolean): Promise<CustomerAccess> {
  const access = await requireCustomer(ctx.db, req, req.params.customerId, manage ? [...AUTHORITATIVE] : undefined);
  if (!access.isResidential) throw notFound("Residential account");
  return access;
}

/** Whole months from one date to another (the pause length as it was scheduled). */
export function monthsBetween(from: string, until: string): number {
  const [fy, fm] = from.split("-").map(Number);
  const [uy, um] = until.split("-").map(Number);
  return (uy - fy) * 12 + (um - fm);
}

/**
 * Brings the account's pauses up to the service's day: scheduled pauses that began become active (their
 * package and its services paused); pauses past their end date end (their package active again).
 */
export async function settlePauses(db: Db, customerId: number, now: Date): Promise<void> {
  const today = now.toISOString().slice(0, 10);
  const due = await db.one(
    `SELECT 1 FROM service_pauses
      WHERE customer_id = $1
        AND ((status = 'scheduled' AND starts_on <= $2) OR (status IN ('scheduled', 'active') AND ends_on <= $2))
      LIMIT 1`,
    [customerId, today],
  );
  if (!due) return;
  await db.transaction(async (tx) => {
    // One settling of an account at a time (several processes on one PostgreSQL); the UPDATEs name the
    // state they leave, so a second one finds nothing left to do.
    await tx.query("SELECT id FROM customers WHERE id = $1 FOR UPDATE", [customerId]);
    await tx.query(
      `UPDATE service_pauses SET status = 'ended', updated_at = $3
        WHERE customer_id = $1 AND status IN ('scheduled', 'active') AND ends_on <= $2`,
      [customerId, today, now],
    );
    await tx.query(
      `UPDATE service_pauses SET status = 'active', updated_at = $3
        WHERE customer_id = $1 AND status = 'scheduled' AND starts_on <= $2`,
      [customerId, today, now],
    );
    const toPause = await tx.query<{ id: number }>(
      `SELECT p.id FROM packages p
        WHERE p.customer_id = $1 AND p.status = 'active'
          AND EXISTS (SELECT 1 FROM service_pauses s WHERE s.package_id = p.id AND s.status = 'active')`,
      [customerId],
    );
    await setPackageStatus(
      tx,
      toPause.map((p) => p.id),
      "paused",
    );
    const toResume = await tx.query<{ id: number }>(
      `SELECT p.id FROM packages p
        WHERE p.customer_id = $1 AND p.status = 'paused'
          AND NOT EXISTS (SELECT 1 FROM service_pauses s WHERE s.package_id = p.id AND s.status = 'active')`,
      [customerId],
    );
    await setPackageStatus(
      tx,
      toResume.map((p) => p.id),
      "active",
    );
  });
}

/**
 * A pause as it stands on a day, without writing: what settlePauses (or the settling job) makes of it.
 * A scheduled or active pause whose end date came is ended; a scheduled one whose start date came is active.
 */
export function pauseStatusOn<S extends PauseRow["status"]>(
  pause: { starts_on: string; ends_on: string; status: S },
  today: string,
): S | "ended" | "active" {
  if (pause.status !== "scheduled" && pause.status !== "active") return pause.status;
  if (pause.ends_on <= today) return "ended";
  if (pause.status === "scheduled" && pause.starts_on <= today) return "active";
  return pause.status;
}

/**
 * A package's status on a day, given whether one of its pauses is active then (pauseStatusOn): an active
 * package with an active pause is paused, a paused one without is active again; others keep theirs.
 */
export function packageStatusOn<S extends string>(status: S, pausedToday: boolean): S | "paused" | "active" {
  if (status === "active" && pausedToday) return "paused";
  if (status === "paused" && !pausedToday) return "active";
  return status;
}

/** What is owed on the account today, in dollars (billing's balance, the one every screen shows). */
async function balanceOwing(ctx: ServiceContext, customerId: number, db: Db = ctx.db): Promise<number> {
  return dollars((await accountBalance(db, customerId, todayOf(ctx))).balanceCents);
}

const toPause = (row: PauseRow, canManage: boolean): Pause => ({
  pause_id: row.id,
  package_id: row.package_id,
  from_date: row.starts_on,
  until_date: row.ends_on,
  months: monthsBetween(row.starts_on, row.ends_on),
  status: row.status,
  can_edit: canManage && row.status === "scheduled",
  can_remove: canManage && row.status === "scheduled",
});

const toRequest = (row: RequestRow): ServiceRequest => ({
  request_id: row.id,
  package_id: row.package_id,
  kind: row.kind,
  status: row.status,
  requested_at: row.created_at.toISOString(),
  effective_date: row.effective_on,
  new_address: row.kind === "move" ? addressOf(row) : null,
  reason: row.reason,
  comment: row.comment,
});

/**
 * The packages of an account with their pauses, pending requests and open suspensions. With `today`,
 * pauses, packages and services are shown as they stand on that day (pauseStatusOn, packageStatusOn),
 * so that a read needs no settling first; changes settle, then load without it.
 */
async function loadPackages(db: Db, customerId: number, today?: string) {
  const [customer, packages, services, pauses, requests, suspensions] = await Promise.all([
    db.one<{ suspended_for_nonpayment: boolean }>("SELECT suspended_for_nonpayment FROM customers WHERE id = $1", [customerId]),
    db.query<PackageRow>(
      `SELECT id, name, name_fr, status, monthly_price_cents, address_line1, address_line2, city, province, postal_code
         FROM packages WHERE customer_id = $1 ORDER BY id`,
      [customerId],
    ),
    db.query<{
      id: number;
      package_id: number;
      category: Bundle["services"][number]["category"];
      name: string;
      name_fr: string;
      status: Bundle["services"][number]["status"];
    }>(
      "SELECT id, package_id, category, name, name_fr, status FROM services WHERE customer_id = $1 AND package_id IS NOT NULL ORDER BY id",
      [customerId],
    ),
    db.query<PauseRow>(
      `SELECT id, package_id, starts_on, ends_on, status FROM service_pauses
        WHERE customer_id = $1 AND status <> 'removed' ORDER BY starts_on, id`,
      [customerId],
    ),
    db.query<RequestRow>(
      `SELECT id, package_id, kind, status, effective_on, reason, comment, created_at,
              address_line1, address_line2, city, province, postal_code
         FROM service_requests WHERE customer_id = $1 AND status = 'pending' ORDER BY created_at, id`,
      [customerId],
    ),
    db.query<SuspensionRow>("SELECT package_id, reason, started_at FROM package_suspensions WHERE customer_id = $1 AND ended_at IS NULL", [
      customerId,
    ]),
  ]);
  const loaded = { suspendedForNonpayment: customer?.suspended_for_nonpayment ?? false, packages, services, pauses, requests, suspensions };
  return today ? asOf(loaded, today) : loaded;
}

/** What settlePauses would make of loaded packages on a day, without writing. */
function asOf<L extends { packages: PackageRow[]; services: { package_id: number; status: string }[]; pauses: PauseRow[] }>(
  loaded: L,
  today: string,
): L {
  const pauses = loaded.pauses.map((pause) => ({ ...pause, status: pauseStatusOn(pause, today) }));
  const changed = new Map<number, "active" | "paused">();
  const packages = loaded.packages.map((pkg) => {
    const status = packageStatusOn(
      pkg.status,
      pauses.some((x) => x.package_id === pkg.id && x.status === "active"),
    );
    if (status === pkg.status) return pkg;
    changed.set(pkg.id, status as "active" | "paused");
    return { ...pkg, status };
  });
  const services = loaded.services.map((service) => {
    const status = changed.get(service.package_id);
    return status ? { ...service, status: SERVICE_STATUS[status] } : service;
  });
  return { ...loaded, pauses, packages, services };
}

type Loaded = Awaited<ReturnType<typeof loadPackages>>;

/** Why a package is suspended: a suspension without a customer request is one for non-payment. */
function suspensionOf(pkg: PackageRow, loaded: Loaded): Bundle["suspension"] {
  if (pkg.status !== "suspended") return null;
  const row = loaded.suspensions.find((s) => s.package_id === pkg.id);
  const reason = loaded.suspendedForNonpayment || !row ? "non_payment" : row.reason;
  return { reason, since: row ? row.started_at.toISOString().slice(0, 10) : null };
}

function actionsOf(pkg: PackageRow, loaded: Loaded, canManage: boolean, balanceCents: number): Bundle["actions"] {
  const pending = new Set(loaded.requests.filter((r) => r.package_id === pkg.id).map((r) => r.kind));
  const live = pkg.status !== "cancelled";
  const suspension = suspensionOf(pkg, loaded);
  return {
    can_suspend: canManage && pkg.status === "active",
    can_reinstate: canManage && suspension?.reason === "customer_request",
    can_pause: canManage && pkg.status === "active" && balanceCents <= 0 && !pending.has("cancel"),
    can_move: canManage && live && !pending.has("move") && !pending.has("cancel"),
    can_cancel: canManage && live && !pending.has("cancel") && !pending.has("move"),
    can_reactivate:
      canManage && !pending.has("reactivate") && (pending.has("cancel") || pkg.status === "paused" || pkg.status === "cancelled"),
  };
}

/** Package ids of a request must all be the account's (else 403, as for any id of someone else's). */
function requireOwnPackages(ids: number[], loaded: Loaded): PackageRow[] {
  return ids.map((id) => {
    const pkg = loaded.packages.find((p) => p.id === id);
    if (!pkg) throw forbidden("A package is not of this account");
    return pkg;
  });
}

/** Locks the account's packages for the rest of the transaction, so rules and writes see one state. */
async function lockPackages(tx: Db, customerId: number): Promise<void> {
  await tx.query("SELECT id FROM packages WHERE customer_id = $1 ORDER BY id FOR UPDATE", [customerId]);
}

/**
 * Runs a change of an account's packages: pauses are brought up to the service clock first, then one
 * transaction locks the account's packages, so the rules and the write see the same state.
 */
async function changePackages<T>(ctx: ServiceContext, customerId: number, change: (tx: Db) => Promise<T>): Promise<T> {
  await settlePauses(ctx.db, customerId, ctx.now());
  return ctx.db.transaction(async (tx) => {
    await lockPackages(tx, customerId);
    return change(tx);
  });
}

const sameAddress = (a: AddressColumns, b: AddressColumns) => {
  const norm = (v: string | null) => (v ?? "").trim().toLowerCase().replace(/\s+/g, " ");
  return (
    norm(a.address_line1) === norm(b.address_line1) &&
    norm(a.address_line2) === norm(b.address_line2) &&
    norm(a.postal_code).replace(/ /g, "") === norm(b.postal_code).replace(/ /g, "")
  );
};

/**
 * The rule on a date of a request, run on what was sent beside the contract's (parseWithRules): from
 * `earliest` days after today (1: `<field>.not_in_future`, 0: `<field>.in_past`) to a year ahead
 * (`<field>.too_far`).
 */
function checkDate(sent: Record<string, unknown>, errors: FieldErrors, field: string, today: string, earliest: 0 | 1) {
  const date = typeof sent[field] === "string" ? (sent[field] as string).trim() : "";
  if (!IsoDate.safeParse(date).success) return;
  if (date < addDays(today, earliest)) errors.add(field, earliest ? "not_in_future" : "in_past");
  else if (date > addDays(today, MAX_DAYS_AHEAD)) errors.add(field, "too_far");
}

/**
 * A pause may not include the day a pending move of its package takes effect (the service would be
 * paused at one address and moving to another): it ends by then (service resumes on its until date) or
 * starts after. A pause that starts on or after the move date is the moved service's.
 */
const includesMove = (loaded: Loaded, packageId: number, startDate: string, until: string) =>
  loaded.requests.some(
    (r) => r.package_id === packageId && r.kind === "move" && r.effective_on && startDate <= r.effective_on && r.effective_on < until,
  );

const pauseDateRules = (today: string) => (sent: Record<string, unknown>, errors: FieldErrors) =>
  checkDate(sent, errors, "start_date", today, 1);

const hasErrors = (errors: Record<string, string[]>) => Object.keys(errors).length > 0;

export function servicesRoutes(ctx: ServiceContext): Router {
  const router = Router();

  router.get(
    "/services/:customerId",
    route(async (req, res) => {
      const access = await residentialAccess(ctx, req, false);
      const [loaded, balance] = await Promise.all([
        loadPackages(ctx.db, access.customerId, todayOf(ctx)),
        balanceOwing(ctx, access.customerId),
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
          actions: actionsOf(p, loaded, canManage, balanceCents),
        })),
        balance_owing: balance,
        suspended_for_nonpayment: loaded.suspendedForNonpayment,
        can_manage: canManage,
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
      const [loaded, balance] = await Promise.all([loadPackages(ctx.db, access.customerId, today), balanceOwing(ctx, access.customerId)]);
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
            past_pauses: pauses
              .filter((x) => x.status === "ended")
              .reverse()
              .map((x) => toPause(x, canManage)),
            can_pause: actionsOf(p, loaded, canManage, Math.round(balance * 100)).can_pause,
          };
        }),
        pause_options: {
          months: Array.from({ length: PAUSE_MAX_MONTHS - PAUSE_MIN_MONTHS + 1 }, (_, i) => PAUSE_MIN_MONTHS + i),
          min_months: PAUSE_MIN_MONTHS,
          max_months: PAUSE_MAX_MONTHS,
          earliest_start_date: addDays(today, 1),
          latest_start_date: addDays(today, MAX_DAYS_AHEAD),
        },
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

  router.post(
    "/services/:customerId/scheduled-pause",
    route(async (req, res) => {
      const access = await residentialAccess(ctx, req, true);
      const today = todayOf(ctx);
      const input = parseWithRules(CreatePauseRequest, req.body ?? {}, pauseDateRules(today));
      const pauseIds = await changePackages(ctx, access.customerId, async (tx) => {
        const loaded = await loadPackages(tx, access.customerId);
        const balance = await balanceOwing(ctx, access.customerId, tx);
        const packages = requireOwnPackages(input.package_ids, loaded);
        const until = addMonths(input.start_date, input.months);
        const errors: Record<string, string[]> = {};
        const add = (field: string, code: string) => (errors[field] ??= []).includes(code) || errors[field].push(code);
        if (balance > 0) add("_form", "_form.balance_owing");
        for (const p of packages) {
          if (p.status !== "active") add("package_ids", "package_ids.not_active");
          if (loaded.requests.some((r) => r.package_id === p.id && r.kind === "cancel")) add("package_ids", "package_ids.cancel_pending");
          const overlaps = loaded.pauses.some(
            (x) =>
              x.package_id === p.id &&
              (x.status === "scheduled" || x.status === "active") &&
              x.starts_on < until &&
              input.start_date < x.ends_on,
          );
          if (overlaps) add("start_date", "start_date.overlapping_pause");
          if (includesMove(loaded, p.id, input.start_date, until)) add("start_date", "start_date.includes_move");
        }
        if (hasErrors(errors)) throw unprocessable(errors, "The pause breaks a rule");
        const rows = await tx.query<{ id: number }>(
          `INSERT INTO service_pauses (customer_id, package_id, starts_on, ends_on, status, requested_by)
           SELECT $1, id, $3, $4, 'scheduled', $5 FROM unnest($2::int[]) AS id
           RETURNING id`,
          [access.customerId, packages.map((p) => p.id), input.start_date, until, req.user!.userId],
        );
        return rows.map((r) => r.id).sort((a, b) => a - b);
      });
      res.status(201).json({ success: true, pause_ids: pauseIds });
    }),
  );

  /** The account's pause named in the path (404 when it is not one of the account's). */
  async function pauseOf(db: Db, customerId: number, pauseIdParam: string): Promise<PauseRow> {
    const pauseId = Number(pauseIdParam);
    const row =
      Number.isSafeInteger(pauseId) && pauseId > 0
        ? await db.one<PauseRow>(
            "SELECT id, package_id, starts_on, ends_on, status FROM service_pauses WHERE id = $1 AND customer_id = $2 FOR UPDATE",
            [pauseId, customerId],
          )
        : undefined;
    if (!row) throw notFound("Pause");
    return row;
  }

  router.put(
    "/services/:customerId/scheduled-pause/:pauseId",
    route(async (req, res) => {
      const access = await residentialAccess(ctx, req, true);
      const today = todayOf(ctx);
      const input = parseWithRules(UpdatePauseRequest, req.body ?? {}, pauseDateRules(today));
      await changePackages(ctx, access.customerId, async (tx) => {
        const pause = await pauseOf(tx, access.customerId, String(req.params.pauseId));
        const balance = await balanceOwing(ctx, access.customerId, tx);
        if (pause.status !== "scheduled")
          throw unprocessable({ pause_id: ["pause_id.not_scheduled"] }, "Only a scheduled pause can be changed");
        const until = addMonths(input.start_date, input.months);
        const errors: Record<string, string[]> = {};
        if (balance > 0) errors._form = ["_form.balance_owing"];
        const overlapping = await tx.one(
          `SELECT 1 FROM service_pauses
            WHERE package_id = $1 AND id <> $2 AND status IN ('scheduled', 'active') AND starts_on < $4 AND $3 < ends_on`,
          [pause.package_id, pause.id, input.start_date, until],
        );
        if (overlapping) (errors.start_date ??= []).push("start_date.overlapping_pause");
        if (includesMove(await loadPackages(tx, access.customerId), pause.package_id, input.start_date, until)) {
          (errors.start_date ??= []).push("start_date.includes_move");
        }
        if (hasErrors(errors)) throw unprocessable(errors, "The pause breaks a rule");
        await tx.query("UPDATE service_pauses SET starts_on = $2, ends_on = $3, updated_at = $4 WHERE id = $1", [
          pause.id,
          input.start_date,
          until,
          ctx.now(),
        ]);
      });
      res.json({ success: true });
    }),
  );

  router.delete(
    "/services/:customerId/scheduled-pause/:pauseId",
    route(async (req, res) => {
      const access = await residentialAccess(ctx, req, true);
      await settlePauses(ctx.db, access.customerId, ctx.now());
      await ctx.db.transaction(async (tx) => {
        const pause = await pauseOf(tx, access.customerId, String(req.params.pauseId));
        if (pause.status !== "scheduled")
          throw unprocessable({ pause_id: ["pause_id.not_scheduled"] }, "Only a scheduled pause can be removed");
        await tx.query("UPDATE service_pauses SET status = 'removed', updated_at = $2 WHERE id = $1", [pause.id, ctx.now()]);
      });
      res.json({ success: true });
    }),
  );

  router.post(
    "/services/:customerId/move-requests",
    route(async (req, res) => {
      const access = await residentialAccess(ctx, req, true);
      const today = todayOf(ctx);
      const input = parseWithRules(MoveRequest, req.body ?? {}, (sent, errors) => {
        checkDate(sent, errors, "move_date", today, 1);
        if (postalCodeOfOtherProvince(sent.postal_code, sent.province)) errors.add("postal_code", "province_mismatch");
      });
      const requestId = await changePackages(ctx, access.customerId, async (tx) => {
        const loaded = await loadPackages(tx, access.customerId);
        const [pkg] = requireOwnPackages([input.package_id], loaded);
        const pending = new Set(loaded.requests.filter((r) => r.package_id === pkg.id).map((r) => r.kind));
        const errors: Record<string, string[]> = {};
        if (pkg.status === "cancelled") errors.package_id = ["package_id.cancelled"];
        else if (pending.has("move")) errors.package_id = ["package_id.request_pending"];
        else if (pending.has("cancel")) errors.package_id = ["package_id.cancel_pending"];
        if (
          loaded.pauses.some(
            (x) =>
              x.package_id === pkg.id &&
              (x.status === "scheduled" || x.status === "active") &&
              x.starts_on <= input.move_date &&
              input.move_date < x.ends_on,
          )
        ) {
          errors.move_date = ["move_date.during_pause"];
        }
        const address = {
          address_line1: input.address_line1,
          address_line2: input.address_line2 ?? null,
          city: input.city,
          province: input.province,
          postal_code: input.postal_code,
        };
        if (sameAddress(address, pkg)) errors.address_line1 = ["address_line1.same_as_current"];
        if (hasErrors(errors)) throw unprocessable(errors, "The move request breaks a rule");
        const row = await tx.one<{ id: number }>(
          `INSERT INTO service_requests (customer_id, package_id, kind, effective_on, comment,
                                         address_line1, address_line2, city, province, postal_code, requested_by, created_at)
           VALUES ($1, $2, 'move', $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
          [
            access.customerId,
            pkg.id,
            input.move_date,
            input.comment ?? null,
            address.address_line1,
            address.address_line2,
            address.city,
            address.province,
            address.postal_code,
            req.user!.userId,
            ctx.now(),
          ],
        );
        return row!.id;
      });
      res.status(201).json({ success: true, request_id: requestId, status: "pending" });
    }),
  );

  router.post(
    "/services/:customerId/cancel-requests",
    route(async (req, res) => {
      const access = await residentialAccess(ctx, req, true);
      const today = todayOf(ctx);
      const input = parseWithRules(CancelRequest, req.body ?? {}, (sent, errors) => {
        checkDate(sent, errors, "cancel_date", today, 0);
        const comment = typeof sent.comment === "string" ? sent.comment.trim() : "";
        if (sent.reason === "other" && !comment) errors.add("comment", "required");
      });
      const requestId = await changePackages(ctx, access.customerId, async (tx) => {
        const loaded = await loadPackages(tx, access.customerId);
        const [pkg] = requireOwnPackages([input.package_id], loaded);
        const errors: Record<string, string[]> = {};
        const pending = new Set(loaded.requests.filter((r) => r.package_id === pkg.id).map((r) => r.kind));
        if (pkg.status === "cancelled") errors.package_id = ["package_id.cancelled"];
        else if (pending.has("cancel")) errors.package_id = ["package_id.request_pending"];
        // A move and a cancellation pending together would ask support for two contrary things.
        else if (pending.has("move")) errors.package_id = ["package_id.move_pending"];
        if (hasErrors(errors)) throw unprocessable(errors, "The cancellation request breaks a rule");
        const row = await tx.one<{ id: number }>(
          `INSERT INTO service_requests (customer_id, package_id, kind, effective_on, reason, comment, requested_by, created_at)
           VALUES ($1, $2, 'cancel', $3, $4, $5, $6, $7) RETURNING id`,
          [access.customerId, pkg.id, input.cancel_date, input.reason, input.comment ?? null, req.user!.userId, ctx.now()],
        );
        return row!.id;
      });
      res.status(201).json({ success: true, request_id: requestId, status: "pending" });
    }),
  );

  router.post(
    "/services/:customerId/reactivate-requests",
    route(async (req, res) => {
      const access = await residentialAccess(ctx, req, true);
      const input = parseInput(ReactivateRequest, req.body ?? {});
      const result = await changePackages(ctx, access.customerId, async (tx) => {
        const loaded = await loadPackages(tx, access.customerId);
        const [pkg] = requireOwnPackages([input.package_id], loaded);
        const pending = loaded.requests.filter((r) => r.package_id === pkg.id);
        if (pending.some((r) => r.kind === "reactivate")) {
          throw unprocessable({ package_id: ["package_id.request_pending"] }, "A reactivation is already pending");
        }
        const cancel = pending.find((r) => r.kind === "cancel");
        const now = ctx.now();
        if (cancel) {
          // Keeping a package whose cancellation has not happened yet: the cancellation is withdrawn at once.
          await tx.query("UPDATE service_requests SET status = 'withdrawn', closed_at = $2 WHERE id = $1", [cancel.id, now]);
          const row = await tx.one<{ id: number }>(
            `INSERT INTO service_requests (customer_id, package_id, kind, status, comment, requested_by, created_at, closed_at)
             VALUES ($1, $2, 'reactivate', 'completed', $3, $4, $5, $5) RETURNING id`,
            [access.customerId, pkg.id, input.comment ?? null, req.user!.userId, now],
          );
          return { id: row!.id, status: "completed" as const };
        }
        if (pkg.status !== "paused" && pkg.status !== "cancelled") {
          throw unprocessable({ package_id: ["package_id.not_reactivatable"] }, "Only a paused or cancelled package can be reactivated");
        }
        const row = await tx.one<{ id: number }>(
          `INSERT INTO service_requests (customer_id, package_id, kind, comment, requested_by, created_at)
           VALUES ($1, $2, 'reactivate', $3, $4, $5) RETURNING id`,
          [access.customerId, pkg.id, input.comment ?? null, req.user!.userId, now],
        );
        return { id: row!.id, status: "pending" as const };
      });
      res.status(201).json({ success: true, request_id: result.id, status: result.status });
    }),
  );

  router.delete(
    "/services/:customerId/requests/:requestId",
    route(async (req, res) => {
      const access = await residentialAccess(ctx, req, true);
      const requestId = Number(req.params.requestId);
      await ctx.db.transaction(async (tx) => {
        const row =
          Number.isSafeInteger(requestId) && requestId > 0
            ? await tx.one<{ id: number; status: string }>(
                "SELECT id, status FROM service_requests WHERE id = $1 AND customer_id = $2 FOR UPDATE",
                [requestId, access.customerId],
              )
            : undefined;
        if (!row) throw notFound("Request");
        if (row.status !== "pending")
          throw unprocessable({ request_id: ["request_id.not_pending"] }, "Only a pending request can be withdrawn");
        await tx.query("UPDATE service_requests SET status = 'withdrawn', closed_at = $2 WHERE id = $1", [row.id, ctx.now()]);
      });
      res.json({ success: true });
    }),
  );

  return router;
}
