/**
 * The packages of a residential account as the /services endpoints see them (services.ts,
 * services-pauses.ts, services-requests.ts) and the residential dashboard shows them: loading them with
 * their pauses, pending requests and suspensions, what may be done with each, access, and the rules on
 * dates. Reads need any activated contact; every change needs the authoritative role.
 *
 * Pauses follow the clock: scheduled pauses whose day came become active (the package and its services
 * show paused) and pauses past their end date end (the package is active again). Reads show that as it
 * stands on the service's day without writing; changes settle it first (settlePauses); the settling job
 * (settle.ts) makes it durable.
 */
import type { Request } from "express";
import { MAX_DAYS_AHEAD, type Bundle, type Pause, type ServiceRequest } from "../contract/accounts.ts";
import { IsoDate } from "../contract/common.ts";
import type { Db } from "../db/client.ts";
import { addDays } from "#common/calendar";
import { accountBalance, BALANCE_COLUMNS, balanceOf, type BalanceColumns } from "./billing.ts";
import { addressOf, dollars, todayOf, together, type AddressColumns, type ServiceContext, type Statement } from "./context.ts";
import { type FieldErrors, forbidden, notFound } from "./errors.ts";
import { requireCustomer, type CustomerAccess } from "./http.ts";
import { SERVICE_STATUS, setPackageStatus } from "./packages.ts";

type PackageStatus = "active" | "suspended" | "paused" | "cancelled";

export interface PackageRow extends AddressColumns {
  id: number;
  name: string;
  name_fr: string;
  status: PackageStatus;
  monthly_price_cents: number;
}

export interface PauseRow {
  id: number;
  package_id: number;
  starts_on: string;
  ends_on: string;
  status: "scheduled" | "active" | "ended" | "removed";
}

export interface RequestRow extends AddressColumns {
  id: number;
  package_id: number;
  kind: "move" | "cancel" | "reactivate";
  status: "pending" | "completed" | "withdrawn" | "declined";
  effective_on: string | null;
  reason: ServiceRequest["reason"];
  comment: string | null;
  /** A JSON string (read with its packages in one statement: loadPackages). */
  created_at: string;
}

interface SuspensionRow {
  package_id: number;
  reason: "customer_request" | "non_payment";
  /** A JSON string, as created_at. */
  started_at: string;
}

const AUTHORITATIVE = ["authoritative"] as const;

