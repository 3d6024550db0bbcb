/**
 * The contract of /api/v1: zod schemas of every request and answer, and the list of endpoints.
 * The portal parses answers with these schemas, the service's tests check every answer against them,
 * the msw fixtures satisfy them, and GET /api/v1/openapi.json is generated from them.
 */
import { authEndpoints } from "./auth.ts";
import { dashboardEndpoints } from "./dashboard.ts";
import type { Endpoint } from "./endpoint.ts";
import { openApiDocument } from "./openapi.ts";

export type { Endpoint } from "./endpoint.ts";

export const endpoints: Endpoint[] = [...authEndpoints, ...dashboardEndpoints];

let document: ReturnType<typeof openApiDocument> | undefined;
/** The OpenAPI 3.1 document (built once). */
export function openApi() {
  document ??= openApiDocument(endpoints);
  return document;
}
