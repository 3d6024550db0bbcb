/**
 * The dashboard's "Refer a friend" card of a residential account, only when the referrals feature is on
 * (read from the signed-in layout's flags). Its body loads lazily, so dashboards without the feature
 * carry none of it.
 */
import { lazyEnhancement, Nothing } from "~/lib/lazy-enhancement";
import { useRouteLoaderData } from "react-router";

// A card whose code does not download is left out, the dashboard stays (lazyEnhancement).
const ReferralCardBody = lazyEnhancement<{ customerId: number }>(() => import("./ReferralCardBody").then((m) => m.default), Nothing);

export function ReferralCard({ customerId }: { customerId: number }) {
  const layout = useRouteLoaderData("routes/_app") as { features?: { referrals?: boolean } } | undefined;
  return layout?.features?.referrals ? <ReferralCardBody customerId={customerId} /> : null;
}
