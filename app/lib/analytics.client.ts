/**
 * The analytics client (PostHog), loaded only after hydration, only with a key, only after consent and
 * never with Global Privacy Control. Its build without external dependencies never loads a script
 * from the analytics host; remote configuration and feature flags are off, so what it does is what is
 * written here: page views sent by the portal (the route pattern, not the address) and autocapture
 * limited to submit events of forms and buttons, without texts or attributes. Every event passes
 * sanitizeEvent last.
 */
import posthog from "posthog-js/no-external";
import { sanitizeEvent, sendsPageView, type AnalyticsEvent } from "./analytics";

let page = { origin: "", pattern: "/" };
let started = false;

const gpc = () => (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true;

function start(settings: { key: string; host: string }): boolean {
  if (gpc()) return false;
  if (started) {
    if (posthog.has_opted_out_capturing()) posthog.opt_in_capturing({ captureEventName: false });
    return true;
  }
  started = true;
  posthog.init(settings.key, {
    api_host: settings.host,
    autocapture: {
      dom_event_allowlist: ["submit"],
      element_allowlist: ["form", "button"],
      capture_copied_text: false,
      capture_value_css_selector_allowlist: [],
    },
    capture_pageview: false,
    capture_pageleave: false,
    rageclick: false,
    capture_dead_clicks: false,
    capture_heatmaps: false,
    enable_heatmaps: false,
    capture_exceptions: false,
    capture_performance: false,
    disable_session_recording: true,
    disable_surveys: true,
    disable_product_tours: true,
    disable_conversations: true,
    disable_web_experiments: true,
    disable_external_dependency_loading: true,
    advanced_disable_flags: true,
    advanced_disable_toolbar_metrics: true,
    mask_all_text: true,
    mask_all_element_attributes: true,
    mask_personal_data_properties: true,
    save_referrer: false,
    save_campaign_params: false,
    disable_scroll_properties: true,
    disable_capture_url_hashes: true,
    person_profiles: "identified_only",
    // One anonymous id kept in the browser's storage (no cookie is sent to the portal).
    persistence: "localStorage",
    // Opting out removes what is stored (the id included) and stores nothing more until consent is given again.
    opt_out_persistence_by_default: true,
    respect_dnt: true,
    // Each event leaves at once: a page loaded anew (without the router) loses nothing queued.
    request_batching: false,
    get_current_url: () => `${page.origin}${page.pattern}`,
    before_send: (event) => sanitizeEvent(event as unknown as AnalyticsEvent | null, page) as unknown as typeof event,
  });
  return true;
}

/** The page on screen changed (or consent was just given): report it if it is one that sends page views. */
export function pageView(settings: { key: string; host: string }, pattern: string): void {
  page = { origin: window.location.origin, pattern };
  if (!start(settings)) return;
  if (sendsPageView(pattern)) posthog.capture("$pageview");
}

/**
 * Consent withdrawn (on the privacy page, with JavaScript): nothing more is sent, the stored id is removed from the
 * browser's storage, and the id in memory is replaced (a new one, never stored, unless consent is given again).
 */
export function stop(): void {
  if (!started) return;
  posthog.opt_out_capturing();
  posthog.reset();
}
