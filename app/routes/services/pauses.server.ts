/**
 * The scheduled pause a path names, with its package. A pause that is no longer there (removed, or
 * never the account's) sends the customer to the account's services with a notice.
 */
import type { RouterContextProvider } from "react-router";
import { api } from "~/lib/api.server";
import { goneTo } from "~/lib/auth.server";
import { idParam, packageSummary, pendingMoveDate } from "./services.server";

export async function requirePause(
  context: Readonly<RouterContextProvider>,
  request: Request,
  customerId: number,
  raw: string | undefined,
) {
  const pauseId = idParam(raw);
  const services = await api(context, request).call("GET /services/{customerId}", { params: { customerId } });
  for (const bundle of services.bundles) {
    const pause = bundle.scheduled_pauses.find((p) => p.pause_id === pauseId);
    if (pause) return { pause, bundle: packageSummary(bundle), canManage: services.can_manage, movingOn: pendingMoveDate(bundle) };
  }
  return goneTo(context, `/account-details/${customerId}`, "services:pause.gone");
}
