/** What the billing pages share on the server. */
import { data } from "react-router";
import { featureFlags } from "~/lib/config.server";

/** Automatic payments exist only while the autopay feature is on (FEATURE_AUTOPAY_BILLING): 404 otherwise. */
export function requireAutopayFeature(): void {
  if (!featureFlags().autopayBilling) throw data({ kind: "not-found" }, { status: 404 });
}
