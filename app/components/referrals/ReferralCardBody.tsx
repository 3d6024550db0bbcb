/** The body of the dashboard's "Refer a friend" card (ReferralCard): no API call, a link to the referral page. */
import { Link } from "react-router";
import { Card } from "~/components/Card";
import { useT } from "~/lib/use-t";

export default function ReferralCardBody({ customerId }: { customerId: number }) {
  const { t } = useT("referrals");
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
