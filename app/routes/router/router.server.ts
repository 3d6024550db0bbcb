/**
 * The router screens' server side (docs/router.md): which account and internet service a
 * /internet/router/{serviceId} page shows, whether the signed-in contact may change the router, and
 * sections that fail on their own (one router call failing never takes the page down).
 */
import { data, type RouterContextProvider } from "react-router";
import type { Customer, ResidentialDashboardAnswer } from "#contract/dashboard";
import type { DhcpLease } from "#contract/home-network";
import type { CpeInfoAnswer, RouterPageInclude, RouterServiceInfo } from "#contract/router-page";
import { api, isFailure } from "~/lib/api.server";
import { accountSummary, activeCustomer, findAccount, getAccount } from "~/lib/auth.server";
import { formAction } from "~/lib/form-action.server";
import { pageId } from "~/lib/page-ids.server";
import type { T } from "~/lib/translate";
import { LanSettingsSchema } from "~/schemas/router";

type Context = Readonly<RouterContextProvider>;

/** The roles that may change a home network (WiFi and router): the API answers 403 to the others. */
export const ROUTER_EDITOR_ROLES = ["authoritative", "support"] as const;
export const canManageRouter = (customer: Pick<Customer, "roles">) =>
  customer.roles.some((role) => (ROUTER_EDITOR_ROLES as readonly string[]).includes(role));

export interface RouterService {
  customer: { customer_id: number; contract_name: string };
  service: { service_id: number; package_id: number; name: string; status: "connected" | "interrupted" | "paused" };
  /** The service address, one line. */
  address: string | null;
  canManage: boolean;
}

type Address = ResidentialDashboardAnswer["bundled_services"][number]["service_address"];
const oneLine = (a: Address) => [a.line1, a.line2, a.city].filter(Boolean).join(", ");

function match(customer: Customer, dashboard: ResidentialDashboardAnswer, serviceId: number): RouterService | null {
  const service = dashboard.services.internet.find((s) => s.service_id === serviceId);
  if (!service) return null;
  const bundle = dashboard.bundled_services.find((b) => b.package_id === service.package_id);
  return {
    customer: { customer_id: customer.customer_id, contract_name: customer.contract_name },
    service: { service_id: service.service_id, package_id: service.package_id, name: service.name, status: service.status },
    address: bundle ? oneLine(bundle.service_address) : null,
    canManage: canManageRouter(customer),
  };
}

/** The route's serviceId as a number: 404 when it is not one. */
export function serviceIdOf(params: { serviceId?: string }): number {
  return pageId(params.serviceId);
}

/** The service the API names, when it is on one of the signed-in user's residential accounts. */
async function answeredService(context: Context, request: Request, answered: RouterServiceInfo): Promise<RouterService | null> {
  const customer = await findAccount(context, request, answered.customer_id);
  if (!customer?.isResidential) return null;
  return {
    customer: { customer_id: customer.customer_id, contract_name: customer.contract_name },
    service: { service_id: answered.service_id, package_id: answered.package_id, name: answered.name, status: answered.status },
    address: oneLine(answered.service_address),
    canManage: canManageRouter(customer),
  };
}

/**
 * The residential internet service of the page among the signed-in user's accounts: 404 for an id that
 * is not a number, 403 for a service that is none of theirs (ids cannot be probed, as with the API). The
 * API names the service and its account (GET cpe-info?include=service, decision 230); from an API that
 * does not, it is looked up through the accounts' residential dashboards.
 */
export async function requireRouterService(context: Context, request: Request, params: { serviceId?: string }): Promise<RouterService> {
  return (await routerServiceWith(context, request, params, [])).service;
}

/**
 * requireRouterService, with parts of the router page the page needs answered in the same call
 * (`got`: undefined when the call failed; a part missing from an API that ignores include).
 */
