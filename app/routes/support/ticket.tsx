/**
 * /support/{customerId}/tickets/{ticketNumber}: one support request and its conversation (GET
 * /support/tickets/{customerId}/{ticketNumber}): subject, status, number, topic and dates, then the
 * messages of both sides, oldest first, each with who wrote it, when, and its attached files (each a
 * link that downloads it: ./ticket-attachment.tsx).
 *
 * Contacts with the support or authoritative role answer it: the reply form (a message of up to 5,000
 * characters and up to five attachments, the support form's rules; POST …/messages, multipart) sets
 * the request back to open; "Close this request" leads to a confirmation page (./ticket-close.tsx). A
 * closed request says until when it can be reopened (the button posts to ./ticket-reopen.tsx), or, 14
 * days after its closing, to open a new one. Other contacts read only, with a note saying who can
 * answer. Without JavaScript every form is a plain post; with it, chosen files are listed before sending.
 *
 * A reply refused because the request was closed meanwhile (another tab, or support) shows the page
 * closed, says why at the top, and keeps the whole message under the closed notice ("Your message, not
 * sent"), with "Reopen and send my reply" while the request can be reopened (./ticket-reopen.tsx does
 * both) or, past that, a link to a new request. With JavaScript the page reads its data again after a
 * refused post (`shouldRevalidate`), so that it shows the request as it is now.
 */
import { getFormProps } from "@conform-to/react";
import { lazy } from "react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { Form, Link, data, type ShouldRevalidateFunction } from "react-router";
import { HeadingText } from "~/components/HeadingText";
import type { Route } from "./+types/ticket";
import type { PageHandle } from "~/lib/page-handle";
import { TICKET_REOPEN_DAYS, type TicketDetail } from "#contract/support";
import { Card, Details } from "~/components/Card";
import { ErrorSummary, FileInput, SubmitButton, TextArea } from "~/components/form";
import { PageHeader, actionLinkClass } from "~/components/PageHeader";
import { StatusBadge } from "~/components/StatusBadge";
import { Conversation } from "~/components/support/Conversation";
import type { RefusedReply, UnsentReplyData } from "~/components/support/UnsentReply";
import { ApiFieldErrors, api } from "~/lib/api.server";
import { formAction, newIdempotencyKey, type FormReply } from "~/lib/form-action.server";
import { formatDate } from "~/lib/i18n";
import { useHydrated } from "~/lib/use-hydrated";
import { usePortalForm } from "~/lib/use-portal-form";
import { useT } from "~/lib/use-t";
import { TicketReplySchema } from "~/schemas/support";
import { canOpenTickets, loadTicket, supportSettings, ticketAddress } from "./support.server";
import { supportPath, ticketAttachmentPath, ticketPath } from "./paths";

// A reply not sent, with its texts, is loaded only by a page that shows one (the page is near its
// first-load budget): the page suspends while it arrives, as with LazyIncidentAlerts.
const unsentParts = () => import("~/components/support/UnsentReply");
const TicketReplyNotSent = lazy(() => unsentParts().then((m) => ({ default: m.TicketReplyNotSent })));
const ReopenedMeanwhile = lazy(() => unsentParts().then((m) => ({ default: m.ReopenedMeanwhile })));
const UnsentReply = lazy(() => unsentParts().then((m) => ({ default: m.UnsentReply })));

// Each view carries a new idempotency key: never answered 304 (app/lib/page-handle.ts).
export const handle = { cache: "never", i18n: ["support", "api"] } satisfies PageHandle;

