/**
 * msw handlers written against the contract: `on("GET /billing/{id}/summary", resolver)` listens where
 * the endpoint lives, and `reply(key, body)` answers only what the endpoint's schema accepts (a fixture
 * that drifts from the contract fails the test that uses it). `refuse` answers the contract's error shape.
 */
import { http, HttpResponse, type HttpResponseResolver } from "msw";
import { endpointKey, endpoints, type Endpoint } from "#contract/index";
import type { AnswerOf, ApiEndpoint } from "../../app/lib/api.server.ts";

export const API = "http://api.test/api/v1";

const byKey = new Map<string, Endpoint>(endpoints.map((e) => [endpointKey(e), e]));

function endpointOf(key: string): Endpoint {
  const endpoint = byKey.get(key);
  if (!endpoint) throw new Error(`No endpoint ${key} in api/contract`);
  return endpoint;
}

/** An msw handler for an endpoint of the contract ("{id}" path parameters become msw's ":id"). */
export function on(key: ApiEndpoint, resolver: HttpResponseResolver) {
  const endpoint = endpointOf(key);
  return http[endpoint.method](API + endpoint.path.replace(/\{(\w+)\}/g, ":$1"), resolver);
}

/** The endpoint's success answer, checked against its contract schema. */
export function reply<K extends ApiEndpoint>(key: K, body: AnswerOf<K>) {
  const endpoint = endpointOf(key);
  const parsed = endpoint.answer.safeParse(body);
  if (!parsed.success) throw new Error(`The msw answer of ${key} breaks the contract: ${JSON.stringify(parsed.error.issues.slice(0, 3))}`);
  return HttpResponse.json(body as never, { status: endpoint.status ?? 200 });
}

/** A refusal in the contract's ErrorAnswer shape: 422 with field error codes, or any other status. */
export function refuse(status: number, errors?: Record<string, string[]>) {
  return HttpResponse.json({ success: false, message: `refused (${status})`, errors }, { status });
}
