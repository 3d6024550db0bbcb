/**
 * /billing/{customerId}/proof-of-payment: an account suspended for non-payment sends proof that it
 * paid elsewhere (POST /billing/{id}/proof-of-payment, multipart): 1 to 5 files (JPG, PNG or PDF,
 * 20 MB each at most) and a note. The account then shows "under review". The page names what is still
 * owed (the summary's amount_due), or says that the payments on their way cover the balance.
 */
import { getFormProps } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import type { Route } from "./+types/proof-of-payment";
import { AccountLine } from "~/components/billing/AccountLine";
import { ErrorSummary, FileInput, SubmitButton, TextArea } from "~/components/form";
import { PageAlert } from "~/components/PageAlert";
import { PageHeader, secondaryLinkClass } from "~/components/PageHeader";
import { api } from "~/lib/api.server";
import { requireCustomer } from "~/lib/auth.server";
import { formAction } from "~/lib/form-action.server";
import { formatMoney } from "~/lib/i18n";
import { usePortalForm } from "~/lib/use-portal-form";
import { useT } from "~/lib/use-t";
import { ProofOfPaymentSchema } from "~/schemas/billing";
import { stillOwed } from "./billing.server";

export const handle = { i18n: ["billing", "api"] };

const constraint = getZodConstraint(ProofOfPaymentSchema);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const customer = await requireCustomer(context, request, params, { manageBilling: true });
  const summary = await api(context, request).call("GET /billing/{id}/summary", { params: { id: customer.customer_id } });
  return {
    customer: { customer_id: customer.customer_id, contract_name: customer.contract_name },
    suspended: summary.suspended_for_nonpayment,
    submitted: summary.submitted_proof_of_payment,
    // What is still owed, as the billing summary says it: a payment on its way is not asked for again.
    owed: stillOwed(summary.balanceDetails),
    constraint,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const customer = await requireCustomer(context, request, params, { manageBilling: true });
  return formAction(
    { request, context },
    {
      schema: ProofOfPaymentSchema,
      files: { field: "attachments", purpose: "proof_of_payment" },
      hideFields: ["attachments"],
      submit: (value) =>
        api(context, request).call("POST /billing/{id}/proof-of-payment", {
          params: { id: customer.customer_id },
          form: { attachments: value.attachments, note: value.note },
        }),
      success: ({ file_count }) => ({
        redirectTo: `/billing/${customer.customer_id}`,
        notification: { key: "billing:proof.notifySent", values: { count: file_count } },
      }),
    },
  );
}

export default function ProofOfPayment({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useT("billing");
  const { customer, suspended, submitted, owed } = loaderData;
  const [form, fields] = usePortalForm({
    schema: () => import("~/schemas/billing").then((m) => m.ProofOfPaymentSchema),
    lastResult: actionData,
    constraint: loaderData.constraint,
  });
  const back = `/billing/${customer.customer_id}`;

  return (
    <div className="max-w-2xl">
      <PageHeader title={t("proof.title")} subtitle={<AccountLine customer={customer} />} />
      {!suspended ? (
        <>
          <PageAlert tone="info" title={t("proof.notSuspendedTitle")}>
            <p>{t("proof.notSuspendedText")}</p>
          </PageAlert>
          <p className="mt-6">
            <Link to={back} className={secondaryLinkClass}>
              {t("backToSummary")}
            </Link>
          </p>
        </>
      ) : (
        <>
          <div className="mb-6 space-y-2 text-gray-800">
            <p>
              {owed.amountDue > 0
                ? t("proof.intro", { amount: formatMoney(owed.amountDue, language) })
                : t("proof.introOnItsWay", { amount: formatMoney(owed.pendingTotal, language), count: owed.pendingCount })}
            </p>
            {submitted ? <p className="font-medium">{t("proof.alreadySent")}</p> : null}
          </div>
          <ErrorSummary form={form} />
          <Form
            method="post"
            encType="multipart/form-data"
            {...getFormProps(form)}
            className="space-y-6 rounded-lg border border-gray-200 bg-white p-5 shadow-sm"
          >
            <TextArea meta={fields.note} label={`${t("proof.note")} ${t("optional")}`} hint={t("proof.noteHint")} />
            {/* Last: a browser sends the form's parts in this order, so a file refused for its size leaves the note read. */}
            <FileInput meta={fields.attachments} label={t("proof.files")} purpose="proof_of_payment" multiple />
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
              <SubmitButton>{t("proof.submit")}</SubmitButton>
              <Link to={back} className="text-center">
                {t("cancel")}
              </Link>
            </div>
          </Form>
        </>
      )}
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
