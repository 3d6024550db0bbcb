/**
 * /support/{customerId}/tickets/{ticketNumber}/reopen: reopening a closed support request within 14 days
 * of its closing (POST /support/tickets/{customerId}/{ticketNumber}/reopen). The request's page posts its
 * "Reopen this request" button here directly; opened by its address, this page asks first. Past the 14
 * days (or when the API says so) it says to open a new request instead. Contacts with the support or
 * authoritative role only (403 otherwise); a request that is not closed leads back to its page.
 *
 * "Reopen and send my reply" (the request's page, after a reply refused because the request was closed
 * meanwhile) posts the kept message here too, with the reply's idempotency key: the request is reopened
 * (one open already, by a second press or a colleague, is fine), then the reply is sent (POST …/messages),
 * and the request's page says both. When either fails, this page says which (the request not reopened,
 * or reopened but the reply not sent) and why, and keeps the message: to send again (a reply of the open
 * request, or reopen and send again) or, past the reopening days, to copy into a new request. That post
 * is a document post, so that its refusal renders here (the loader does not lead an open request away
 * then).
 */
import { Link, createContext, data, redirect } from "react-router";
import { z } from "zod";
import { HeadingText } from "~/components/HeadingText";
import type { Route } from "./+types/ticket-reopen";
import { TICKET_REOPEN_DAYS } from "#contract/support";
import { ConfirmForm } from "~/components/form";
import { unplacedMessages } from "~/components/form/RefusedPostAlert";
import { PageHeader, actionLinkClass } from "~/components/PageHeader";
import { ReplyNotSent, UnsentReply, type RefusedReply, type UnsentReplyData } from "~/components/support/UnsentReply";
import { ApiFieldErrors, api } from "~/lib/api.server";
import { FieldRefusal, formAction } from "~/lib/form-action.server";
import { translateMessage } from "~/lib/form-messages";
import { formatDate } from "~/lib/i18n";
import { useT } from "~/lib/use-t";
import { TicketReplySchema } from "~/schemas/support";
import { loadTicket, ticketAddress } from "./support.server";
import { supportPath, ticketPath } from "./paths";

export const handle = { i18n: ["support", "api"] };

/** A plain reopen posts nothing; reopen and send posts the kept message and the reply's key (the reply form's rules). */
const ReopenSchema = z.object({
  message: TicketReplySchema.shape.message.optional(),
  idempotency_key: TicketReplySchema.shape.idempotency_key.optional(),
});

/** Set on a document post whose reply was not sent: the page renders to keep it, whatever the request's status. */
const keptReply = createContext(false);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { customer, ticket } = await loadTicket(context, request, params, { write: true });
  // A plain reopen refused as open already (pressed twice) leads to the request, as a visit does.
  if (ticket.status !== "closed" && !context.get(keptReply)) throw redirect(ticketPath(customer.customer_id, ticket.ticket_number));
  return {
    customer: { customer_id: customer.customer_id, contract_name: customer.contract_name },
    ticket: {
      ticket_number: ticket.ticket_number,
      subject: ticket.subject,
      status: ticket.status,
      closed_at: ticket.closed_at,
      can_reopen: ticket.can_reopen,
    },
    reopenDays: TICKET_REOPEN_DAYS,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { customer, ticketNumber } = await ticketAddress(context, request, params, { write: true });
  const address = { params: { customerId: customer.customer_id, ticketNumber } };
  const client = api(context, request);
  // The reply being sent, and whether the request is open by now: a refusal says so and keeps the message.
  const sending: { reply?: UnsentReplyData } = {};
  const refused = await formAction(
    { request, context },
    {
      schema: ReopenSchema,
      idempotent: true,
      submit: async ({ message }, { idempotencyKey }) => {
        const unsent: UnsentReplyData | undefined = message === undefined ? undefined : { message, files: 0, idempotencyKey };
        sending.reply = unsent;
        if (unsent && !idempotencyKey) throw new FieldRefusal({ idempotency_key: ["api:idempotency_key.required"] });
        try {
          await client.call("POST /support/tickets/{customerId}/{ticketNumber}/reopen", address);
        } catch (error) {
          // Open already (the button pressed twice, a colleague): the reply still goes, once (its key).
          const open = error instanceof ApiFieldErrors && error.errors._form?.includes("_form.ticket_not_closed");
          if (!(unsent && open)) throw error;
        }
        if (!unsent) return { ticket_number: ticketNumber, sent: false };
        unsent.open = true;
        const sent = await client.call("POST /support/tickets/{customerId}/{ticketNumber}/messages", {
          ...address,
          idempotencyKey,
          form: { message: unsent.message, attachments: [] },
        });
        return { ticket_number: sent.ticket_number, sent: true };
      },
      success: ({ ticket_number, sent }) => ({
        redirectTo: ticketPath(customer.customer_id, ticket_number),
        notification: {
          key: sent ? "support:reopenTicket.notifyReopenedAndSent" : "support:reopenTicket.notifyReopened",
          values: { number: ticket_number },
        },
      }),
    },
  );
  const unsent = sending.reply;
  if (unsent) context.set(keptReply, true);
  // One type for both answers (two would merge into the narrower one, losing `unsent`).
  if (!unsent) return data<RefusedReply>(refused.data, refused.init ?? undefined);
  // A refusal hands out a new key; a failure that may have sent the reply keeps its own (the API answers it once).
  const idempotencyKey = refused.data.idempotencyKey ?? unsent.idempotencyKey;
  return data<RefusedReply>({ ...refused.data, unsent: { ...unsent, idempotencyKey } }, refused.init ?? undefined);
}

