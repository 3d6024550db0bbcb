/**
 * The service status a signed-in page shows beside its own data: the open incidents that touch an
 * account (GET /status/{customerId}) or one service (GET /status/services/{serviceId}). Optional for an
 * operator's API: an API without them (404), or one that fails to answer them, leaves the notice out
 * and the page as it is; only a sign-in redirect (an ended session) still ends the page.
 */
import type { RouterContextProvider } from "react-router";
import type { AccountIncident } from "#contract/status";
import { api, isFailure } from "~/lib/api.server";

type Context = Readonly<RouterContextProvider>;

export type IncidentsOf = { customerId: number } | { serviceId: number };

/** The open incidents touching this account or service, or none when the API cannot say. */
export async function incidentsOf(context: Context, request: Request, of: IncidentsOf): Promise<AccountIncident[]> {
  const client = api(context, request);
  try {
    const answer =
      "customerId" in of
        ? await client.call("GET /status/{customerId}", { params: { customerId: of.customerId }, silentNotFound: true })
        : await client.call("GET /status/services/{serviceId}", { params: { serviceId: of.serviceId }, silentNotFound: true });
    return answer?.incidents ?? [];
  } catch (error) {
    if (isFailure(error)) return [];
    throw error;
  }
}
