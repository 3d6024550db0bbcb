/**
 * Analytics on the page (rendered by the root only when ANALYTICS_KEY is set, and loaded lazily so
 * that pages without a key carry none of it): the consent banner until the visitor chose, and, once
 * they agreed, the analytics client loaded after hydration with a page view per page shown.
 */
import { useEffect } from "react";
import { useLocation, useMatches } from "react-router";
import { routePattern, type AnalyticsState } from "~/lib/analytics";
import type * as AnalyticsClient from "~/lib/analytics.client";
import { ConsentBanner } from "./ConsentBanner";

type Client = typeof AnalyticsClient;
let client: Promise<Client> | undefined;
/** The consent on screen now: a page view waiting for the client is dropped if it was withdrawn meanwhile. */
let consented = false;

export default function Analytics({ state }: { state: AnalyticsState }) {
  const { key: locationKey } = useLocation();
  const matches = useMatches();
  const last = matches[matches.length - 1];
  const pattern = last ? routePattern(last.pathname, last.params) : "/";
  const settings = state.consent === "granted" ? { key: state.key, host: state.host } : null;
  const settingsKey = settings ? `${settings.key}@${settings.host}` : "";

  useEffect(() => {
    consented = settings !== null;
    if (!settings) {
      // Consent withdrawn on this page: stop a client that was started.
      if (client) void client.then((m) => m.stop());
      return;
    }
    client ??= import("~/lib/analytics.client");
    void client.then((m) => {
      if (consented) m.pageView(settings, pattern);
    });
    // One page view per page shown: the location's key changes with every navigation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settingsKey, pattern, locationKey]);

  return state.consent === "ask" ? <ConsentBanner /> : null;
}