export default function ReopenTicket({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useT("support");
  const { customer, ticket, reopenDays } = loaderData;
  const back = ticketPath(customer.customer_id, ticket.ticket_number);
  const date = ticket.closed_at ? formatDate(ticket.closed_at, language) : "";
  const unsent = actionData?.unsent;
  return (
    <div>
      <PageHeader
        title={t("reopenTicket.title", { number: ticket.ticket_number })}
        heading={<HeadingText text={t("reopenTicket.title", { number: ticket.ticket_number })} reference={ticket.ticket_number} />}
        subtitle={t("accountLine", { name: customer.contract_name, id: customer.customer_id })}
      />
      {unsent ? (
        <NotSent reply={unsent} reasons={unplacedMessages(actionData)} ticket={ticket} customerId={customer.customer_id} back={back} />
      ) : ticket.can_reopen ? (
        <ConfirmForm
          variant="primary"
          confirmLabel={t("reopenTicket.submit")}
          cancelLabel={t("cancel")}
          cancelTo={back}
          lastResult={actionData}
        >
          <p className="font-semibold break-words">{t("reopenTicket.what", { subject: ticket.subject, date })}</p>
          <p>{t("reopenTicket.consequence")}</p>
        </ConfirmForm>
      ) : (
        <TooLate date={date} days={reopenDays} customerId={customer.customer_id} />
      )}
    </div>
  );
}

/** Past the days a request can be reopened in (what a refused post meets too): what to do instead. */
function TooLate({ date, days, customerId }: { date: string; days: number; customerId: number }) {
  const { t } = useT("support");
  return (
    <div className="max-w-2xl space-y-6">
      <p className="rounded-lg border-l-4 border-warning bg-white p-5 text-gray-900 shadow-sm" data-testid="reopen-expired">
        {t("reopenTicket.expired", { date, days })}
      </p>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Link to={`${supportPath(customerId)}/new`} className={actionLinkClass}>
          {t("newTicket")}
        </Link>
        <Link to={supportPath(customerId)} className="text-center">
          {t("ticket.back")}
        </Link>
      </div>
    </div>
  );
}

/**
 * Reopen and send, refused: which step failed and why, the message kept, and what can be done with it
 * now: sent as a reply of the request open again, reopened and sent again, or copied into a new request.
 */
function NotSent({
  reply,
  reasons,
  ticket,
  customerId,
  back,
}: {
  reply: UnsentReplyData;
  reasons: string[];
  ticket: { ticket_number: string; status: string; can_reopen: boolean };
  customerId: number;
  back: string;
}) {
  const { t } = useT("support");
  const open = ticket.status !== "closed";
  const number = ticket.ticket_number;
  const key = reply.idempotencyKey ?? "";
  const send = open
    ? { action: back, label: t("reopenTicket.sendNow"), idempotencyKey: key }
    : ticket.can_reopen
      ? { action: `${back}/reopen`, label: t("unsent.reopenAndSend"), idempotencyKey: key, reloadDocument: true }
      : undefined;
  return (
    <div className="max-w-2xl space-y-6">
      <ReplyNotSent
        title={reply.open ? t("reopenTicket.openButNotSent", { number }) : t("reopenTicket.notReopened", { number })}
        files={reply.files}
      >
        {reasons.map((message) => (
          <p key={message}>{translateMessage(t, message)}</p>
        ))}
      </ReplyNotSent>
      <section className="rounded-lg border border-gray-200 bg-white p-5 shadow-sm" data-testid="not-sent">
        <p className="text-gray-900">
          {open ? t("reopenTicket.nowOpen") : ticket.can_reopen ? t("reopenTicket.stillClosed") : t("unsent.cannotReopen")}
        </p>
        <UnsentReply reply={reply} send={send}>
          {send ? null : (
            <Link to={`${supportPath(customerId)}/new`} className={actionLinkClass}>
              {t("newTicket")}
            </Link>
          )}
        </UnsentReply>
      </section>
      <p>
        <Link to={back}>{t("reopenTicket.back", { number })}</Link>
      </p>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
