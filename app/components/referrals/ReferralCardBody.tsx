/** The body of the dashboard's "Refer a friend" card (ReferralCard): no API call, a link to the referral page. */
import { Link } from "react-router";
import { Card } from "~/components/Card";
import { useNamespace } from "~/lib/load-namespace";
import { useT } from "~/lib/use-t";

const texts = import.meta.glob<{ default: Record<string, unknown> }>("../../../locales/*/referrals.json");

export default function ReferralCardBody({ customerId }: { customerId: number }) {
  const { t } = useT("referrals");
  // Reached by the router from a page without the referral texts (sign-in): they load first.
  if (!useNamespace("referrals", texts)) return null;
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
