/**
 * The dashboard's "Refer a friend" card of a residential account, only when the referrals feature is on
 * (read from the signed-in layout's flags): no API call, a link to the referral page.
 */
import { Link, useRouteLoaderData } from "react-router";
import { Card } from "~/components/Card";
import { useT } from "~/lib/use-t";

export function ReferralCard({ customerId }: { customerId: number }) {
  const { t } = useT("referrals");
  const layout = useRouteLoaderData("routes/_app") as { features?: { referrals?: boolean } } | undefined;
  if (!layout?.features?.referrals) return null;
  return (
    <div className="mt-8" data-testid="referral-card">
      <Card id="referral-card-heading" title={t("card.title")}>
        <p className="text-gray-800">{t("card.text")}</p>
        <p className="mt-3">
          <Link to={`/referrals/${customerId}`} className="font-medium">
            {t("card.link")}
          </Link>
        </p>
      </Card>
    </div>
  );
}
