/**
 * The Content-Security-Policy sources product analytics needs: the analytics host's origin for
 * connect-src (events are sent with fetch or sendBeacon; no script is loaded from it), and only when
 * ANALYTICS_KEY is set. Unset, the policy is the portal's own and nothing else (docs/analytics.md).
 */
import type { Config } from "../app/lib/config.server.ts";

export function analyticsConnectSources(config: Pick<Config, "ANALYTICS_KEY" | "ANALYTICS_HOST">): string[] {
  if (!config.ANALYTICS_KEY) return [];
  return [new URL(config.ANALYTICS_HOST).origin];
}
