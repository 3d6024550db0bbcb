/** What the billing pages share on the server. */
import { data, type RouterContextProvider } from "react-router";
import type { BalanceDetails } from "#contract/billing";
import { api, type ApiClient } from "~/lib/api.server";
import { requireCustomer } from "~/lib/auth.server";
import { featureFlags } from "~/lib/config.server";
import { formAction } from "~/lib/form-action.server";
import { ConfirmSchema } from "~/schemas/confirm";

/** A loader's or an action's arguments, as far as these helpers read them. */
interface PageArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
  params: { customerId?: string };
}

/**
 * What a suspension notice asks for (docs/billing.md, "Suspension for non-payment"): what is still owed,
 * the API's `amount_due` (the balance less the payments on their way, never below zero), never the
 * balance, so that a payment on its way is not asked for again; and what is on its way, which the notice
 * names when it covers the balance. From the billing summary's balance or the dashboard's billing details.
 */
export const stillOwed = (balance: Pick<BalanceDetails, "amount_due" | "pending_total"> & { pending_payments: readonly unknown[] }) => ({
  amountDue: balance.amount_due,
  pendingTotal: balance.pending_total,
  pendingCount: balance.pending_payments.length,
});

/** Automatic payments exist only while the autopay feature is on (FEATURE_AUTOPAY_BILLING): 404 otherwise. */
export function requireAutopayFeature(): void {
  if (!featureFlags().autopayBilling) throw data({ kind: "not-found" }, { status: 404 });
}

/**
 * For the loader of a page that stops or removes an automatic payment: the feature on (404), a contact
 * who manages the account's billing (403), and the account's automatic payments as they are now.
 */
export async function autopayToChange({ request, context, params }: PageArgs) {
  requireAutopayFeature();
  const customer = await requireCustomer(context, request, params, { manageBilling: true });
  const { autopayDetails } = await api(context, request).call("GET /billing/{id}/autopay", { params: { id: customer.customer_id } });
  return { customer: { customer_id: customer.customer_id, contract_name: customer.contract_name }, autopay: autopayDetails };
}

/**
 * The action of such a page: the same checks, the confirmation posted (ConfirmSchema), `submit` (the
 * DELETE) for the account, then back to the automatic payments page with `notification` (a message key,
 * or one chosen from the API's answer). A refusal keeps the page with its message (formAction).
 */
export async function confirmAutopayChange<R>(
  { request, context, params }: PageArgs,
  submit: (client: ApiClient, customerId: number) => Promise<R>,
  notification: string | ((answer: R) => string),
) {
  requireAutopayFeature();
  const customer = await requireCustomer(context, request, params, { manageBilling: true });
  const id = customer.customer_id;
  return formAction(
    { request, context },
    {
      schema: ConfirmSchema,
      submit: () => submit(api(context, request), id),
      success: (answer) => ({
        redirectTo: `/billing/${id}/autopay`,
        notification: { key: typeof notification === "string" ? notification : notification(answer) },
      }),
    },
  );
}
