/**
 * /handoff/order/{orderId}: an order a sales agent handed over (GET /order-handoff/{orderId}): its
 * status and the next step, with the agent's details. Opens with the hand-over link's token, or signed
 * in as a contact of the order's customer (otherwise to sign in, came_from kept). "Continue" (POST)
 * goes to the next step's page through a fresh link.
 */
import { getFormProps } from "@conform-to/react";
import type { Route } from "./+types/order-handoff";
import { LinkGone } from "~/components/auth-flows/LinkGone";
import { AddressLines } from "~/components/AddressLines";
import { OrderStatusText, useWindowText } from "~/components/auth-flows/OrderBits";
import { Card, Details } from "~/components/Card";
import { PageHeader } from "~/components/PageHeader";
import { ErrorSummary, SubmitButton } from "~/components/form";
import { api } from "~/lib/api.server";
import { requireUserMiddleware } from "~/lib/auth.server";
import { formAction } from "~/lib/form-action.server";
import { formatDate, formatMoney } from "~/lib/i18n";
import { linkToken, stashLinkToken } from "~/lib/link-token.server";
import { usePortalForm } from "~/lib/use-portal-form";
import { useT } from "~/lib/use-t";
import { ContinueSchema } from "~/schemas/auth-flows";
import { linkGone, SCOPES } from "./shared.server";
import { Form } from "react-router";
import { pageUrl } from "~/lib/page-url";

export const handle = { i18n: ["orders", "api"] };

const validId = (orderId: string | undefined) => Boolean(orderId && /^\d{1,12}$/.test(orderId));

/** The hand-over token of this order: in the address (first load) or kept from it. */
function tokenOf(request: Request, orderId: string): string | undefined {
  return pageUrl(request).searchParams.get("token") ?? linkToken(request, "handoff", SCOPES.handoff(orderId));
}

/** Without a token the page is for a signed-in contact of the order's customer. */
const signedInWithoutLink: Route.MiddlewareFunction = (args, next) => {
  const { orderId } = args.params;
  if (!validId(orderId) || tokenOf(args.request, orderId!)) return next();
  return requireUserMiddleware(args, next);
};

const LINK = "GET /order-handoff/{orderId}";

export const middleware: Route.MiddlewareFunction[] = [signedInWithoutLink];

function orders(context: Route.LoaderArgs["context"], request: Request, token: string | undefined) {
  return token ? api(context, request, { public: true }) : api(context, request);
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!validId(params.orderId)) return linkGone();
  const orderId = params.orderId!;
  const inAddress = pageUrl(request).searchParams.get("token");
  if (inAddress) stashLinkToken("handoff", inAddress, SCOPES.handoff(orderId), request);
  const token = tokenOf(request, orderId);
  const order = await orders(context, request, token).call(LINK, {
    params: { orderId },
    query: token ? { token } : undefined,
    silentNotFound: true,
  });
  if (!order) return linkGone();
  return { gone: false as const, order };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  if (!validId(params.orderId)) return linkGone();
  const orderId = params.orderId!;
  const token = tokenOf(request, orderId);
  return formAction(
    { request, context },
    {
      schema: ContinueSchema,
      // The API answers { redirect } to the next step's page (a fresh link), which the client follows.
      submit: () => orders(context, request, token).call("POST /order-handoff/{orderId}", { params: { orderId }, form: { token } }),
      success: () => ({ redirectTo: SCOPES.handoff(orderId) }),
    },
  );
}

export default function OrderHandoff({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useT("orders");
  const windowText = useWindowText();
  const [form] = usePortalForm({
    schema: () => import("~/schemas/auth-flows").then((m) => m.ContinueSchema),
    lastResult: actionData && "result" in actionData ? actionData : undefined,
  });
  if (loaderData.gone) return <LinkGone title={t("notFoundTitle")} />;
  const { order } = loaderData;
  const next = order.next_step ?? "none";
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title={t("handoff.title")}
        subtitle={
          <>
            {t("orderLine", { contract: order.contract_name, number: order.order_number })}
            <br />
            {t("placedOn", { date: formatDate(order.placed_on, language) })}
          </>
        }
      />
      <div className="space-y-6">
        <Card title={t("handoff.nextTitle")} id="next-step">
          <p className="text-gray-900" data-testid="next-step">
            {t(`handoff.next.${next}`)}
          </p>
          {order.next_step ? (
            <>
              <ErrorSummary form={form} />
              <Form method="post" {...getFormProps(form)} className="mt-4">
                <SubmitButton>{t("handoff.continue")}</SubmitButton>
              </Form>
            </>
          ) : null}
        </Card>
        <Card title={t("summary.detailsTitle")} id="order-details">
          <Details
            items={[
              [t("summary.status"), <OrderStatusText key="s" status={order.status} />],
              [t("installAddress"), <AddressLines key="a" address={order.install_address} />],
              [
                t("handoff.appointment"),
                order.appointment ? (
                  <span key="w">
                    {windowText(order.appointment)} ·{" "}
                    {order.appointment_confirmed ? t("summary.appointmentConfirmed") : t("summary.appointmentPending")}
                  </span>
                ) : (
                  t("summary.noAppointment")
                ),
              ],
              [t("handoff.monthlyTotal"), formatMoney(order.monthly_total, language)],
              [t("handoff.oneTimeTotal"), formatMoney(order.one_time_total, language)],
            ]}
          />
        </Card>
        {order.sales_agent ? (
          <Card title={t("handoff.agent")} id="agent">
            <p className="font-semibold text-gray-900">{order.sales_agent.name}</p>
            <p>
              <a href={`mailto:${order.sales_agent.email}`}>{order.sales_agent.email}</a>
            </p>
            <p>
              <a href={`tel:${order.sales_agent.phone.replace(/[^\d+]/g, "")}`}>{order.sales_agent.phone}</a>
            </p>
          </Card>
        ) : null}
      </div>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
