/**
 * A residential package's status and its services' status move together: active packages have
 * connected services, suspended ones interrupted services, paused ones paused services.
 */
import type { Db } from "../db/client.ts";

export type PackageStatus = "active" | "suspended" | "paused";

export const SERVICE_STATUS: Record<PackageStatus, "connected" | "interrupted" | "paused"> = {
  active: "connected",
  suspended: "interrupted",
  paused: "paused",
};

/** Sets packages (and their services) to a status. */
export async function setPackageStatus(tx: Db, packageIds: number[], status: PackageStatus): Promise<void> {
  if (!packageIds.length) return;
  await tx.query("UPDATE packages SET status = $2 WHERE id = ANY($1::int[])", [packageIds, status]);
  await tx.query("UPDATE services SET status = $2 WHERE package_id = ANY($1::int[])", [packageIds, SERVICE_STATUS[status]]);
}

/** Ends a suspension: a package whose pause began meanwhile is paused, the others active again. */
export async function restorePackages(tx: Db, packageIds: number[]): Promise<void> {
  if (!packageIds.length) return;
  const rows = await tx.query<{ package_id: number }>(
    "SELECT DISTINCT package_id FROM service_pauses WHERE package_id = ANY($1::int[]) AND status = 'active'",
    [packageIds],
  );
  const paused = new Set(rows.map((r) => r.package_id));
  await setPackageStatus(
    tx,
    packageIds.filter((id) => !paused.has(id)),
    "active",
  );
  await setPackageStatus(
    tx,
    packageIds.filter((id) => paused.has(id)),
    "paused",
  );
}
