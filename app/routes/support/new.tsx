/**
 * /support/{customerId}/new: the support form (POST /support/tickets/{customerId}, multipart): a
 * category, a subject, a description, CC e-mail addresses and up to five attachments (JPG, PNG or PDF,
 * 10 MB each; the API recognises them by content). Without JavaScript it is a plain multipart post;
 * with it, chosen files are listed and can be taken out before sending. A refused post keeps
 * everything typed (files have to be chosen again: browsers never refill a file field).
 */
import { getFormProps } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import type { Route } from "./+types/new";
import type { PageHandle } from "~/lib/page-handle";
import { ErrorSummary, Field, FileInput, Select, SubmitButton, TextArea } from "~/components/form";
import { PageHeader } from "~/components/PageHeader";
import { api } from "~/lib/api.server";
import { requireCustomer } from "~/lib/auth.server";
import { formAction, newIdempotencyKey } from "~/lib/form-action.server";
import { useHydrated } from "~/lib/use-hydrated";
import { usePortalForm } from "~/lib/use-portal-form";
import { useT } from "~/lib/use-t";
import { SupportTicketSchema } from "~/schemas/support";
import { requireTicketRole, supportSettings } from "./support.server";
import { supportPath } from "./paths";

// Each view carries a new idempotency key: never answered 304 (app/lib/page-handle.ts).
export const handle = { cache: "never", i18n: ["support", "api"] } satisfies PageHandle;

const constraint = getZodConstraint(SupportTicketSchema);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const customer = await requireCustomer(context, request, params);
  requireTicketRole(customer);
  const { categories } = await api(context, request).call("GET /support/tickets/{customerId}", {
    params: { customerId: customer.customer_id },
  });
  return {
    customer: { customer_id: customer.customer_id, contract_name: customer.contract_name },
    categories,
    phone: supportSettings().phone,
    idempotencyKey: newIdempotencyKey(),
    constraint,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const customer = await requireCustomer(context, request, params);
  requireTicketRole(customer);
  return formAction(
    { request, context },
    {
      schema: SupportTicketSchema,
      files: { field: "attachments", purpose: "support_attachment" },
      hideFields: ["attachments"],
      idempotent: true,
      submit: (value, { idempotencyKey }) =>
        api(context, request).call("POST /support/tickets/{customerId}", {
          params: { customerId: customer.customer_id },
          idempotencyKey,
          form: {
            category: value.category,
            subject: value.subject,
            description: value.description,
            cc_emails: value.cc_emails ?? "",
            attachments: value.attachments ?? [],
          },
        }),
      success: ({ ticket_number }) => ({
        redirectTo: supportPath(customer.customer_id),
        notification: { key: "support:form.notifySent", values: { number: ticket_number } },
      }),
    },
  );
}

export default function NewTicket({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("support");
  const { customer, categories } = loaderData;
  const [form, fields] = usePortalForm({
    schema: () => import("~/schemas/support").then((m) => m.SupportTicketSchema),
    lastResult: actionData,
    constraint: loaderData.constraint,
  });
  const back = supportPath(customer.customer_id);
  // Without JavaScript the browser empties the file field after a refusal; with it, the chosen files stay listed.
  const hydrated = useHydrated();
  const chooseAgain = Boolean(actionData) && !hydrated;
  return (
    <div className="max-w-2xl">
      <PageHeader title={t("form.title")} subtitle={t("accountLine", { name: customer.contract_name, id: customer.customer_id })} />
      <p className="mb-6 text-gray-800">{t("form.intro", { phone: loaderData.phone })}</p>
      <ErrorSummary form={form} />
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        className="space-y-6 rounded-lg border border-gray-200 bg-white p-5 shadow-sm"
      >
        <input type="hidden" name="idempotency_key" value={actionData?.idempotencyKey ?? loaderData.idempotencyKey} />
        <Select
          meta={fields.category}
          label={t("form.category")}
          options={[{ value: "", label: t("form.chooseCategory") }, ...categories.map((c) => ({ value: c.value, label: c.label }))]}
        />
        <Field meta={fields.subject} label={t("form.subject")} hint={t("form.subjectHint")} />
        <TextArea meta={fields.description} label={t("form.description")} hint={t("form.descriptionHint")} rows={6} />
        <Field
          meta={fields.cc_emails}
          label={`${t("form.cc")} ${t("optional")}`}
          hint={t("form.ccHint")}
          inputProps={{ inputMode: "email", autoComplete: "off" }}
        />
        <div>
          <FileInput
            meta={fields.attachments}
            label={`${t("form.attachments")} ${t("optional")}`}
            purpose="support_attachment"
            multiple
            listFiles
          />
          {chooseAgain ? <p className="mt-1 text-sm text-gray-800">{t("form.chooseAgain")}</p> : null}
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <SubmitButton>{t("form.submit")}</SubmitButton>
          <Link to={back} className="text-center">
            {t("cancel")}
          </Link>
        </div>
      </Form>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
