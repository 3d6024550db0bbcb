/**
 * Commercial accounts may be served by a separate commercial application (COMMERCIAL_APP_URL): its
 * billing view when the customer was on a billing page, its service categories otherwise.
 */
import { getConfig } from "./config.server.ts";

export function commercialAppUrl(customerId: number, fromPath: string): string | null {
  const base = getConfig().COMMERCIAL_APP_URL;
  if (!base) return null;
  const view = fromPath.includes("billing") ? "billing" : "service-categories";
  return `${base}/${view}/view/${customerId}`;
}
