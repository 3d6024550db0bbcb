/**
 * /order-summary/{token}: an order's items, monthly and one-time prices with taxes, the installation
 * address and appointment (GET /order-summary/{token}). Silent on a 404 (spec section 8): an unknown or
 * expired link shows the not-found text, not an error page.
 */
import type { Route } from "./+types/order-summary";
import { AddressLines } from "~/components/AddressLines";
import { OrderLinkGone, OrderStatusText, OrderWayOn, useWindowText } from "~/components/auth-flows/OrderBits";
import { Card, Details } from "~/components/Card";
import { PageHeader } from "~/components/PageHeader";
import { api, type ApiClient } from "~/lib/api.server";
import { formatDate, formatMoney } from "~/lib/i18n";
import { linkToken, stashLinkToken } from "~/lib/link-token.server";
import { useT } from "~/lib/use-t";
import type { OrderSummaryAnswer } from "#contract/orders";
import { orderHelp, orderLinkGone } from "./shared.server";

export const handle = { i18n: ["orders"] };
const SCOPE = "/order-summary";

const LINK = "GET /order-summary/{token}";
const readLink = (client: ApiClient, token: string) => client.call(LINK, { params: { token }, silentNotFound: true });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (params.token) stashLinkToken("summary", params.token, SCOPE, request);
  const token = linkToken(request, "summary", SCOPE);
  const order = token ? await readLink(api(context, request, { public: true }), token) : null;
  if (!order) return orderLinkGone(context);
  return { gone: false as const, order, help: orderHelp(context) };
}

function Totals({ totals, label }: { totals: OrderSummaryAnswer["monthly"]; label: string }) {
  const { t, language } = useT("orders");
  return (
    <tfoot className="border-t border-gray-300">
      <tr>
        <th scope="row" className="py-1 text-left font-normal">
          {t("summary.subtotal")}
        </th>
        <td className="py-1 text-right tabular-nums">{formatMoney(totals.subtotal, language)}</td>
      </tr>
      {totals.taxes.map((tax) => (
        <tr key={tax.name}>
          <th scope="row" className="py-1 text-left font-normal">
            {t("summary.tax", { name: tax.name, rate: tax.rate_percent.toLocaleString(language === "fr" ? "fr-CA" : "en-CA") })}
          </th>
          <td className="py-1 text-right tabular-nums">{formatMoney(tax.amount, language)}</td>
        </tr>
      ))}
      <tr className="font-semibold">
        <th scope="row" className="py-1 text-left">
          {t("summary.total")} <span className="sr-only">{label}</span>
        </th>
        <td className="py-1 text-right tabular-nums" data-testid={`total-${label}`}>
          {formatMoney(totals.total, language)}
        </td>
      </tr>
    </tfoot>
  );
}

function PriceTable({ order, kind }: { order: OrderSummaryAnswer; kind: "monthly" | "one_time" }) {
  const { t, language } = useT("orders");
  const title = kind === "monthly" ? t("summary.monthlyTitle") : t("summary.oneTimeTitle");
  const items = order.items.filter((item) => (kind === "monthly" ? item.monthly_price : item.one_time_price) > 0);
  return (
    <Card title={title} id={`prices-${kind}`}>
      <table className="w-full text-gray-900">
        <caption className="sr-only">{title}</caption>
        <thead>
          <tr className="border-b border-gray-300 text-sm text-gray-700">
            <th scope="col" className="py-1 text-left font-medium">
              {t("summary.item")}
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              {kind === "monthly" ? t("summary.monthly") : t("summary.oneTime")}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.name}>
              <td className="py-1">{item.name}</td>
              <td className="py-1 text-right tabular-nums">
                {formatMoney(kind === "monthly" ? item.monthly_price : item.one_time_price, language)}
              </td>
            </tr>
          ))}
        </tbody>
        <Totals totals={kind === "monthly" ? order.monthly : order.one_time} label={title} />
      </table>
    </Card>
  );
}

export default function OrderSummary({ loaderData }: Route.ComponentProps) {
  const { t, language } = useT("orders");
  const windowText = useWindowText();
  if (loaderData.gone) return <OrderLinkGone help={loaderData.help} />;
  const { order } = loaderData;
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title={t("summary.title")}
        subtitle={
          <>
            {t("orderLine", { contract: order.contract_name, number: order.order_number })}
            <br />
            {t("placedOn", { date: formatDate(order.placed_on, language) })}
          </>
        }
      />
      <div className="space-y-6">
        <Card title={t("summary.detailsTitle")} id="order-status">
          <Details
            items={[
              [t("summary.status"), <OrderStatusText key="s" status={order.status} />],
              [t("installAddress"), <AddressLines key="a" address={order.install_address} />],
              [
                t("summary.appointmentTitle"),
                order.appointment ? (
                  <span key="w">
                    {windowText(order.appointment)} ·{" "}
                    {order.appointment_confirmed ? t("summary.appointmentConfirmed") : t("summary.appointmentPending")}
                  </span>
                ) : (
                  t("summary.noAppointment")
                ),
              ],
              [t("summary.agreementTitle"), order.agreement_accepted ? t("summary.agreementAccepted") : t("summary.agreementPending")],
            ]}
          />
        </Card>
        <PriceTable order={order} kind="monthly" />
        <PriceTable order={order} kind="one_time" />
        <OrderWayOn help={loaderData.help} />
      </div>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
