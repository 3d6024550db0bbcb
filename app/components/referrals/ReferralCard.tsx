/**
 * The dashboard's "Refer a friend" card of a residential account, only when the referrals feature is on
 * (read from the signed-in layout's flags). Its body loads lazily, so dashboards without the feature
 * carry none of it.
 */
import { lazy } from "react";
import { useRouteLoaderData } from "react-router";

const ReferralCardBody = lazy(() => import("./ReferralCardBody"));

export function ReferralCard({ customerId }: { customerId: number }) {
  const layout = useRouteLoaderData("routes/_app") as { features?: { referrals?: boolean } } | undefined;
  return layout?.features?.referrals ? <ReferralCardBody customerId={customerId} /> : null;
}