const constraint = getZodConstraint(TicketReplySchema);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { customer, ticket, messages } = await loadTicket(context, request, params);
  return {
    customer: { customer_id: customer.customer_id, contract_name: customer.contract_name },
    ticket,
    messages,
    canWrite: canOpenTickets(customer),
    phone: supportSettings().phone,
    // From the loader: the contract's modules stay out of the browser's code.
    reopenDays: TICKET_REOPEN_DAYS,
    idempotencyKey: newIdempotencyKey(),
    constraint,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { customer, ticketNumber } = await ticketAddress(context, request, params, { write: true });
  // The reply as it went to the API: a refusal keeps it, for the page to show under a closed request.
  const sending: { reply?: UnsentReplyData } = {};
  const refused = await formAction(
    { request, context },
    {
      schema: TicketReplySchema,
      files: { field: "attachments", purpose: "support_attachment" },
      hideFields: ["attachments"],
      idempotent: true,
      submit: async (value, { idempotencyKey }) => {
        const unsent: UnsentReplyData = { message: value.message, files: value.attachments?.length ?? 0 };
        sending.reply = unsent;
        try {
          return await api(context, request).call("POST /support/tickets/{customerId}/{ticketNumber}/messages", {
            params: { customerId: customer.customer_id, ticketNumber },
            idempotencyKey,
            form: { message: value.message, attachments: value.attachments ?? [] },
          });
        } catch (error) {
          // Closed meanwhile (another tab, or support): the page shows it closed, the message kept under it.
          if (error instanceof ApiFieldErrors && error.errors._form?.includes("_form.ticket_closed")) unsent.closed = true;
          throw error;
        }
      },
      success: ({ ticket_number }) => ({
        redirectTo: ticketPath(customer.customer_id, ticket_number),
        notification: { key: "support:ticket.notifyReplied", values: { number: ticket_number } },
      }),
    },
  );
  const unsent = sending.reply;
  // One type for both answers (two would merge into the narrower one, losing `unsent`).
  return data<RefusedReply>(unsent ? { ...refused.data, unsent } : refused.data, refused.init ?? undefined);
}

/**
 * A refused reply reads the page's data again (a request closed meanwhile shows closed, with its Reopen
 * button), as the page sent without JavaScript does: React Router does not after a 4xx by itself.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  (actionStatus !== undefined && actionStatus >= 400) || defaultShouldRevalidate;

export default function TicketPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useT("support");
  const { customer, ticket, messages, canWrite, phone, reopenDays } = loaderData;
  const base = ticketPath(customer.customer_id, ticket.ticket_number);
  const closed = ticket.status === "closed";
  const unsent = actionData?.unsent;
  // Refused as closed, but open again by now (reopened meanwhile): the form has the message, without the stale reason.
  const reopenedMeanwhile = !closed && Boolean(unsent?.closed);
  const lastResult = reopenedMeanwhile && actionData ? { ...actionData, result: { ...actionData.result, error: {} } } : actionData;
  const idempotencyKey = actionData?.idempotencyKey ?? loaderData.idempotencyKey;
  const title = t("ticket.title", { number: ticket.ticket_number });
  return (
    <div className="max-w-3xl space-y-6">
      <PageHeader
        title={title}
        heading={<HeadingText text={title} reference={ticket.ticket_number} />}
        subtitle={t("accountLine", { name: customer.contract_name, id: customer.customer_id })}
      />
      {closed && unsent && canWrite ? <TicketReplyNotSent reply={unsent} canReopen={ticket.can_reopen} refusal={actionData} /> : null}
      {reopenedMeanwhile ? <ReopenedMeanwhile /> : null}
      <Card
        id="ticket-subject"
        title={<span className="break-words">{ticket.subject}</span>}
        actions={
          <StatusBadge
            status={ticket.status}
            label={t(ticket.status === "waiting_on_customer" && !canWrite ? "status.waitingOnOthers" : `status.${ticket.status}`)}
          />
        }
      >
        <Details
          items={[
            [t("ticket.number"), ticket.ticket_number],
            [t("ticket.category"), ticket.category_name],
            [t("ticket.opened"), formatDate(ticket.created_at, language)],
            [t("ticket.updated"), formatDate(ticket.updated_at, language)],
            ...(ticket.closed_at ? [[t("ticket.closed"), formatDate(ticket.closed_at, language)] as [string, string]] : []),
          ]}
        />
      </Card>

      <section aria-labelledby="conversation-heading" data-testid="conversation">
        <h2 id="conversation-heading" className="text-lg font-semibold text-gray-900">
          {t("ticket.conversation")}
        </h2>
        <Conversation
          messages={messages}
          headingId="conversation-heading"
          fileHref={(attachmentId) => ticketAttachmentPath(customer.customer_id, ticket.ticket_number, attachmentId)}
        />
      </section>

      {closed ? (
        <ClosedNotice
          ticket={ticket}
          customerId={customer.customer_id}
          canWrite={canWrite}
          reopenAction={`${base}/reopen`}
          reopenDays={reopenDays}
          unsent={unsent}
          idempotencyKey={idempotencyKey}
        />
      ) : canWrite ? (
        // A new message remounts the form: after a reply is sent, it is empty again.
        <ReplyForm
          key={messages.length}
          waiting={ticket.status === "waiting_on_customer"}
          lastResult={lastResult}
          constraint={loaderData.constraint}
          idempotencyKey={idempotencyKey}
        />
      ) : null}

      {canWrite ? null : (
        <Card id="read-only-heading" title={t("ticket.readOnlyTitle")}>
          <p className="text-gray-800" data-testid="read-only-note">
            {t("ticket.readOnly", { phone })}
          </p>
        </Card>
      )}

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <Link to={supportPath(customer.customer_id)}>{t("ticket.back")}</Link>
        {canWrite && !closed ? (
          <Link to={`${base}/close`} className="font-semibold text-error underline">
            {t("ticket.close")}
          </Link>
        ) : null}
      </div>
    </div>
  );
}

function ReplyForm({
  waiting,
  lastResult,
  constraint,
  idempotencyKey,
}: {
  waiting: boolean;
  lastResult: FormReply | undefined;
  constraint: Record<string, unknown>;
  /** The key this view's reply is sent with (a new one after a refusal). */
  idempotencyKey: string;
}) {
  const { t } = useT("support");
  const [form, fields] = usePortalForm({
    schema: () => import("~/schemas/support").then((m) => m.TicketReplySchema),
    lastResult,
    constraint,
  });
  // Without JavaScript the browser empties the file field after a refusal; with it, the chosen files stay listed.
  const hydrated = useHydrated();
  const chooseAgain = Boolean(lastResult) && !hydrated;
  return (
    <section aria-labelledby="reply-heading" className="rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
      <h2 id="reply-heading" className="text-lg font-semibold text-gray-900">
        {t("ticket.replyTitle")}
      </h2>
      {waiting ? <p className="mt-1 text-gray-800">{t("ticket.waiting")}</p> : null}
      <div className="mt-4">
        <ErrorSummary form={form} />
      </div>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-6">
        <input type="hidden" name="idempotency_key" value={idempotencyKey} />
        <TextArea meta={fields.message} label={t("ticket.message")} hint={t("ticket.messageHint")} rows={6} />
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
        <SubmitButton>{t("ticket.send")}</SubmitButton>
      </Form>
    </section>
  );
}

