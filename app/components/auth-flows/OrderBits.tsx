/** Pieces the order pages share: an installation window, an order's status, what a customer can do next. */
import { Link } from "react-router";
import { LinkGone } from "~/components/auth-flows/LinkGone";
import { actionLinkClass } from "~/components/PageHeader";
import { Trans } from "~/components/Trans";
import { formatDate, formatTime } from "~/lib/i18n";
import { useT } from "~/lib/use-t";

/** "Tuesday, December 1, 2026, 8:00 a.m. to 12:00 p.m." in the page's language. */
export function useWindowText() {
  const { t, language } = useT("orders");
  return (window: { starts_at: string; ends_at: string }) =>
    t("window", {
      date: formatDate(window.starts_at, language, "long"),
      from: formatTime(window.starts_at, language),
      to: formatTime(window.ends_at, language),
    });
}

export function OrderStatusText({ status }: { status: string }) {
  const { t } = useT("orders");
  return <>{t(`status.${status}`)}</>;
}

/** What an order page offers next: the support number, and the way into the account. */
export interface OrderHelp {
  phone: string;
  signedIn: boolean;
}

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

/** The account link of an order page: the dashboard for a customer who is signed in, else sign in. */
export function AccountLink({ help, className }: { help: OrderHelp; className?: string }) {
  const { t } = useT("orders");
  return (
    <Link to={help.signedIn ? "/" : "/login"} className={className}>
      {help.signedIn ? t("account:welcome.dashboard") : t("account:welcome.signIn")}
    </Link>
  );
}

/** The end of an order's page: whom to call with a question, and the way into the account. */
export function OrderWayOn({ help }: { help: OrderHelp }) {
  const { t } = useT("orders");
  return (
    <section aria-label={t("summary.nextTitle")} className="space-y-2 text-gray-800" data-testid="order-way-on">
      <p>
        <Trans
          t={t}
          i18nKey="wayOn.call"
          values={{ phone: help.phone }}
          // <Trans> puts the number inside the link.
          // eslint-disable-next-line jsx-a11y/anchor-has-content
          components={{ phone: <a href={telHref(help.phone)} className="font-semibold" /> }}
        />
      </p>
      <p>
        <AccountLink help={help} className="font-medium" />
      </p>
    </section>
  );
}

/** An order link that does not work: the not-found text, how to get a new link, and the ways on. */
export function OrderLinkGone({ help }: { help: OrderHelp }) {
  const { t } = useT("orders");
  return (
    <LinkGone title={t("notFoundTitle")} help={t("wayOn.linkGone", { phone: help.phone })}>
      <AccountLink help={help} className={actionLinkClass} />
      <a href={telHref(help.phone)}>{t("wayOn.callUs", { phone: help.phone })}</a>
    </LinkGone>
  );
}
