/**
 * Product analytics that respect the customer (docs/analytics.md), the parts shared by server and
 * browser: the consent cookie, what a page is called when it is reported (its route pattern, never
 * the ids in its address), which pages send a page view, and the filter every event passes through
 * before it leaves the browser.
 */

/** The visitor's choice: "granted" or "denied" (no cookie: not asked yet). */
export const ANALYTICS_CONSENT_COOKIE = "analytics_consent";
export const ANALYTICS_CONSENT_MAX_AGE = 365 * 24 * 60 * 60;

/**
 * What the page knows about analytics (root loader): off without a key; "gpc" when the browser sends
 * Global Privacy Control (analytics never starts, the banner never shows); otherwise the visitor's
 * choice, "ask" until they made one. The key and host are handed out only once they agreed.
 */
export type AnalyticsState = { consent: "ask" | "denied" | "gpc" } | { consent: "granted"; key: string; host: string };

/**
 * The route pattern of an address: each path segment that is the value of a route parameter becomes
 * ":name" (the splat of an unmatched address becomes "*"). "/billing/100101/pay" with
 * { customerId: "100101" } is "/billing/:customerId/pay". Query strings and hashes are never kept.
 */
export function routePattern(pathname: string, params: Record<string, string | undefined>): string {
  const splat = params["*"];
  const byValue = new Map<string, string>();
  for (const [name, value] of Object.entries(params)) {
    if (name !== "*" && value) byValue.set(value, name);
  }
  let path = pathname.split(/[?#]/)[0];
  if (splat) {
    const at = path.lastIndexOf(splat);
    if (at >= 0) path = `${path.slice(0, at)}*`;
  }
  const segments = path.split("/").map((segment) => {
    if (segment === "*" || !segment) return segment;
    let decoded = segment;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      // A malformed escape is not a parameter value.
    }
    const name = byValue.get(decoded);
    return name ? `:${name}` : segment;
  });
  const out = segments.join("/").replace(/\/+$/, "");
  return out || "/";
}

/** Page views are captured on every page except sign-in and the index (spec section 9). */
export function sendsPageView(pattern: string): boolean {
  return pattern !== "/" && pattern !== "/login" && !pattern.startsWith("/login/");
}

/** Properties of an event that could say where the visitor came from or who they are: never sent. */
const DROPPED_PROPERTIES = [
  "$referrer",
  "$referring_domain",
  "$initial_referrer",
  "$initial_referring_domain",
  "$initial_current_url",
  "$initial_pathname",
  "$el_text",
  "$external_click_url",
  "title",
];

export interface AnalyticsEvent {
  event: string;
  properties: Record<string, unknown>;
  $set?: Record<string, unknown>;
  $set_once?: Record<string, unknown>;
  [key: string]: unknown;
}

/**
 * The last look at an event before it leaves the browser: only page views and form submissions pass
 * (autocapture is limited to them, this makes sure); the address is the page's route pattern; the
 * referrer, element texts and attributes, and person properties are removed. Anything else is dropped.
 */
export function sanitizeEvent<E extends AnalyticsEvent>(event: E | null, page: { origin: string; pattern: string }): E | null {
  if (!event) return null;
  const submit = event.event === "$autocapture" && event.properties.$event_type === "submit";
  if (event.event !== "$pageview" && !submit) return null;
  if (event.event === "$pageview" && !sendsPageView(page.pattern)) return null;
  const properties: Record<string, unknown> = { ...event.properties };
  for (const name of DROPPED_PROPERTIES) delete properties[name];
  for (const name of Object.keys(properties)) {
    if (name.startsWith("$initial_") || name.startsWith("utm_") || name.startsWith("$set")) delete properties[name];
  }
  properties.$current_url = `${page.origin}${page.pattern}`;
  properties.$pathname = page.pattern;
  if (submit) {
    // Tag names and positions only: no ids, names, classes, texts or addresses of the elements.
    const elements = Array.isArray(properties.$elements) ? (properties.$elements as Record<string, unknown>[]) : [];
    const kept = elements.map((el) => ({ tag_name: String(el.tag_name ?? ""), nth_child: el.nth_child, nth_of_type: el.nth_of_type }));
    if ("$elements" in properties) properties.$elements = kept;
    if ("$elements_chain" in properties) {
      properties.$elements_chain = kept.map((el) => `${el.tag_name}:nth-child="${el.nth_child}"nth-of-type="${el.nth_of_type}"`).join(";");
    }
  }
  const out = { ...event, properties };
  delete out.$set;
  delete out.$set_once;
  return out;
}
