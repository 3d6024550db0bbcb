/**
 * What the service screens share on the server (docs/services.md): the pause feature flag, the
 * account's packages and the lookup of a residential internet service by its id.
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import type { Bundle } from "#contract/accounts";
import { api } from "~/lib/api.server";
import { activeAccount, activeCustomer, getAccount, requireCustomer } from "~/lib/auth.server";
import { featureFlags } from "~/lib/config.server";
import { pageId } from "~/lib/page-ids.server";
import { pageUrl } from "~/lib/page-url";

type Context = Readonly<RouterContextProvider>;

/** Pausing exists only while FEATURE_PAUSE_SERVICES is on: its pages answer 404 otherwise. */
export function requirePauseFeature(): void {
  if (!featureFlags().pauseServices) throw data({ kind: "not-found" }, { status: 404 });
}

/** A residential account of the user (404 for a commercial one: it has no packages). */
export async function requireResidentialCustomer(context: Context, request: Request, params: { customerId?: string }) {
  const customer = await requireCustomer(context, request, params);
  if (!customer.isResidential) throw data({ kind: "not-found" }, { status: 404 });
  return customer;
}

/** An id from the path: 404 unless it is a number. */
export function idParam(raw: string | undefined): number {
  return pageId(raw);
}

/**
 * The account's packages, and the one the path names (404 when it is not one of them); `include` asks
 * for more with them (an API may leave it out).
 */
export async function requirePackage(
  context: Context,
  request: Request,
  customerId: number,
  packageId: string | undefined,
  include?: "past_pauses,pause_options",
) {
  const id = idParam(packageId);
  const services = await api(context, request).call("GET /services/{customerId}", {
    params: { customerId },
    query: include ? { include } : {},
  });
  const bundle = services.bundles.find((b) => b.package_id === id);
  if (!bundle) throw data({ kind: "not-found" }, { status: 404 });
  return { services, bundle };
}

/** The date of a package's pending move, if one is pending (a pause may not include it: decision 081). */
export const pendingMoveDate = (bundle: Bundle): string | null =>
  bundle.pending_requests.find((r) => r.kind === "move")?.effective_date ?? null;

/** A package as the confirmation and form pages show it (no actions or requests). */
export const packageSummary = (bundle: Bundle) => ({
  package_id: bundle.package_id,
  name: bundle.name,
  status: bundle.status,
  service_address: bundle.service_address,
});

/**
 * The residential account and package of an internet or TV service id, among the user's residential
 * accounts (the active one first), or null. /internet/view/{serviceId} and /iptv/{serviceId} use it;
 * commercial dedicated-internet services are the commercial screens' (null here).
 */
export async function findResidentialService(
  context: Context,
  request: Request,
  serviceId: number,
  category: "internet" | "tv",
): Promise<{ customerId: number; packageId: number } | null> {
  const { customers } = await getAccount(context, request);
  const active = activeCustomer(request, customers);
  const residential = customers.filter((c) => c.isResidential).sort((a, b) => Number(b === active) - Number(a === active));
  const client = api(context, request);
  for (const customer of residential) {
    const { bundles } = await client.call("GET /services/{customerId}", { params: { customerId: customer.customer_id } });
    for (const bundle of bundles) {
      if (bundle.services.some((s) => s.service_id === serviceId && s.category === category)) {
        return { customerId: customer.customer_id, packageId: bundle.package_id };
      }
    }
  }
  return null;
}

/**
 * For the pages whose id is optional (/resi-internet, /resi-tv, /iptv): the same page of the active
 * residential account's first internet or TV service (the activeCustomerId cookie, else the first
 * residential account), the query string kept; 404 when that account has none.
 */
export async function redirectToActiveService(
  context: Context,
  request: Request,
  category: "internet" | "tv",
  to: (ids: { packageId: number; serviceId: number }) => string,
): Promise<never> {
  const active = await activeAccount(context, request, (c) => c.isResidential);
  if (active) {
    const { bundles } = await api(context, request).call("GET /services/{customerId}", { params: { customerId: active.customer_id } });
    for (const bundle of bundles) {
      const service = bundle.services.find((s) => s.category === category);
      if (service) throw redirect(to({ packageId: bundle.package_id, serviceId: service.service_id }) + pageUrl(request).search);
    }
  }
  throw data({ kind: "not-found" }, { status: 404 });
}

/** Today in Toronto as YYYY-MM-DD (for date hints and the forms' date rules; the API checks dates again). */
export { torontoToday } from "~/schemas/values";
