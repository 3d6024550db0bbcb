/**
 * /billing/{customerId}/autopay/pad: set up (or replace) pre-authorized debit (POST
 * /billing/{id}/autopay/pad, multipart, with the idempotency key of the rendered page): institution
 * number (3 digits), transit number (5 digits), account number (digits), account holder, branch
 * address (7 characters or more), the PAD agreement shown in full and accepted, and a void cheque
 * (JPG, JPEG, PNG, BMP or PDF, 20 MB at most; the API checks it again by content). A new agreement
 * starts "pending setup" for the setup notice period. Over card autopay in force, the page says so first
 * and the debit replaces it only with the box ticked (card payments then stop).
 */
import { getFormProps } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import type { Route } from "./+types/autopay-pad";
import { AccountLine } from "~/components/billing/AccountLine";
import { BankAccountFields } from "~/components/billing/PaymentFields";
import { Checkbox, ErrorSummary, FileInput, SubmitButton, TextArea } from "~/components/form";
import { PageAlert, PageAlerts } from "~/components/PageAlert";
import { PageHeader } from "~/components/PageHeader";
import { api } from "~/lib/api.server";
import { requireCustomer } from "~/lib/auth.server";
import { requireAutopayFeature } from "./billing.server";
import { formAction, newIdempotencyKey } from "~/lib/form-action.server";
import { formatDate } from "~/lib/i18n";
import { usePortalForm } from "~/lib/use-portal-form";
import { useT } from "~/lib/use-t";
import { PadSchema } from "~/schemas/billing";
import type { PageHandle } from "~/lib/page-handle";

// Each view carries a new idempotency key: never answered 304 (app/lib/page-handle.ts).
export const handle = { cache: "never", i18n: ["billing", "api"] } satisfies PageHandle;

const constraint = getZodConstraint(PadSchema);
const AGREEMENT_PARAGRAPHS = ["p1", "p2", "p3", "p4", "p5", "p6", "p7"] as const;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireAutopayFeature();
  const customer = await requireCustomer(context, request, params, { manageBilling: true });
  const { autopayDetails } = await api(context, request).call("GET /billing/{id}/autopay", { params: { id: customer.customer_id } });
  const pad = autopayDetails.pad;
  return {
    customer: { customer_id: customer.customer_id, contract_name: customer.contract_name },
    replacing: pad && (pad.status === "pending_setup" || pad.status === "active") ? pad : null,
    // One automatic method at a time: card autopay is replaced only by the customer's choice (decision 080).
    cardInForce:
      autopayDetails.card?.status === "active" ? { brand: autopayDetails.card.brand, last4: autopayDetails.card.last_four } : null,
    notice: autopayDetails.pad_notice_periods,
    idempotencyKey: newIdempotencyKey(),
    constraint,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  requireAutopayFeature();
  const customer = await requireCustomer(context, request, params, { manageBilling: true });
  return formAction(
    { request, context },
    {
      schema: PadSchema,
      files: { field: "void_cheque", purpose: "void_cheque" },
      hideFields: ["account_number", "void_cheque"],
      idempotent: true,
      submit: (value, { idempotencyKey }) =>
        api(context, request).call("POST /billing/{id}/autopay/pad", {
          params: { id: customer.customer_id },
          idempotencyKey,
          form: {
            institution_number: value.institution_number,
            transit_number: value.transit_number,
            account_number: value.account_number,
            account_holder: value.account_holder,
            branch_address: value.branch_address,
            agreement_accepted: "true",
            ...(value.replace_card === "on" ? { replace_card: "true" } : {}),
            void_cheque: value.void_cheque,
          },
        }),
      success: ({ autopayDetails }, _value, { language }) => ({
        redirectTo: `/billing/${customer.customer_id}/autopay`,
        notification: {
          key: "billing:autopay.notifyPadSetUp",
          values: { date: autopayDetails.pad ? formatDate(autopayDetails.pad.active_from, language) : "" },
        },
      }),
    },
  );
}

export default function PadAutopay({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("billing");
  const { customer, replacing, notice, cardInForce } = loaderData;
  const [form, fields] = usePortalForm({
    schema: () => import("~/schemas/billing").then((m) => m.PadSchema),
    lastResult: actionData,
    constraint: loaderData.constraint,
  });
  const idempotencyKey = actionData?.idempotencyKey ?? loaderData.idempotencyKey;
  const back = `/billing/${customer.customer_id}/autopay`;

  return (
    <div className="max-w-2xl">
      <PageHeader
        title={replacing ? t("autopay.replacePadTitle") : t("autopay.setUpPadTitle")}
        subtitle={<AccountLine customer={customer} />}
      />
      <div className="mb-6 space-y-2 text-gray-800">
        {replacing ? <p>{t("autopay.replacingPad", { last4: replacing.account_last_four })}</p> : null}
        <p>{t("autopay.padWhen")}</p>
        <p>{t("autopay.padNotice", { debit: notice.debit_notice_days, setup: notice.setup_days, cancel: notice.cancellation_days })}</p>
      </div>
      {cardInForce ? (
        <PageAlerts>
          <PageAlert tone="warning" title={t("autopay.otherMethodTitle")} testId="alert-replace-card">
            <p>
              {t("autopay.replaceCardWarning", {
                brand: t(`brand.${cardInForce.brand}`),
                last4: cardInForce.last4,
                days: notice.setup_days,
              })}
            </p>
          </PageAlert>
        </PageAlerts>
      ) : null}
      <ErrorSummary form={form} />
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-8">
        <input type="hidden" name="idempotency_key" value={idempotencyKey} />
        {cardInForce ? <input type="hidden" name="in_force" value="1" /> : null}
        <fieldset className="space-y-4 rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
          <legend className="px-1 text-lg font-semibold text-gray-900">{t("pad.bankTitle")}</legend>
          <BankAccountFields fields={fields} />
          <TextArea meta={fields.branch_address} label={t("pad.branchAddress")} hint={t("pad.branchAddressHint")} rows={2} />
        </fieldset>

        <fieldset className="space-y-4 rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
          <legend className="px-1 text-lg font-semibold text-gray-900">{t("pad.chequeTitle")}</legend>
          <FileInput meta={fields.void_cheque} label={t("pad.voidCheque")} purpose="void_cheque" />
        </fieldset>

        <div className="space-y-4 rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
          <h2 id="agreement-heading" className="text-lg font-semibold text-gray-900">
            {t("padAgreement.title")}
          </h2>
          {/* The agreement in full: a scrolling region a keyboard can reach. */}
          <div
            role="region"
            aria-labelledby="agreement-heading"
            tabIndex={0}
            className="max-h-72 space-y-3 overflow-y-auto rounded-md border border-gray-300 bg-gray-50 p-4 text-sm text-gray-900"
            data-testid="pad-agreement"
          >
            {AGREEMENT_PARAGRAPHS.map((key) => (
              <p key={key}>
                {t(`padAgreement.${key}`, { debit: notice.debit_notice_days, setup: notice.setup_days, cancel: notice.cancellation_days })}
              </p>
            ))}
          </div>
          <Checkbox meta={fields.agreement_accepted} label={t("pad.accept")} />
          {cardInForce ? (
            <Checkbox
              meta={fields.replace_card}
              label={t("autopay.replaceCardBox", { brand: t(`brand.${cardInForce.brand}`), last4: cardInForce.last4 })}
            />
          ) : null}
        </div>

        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <SubmitButton>{replacing ? t("autopay.replacePadSubmit") : t("autopay.setUpPadSubmit")}</SubmitButton>
          <Link to={back} className="text-center">
            {t("cancel")}
          </Link>
        </div>
      </Form>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