export async function routerServiceWith<K extends Exclude<RouterPageInclude, "service">>(
  context: Context,
  request: Request,
  params: { serviceId?: string },
  parts: readonly K[],
): Promise<{ service: RouterService; got: (Pick<CpeInfoAnswer, "data"> & Partial<Pick<CpeInfoAnswer, K>>) | undefined }> {
  const serviceId = serviceIdOf(params);
  const include = ["service", ...parts].join(",");
  const [answer] = await Promise.all([
    section(api(context, request).call("GET /router/{serviceId}/cpe-info", { params: { serviceId }, query: { include } })),
    accountSummary(context, request),
  ]);
  const got = answer.ok ? answer.data : undefined;
  // The service the API names, when it is on one of the user's residential accounts; else looked up.
  const named = got?.service && (await answeredService(context, request, got.service));
  return { service: named || (await lookUpRouterService(context, request, params)), got };
}

/**
 * The service looked up through the residential dashboards of the signed-in user's accounts (the active
 * account is asked first, then the others together): 403 when none has it.
 */
async function lookUpRouterService(context: Context, request: Request, params: { serviceId?: string }): Promise<RouterService> {
  const serviceId = serviceIdOf(params);
  const { customers } = await getAccount(context, request);
  const residential = customers.filter((c) => c.isResidential);
  const first = activeCustomer(request, residential);
  const lookup = async (customer: Customer) => {
    const dashboard = await api(context, request).call("GET /residential-dashboard/{customerId}", {
      params: { customerId: customer.customer_id },
      silentNotFound: true,
    });
    return dashboard ? match(customer, dashboard, serviceId) : null;
  };
  if (first) {
    const found = await lookup(first);
    if (found) return found;
  }
  const others = await Promise.all(residential.filter((c) => c !== first).map(lookup));
  const found = others.find(Boolean);
  if (!found) throw data({ kind: "forbidden" }, { status: 403 });
  return found;
}

/**
 * Whether the signed-in contact may change the home network (WiFi) of a service the API has just answered
 * them for. The API lets a user reach only their own accounts' services, so when all their residential
 * accounts answer alike (one account, or the same roles) no account needs to be found for the service;
 * else the service's account is looked up as requireRouterService does.
 */
export async function mayManageHomeNetwork(context: Context, request: Request, serviceId: number): Promise<boolean> {
  const { customers, complete } = await accountSummary(context, request);
  const answers = new Set(customers.filter((c) => c.isResidential).map(canManageRouter));
  if (complete && answers.size === 1) return answers.has(true);
  return (await requireRouterService(context, request, { serviceId: String(serviceId) })).canManage;
}

/** The parts of cpe-info's answer that have a call of their own (the service and the incidents are found otherwise). */
export type RouterPart = Exclude<RouterPageInclude, "service" | "incidents">;
type PartOf<K extends RouterPart> = Exclude<CpeInfoAnswer[K], undefined>;

/** Each part asked with its own call, answered as cpe-info includes it: what an API that ignores `include` is asked. */
const OWN_CALLS: { [K in RouterPart]: (client: ReturnType<typeof api>, serviceId: number) => Promise<PartOf<K>> } = {
  network_settings: (client, serviceId) =>
    client.call("GET /router/{serviceId}/network-settings", { params: { serviceId } }).then((answer) => answer.network_settings),
  dhcp_leases: (client, serviceId) => client.call("GET /router/{serviceId}/dhcp-leases", { params: { serviceId } }),
  port_forwarding_rules: (client, serviceId) =>
    client.call("GET /router/{serviceId}/port-forwarding-rules", { params: { serviceId } }).then((answer) => answer.port_forwarding_rules),
  upnp_port_forwarding_rules: (client, serviceId) =>
    client.call("GET /router/{serviceId}/upnp-port-forwarding-rules", { params: { serviceId } }).then((answer) => answer.rules),
  upnp: (client, serviceId) => client.call("GET /router/{serviceId}/upnp", { params: { serviceId } }).then((answer) => answer.upnp),
  statistics: (client, serviceId) => client.call("GET /router/{serviceId}/statistics", { params: { serviceId } }),
  device_pauses: (client, serviceId) =>
    client.call("GET /router/{serviceId}/device-pauses", { params: { serviceId } }).then((answer) => answer.device_pauses),
  restart: (client, serviceId) =>
    client.call("GET /router/{serviceId}/restart", { params: { serviceId } }).then((answer) => answer.restart),
};

