/**
 * /confirmation/order/{token}: the booked installation window; confirm it, or choose another offered
 * window (GET/POST /order-confirmation/{token}), then /order-confirmed. An unknown or expired link
 * shows the not-found text.
 */
import { getFormProps } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { Form, redirect } from "react-router";
import type { Route } from "./+types/order-confirmation";
import { AddressLines } from "~/components/AddressLines";
import { OrderLinkGone, OrderStatusText, useWindowText } from "~/components/auth-flows/OrderBits";
import { Card } from "~/components/Card";
import { PageAlert } from "~/components/PageAlert";
import { PageHeader } from "~/components/PageHeader";
import { ErrorSummary, RadioGroup, SubmitButton } from "~/components/form";
import { api } from "~/lib/api.server";
import { getConfig } from "~/lib/config.server";
import { formAction } from "~/lib/form-action.server";
import { formatDate } from "~/lib/i18n";
import { linkToken, stashLinkToken } from "~/lib/link-token.server";
import { usePortalForm } from "~/lib/use-portal-form";
import { useT } from "~/lib/use-t";
import { AppointmentSchema } from "~/schemas/auth-flows";
import { orderLinkGone, readOrderConfirmation, SCOPES } from "./shared.server";

export const handle = { i18n: ["orders", "api"] };
const constraint = getZodConstraint(AppointmentSchema);
const CONFIRMATION_SCOPE = SCOPES.confirmation;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (params.token) stashLinkToken("confirmation", params.token, CONFIRMATION_SCOPE, request);
  const token = linkToken(request, "confirmation", CONFIRMATION_SCOPE);
  const order = token ? await readOrderConfirmation(api(context, request, { public: true }), token) : null;
  if (!order) return orderLinkGone(context);
  return { gone: false as const, order, phone: getConfig().SUPPORT_PHONE, constraint };
}

export async function action({ request, context }: Route.ActionArgs) {
  const token = linkToken(request, "confirmation", CONFIRMATION_SCOPE);
  if (!token) throw redirect(CONFIRMATION_SCOPE);
  return formAction(
    { request, context },
    {
      schema: AppointmentSchema,
      submit: (value) =>
        // The API answers { redirect: "/order-confirmed" }, which the client follows.
        api(context, request, { public: true }).call("POST /order-confirmation/{token}", { params: { token }, form: value }),
      success: () => ({ redirectTo: "/order-confirmed" }),
    },
  );
}

export default function OrderConfirmation({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useT("orders");
  const windowText = useWindowText();
  const order = loaderData.gone ? null : loaderData.order;
  const booked = order?.windows.find((w) => w.booked) ?? order?.appointment;
  const [form, fields] = usePortalForm({
    schema: () => import("~/schemas/auth-flows").then((m) => m.AppointmentSchema),
    lastResult: actionData,
    constraint: loaderData.gone ? undefined : loaderData.constraint,
    defaultValue: booked ? { window_id: String(booked.window_id) } : undefined,
  });
  if (loaderData.gone) return <OrderLinkGone help={loaderData.help} />;
  if (!order) return null;
  const open = order.status === "awaiting_appointment" || order.status === "awaiting_agreement" || order.status === "scheduled";
  // Windows the customer may pick: the booked one, and others more than 24 hours away while changes are allowed.
  const choices = order.windows.filter((w) => w.booked || (order.can_change && w.available));
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={t("confirm.title")} subtitle={order.order_number} />
      <div className="space-y-6">
        <Card title={t("confirm.booked")} id="booked">
          {booked ? <p className="font-semibold text-gray-900">{windowText(booked)}</p> : <p>{t("summary.noAppointment")}</p>}
          <div className="mt-2 text-gray-800">
            <AddressLines address={order.install_address} />
          </div>
          {order.confirmed_at ? (
            <p className="mt-2 text-gray-800">{t("confirm.confirmedAt", { date: formatDate(order.confirmed_at, language) })}</p>
          ) : null}
        </Card>
        {!open ? (
          <PageAlert tone="info" title={t("confirm.closed", { status: t(`status.${order.status}`) })} />
        ) : choices.length === 0 ? (
          <PageAlert tone="info" title={t("confirm.noWindows")} />
        ) : (
          <section aria-labelledby="choose" className="rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
            <h2 id="choose" className="sr-only">
              {t("confirm.legend")}
            </h2>
            {!order.confirmed_at ? <p className="mb-4 text-gray-900">{t("confirm.notConfirmed")}</p> : null}
            {!order.can_change ? <p className="mb-4 text-gray-900">{t("confirm.cannotChange", { phone: loaderData.phone })}</p> : null}
            <ErrorSummary form={form} />
            <Form method="post" {...getFormProps(form)} className="space-y-6">
              <RadioGroup
                meta={fields.window_id}
                legend={t("confirm.legend")}
                hint={order.can_change ? t("confirm.hint") : undefined}
                options={choices.map((w) => ({
                  value: String(w.window_id),
                  label: windowText(w),
                  hint: w.booked ? t("confirm.bookedOption") : undefined,
                }))}
              />
              <SubmitButton>{t("confirm.submit")}</SubmitButton>
            </Form>
          </section>
        )}
        <p className="text-sm text-gray-700">
          <OrderStatusText status={order.status} />
        </p>
      </div>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