/** Access to a residential account's services: 403 for non-contacts (or without the role), 404 for a commercial account. */
export async function residentialAccess(ctx: ServiceContext, req: Request, manage: boolean): Promise<CustomerAccess> {
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
export async function balanceOwing(ctx: ServiceContext, customerId: number, db: Db = ctx.db): Promise<number> {
  return dollars((await accountBalance(db, customerId, todayOf(ctx))).balanceCents);
}

export const toPause = (row: PauseRow, canManage: boolean): Pause => ({
  pause_id: row.id,
  package_id: row.package_id,
  from_date: row.starts_on,
  until_date: row.ends_on,
  months: monthsBetween(row.starts_on, row.ends_on),
  status: row.status,
  can_edit: canManage && row.status === "scheduled",
  can_remove: canManage && row.status === "scheduled",
});

export const toRequest = (row: RequestRow): ServiceRequest => ({
  request_id: row.id,
  package_id: row.package_id,
  kind: row.kind,
  status: row.status,
  requested_at: new Date(row.created_at).toISOString(),
  effective_date: row.effective_on,
  new_address: row.kind === "move" ? addressOf(row) : null,
  reason: row.reason,
  comment: row.comment,
});

/**
 * The reads behind loadPackages, as one statement (api/service/context.ts `together`): the account's
 * flag, then its packages, packaged services, pauses, pending requests and open suspensions as JSON
 * columns; with `balanceOn` (a day), the account's balance columns as well (billing.ts BALANCE_COLUMNS).
 */
function packagesRead(customerId: number, balanceOn?: string): Statement {
  const first: Statement = balanceOn
    ? { sql: `SELECT suspended_for_nonpayment, ${BALANCE_COLUMNS} FROM customers WHERE id = $1`, params: [customerId, balanceOn] }
    : { sql: "SELECT suspended_for_nonpayment FROM customers WHERE id = $1", params: [customerId] };
  const rows = (sql: string) => ({ sql, params: [customerId], as: "rows" as const });
  return together(first, {
    packages: rows(
      `SELECT id, name, name_fr, status, monthly_price_cents, address_line1, address_line2, city, province, postal_code
         FROM packages WHERE customer_id = $1 ORDER BY id`,
    ),
    services: rows(
      "SELECT id, package_id, category, name, name_fr, status FROM services WHERE customer_id = $1 AND package_id IS NOT NULL ORDER BY id",
    ),
    pauses: rows(
      `SELECT id, package_id, starts_on, ends_on, status FROM service_pauses
        WHERE customer_id = $1 AND status <> 'removed' ORDER BY starts_on, id`,
    ),
    requests: rows(
      `SELECT id, package_id, kind, status, effective_on, reason, comment, created_at,
              address_line1, address_line2, city, province, postal_code
         FROM service_requests WHERE customer_id = $1 AND status = 'pending' ORDER BY created_at, id`,
    ),
    suspensions: rows("SELECT package_id, reason, started_at FROM package_suspensions WHERE customer_id = $1 AND ended_at IS NULL"),
  });
}

type PackagesRow = Partial<BalanceColumns> & {
  suspended_for_nonpayment: boolean;
  packages: PackageRow[];
  services: {
    id: number;
    package_id: number;
    category: Bundle["services"][number]["category"];
    name: string;
    name_fr: string;
    status: Bundle["services"][number]["status"];
  }[];
  pauses: PauseRow[];
  requests: RequestRow[];
  suspensions: SuspensionRow[];
};

const loadedOf = (row: PackagesRow | undefined) => ({
  suspendedForNonpayment: row?.suspended_for_nonpayment ?? false,
  packages: row?.packages ?? [],
  services: row?.services ?? [],
  pauses: row?.pauses ?? [],
  requests: row?.requests ?? [],
  suspensions: row?.suspensions ?? [],
});

/**
 * The packages of an account with their services, pauses, pending requests and open suspensions, in one
 * statement. With `today`, pauses, packages and services are shown as they stand on that day
 * (pauseStatusOn, packageStatusOn), so that a read needs no settling first; changes settle, then load
 * without it.
 */
export async function loadPackages(db: Db, customerId: number, today?: string) {
  const read = packagesRead(customerId);
  const loaded = loadedOf(await db.one<PackagesRow>(read.sql, read.params));
  return today ? asOf(loaded, today) : loaded;
}

/** loadPackages as of `today`, and the account's balance owing that day (dollars), in the same statement. */
export async function loadPackagesAndBalance(db: Db, customerId: number, today: string) {
  const read = packagesRead(customerId, today);
  const row = await db.one<PackagesRow>(read.sql, read.params);
  const balance = row?.billed === undefined ? 0 : dollars(balanceOf(row as BalanceColumns).balanceCents);
  return { loaded: asOf(loadedOf(row), today), balance };
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

export type Loaded = Awaited<ReturnType<typeof loadPackages>>;

/** Why a package is suspended: a suspension without a customer request is one for non-payment. */
export function suspensionOf(pkg: PackageRow, loaded: Loaded): Bundle["suspension"] {
  if (pkg.status !== "suspended") return null;
  const row = loaded.suspensions.find((s) => s.package_id === pkg.id);
  const reason = loaded.suspendedForNonpayment || !row ? "non_payment" : row.reason;
  return { reason, since: row ? new Date(row.started_at).toISOString().slice(0, 10) : null };
}

export function actionsOf(pkg: PackageRow, loaded: Loaded, canManage: boolean, balanceCents: number): Bundle["actions"] {
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
export function requireOwnPackages(ids: number[], loaded: Loaded): PackageRow[] {
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
export async function changePackages<T>(ctx: ServiceContext, customerId: number, change: (tx: Db) => Promise<T>): Promise<T> {
  await settlePauses(ctx.db, customerId, ctx.now());
  return ctx.db.transaction(async (tx) => {
    await lockPackages(tx, customerId);
    return change(tx);
  });
}

/**
 * The rule on a date of a request, run on what was sent beside the contract's (parseWithRules): from
 * `earliest` days after today (1: `<field>.not_in_future`, 0: `<field>.in_past`) to a year ahead
 * (`<field>.too_far`).
 */
export function checkDate(sent: Record<string, unknown>, errors: FieldErrors, field: string, today: string, earliest: 0 | 1) {
  const date = typeof sent[field] === "string" ? (sent[field] as string).trim() : "";
  if (!IsoDate.safeParse(date).success) return;
  if (date < addDays(today, earliest)) errors.add(field, earliest ? "not_in_future" : "in_past");
  else if (date > addDays(today, MAX_DAYS_AHEAD)) errors.add(field, "too_far");
}

export const hasErrors = (errors: Record<string, string[]>) => Object.keys(errors).length > 0;