function ClosedNotice({
  ticket,
  customerId,
  canWrite,
  reopenAction,
  reopenDays,
  unsent,
  idempotencyKey,
}: {
  ticket: TicketDetail;
  customerId: number;
  canWrite: boolean;
  reopenAction: string;
  reopenDays: number;
  /** A reply refused on this page (closed meanwhile): kept here, to send once reopened or to copy. */
  unsent: UnsentReplyData | undefined;
  /** The key the kept reply goes with when reopened and sent. */
  idempotencyKey: string;
}) {
  const { t, language } = useT("support");
  const date = ticket.closed_at ? formatDate(ticket.closed_at, language) : "";
  return (
    <section
      aria-labelledby="closed-heading"
      className="rounded-lg border border-gray-200 bg-white p-5 shadow-sm"
      data-testid="closed-notice"
    >
      <h2 id="closed-heading" className="text-lg font-semibold text-gray-900">
        {t("ticket.closedTitle")}
      </h2>
      {ticket.can_reopen && ticket.reopen_until ? (
        <>
          <p className="mt-2 text-gray-800">{t("ticket.closedCanReopen", { date, until: formatDate(ticket.reopen_until, language) })}</p>
          {canWrite && unsent ? (
            // A document post: a refusal shows the reopen page (which keeps the message), not this one.
            <UnsentReply reply={unsent} send={{ action: reopenAction, idempotencyKey, reloadDocument: true }} />
          ) : canWrite ? (
            <Form method="post" action={reopenAction} className="mt-4">
              <SubmitButton action={reopenAction}>{t("ticket.reopen")}</SubmitButton>
            </Form>
          ) : null}
        </>
      ) : (
        <>
          <p className="mt-2 text-gray-800">{t("ticket.closedForGood", { date, days: reopenDays })}</p>
          {canWrite && unsent ? <UnsentReply reply={unsent} /> : null}
          {canWrite ? (
            <p className="mt-4">
              <Link to={`${supportPath(customerId)}/new`} className={actionLinkClass}>
                {t("newTicket")}
              </Link>
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