/** A part of the router's service asked with its own call. */
export function ownPart<K extends RouterPart>(context: Context, request: Request, serviceId: number, name: K): Promise<PartOf<K>> {
  return OWN_CALLS[name](api(context, request), serviceId);
}

/**
 * The parts a page shows: those routerServiceWith's answer carries (`got`), the others asked with their own
 * calls, in parallel; a call that fails ends the page (the router page's sections fail on their own with `part`).
 */
export async function routerParts<K extends RouterPart>(
  context: Context,
  request: Request,
  serviceId: number,
  got: Partial<Pick<CpeInfoAnswer, K>> | undefined,
  names: readonly K[],
): Promise<{ [P in K]: PartOf<P> }> {
  const values = await Promise.all(
    names.map((name) => (got?.[name] !== undefined ? (got[name] as PartOf<K>) : ownPart(context, request, serviceId, name))),
  );
  return Object.fromEntries(names.map((name, i) => [name, values[i]])) as unknown as { [P in K]: PartOf<P> };
}

/** A section of a page: its data, or that the API could not provide it. */
export type Section<T> = { ok: true; data: T } | { ok: false };

/**
 * Runs one call of a page whose sections fail on their own: a failure of the API (no answer, a broken
 * answer, 404, 5xx) becomes `{ ok: false }`; a redirect to sign in or a 403 still ends the page.
 */
export async function section<T>(call: Promise<T>): Promise<Section<T>> {
  try {
    return { ok: true, data: await call };
  } catch (error) {
    if (isFailure(error) && error.data.kind !== "forbidden") return { ok: false };
    throw error;
  }
}

/**
 * A part of the router page: what the page's one call answered (GET cpe-info?include=…), or, when it
 * did not (an API that ignores include, or the call failed), its own call, failing on its own.
 */
export function part<T>(answered: T | undefined, call: () => Promise<T>): Promise<Section<T>> {
  return answered !== undefined ? Promise.resolve({ ok: true, data: answered }) : section(call());
}

/** The form-level messages of the router forms (a refusal names who may change the router). */
export const ROUTER_FAILURES = {
  forbidden: "router:failed.forbidden",
  unavailable: "router:failed.unavailable",
  server: "router:failed.server",
};

/** Saves the LAN settings (PUT network-settings), then back to the router page with a notice. */
export async function saveLanSettings(args: { request: Request; context: Context }, serviceId: number) {
  return formAction(args, {
    schema: LanSettingsSchema,
    failureMessages: ROUTER_FAILURES,
    submit: (value) =>
      api(args.context, args.request).call("PUT /router/{serviceId}/network-settings", {
        params: { serviceId },
        form: {
          lan_ip: value.lan_ip!.trim(),
          subnet_mask: value.subnet_mask!.trim(),
          dhcp_start: value.dhcp_start!.trim(),
          dhcp_end: value.dhcp_end!.trim(),
          lease_time_seconds: value.lease_time_seconds!.trim(),
          dns_primary: value.dns_primary?.trim() ?? "",
          dns_secondary: value.dns_secondary?.trim() ?? "",
        },
      }),
    success: () => ({ redirectTo: `/internet/router/${serviceId}`, notification: { key: "router:lan.saved" } }),
  });
}

/** A lease's device as the router's pages name it: its name on the home network ("Maya's iPhone"), else its hostname. */
export const deviceNameOf = (lease: DhcpLease, t: T) => lease.device_name ?? lease.hostname ?? t("router:leases.unknownDevice");

/**
 * The lease list's rows: each lease with its device's `name`, and its `host`name when that says something
 * else ("Home NAS", "nas"; not "Thermostat", "thermostat"). Written here, so the page's script only shows them.
 */
export function namedLeases<L extends DhcpLease>(leases: L[], t: T): (L & { name: string; host?: string })[] {
  return leases.map((lease) => {
    const name = deviceNameOf(lease, t);
    const differs = lease.hostname && lease.hostname.toLowerCase() !== name.toLowerCase();
    return { ...lease, name, ...(differs ? { host: lease.hostname! } : {}) };
  });
}
