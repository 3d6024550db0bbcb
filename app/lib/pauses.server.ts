/** The scheduled pause a path names, with its package (404 when it is not one of the account's). */
import { data, type RouterContextProvider } from "react-router";
import { api } from "./api.server.ts";
import { idParam, packageSummary, pendingMoveDate } from "./services.server.ts";

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
  throw data({ kind: "not-found" }, { status: 404 });
}
