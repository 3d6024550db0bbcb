/** The analytics state of a request (root loader) and the consent cookie (docs/analytics.md). */
import { ANALYTICS_CONSENT_COOKIE, ANALYTICS_CONSENT_MAX_AGE, type AnalyticsState } from "./analytics.ts";
import type { Config } from "./config.server.ts";
import { preferenceCookie, readCookie } from "./cookies.server.ts";

/** Whether the browser sends Global Privacy Control (Sec-GPC: 1): a valid opt-out under Canadian law, honoured without asking. */
export const sendsGpc = (request: Request) => request.headers.get("Sec-GPC")?.trim() === "1";

/** null without ANALYTICS_KEY: nothing about analytics reaches the page. */
export function analyticsState(request: Request, config: Pick<Config, "ANALYTICS_KEY" | "ANALYTICS_HOST">): AnalyticsState | null {
  if (!config.ANALYTICS_KEY) return null;
  if (sendsGpc(request)) return { consent: "gpc" };
  const choice = readCookie(request, ANALYTICS_CONSENT_COOKIE);
  if (choice === "granted") return { consent: "granted", key: config.ANALYTICS_KEY, host: config.ANALYTICS_HOST };
  if (choice === "denied") return { consent: "denied" };
  return { consent: "ask" };
}

export const consentCookie = (granted: boolean) =>
  preferenceCookie(ANALYTICS_CONSENT_COOKIE, granted ? "granted" : "denied", ANALYTICS_CONSENT_MAX_AGE);
