/**
 * The contract of /api/v1: zod schemas of every request and answer, and the list of endpoints.
 * The portal parses answers with these schemas, the service's tests check every answer against them,
 * the msw fixtures satisfy them, and GET /api/v1/openapi.json is generated from them.
 */
import { accountsEndpoints } from "./accounts.ts";
import { authEndpoints } from "./auth.ts";
import { billingEndpoints } from "./billing.ts";
import { authFlowsEndpoints } from "./auth-flows.ts";
import { ordersEndpoints } from "./orders.ts";
import { businessNetworkEndpoints } from "./business-network.ts";
import { supportEndpoints } from "./support.ts";
import { contactsEndpoints } from "./contacts.ts";
import { dashboardEndpoints } from "./dashboard.ts";
import type { Endpoint } from "./endpoint.ts";
import { homeNetworkEndpoints } from "./home-network.ts";
import { openApiDocument } from "./openapi.ts";
import { notificationsEndpoints } from "./notifications.ts";
import { referralsEndpoints } from "./referrals.ts";
import { statusEndpoints } from "./status.ts";
import { routerRestartEndpoints } from "./router-restart.ts";
import { twoStepEndpoints } from "./two-step.ts";
import { activityEndpoints } from "./activity.ts";
import { routerUpnpEndpoints } from "./router-upnp.ts";
import { devicePausesEndpoints } from "./device-pauses.ts";
import { routerPageEndpoints } from "./router-page.ts";

export type { Endpoint, EndpointKey } from "./endpoint.ts";
export { endpointKey } from "./endpoint.ts";

const all = [
  ...authEndpoints,
  ...twoStepEndpoints,
  ...activityEndpoints,
  ...authFlowsEndpoints,
  ...ordersEndpoints,
  ...dashboardEndpoints,
  ...homeNetworkEndpoints,
  ...routerPageEndpoints,
  ...routerRestartEndpoints,
  ...routerUpnpEndpoints,
  ...devicePausesEndpoints,
  ...billingEndpoints,
  ...contactsEndpoints,
  ...businessNetworkEndpoints,
  ...supportEndpoints,
  ...accountsEndpoints,
  ...referralsEndpoints,
  ...statusEndpoints,
  ...notificationsEndpoints,
];

/** Every endpoint of the contract, with its literal method, path and schemas (see app/lib/api.server.ts). */
export type ContractEndpoint = (typeof all)[number];
export const endpoints: Endpoint[] = all;

let document: ReturnType<typeof openApiDocument> | undefined;
/** The OpenAPI 3.1 document (built once). */
export function openApi() {
  document ??= openApiDocument(endpoints);
  return document;
}
